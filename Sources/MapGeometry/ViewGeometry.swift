// `Rect` and `Insets` are part of this module's interface: a client of MapGeometry alone can name them.
@_exported import ViewGeometry

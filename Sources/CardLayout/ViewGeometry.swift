// `Rect` and `Insets` are part of this module's interface: a client of CardLayout alone can name them.
@_exported import ViewGeometry

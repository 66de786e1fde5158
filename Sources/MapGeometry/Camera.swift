/// A map camera: where it looks, how close, and which way is up (<doc:CameraFitting>).
public struct Camera: Hashable, Sendable {
  /// The centre to give a map with no padding (MapKit `setVisibleMapRect(edgePadding:)`, MapLibre
  /// `fitBounds`): the content then shows centred in the visible rect.
  public var center: Coordinate
  /// The coordinate at the centre of the visible rect, for a map whose padding is the insets.
  public var focus: Coordinate
  /// Zoom with 512-point tiles (MapLibre's zoom).
  public var zoom: Double
  /// Bearing in degrees clockwise from north: the compass direction the top of the view faces.
  public var bearing: Double

  /// Zoom with 256-point tiles (MapKit, Google): `zoom + 1`.
  public var zoom256: Double { zoom + 1 }

  public init(center: Coordinate, focus: Coordinate, zoom: Double, bearing: Double) {
    self.center = center
    self.focus = focus
    self.zoom = zoom
    self.bearing = bearing
  }
}

/// What the user sees: the visible rect unprojected at the camera (<doc:CameraFitting>).
public struct VisibleRegion: Hashable, Sendable {
  /// The box around the visible rect's corners (west > east across the antimeridian).
  public var bounds: GeoBounds
  /// The visible rect's corners, top-left, top-right, bottom-right, bottom-left; a rotated
  /// quadrilateral when the bearing is not 0.
  public var polygon: [Coordinate]
}

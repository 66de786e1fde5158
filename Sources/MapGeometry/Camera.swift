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
  /// Degrees the camera tilts from looking straight down (<doc:CameraFitting#Pitch>). With a pitch
  /// only the `focus` form (the insets as padding) shows the fitted picture: the client puts its
  /// centre of perspective at the padded centre.
  public var pitch: Double
  /// The projection of the map the camera is for (<doc:CameraFitting#One-camera>): everything derived
  /// from the camera (`MapTransform`) is computed in it.
  public var projection: MapProjection

  /// Zoom with 256-point tiles (MapKit, Google): `zoom + 1`.
  public var zoom256: Double { zoom + 1 }

  /// The projection the client draws at this zoom: MapLibre's globe draws Web Mercator from
  /// `CameraFit.globeEndZoom` on (<doc:MovingCameras#Globe>).
  public var drawnProjection: MapProjection {
    projection == .globe && zoom < CameraFit.globeEndZoom ? .globe : .mercator
  }

  public init(
    center: Coordinate, focus: Coordinate, zoom: Double, bearing: Double, pitch: Double = 0,
    projection: MapProjection = .mercator
  ) {
    self.center = center
    self.focus = focus
    self.zoom = zoom
    self.bearing = bearing
    self.pitch = pitch
    self.projection = projection
  }

  /// The camera whose centre and focus lie at unit Mercator (`centerX`, `centerY`) and (`focusX`,
  /// `focusY`), longitudes normalised (x may lie in any world copy).
  init(
    centerX: Double, centerY: Double, focusX: Double, focusY: Double, zoom: Double, bearing: Double, pitch: Double = 0,
    projection: MapProjection = .mercator
  ) {
    self.init(
      center: Coordinate(
        lon: Coordinate.normalizedLongitude(WebMercator.lon(x: centerX)), lat: WebMercator.lat(y: centerY)),
      focus: Coordinate(
        lon: Coordinate.normalizedLongitude(WebMercator.lon(x: focusX)), lat: WebMercator.lat(y: focusY)),
      zoom: zoom, bearing: bearing, pitch: pitch, projection: projection)
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

/// A direction in which content reaches past the visible rect (<doc:CameraFitting#World-bounds>):
/// beyond the sides of the visible rect that face it.
public enum ContentEdge: String, Hashable, Sendable, CaseIterable {
  case north, south, east, west
}

/// A camera fitted to content, with what the map client will do to it (<doc:CameraFitting#World-bounds>).
public struct CameraPlacement: Hashable, Sendable {
  /// The camera; when `worldClamped`, each form (`center`, `focus`) as the client shows it.
  public var camera: Camera
  /// No placement at the fitted zoom keeps the camera inside the Mercator world: the client moves
  /// it (or zooms in, when the world is shorter than the view), and `camera` is what it shows.
  public var worldClamped: Bool
  /// The directions in which the content reaches past the visible rect at this camera (north,
  /// south, east, west, in that order); empty when the whole content shows.
  public var cut: [ContentEdge]

  public init(camera: Camera, worldClamped: Bool, cut: [ContentEdge]) {
    self.camera = camera
    self.worldClamped = worldClamped
    self.cut = cut
  }
}

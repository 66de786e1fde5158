/// Max bounds for a map a person moves (<doc:MovingCameras#Bounds-that-respect-padding>): each camera
/// the map is about to show (a pan, a pinch, a turn, a tilt, a frame of an animation), whatever its
/// bearing and pitch, moved as ``BoundsConstraint/constrain(_:)`` moves it, so that what shows stays
/// inside the bounds. Made once for a map's bounds, view and padding; ``keep(_:)`` at every frame.
///
/// A ``BoundsConstraint`` holds one bearing and pitch, and its least zoom costs hundreds of
/// footprints on the globe: the keeper takes the camera's own. A camera whose footprint fits costs
/// one footprint; one moved at its zoom, a few; only a camera below the least zoom at its bearing and
/// pitch needs that least zoom, found once for them and kept while they stay (a pinch past the
/// limit), found again when they change (a turn at the limit). Web Mercator (and the globe from zoom
/// 12, drawn as Web Mercator) is the closed form's.
public struct BoundsKeeper: Sendable {
  /// The bounds, the view's size and its padding (the visible rect is the view less these).
  public let bounds: GeoBounds
  public let width, height: Double
  public let insets: Insets
  /// The map's projection.
  public let projection: MapProjection
  /// The least zoom found last, and the bearing and pitch it is for (nil: none holds).
  var least: (bearing: Double, pitch: Double, zoom: Double?)?

  /// A keeper of `bounds` for a view `width` × `height` with `insets` as its padding.
  ///
  /// - Throws: ``FitError/invalidInput(_:)`` for bounds with no height or a view with no visible
  ///   rect, as ``BoundsConstraint`` does.
  public init(bounds: GeoBounds, width: Double, height: Double, insets: Insets, projection: MapProjection)
    throws(FitError)
  {
    // The checks of the view and bounds are the constraint's own (a flat one costs nothing).
    _ = try BoundsConstraint(
      bounds: bounds, width: width, height: height, insets: insets, bearing: 0, pitch: 0, projection: .mercator)
    (self.bounds, self.width, self.height, self.insets, self.projection) = (bounds, width, height, insets, projection)
  }

  /// `camera` moved (the least) so that what it shows lies inside the bounds, at its zoom or the
  /// least that holds at its bearing and pitch; `camera` itself when it does.
  ///
  /// - Throws: ``FitError/noRoom(_:)`` when no camera at this bearing and pitch keeps what shows
  ///   inside (a horizon in the visible rect, bounds smaller than what a globe can show at zoom 12).
  public mutating func keep(_ camera: Camera) throws(FitError) -> Camera {
    guard projection == .globe, camera.zoom < CameraFit.globeEndZoom else {
      let flat = try BoundsConstraint(
        bounds: bounds, width: width, height: height, insets: insets, bearing: camera.bearing, pitch: camera.pitch,
        projection: .mercator)
      var drawn = camera
      drawn.projection = .mercator
      var kept = try flat.constrain(drawn)
      kept.projection = camera.projection
      return kept
    }
    let sphere = GlobeBounds(
      bounds: bounds, width: width, height: height, insets: insets, bearing: camera.bearing, pitch: camera.pitch)
    // At its own zoom first: no least zoom is needed when some latitude holds there.
    if let kept = sphere.constrain(camera, minZoom: camera.zoom) { return kept }
    if least?.bearing != camera.bearing || least?.pitch != camera.pitch {
      least = (camera.bearing, camera.pitch, sphere.minZoom)
    }
    guard let zoom = least?.zoom, let kept = sphere.constrain(camera, minZoom: zoom) else {
      if least?.zoom == nil {
        // Drawn as Web Mercator from zoom 12, where the closed form holds.
        var raised = camera
        raised.zoom = CameraFit.globeEndZoom
        return try keep(raised)
      }
      throw .noRoom("no focus on the globe keeps what shows inside the bounds \(bounds)")
    }
    return kept
  }
}

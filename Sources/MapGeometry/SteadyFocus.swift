/// A point of the map held at the same place in the visible rect while the insets change
/// (<doc:MovingCameras#Steady-focus>): the camera for each frame of a drag, zoom, bearing, pitch and
/// projection unchanged, on a flat map or on the globe.
///
/// The anchor keeps its place as fractions of the visible rect's width and height from its top-left
/// (0.5, 0.5 is the centre): as the card rises, the visible rect shrinks and the anchor moves with
/// it, never jumping, and a point at the centre stays at the centre.
///
/// ```swift
/// let steady = SteadyFocus(anchor: cafe, camera: camera, width: 390, height: 844, insets: peaking)
/// steady?.camera(width: 390, height: 844, insets: dragged)   // the café at the same fractions
/// ```
public struct SteadyFocus: Hashable, Sendable {
  /// The coordinate held in place.
  public var anchor: Coordinate
  /// Where the anchor shows: fractions of the visible rect's width and height from its top-left.
  public var fractionX, fractionY: Double
  /// The camera's zoom, bearing and pitch, kept as the insets change.
  public var zoom, bearing, pitch: Double
  /// The map's projection: on the globe, the anchor is held on the sphere below zoom 12, where
  /// MapLibre draws it.
  public var projection: MapProjection

  public init(
    anchor: Coordinate, fractionX: Double, fractionY: Double, zoom: Double, bearing: Double, pitch: Double = 0,
    projection: MapProjection = .mercator
  ) {
    self.anchor = anchor
    self.fractionX = fractionX
    self.fractionY = fractionY
    self.zoom = zoom
    self.bearing = bearing
    self.pitch = pitch
    self.projection = projection
  }

  /// The anchor where it shows at `camera` in a view with `insets`; nil when it shows nowhere
  /// (behind a pitched camera, on the globe's far side) or the insets leave no visible area.
  public init?(anchor: Coordinate, camera: Camera, width: Double, height: Double, insets: Insets) {
    let visibleWidth = width - insets.left - insets.right
    let visibleHeight = height - insets.top - insets.bottom
    guard visibleWidth > 0, visibleHeight > 0,
      let point = MapTransform(width: width, height: height, insets: insets, camera: camera).point(of: anchor)
    else { return nil }
    self.init(
      anchor: anchor, fractionX: (point.x - insets.left) / visibleWidth,
      fractionY: (point.y - insets.top) / visibleHeight, zoom: camera.zoom, bearing: camera.bearing,
      pitch: camera.pitch, projection: camera.projection)
  }

  /// The camera that shows the anchor at its fractions of the visible rect that `insets` leave;
  /// nil when that point lies at or above a pitched camera's horizon, or past the limb of a globe
  /// (the focus moved on the sphere until the anchor shows there: `GlobeView.placing`).
  ///
  /// The camera is one the client keeps (<doc:CameraFitting#World-bounds>): where the world's edge
  /// would move it (a point held near a pole, or a world hardly taller than the view), the zoom grows
  /// to the least one, up to `maxZoom`, at which it is kept; zooming about the anchor's point keeps
  /// the anchor where it was.
  ///
  /// - Complexity: O(1), a few hundred nanoseconds: a camera for every frame of a drag (a bisection
  ///   of the zoom, a few microseconds, only where the world's edge decides).
  public func camera(
    width: Double, height: Double, insets: Insets, maxZoom: Double = FitOptions.defaultMaxZoom
  ) -> Camera? {
    let point = (
      x: insets.left + fractionX * (width - insets.left - insets.right),
      y: insets.top + fractionY * (height - insets.top - insets.bottom)
    )
    if projection == .globe, zoom < CameraFit.globeEndZoom {
      let placeholder = Camera(
        center: anchor, focus: anchor, zoom: zoom, bearing: bearing, pitch: pitch, projection: .globe)
      return MapTransform(width: width, height: height, insets: insets, camera: placeholder)
        .camera(placing: anchor, atX: point.x, y: point.y)
    }
    func placed(zoom: Double) -> (camera: Camera, kept: Bool)? {
      let placeholder = Camera(center: anchor, focus: anchor, zoom: zoom, bearing: bearing, pitch: pitch)
      let screen = ScreenProjection(width: width, height: height, insets: insets, camera: placeholder)
      return screen.camera(placing: anchor, atX: point.x, y: point.y).map { ($0, screen.isKept($0)) }
    }
    guard var first = placed(zoom: zoom) else { return nil }
    first.camera.projection = projection
    guard !first.kept, zoom < maxZoom, var top = placed(zoom: maxZoom), top.kept else { return first.camera }
    top.camera.projection = projection
    // Kept zooms form a ray: the least, by bisection.
    var (lower, upper, best) = (zoom, maxZoom, top.camera)
    for _ in 0..<60 where upper - lower > 1e-9 {
      let middle = (lower + upper) / 2
      if var candidate = placed(zoom: middle), candidate.kept {
        candidate.camera.projection = projection
        (upper, best) = (middle, candidate.camera)
      } else {
        lower = middle
      }
    }
    return best
  }
}

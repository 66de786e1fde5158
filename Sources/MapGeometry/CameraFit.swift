import JSONValues
import PlatformMath

/// Fits a camera so that content shows in the part of a view that insets leave visible (<doc:CameraFitting>).
///
/// The box's four corners are projected to Web Mercator, rotated by −bearing, and boxed; the zoom
/// is `min(log2(min(availW/sizeX, availH/sizeY)), maxZoom)`, at least `minZoom`, where the available
/// size is the view minus the insets. A single point fits at `pointZoom` (default `maxZoom`).
/// With `zoomSnap` the zoom is snapped down to a multiple of it and the centre recomputed at the
/// final zoom.
///
/// ```swift
/// let fit = CameraFit(width: 512, height: 512)
/// let camera = try fit.camera(for: GeoBounds(west: -133, south: 16, east: -68, north: 50))
/// camera.zoom  // 2.469…, as MapLibre's cameraForBounds
/// ```
public struct CameraFit: Hashable, Sendable {
  /// The view's width in points.
  public var width: Double
  /// The view's height in points.
  public var height: Double
  /// The part of the view kept clear (a card's map insets); the content fits in the rest.
  public var insets: Insets
  public var options: FitOptions

  public init(width: Double, height: Double, insets: Insets = .zero, options: FitOptions = FitOptions()) {
    self.width = width
    self.height = height
    self.insets = insets
    self.options = options
  }

  /// Checks every input: finite, sizes positive, insets not negative, the options valid, and
  /// some area left visible.
  public func validate() throws(FitError) {
    // The common case without building the named list (a fit runs every frame of a drag).
    // (Every comparison is false for NaN, which takes the long way and its message.)
    if width > 0, width < .infinity, height > 0, height < .infinity, insets.top >= 0, insets.top < .infinity,
      insets.left >= 0, insets.left < .infinity, insets.bottom >= 0, insets.bottom < .infinity, insets.right >= 0,
      insets.right < .infinity
    {
      try options.validate()
      guard width - insets.left - insets.right > 0, height - insets.top - insets.bottom > 0 else {
        throw .noVisibleArea
      }
      return
    }
    let checks: [(String, Double, Bool)] = [
      ("width", width, width > 0), ("height", height, height > 0),
      ("insets.top", insets.top, insets.top >= 0), ("insets.left", insets.left, insets.left >= 0),
      ("insets.bottom", insets.bottom, insets.bottom >= 0), ("insets.right", insets.right, insets.right >= 0),
    ]
    for (name, value, ok) in checks where !(value.isFinite && ok) { throw .invalidInput("\(name) = \(value)") }
    try options.validate()
    guard width - insets.left - insets.right > 0, height - insets.top - insets.bottom > 0 else {
      throw .noVisibleArea
    }
  }

  /// The camera for content bounds (west > east crosses the antimeridian): `placement(for:)`'s.
  ///
  /// - Throws: `FitError` for bad inputs or insets that leave no visible area.
  /// - Complexity: O(1); under a microsecond, so a map can refit every frame of a drag.
  public func camera(for bounds: GeoBounds) throws(FitError) -> Camera {
    try placement(for: bounds).camera
  }

  /// The camera for content bounds, placed so that a map client keeps it
  /// (<doc:CameraFitting#World-bounds>), with whether the world's edge decided it and the directions
  /// in which content then lies beyond the visible rect (<doc:CameraFitting#One-camera>).
  ///
  /// The projection's fit is chosen once: `FlatFit` for a flat Web Mercator camera (both forms,
  /// `focus` with the insets as padding and `center` without, always show the same picture),
  /// `PitchedFit` for a tilted one (<doc:CameraFitting#Pitch>), `GlobeFit` for the globe
  /// (<doc:MovingCameras#Globe>); each shares one `FitFrame` (the visible rect less the margins, its
  /// centre, the bearing, the zoom's clamp then snap, the world's bands and `cut`).
  ///
  /// - Throws: `FitError` for bad inputs or insets (with margins) that leave no visible area.
  public func placement(for bounds: GeoBounds) throws(FitError) -> CameraPlacement {
    try validate()
    guard bounds.west.isFinite, bounds.south.isFinite, bounds.east.isFinite, bounds.north.isFinite else {
      throw .invalidInput("bounds \(bounds)")
    }
    // Unit Mercator box; east unwrapped past west across the antimeridian.
    // West normalised first: a longitude of any size (540, 1e308) is exact after whole turns.
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west))
    let x1 = x0 + bounds.longitudeSpan / 360
    let frame = try FitFrame(self)
    let (south, north) = (bounds.south, bounds.north)
    if options.projection == .globe {
      return try GlobeFit(frame: frame).placement(x0: x0, x1: x1, south: south, north: north)
    }
    if options.pitch > 0 { return try PitchedFit(frame: frame).placement(x0: x0, x1: x1, south: south, north: north) }
    return try FlatFit(frame: frame).placement(x0: x0, x1: x1, south: south, north: north)
  }

  /// The zoom from which MapLibre GL JS 5's globe draws Web Mercator (its `globe` projection's
  /// `["interpolate", …, 10, "vertical-perspective", 12, "mercator"]`, and `map.project` follows the
  /// globe while any of it shows).
  public static let globeEndZoom = 12.0

  /// The visible rect (the view minus the padding) unprojected at `camera`, in the camera's own
  /// projection (<doc:CameraFitting#One-camera>): `MapTransform.visibleRegion`.
  public func visibleRegion(of camera: Camera) -> VisibleRegion {
    MapTransform(width: width, height: height, insets: insets, camera: camera).visibleRegion
  }
}

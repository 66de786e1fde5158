import PlatformMath

/// Bounds a camera may show but not leave, measured on the visible rect, not the whole view
/// (<doc:MovingCameras#Bounds-that-respect-padding>): MapLibre's `maxBounds` keeps the bounds
/// filling the whole view, so with a card over half of it the visible rect shows the world beyond.
///
/// At world size `S` (points), with the visible rect (`w` × `h`, turned by the bearing) reaching
/// `hx = (|cos b|·w + |sin b|·h)/2` and `hy = (|sin b|·w + |cos b|·h)/2` points from its centre along
/// the world's axes, the bounds (unit Mercator `[x0, x1] × [y0, y1]`) fill it when the focus lies in
/// `[x0 + hx/S, x1 − hx/S] × [y0 + hy/S, y1 − hy/S]`. That range is also kept within the client's own
/// world clamp (both forms, `CameraFit`'s bands), so the client never moves the camera again. The
/// least zoom is the least `S` at which the range is not empty; bounds that span every longitude
/// leave the longitude free. Pitch 0 only: a pitched view reaches towards the horizon.
///
/// ```swift
/// let city = try BoundsConstraint(bounds: GeoBounds(west: 2.2, south: 48.8, east: 2.45, north: 48.92),
///                                 width: 390, height: 844, insets: Insets(top: 47, left: 0, bottom: 420, right: 0))
/// city.minZoom                  // the least zoom at which Paris fills the visible rect
/// try city.constrain(camera)    // the nearest camera that shows nothing outside Paris
/// ```
public struct BoundsConstraint: Hashable, Sendable {
  /// The bounds the visible rect stays inside.
  public let bounds: GeoBounds
  /// The view's size in points.
  public let width, height: Double
  /// The map's padding: the visible rect is the view less these.
  public let insets: Insets
  /// The bearing the constraint holds for, in degrees.
  public let bearing: Double
  /// The least zoom at which the bounds fill the visible rect and the client keeps the camera.
  public let minZoom: Double
  let x0, x1, y0, y1, halfX, halfY, bandNorth, bandSouth, offsetX, offsetY: Double
  let wrapsLongitude: Bool

  /// - Throws: `FitError.invalidInput` for a value that is not finite, latitudes out of order or a
  ///   bounds box of no height; `.noVisibleArea` when the insets leave none.
  public init(bounds: GeoBounds, width: Double, height: Double, insets: Insets, bearing: Double = 0)
    throws(FitError)
  {
    try CameraFit(width: width, height: height, insets: insets, options: FitOptions(bearing: bearing)).validate()
    for value in bounds.array where !value.isFinite { throw .invalidInput("bounds \(bounds)") }
    guard bounds.south < bounds.north, bounds.south >= -90, bounds.north <= 90 else {
      throw .invalidInput("bounds \(bounds): latitudes within ±90 with south < north")
    }
    self.bounds = bounds
    self.width = width
    self.height = height
    self.insets = insets
    self.bearing = FitOptions(bearing: bearing).normalizedBearing
    let span = bounds.longitudeSpan
    wrapsLongitude = span >= 360
    x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west))
    x1 = x0 + span / 360
    y0 = WebMercator.y(lat: bounds.north)
    y1 = WebMercator.y(lat: bounds.south)
    let radians = self.bearing * Double.pi / 180
    let (c, s) = (cos(radians), sin(radians))
    let visibleWidth = width - insets.left - insets.right
    let visibleHeight = height - insets.top - insets.bottom
    halfX = (abs(c) * visibleWidth + abs(s) * visibleHeight) / 2
    halfY = (abs(s) * visibleWidth + abs(c) * visibleHeight) / 2
    // The visible rect's centre from the view's, in world axes: the centre form lies this far back.
    let dx = (insets.left - insets.right) / 2
    let dy = (insets.top - insets.bottom) / 2
    offsetX = dx * c - dy * s
    offsetY = dx * s + dy * c
    bandNorth = height / 2 + max(0, offsetY)
    bandSouth = height / 2 - min(0, offsetY)
    guard y1 > y0 else { throw .invalidInput("bounds \(bounds) have no height in the Mercator world") }
    var least = max(
      2 * halfY / (y1 - y0), bandNorth + bandSouth, (bandNorth + halfY) / y1, (halfY + bandSouth) / (1 - y0))
    if !wrapsLongitude { least = max(least, 2 * halfX / (x1 - x0)) }
    minZoom = log2(least / WebMercator.tileSize)
    guard minZoom.isFinite else { throw .invalidInput("bounds \(bounds) leave no zoom") }
  }

  /// The range of the focus (the visible rect's centre) at `zoom`, in unit Mercator (x unwrapped
  /// past the bounds' west edge); nil below `minZoom`.
  public func focusRange(zoom: Double) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
    let world = WebMercator.worldSize(zoom: zoom)
    let north = max(y0 + halfY / world, bandNorth / world)
    let south = min(y1 - halfY / world, 1 - bandSouth / world)
    let west = wrapsLongitude ? -Double.infinity : x0 + halfX / world
    let east = wrapsLongitude ? Double.infinity : x1 - halfX / world
    // Within rounding of the least zoom the range is one point.
    let slack = 1e-12
    guard north <= south + slack, west <= east + slack else { return nil }
    return (min(west, east)...max(west, east), min(north, south)...max(north, south))
  }

  /// The box the focus may move in at `zoom`, as longitudes and latitudes; nil below `minZoom`.
  public func focusBounds(zoom: Double) -> GeoBounds? {
    guard let range = focusRange(zoom: zoom) else { return nil }
    return box(range, shiftX: 0, shiftY: 0)
  }

  /// The box the `center` form (no padding) may move in at `zoom`; nil below `minZoom`.
  public func centerBounds(zoom: Double) -> GeoBounds? {
    guard let range = focusRange(zoom: zoom) else { return nil }
    let world = WebMercator.worldSize(zoom: zoom)
    return box(range, shiftX: -offsetX / world, shiftY: -offsetY / world)
  }

  func box(_ range: (x: ClosedRange<Double>, y: ClosedRange<Double>), shiftX: Double, shiftY: Double) -> GeoBounds {
    let wrap = wrapsLongitude
    return GeoBounds(
      west: wrap ? -180 : Coordinate.normalizedLongitude(WebMercator.lon(x: range.x.lowerBound + shiftX)),
      south: WebMercator.lat(y: range.y.upperBound + shiftY),
      east: wrap ? 180 : Coordinate.normalizedEastLongitude(WebMercator.lon(x: range.x.upperBound + shiftX)),
      north: WebMercator.lat(y: range.y.lowerBound + shiftY))
  }

  /// The camera nearest `camera` that shows nothing outside the bounds: its zoom raised to
  /// `minZoom`, then its focus moved into the range (the least move); the bearing is the
  /// constraint's.
  ///
  /// - Throws: `FitError.invalidInput` for a pitched camera or one that is not finite;
  ///   `.unsupported` for one drawn as a globe.
  /// - Complexity: O(1), tens of nanoseconds: a constraint for every frame.
  public func constrain(_ camera: Camera) throws(FitError) -> Camera {
    guard camera.drawnProjection == .mercator else {
      throw .unsupported("a bounds constraint is not supported with the globe projection")
    }
    guard camera.pitch == 0 else {
      throw .invalidInput("pitch \(camera.pitch): a bounds constraint is for flat cameras")
    }
    for value in [camera.focus.lon, camera.focus.lat, camera.zoom] where !value.isFinite {
      throw .invalidInput("camera \(camera.focus) at zoom \(camera.zoom)")
    }
    let zoom = max(camera.zoom, minZoom)
    let (givenX, givenY) = (WebMercator.x(lon: camera.focus.lon), WebMercator.y(lat: camera.focus.lat))
    var (focusX, focusY) = (givenX, givenY)
    let range = focusRange(zoom: zoom) ?? focusRange(zoom: minZoom + 1e-12) ?? ((x0 + x1) / 2...(x0 + x1) / 2, y0...y0)
    // The focus in the world copy of the range (whole turns, which show the same camera).
    var turned = givenX
    if !wrapsLongitude {
      turned += ((range.x.lowerBound + range.x.upperBound) / 2 - focusX).rounded()
      focusX = min(max(turned, range.x.lowerBound), range.x.upperBound)
    }
    focusY = min(max(focusY, range.y.lowerBound), range.y.upperBound)
    // A camera already inside is given back as it is (not through x and y, which round its last bit).
    if zoom == camera.zoom, focusX == turned, focusY == givenY, camera.bearing == bearing { return camera }
    let world = WebMercator.worldSize(zoom: zoom)
    let centerX = focusX - offsetX / world
    let centerY = focusY - offsetY / world
    return Camera(
      centerX: centerX, centerY: centerY, focusX: focusX, focusY: focusY, zoom: zoom, bearing: bearing)
  }
}

import JSONValues
import PlatformMath

/// Bounds a camera may show but not leave, measured on the visible rect, not the whole view
/// (<doc:MovingCameras#Bounds-that-respect-padding>): MapLibre's `maxBounds` keeps the bounds
/// filling the whole view, so with a card over half of it the visible rect shows the world beyond.
///
/// At world size `S` (points), with the ground under the visible rect reaching `west`, `east`,
/// `north` and `south` points from the focus along the world's axes (flat: the rect turned by the
/// bearing, `(|cos b|·w + |sin b|·h)/2` east and west, `(|sin b|·w + |cos b|·h)/2` north and south;
/// pitched: the trapezoid under its corners, through MapLibre's perspective, reaching further
/// ahead), the bounds (unit Mercator `[x0, x1] × [y0, y1]`) hold it when the focus lies in
/// `[x0 + west/S, x1 − east/S] × [y0 + north/S, y1 − south/S]`: the ground offsets are points at the
/// camera's zoom, so the same at every zoom. That range is also kept within the client's own world
/// clamp (both forms flat, `CameraFit`'s bands; the focus pitched), so the client never moves the
/// camera again. The least zoom is the least `S` at which the range is not empty; bounds that span
/// every longitude leave the longitude free. A pitch whose horizon shows in the visible rect has no
/// such range: the ground beyond every bound shows.
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
  /// The bearing and pitch the constraint holds for, in degrees.
  public let bearing, pitch: Double
  /// The least zoom at which the bounds fill the visible rect and the client keeps the camera (for a
  /// globe map below zoom 12, the least at which some focus keeps what shows of the sphere inside:
  /// `GlobeBounds`).
  public let minZoom: Double
  /// For a globe map: the constraint of a camera drawn as a sphere.
  let globe: GlobeBounds?
  let x0, x1, y0, y1, west, east, north, south, bandNorth, bandSouth: Double
  let wrapsLongitude: Bool

  /// - Throws: `FitError.invalidInput` for a value that is not finite, latitudes out of order or a
  ///   bounds box of no height; `.noVisibleArea` when the insets leave none; `.noRoom` when the
  ///   pitch shows the horizon in the visible rect.
  public init(
    bounds: GeoBounds, width: Double, height: Double, insets: Insets, bearing: Double = 0, pitch: Double = 0,
    projection: MapProjection = .mercator
  ) throws(FitError) {
    try CameraFit(
      width: width, height: height, insets: insets,
      options: FitOptions(bearing: bearing, pitch: pitch, maxPitch: max(pitch, FitOptions.defaultMaxPitch))
    ).validate()
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
    self.pitch = pitch
    let radians = self.bearing * Double.pi / 180
    let (c, s) = (cos(radians), sin(radians))
    let visible = insets.rect(inWidth: width, height: height)
    // The ground under the visible rect's corners, from the focus, in world axes (x east, y south).
    let view = Perspective(height: height, pitch: pitch)
    var reach = (west: 0.0, east: 0.0, north: 0.0, south: 0.0)
    for (x, y) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
      guard let ground = view.unproject(x: x * visible.width / 2, y: y * visible.height / 2),
        y > 0 || -visible.height / 2 > -view.horizon * (1 - 1e-9)
      else {
        throw .noRoom("pitch \(pitch) shows the horizon in the visible rect: the ground beyond the bounds shows")
      }
      let (wx, wy) = (ground.u * c - ground.v * s, ground.u * s + ground.v * c)
      reach = (max(reach.west, -wx), max(reach.east, wx), max(reach.north, -wy), max(reach.south, wy))
    }
    (west, east, north, south) = reach
    // The client's clamp: flat, on both forms (the visible rect's centre from the view's, in world
    // axes, is how far back the centre form lies); pitched, on the focus.
    let (dx, dy) = (
      pitch == 0 ? (insets.left - insets.right) / 2 : 0, pitch == 0 ? (insets.top - insets.bottom) / 2 : 0
    )
    let offsetY = dx * s + dy * c
    bandNorth = height / 2 + max(0, offsetY)
    bandSouth = height / 2 - min(0, offsetY)
    guard y1 > y0 else { throw .invalidInput("bounds \(bounds) have no height in the Mercator world") }
    var least = max(
      (north + south) / (y1 - y0), bandNorth + bandSouth, (bandNorth + south) / y1, (north + bandSouth) / (1 - y0))
    if !wrapsLongitude { least = max(least, (west + east) / (x1 - x0)) }
    let mercatorZoom = log2(least / WebMercator.tileSize)
    guard mercatorZoom.isFinite else { throw .invalidInput("bounds \(bounds) leave no zoom") }
    if projection == .globe {
      let sphere = GlobeBounds(
        bounds: bounds, width: width, height: height, insets: insets, bearing: self.bearing, pitch: pitch)
      globe = sphere
      minZoom = sphere.minZoom ?? max(mercatorZoom, CameraFit.globeEndZoom)
    } else {
      globe = nil
      minZoom = mercatorZoom
    }
  }

  /// The range of the focus (the visible rect's centre) at `zoom`, in unit Mercator (x unwrapped
  /// past the bounds' west edge); nil below `minZoom`.
  public func focusRange(zoom: Double) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
    let world = WebMercator.worldSize(zoom: zoom)
    let north = max(y0 + self.north / world, bandNorth / world)
    let south = min(y1 - self.south / world, 1 - bandSouth / world)
    let west = wrapsLongitude ? -Double.infinity : x0 + self.west / world
    let east = wrapsLongitude ? Double.infinity : x1 - self.east / world
    // Within rounding of the least zoom the range is one point.
    let slack = 1e-12
    guard north <= south + slack, west <= east + slack else { return nil }
    return (min(west, east)...max(west, east), min(north, south)...max(north, south))
  }

  /// The box the focus may move in at `zoom` that holds `focus`, as longitudes and latitudes, for an
  /// app to clamp a dragged focus into: a camera's own focus stays where it is. Nil below `minZoom`
  /// and when `focus` is not one the constraint keeps (beyond a billionth of a degree: the
  /// coordinates' rounding, which the box is widened by to hold it). Flat, every kept focus's
  /// range (`focusRange(zoom:)`). On a globe drawn as a sphere, where the foci that keep what shows
  /// inside are no box: the largest box round `focus` every focus of which keeps it inside, grown
  /// from the focus (`GlobeBounds.focusBox(zoom:around:)`); nil when no box of positive size holds
  /// it.
  public func focusBounds(zoom: Double, around focus: Coordinate) -> GeoBounds? {
    if let globe, zoom < CameraFit.globeEndZoom { return globe.focusBox(zoom: zoom, around: focus) }
    guard let range = focusRange(zoom: zoom) else { return nil }
    let box = box(range, shiftX: 0, shiftY: 0)
    guard box.south - 1e-9 <= focus.lat, focus.lat <= box.north + 1e-9 else { return nil }
    var held = GeoBounds(
      west: box.west, south: min(box.south, focus.lat), east: box.east, north: max(box.north, focus.lat))
    guard !wrapsLongitude else { return held }
    // The focus's longitude east of the box's west edge, in [0, 360): within the span, or a
    // rounding past either edge, where the box is widened to it.
    var east = (focus.lon - box.west).truncatingRemainder(dividingBy: 360)
    if east < 0 { east += 360 }
    let span = box.longitudeSpan
    if 360 - east <= 1e-9 {
      held.west = focus.lon
    } else if east > span {
      guard east <= span + 1e-9 else { return nil }
      held.east = focus.lon
    }
    return held
  }

  /// The box the `center` form (no padding) may move in at `zoom`; nil below `minZoom`, and on a
  /// globe drawn as a sphere (where the centre form is no shifted focus).
  public func centerBounds(zoom: Double) -> GeoBounds? {
    if globe != nil, zoom < CameraFit.globeEndZoom { return nil }
    guard let range = focusRange(zoom: zoom) else { return nil }
    let world = WebMercator.worldSize(zoom: zoom)
    let offset = centerOffset
    return box(range, shiftX: offset.x / world, shiftY: offset.y / world)
  }

  /// Where the `center` form lies from the focus, in world points (x east, y south): the ground
  /// under the view's centre (`ScreenProjection.camera(focusX:focusY:)`).
  var centerOffset: (x: Double, y: Double) {
    let visible = insets.rect(inWidth: width, height: height)
    let view = Perspective(height: height, pitch: pitch)
    guard let ground = view.unproject(x: width / 2 - visible.midX, y: height / 2 - visible.midY) else { return (0, 0) }
    let radians = bearing * Double.pi / 180
    let (c, s) = (cos(radians), sin(radians))
    return (ground.u * c - ground.v * s, ground.u * s + ground.v * c)
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
  /// `minZoom`, then its focus moved into the range (the least move); the bearing and pitch are the
  /// constraint's.
  ///
  /// On a globe drawn as a sphere (below zoom 12), `GlobeBounds.constrain`: the footprint of the
  /// visible rect on the sphere inside the bounds.
  ///
  /// - Throws: `FitError.invalidInput` for a camera that is not finite or at another pitch;
  ///   `.unsupported` for a globe camera and a constraint made for Web Mercator; `.noRoom` when no
  ///   focus on the sphere holds the footprint.
  /// - Complexity: O(1), tens of nanoseconds flat: a constraint for every frame; on the sphere,
  ///   bisections of the footprint, a few milliseconds.
  public func constrain(_ camera: Camera) throws(FitError) -> Camera {
    guard camera.pitch == pitch else {
      throw .invalidInput("pitch \(camera.pitch): the constraint is for pitch \(pitch)")
    }
    for value in [camera.focus.lon, camera.focus.lat, camera.zoom] where !value.isFinite {
      throw .invalidInput("camera \(camera.focus) at zoom \(camera.zoom)")
    }
    if camera.projection == .globe, max(camera.zoom, minZoom) < CameraFit.globeEndZoom {
      guard let globe else { throw .unsupported("a bounds constraint made for Web Mercator, on a globe camera") }
      guard let kept = globe.constrain(camera, minZoom: minZoom) else {
        throw .noRoom("no focus on the globe keeps what shows inside the bounds \(bounds)")
      }
      return kept
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
    let offset = centerOffset
    return Camera(
      centerX: focusX + offset.x / world, centerY: focusY + offset.y / world, focusX: focusX, focusY: focusY,
      zoom: zoom, bearing: bearing, pitch: pitch, projection: camera.projection)
  }
}

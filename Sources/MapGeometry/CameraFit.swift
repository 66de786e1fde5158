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
  /// (<doc:CameraFitting#World-bounds>), and whether that was possible.
  ///
  /// The zoom is the fit's. Along the axis where the content does not touch the visible rect it
  /// has room to move; the content is centred, unless a client would move either form of the camera
  /// (`focus` with padding, `center` without), and then it moves within that room just far enough
  /// that neither is moved. When no placement at the fitted zoom does that, the camera is the one the
  /// client shows for each form, `worldClamped` is true, and `cut` names the content's edges that
  /// then lie outside the visible rect.
  ///
  /// - Throws: `FitError` for bad inputs or insets (with margins) that leave no visible area.
  public func placement(for bounds: GeoBounds) throws(FitError) -> CameraPlacement {
    try validate()
    for value in [bounds.west, bounds.south, bounds.east, bounds.north] where !value.isFinite {
      throw .invalidInput("bounds \(bounds)")
    }
    // Unit Mercator box; east unwrapped past west across the antimeridian.
    // West normalised first: a longitude of any size (540, 1e308) is exact after whole turns.
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west))
    let x1 = x0 + bounds.longitudeSpan / 360
    let y0 = WebMercator.y(lat: bounds.north)
    let y1 = WebMercator.y(lat: bounds.south)
    let (cosB, sinB) = rotation
    // World → screen axes: sx = wx·cos + wy·sin, sy = −wx·sin + wy·cos.
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity
    for (wx, wy) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
      let sx = wx * cosB + wy * sinB
      let sy = -wx * sinB + wy * cosB
      minX = min(minX, sx)
      maxX = max(maxX, sx)
      minY = min(minY, sy)
      maxY = max(maxY, sy)
    }
    let keep = options.margin + options.markerRadius
    let availableWidth = width - insets.left - insets.right - 2 * keep
    let availableHeight = height - insets.top - insets.bottom - 2 * keep
    guard availableWidth > 0, availableHeight > 0 else { throw .noVisibleArea }
    let sizeX = (maxX - minX) * WebMercator.tileSize
    let sizeY = (maxY - minY) * WebMercator.tileSize
    let zoom = zoom(sizeX: sizeX, sizeY: sizeY, availableWidth: availableWidth, availableHeight: availableHeight)
    var focusX = (x0 + x1) / 2
    var focusY = (y0 + y1) / 2
    let world = WebMercator.worldSize(zoom: zoom)
    // The room to move, in screen points, on each side of the centred placement.
    let roomX = max(availableWidth - sizeX * exp2(zoom), 0) / 2
    let roomY = max(availableHeight - sizeY * exp2(zoom), 0) / 2
    // Both forms kept: the focus within [H/2, S − H/2], and the centre (the focus less the visible
    // rect's offset from the view's centre, rotated into the world) too.
    let offsetY = screenToWorld((insets.left - insets.right) / 2, (insets.top - insets.bottom) / 2).1
    // A hair inside, so that rounding (a latitude's round trip) cannot put a form a hair outside.
    let hair = max(1e-6, world * 1e-13)
    let low = (height / 2 + max(0, offsetY) + hair) / world
    let high = (world - height / 2 + min(0, offsetY) - hair) / world
    if world >= height, low <= high {
      let shift = (min(max(focusY, low), high) - focusY) * world
      // A screen move (sx, sy) moves the focus by sx·sin + sy·cos in world y: the screen's vertical
      // first, then its horizontal for what is left.
      let sy = abs(cosB) > 1e-12 ? min(max(shift / cosB, -roomY), roomY) : 0
      let rest = shift - sy * cosB
      let sx = abs(sinB) > 1e-12 ? min(max(rest / sinB, -roomX), roomX) : 0
      let (wx, wy) = screenToWorld(sx, sy)
      focusX += wx / world
      focusY += wy / world
    }
    let placed = camera(focusX: focusX, focusY: focusY, zoom: zoom)
    try Self.checkFinite(placed)
    let centerY = WebMercator.y(lat: placed.center.lat)
    if WorldBounds.keeps(y: focusY, zoom: zoom, viewHeight: height)
      && WorldBounds.keeps(y: centerY, zoom: zoom, viewHeight: height)
    {
      return CameraPlacement(camera: placed, worldClamped: false, cut: [])
    }
    // No placement keeps both: each form as the client shows it.
    let center = WorldBounds.constrain(
      x: WebMercator.x(lon: placed.center.lon), y: centerY, zoom: zoom, viewHeight: height)
    let focus = WorldBounds.constrain(x: focusX, y: focusY, zoom: zoom, viewHeight: height)
    let shown = Camera(
      center: Coordinate(lon: placed.center.lon, lat: WebMercator.lat(y: center.y)),
      focus: Coordinate(lon: placed.focus.lon, lat: WebMercator.lat(y: focus.y)), zoom: center.zoom,
      bearing: placed.bearing)
    try Self.checkFinite(shown)
    return CameraPlacement(
      camera: shown, worldClamped: true, cut: cut(x0: x0, x1: x1, y0: y0, y1: y1, at: shown))
  }

  /// The zoom at which content `sizeX` × `sizeY` points at zoom 0 fits the available size: limited
  /// by `maxZoom`, at least `minZoom`, snapped down to `zoomSnap`; a point fits at `pointZoom`.
  func zoom(sizeX: Double, sizeY: Double, availableWidth: Double, availableHeight: Double) -> Double {
    var zoom: Double
    if sizeX <= 0 && sizeY <= 0 {
      zoom = options.pointZoom ?? options.maxZoom
    } else {
      let scale = min(sizeX > 0 ? availableWidth / sizeX : .infinity, sizeY > 0 ? availableHeight / sizeY : .infinity)
      zoom = min(log2(scale), options.maxZoom)
    }
    zoom = max(zoom, options.minZoom)
    // A snap so small that zoom / zoomSnap overflows snaps nothing.
    if options.zoomSnap > 0, case let steps = (zoom / options.zoomSnap).rounded(.down), steps.isFinite {
      zoom = max(steps * options.zoomSnap, options.minZoom)
    }
    return zoom
  }

  /// The content's edges (north first) with a corner outside the visible rect at `camera`, a map
  /// without padding centred on its `center`.
  func cut(x0: Double, x1: Double, y0: Double, y1: Double, at camera: Camera) -> [ContentEdge] {
    let world = WebMercator.worldSize(zoom: camera.zoom)
    var centerX = WebMercator.x(lon: camera.center.lon)
    let centerY = WebMercator.y(lat: camera.center.lat)
    centerX += ((x0 + x1) / 2 - centerX).rounded()  // the world copy nearest the content
    let (cosB, sinB) = rotation
    func outside(_ x: Double, _ y: Double) -> Bool {
      let dx = (x - centerX) * world
      let dy = (y - centerY) * world
      let sx = dx * cosB + dy * sinB + width / 2
      let sy = -dx * sinB + dy * cosB + height / 2
      let tolerance = 1e-6
      return sx < insets.left - tolerance || sx > width - insets.right + tolerance || sy < insets.top - tolerance
        || sy > height - insets.bottom + tolerance
    }
    var edges: [ContentEdge] = []
    if outside(x0, y0) || outside(x1, y0) { edges.append(.north) }
    if outside(x0, y1) || outside(x1, y1) { edges.append(.south) }
    return edges
  }

  /// The last guard of "never NaN": a case the checks missed is an error, not a camera.
  static func checkFinite(_ camera: Camera) throws(FitError) {
    for value in [camera.center.lon, camera.center.lat, camera.focus.lon, camera.focus.lat, camera.zoom]
    where !value.isFinite {
      throw .invalidInput("no finite camera for these inputs (zoom \(camera.zoom))")
    }
  }

  /// The camera whose visible rect is centred on the unit point (`focusX`, `focusY`) at `zoom`.
  func camera(focusX: Double, focusY: Double, zoom: Double) -> Camera {
    // The visible rect's centre sits (dx, dy) points from the view's centre; the view's centre is
    // that offset, rotated into the world, away from the focus.
    let dx = (insets.left - insets.right) / 2
    let dy = (insets.top - insets.bottom) / 2
    let (wx, wy) = screenToWorld(dx, dy)
    let world = WebMercator.worldSize(zoom: zoom)
    let centerX = focusX - wx / world
    let centerY = focusY - wy / world
    return Camera(
      center: Coordinate(
        lon: Coordinate.normalizedLongitude(WebMercator.lon(x: centerX)), lat: WebMercator.lat(y: centerY)),
      focus: Coordinate(
        lon: Coordinate.normalizedLongitude(WebMercator.lon(x: focusX)), lat: WebMercator.lat(y: focusY)),
      zoom: zoom, bearing: options.normalizedBearing)
  }

  /// The bearing's (cos, sin).
  var rotation: (Double, Double) {
    let radians = options.normalizedBearing * Double.pi / 180
    return (cos(radians), sin(radians))
  }

  /// A screen vector (x right, y down) in world axes (x east, y south) at this bearing.
  func screenToWorld(_ sx: Double, _ sy: Double) -> (Double, Double) {
    let (cosB, sinB) = rotation
    return (sx * cosB - sy * sinB, sx * sinB + sy * cosB)
  }

  /// The visible rect (the view minus the padding) unprojected at `camera` (<doc:CameraFitting>).
  public func visibleRegion(of camera: Camera) -> VisibleRegion {
    let world = WebMercator.worldSize(zoom: camera.zoom)
    let centerX = WebMercator.x(lon: camera.center.lon)
    let centerY = WebMercator.y(lat: camera.center.lat)
    let corners = [
      (insets.left, insets.top), (width - insets.right, insets.top),
      (width - insets.right, height - insets.bottom), (insets.left, height - insets.bottom),
    ]
    var xs: [Double] = []
    var polygon: [Coordinate] = []
    var south = Double.infinity
    var north = -Double.infinity
    for (px, py) in corners {
      let (wx, wy) = screenToWorld(px - width / 2, py - height / 2)
      let x = centerX + wx / world
      let y = min(max(centerY + wy / world, 0), 1)
      let lat = WebMercator.lat(y: y)
      xs.append(x)
      polygon.append(Coordinate(lon: Coordinate.normalizedLongitude(WebMercator.lon(x: x)), lat: lat))
      south = min(south, lat)
      north = max(north, lat)
    }
    let minX = xs.min() ?? 0
    let maxX = xs.max() ?? 0
    let bounds: GeoBounds
    if maxX - minX >= 1 {
      bounds = GeoBounds(west: -180, south: south, east: 180, north: north)
    } else {
      bounds = GeoBounds(
        west: Coordinate.normalizedLongitude(WebMercator.lon(x: minX)), south: south,
        east: Coordinate.normalizedEastLongitude(WebMercator.lon(x: maxX)), north: north)
    }
    return VisibleRegion(bounds: bounds, polygon: polygon)
  }
}

import PlatformMath

/// Where coordinates show on the screen at a camera, and the camera that shows a coordinate at a
/// given screen point (<doc:MovingCameras#Screen-points>), as MapLibre GL JS 5 draws a Mercator map
/// whose padding is `insets`.
///
/// The camera's `focus` shows at the visible rect's centre, the centre of perspective; a coordinate
/// `Δ` world points from the focus (at the camera's zoom, turned by −bearing into screen axes) shows
/// where `Perspective` puts that ground offset (at pitch 0, `Δ` itself). Longitudes are unwrapped
/// to the world copy nearest the focus. Zoom, bearing and pitch are the camera's; moving the focus
/// slides the whole ground, so the camera that shows a coordinate at a point is found in one step.
///
/// ```swift
/// let screen = ScreenProjection(width: 390, height: 844, insets: Insets(top: 0, left: 0, bottom: 400, right: 0),
///                               camera: camera)
/// screen.point(of: camera.focus)            // (195, 222): the visible rect's centre
/// screen.camera(placing: cafe, atX: 195, y: 100)   // the same zoom, the café at (195, 100)
/// ```
public struct ScreenProjection: Hashable, Sendable, CameraTransform {
  /// The view's size in points.
  public let width, height: Double
  /// The map's padding: the visible rect is the view less these.
  public let insets: Insets
  /// The camera; its `focus` shows at the visible rect's centre.
  public let camera: Camera
  let perspective: Perspective
  let world: Double
  let focusX, focusY: Double
  let cosB, sinB: Double

  public init(width: Double, height: Double, insets: Insets, camera: Camera) {
    self.width = width
    self.height = height
    self.insets = insets
    self.camera = camera
    perspective = Perspective(height: height, pitch: camera.pitch)
    world = WebMercator.worldSize(zoom: camera.zoom)
    focusX = WebMercator.x(lon: camera.focus.lon)
    focusY = WebMercator.y(lat: camera.focus.lat)
    let radians = camera.bearing * Double.pi / 180
    cosB = cos(radians)
    sinB = sin(radians)
  }

  /// Where `coordinate` shows, in points from the view's top-left; nil behind the camera. Latitudes
  /// beyond the Mercator world's edge show at the edge.
  public func point(of coordinate: Coordinate) -> (x: Double, y: Double)? {
    var x = WebMercator.x(lon: coordinate.lon)
    x += (focusX - x).rounded()
    return point(unitX: x, unitY: WebMercator.y(lat: coordinate.lat))
  }

  /// Where the unit Mercator point (`unitX` in the world copy given, not moved next to the focus)
  /// shows; nil behind the camera.
  func point(unitX: Double, unitY: Double) -> (x: Double, y: Double)? {
    let wx = (unitX - focusX) * world
    let wy = (unitY - focusY) * world
    guard let shown = perspective.project(u: wx * cosB + wy * sinB, v: -wx * sinB + wy * cosB) else { return nil }
    let principal = principalPoint
    return (principal.x + shown.x, principal.y + shown.y)
  }

  /// The coordinate that shows at (`x`, `y`) points from the view's top-left; nil at or above the
  /// horizon. Beyond the world's edge the latitude goes on towards the pole, as the client's own
  /// unproject gives it; the longitude is not normalised (the world copy the point shows).
  public func coordinate(atX x: Double, y: Double) -> Coordinate? {
    guard let unit = mercator(atX: x, y: y) else { return nil }
    return Coordinate(lon: WebMercator.lon(x: unit.x), lat: WebMercator.lat(y: unit.y))
  }

  /// The unit Mercator point under (`x`, `y`) view points (`y` outside 0…1 beyond the world's
  /// north or south edge; `x` in the world copy the point shows); nil at or above the horizon.
  public func mercator(atX x: Double, y: Double) -> (x: Double, y: Double)? {
    let principal = principalPoint
    guard let ground = perspective.unproject(x: x - principal.x, y: y - principal.y) else { return nil }
    let (wx, wy) = worldOffset(ground.u, ground.v)
    return (focusX + wx / world, focusY + wy / world)
  }

  /// The camera with this zoom, bearing and pitch that shows `coordinate` at (`x`, `y`); nil when
  /// that point lies at or above the horizon, or when its focus would lie beyond the Mercator
  /// world's north or south edge (no client shows such a camera).
  public func camera(placing coordinate: Coordinate, atX x: Double, y: Double) -> Camera? {
    let principal = principalPoint
    guard let ground = perspective.unproject(x: x - principal.x, y: y - principal.y) else { return nil }
    let (wx, wy) = worldOffset(ground.u, ground.v)
    var unitX = WebMercator.x(lon: coordinate.lon)
    unitX += (focusX - unitX).rounded()
    let focusY = WebMercator.y(lat: coordinate.lat) - wy / world
    guard focusY >= 0, focusY <= 1 else { return nil }
    return camera(focusX: unitX - wx / world, focusY: focusY)
  }

  /// The camera with its focus at unit (`focusX`, `focusY`); its `center` the ground under the view's
  /// centre (the focus when that lies at or above the horizon).
  public func camera(focusX: Double, focusY: Double) -> Camera {
    let principal = principalPoint
    var centerX = focusX
    var centerY = focusY
    if let ground = perspective.unproject(x: width / 2 - principal.x, y: height / 2 - principal.y) {
      let (wx, wy) = worldOffset(ground.u, ground.v)
      centerX += wx / world
      centerY += wy / world
    }
    return Camera(
      centerX: centerX, centerY: centerY, focusX: focusX, focusY: focusY, zoom: camera.zoom, bearing: camera.bearing,
      pitch: camera.pitch, projection: camera.projection)
  }

  /// Where the unit Mercator point (`unitX` in the world copy given) is drawn: as `point(unitX:unitY:)`,
  /// but ground behind the camera, or too near its horizon, is taken just in front of it (far below
  /// the screen), so that a shape that reaches behind the camera keeps its visible part when drawn.
  public func drawnPoint(unitX: Double, unitY: Double) -> (x: Double, y: Double) {
    let wx = (unitX - focusX) * world
    let wy = (unitY - focusY) * world
    var v = -wx * sinB + wy * cosB
    if camera.pitch > 0 { v = min(v, 0.95 * perspective.distance / sin(camera.pitch * Double.pi / 180)) }
    let shown = perspective.project(u: wx * cosB + wy * sinB, v: v) ?? (0, 0)
    let principal = principalPoint
    return (principal.x + shown.x, principal.y + shown.y)
  }

  /// The unit Mercator x of the focus, the world copy a drawing unwraps longitudes next to.
  public var focusUnitX: Double { focusX }

  /// A ground offset in screen axes (u right, v down) in world axes (x east, y south).
  func worldOffset(_ u: Double, _ v: Double) -> (Double, Double) {
    (u * cosB - v * sinB, u * sinB + v * cosB)
  }

  /// Whether the client keeps this transform's camera (`isKept(_:tolerance:)`).
  public func isKept(tolerance: Double = 1e-6) -> Bool { isKept(camera, tolerance: tolerance) }

  /// The visible rect's corners (top-left, top-right, bottom-right, bottom-left) unprojected through
  /// the camera's perspective from its focus (<doc:CameraFitting>): a rotated rect when flat, a
  /// trapezoid on the ground when pitched (<doc:CameraFitting#Pitch>; a corner at or above the
  /// horizon is taken just below it). Beyond the world's edge (a rotated corner the client's clamp
  /// lets show) the latitude goes on towards the pole, as the client's own unproject gives it.
  public var visibleRegion: VisibleRegion {
    let lowest = principalPoint.y - perspective.horizon * (1 - 1e-9)
    let rect = visibleRect
    let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
    let units = corners.map { x, y in mercator(atX: x, y: max(y, lowest)) ?? (focusX, focusY) }
    return VisibleRegion(
      polygon: units.map {
        Coordinate(lon: Coordinate.normalizedLongitude(WebMercator.lon(x: $0.x)), lat: WebMercator.lat(y: $0.y))
      },
      xs: units.map { $0.x })
  }

  /// The directions in which content with `bounds` lies beyond the visible rect, for its world copy
  /// nearest the focus: by the sides its box's corners pass (the box is a rect in Web Mercator, so its
  /// image is the quadrilateral of its corners); every direction when a corner lies behind the camera.
  public func cut(of bounds: GeoBounds) -> [ContentEdge] {
    var x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west))
    let span = bounds.longitudeSpan / 360
    x0 += (focusX - (x0 + span / 2)).rounded()
    return cut(x0: x0, x1: x0 + span, y0: WebMercator.y(lat: bounds.north), y1: WebMercator.y(lat: bounds.south))
  }

  /// `cut(of:)` for the unit Mercator box `[x0, x1] × [y0, y1]` in the world copy given, against the
  /// visible rect less `padding` (a fit's, `FitOptions.padding`).
  func cut(x0: Double, x1: Double, y0: Double, y1: Double, within padding: Insets = .zero) -> [ContentEdge] {
    var box = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
    let principal = principalPoint
    for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
      guard let shown = point(unitX: x, unitY: y) else { return ContentEdge.allCases }
      box = (
        min(box.minX, shown.x - principal.x), max(box.maxX, shown.x - principal.x),
        min(box.minY, shown.y - principal.y), max(box.maxY, shown.y - principal.y)
      )
    }
    return ContentEdge.beyond(box, rect: visibleRect, padding: padding, bearing: camera.bearing)
  }

  /// Whether the client keeps this camera: both its `focus` (with the padding) and its `center`
  /// (without) within the world's clamp (`WorldBounds`), within `tolerance` points.
  public func isKept(_ camera: Camera, tolerance: Double = 1e-6) -> Bool {
    WorldBounds.keeps(
      focusY: WebMercator.y(lat: camera.focus.lat),
      centerY: camera.pitch > 0 ? nil : WebMercator.y(lat: camera.center.lat), zoom: camera.zoom, viewHeight: height,
      tolerance: tolerance)
  }

}

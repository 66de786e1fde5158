import PlatformMath

/// Where coordinates show on MapLibre GL JS 5's globe for a camera, and what the camera shows
/// (<doc:MovingCameras#Globe>): the `MapTransform` of a camera drawn as a globe (below zoom 12).
///
/// The globe's radius is `R = S / (2π · cos φ)` points (`S` the world size at the camera's zoom, `φ`
/// the focus's latitude); the point under the focus touches the screen at the visible rect's centre,
/// seen from `d = 1.5·H` points (`GlobeView`). Only the near side shows; around the limb is space.
///
/// ```swift
/// let globe = GlobeProjection(width: 390, height: 844, insets: peaking, camera: fit.camera)
/// globe.point(of: reykjavik)     // nil when it lies on the far side
/// ```
public struct GlobeProjection: Hashable, Sendable, CameraTransform {
  public let width, height: Double
  public let insets: Insets
  public let camera: Camera
  let view: GlobeView

  public init(width: Double, height: Double, insets: Insets, camera: Camera) {
    self.width = width
    self.height = height
    self.insets = insets
    self.camera = camera
    let visible = insets.rect(inWidth: width, height: height)
    view = GlobeView(
      height: height, principalX: visible.midX, principalY: visible.midY, center: camera.focus, zoom: camera.zoom,
      bearing: camera.bearing, pitch: camera.pitch)
  }

  public static func == (a: GlobeProjection, b: GlobeProjection) -> Bool {
    a.width == b.width && a.height == b.height && a.insets == b.insets && a.camera == b.camera
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(insets)
    hasher.combine(camera)
  }

  public func point(of coordinate: Coordinate) -> (x: Double, y: Double)? { view.point(of: coordinate) }

  public func coordinate(atX x: Double, y: Double) -> Coordinate? { view.coordinate(atX: x, y: y) }

  /// The radius of the globe's outline on the screen, in points, around the centre of perspective,
  /// looking straight down: `d·R / √(d² + 2·d·R)`, where the rays from the camera touch the sphere.
  /// Tilted, the outline is an ellipse (`outline`).
  public var limbRadius: Double {
    let (d, r) = (view.distance, view.radius)
    return d * r / (d * d + 2 * d * r).squareRoot()
  }

  /// The globe's outline on the screen (its limb), `count` points at equal angles round the centre of
  /// perspective, clockwise from the right; empty when a pitch so steep leaves it open.
  public func outline(count: Int = 180) -> [(x: Double, y: Double)] {
    (view.outline(count: count) ?? []).map { (view.principalX + $0.x, view.principalY + $0.y) }
  }

  /// Where a coordinate shows, one on the far side taken to the limb in its direction: what a
  /// renderer draws for a shape that reaches round the globe (its hidden part hugs the outline).
  public func pointOnDisc(of coordinate: Coordinate) -> (x: Double, y: Double) {
    if let shown = view.point(of: coordinate) { return shown }
    let v = view.turned(lon: coordinate.lon * Double.pi / 180, lat: coordinate.lat * Double.pi / 180)
    let (dx, dy) = (v.x, v.y - view.sinP)
    let length = (dx * dx + dy * dy).squareRoot()
    let (ux, uy) = length > 0 ? (dx / length, -dy / length) : (0.0, -1.0)
    let reach = view.limb(towards: ux, uy) ?? limbRadius
    return (view.principalX + reach * ux, view.principalY + reach * uy)
  }

  /// Whether MapLibre keeps the camera: its focus within the Mercator world's latitudes (the globe
  /// turns freely in longitude).
  public func isKept(tolerance: Double = 1e-6) -> Bool {
    abs(camera.focus.lat) <= WebMercator.maxLatitude + tolerance / view.radius * 180 / Double.pi
  }

  /// The visible rect's corners on the globe: where a ray through a corner meets it, or, for a
  /// corner in space, the limb towards it from the centre of perspective (in closed form,
  /// `GlobeView.limb(towards:_:)`), where the ray grazes the globe (`GlobeView.grazed`).
  public var visibleRegion: VisibleRegion {
    let principal = principalPoint
    let rect = visibleRect
    let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
    let polygon = corners.map { x, y in
      if let hit = view.coordinate(atX: x, y: y) { return hit }
      let (ox, oy) = (x - principal.x, y - principal.y)
      let length = (ox * ox + oy * oy).squareRoot()
      guard length > 0, let reach = view.limb(towards: ox / length, oy / length) else { return camera.focus }
      return view.grazed(atX: principal.x + ox / length * reach, y: principal.y + oy / length * reach)
    }
    let focusX = WebMercator.x(lon: camera.focus.lon)
    return VisibleRegion(
      polygon: polygon,
      xs: polygon.map { corner in
        let x = WebMercator.x(lon: corner.lon)
        return x + (focusX - x).rounded()
      })
  }

  /// The directions in which content with `bounds` lies beyond the visible rect: by the sides its
  /// outline's exact screen box passes (`GlobeOutline`), or every direction when part of it lies on
  /// the far side of the globe.
  public func cut(of bounds: GeoBounds) -> [ContentEdge] { cut(of: bounds, within: .zero) }

  /// `cut(of:)` against the visible rect less `padding` (a fit's, `FitOptions.padding`), `tolerance`
  /// points allowed.
  func cut(of bounds: GeoBounds, within padding: Insets, tolerance: Double = 1e-6) -> [ContentEdge] {
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west))
    let outline = GlobeOutline(x0: x0, x1: x0 + bounds.longitudeSpan / 360, south: bounds.south, north: bounds.north)
    let rect = visibleRect
    guard outline.showsWhole(in: view) else { return ContentEdge.allCases }
    return ContentEdge.beyond(
      outline.screenBox(in: view), rect: rect, padding: padding, bearing: camera.bearing, tolerance: tolerance)
  }
}

import PlatformMath

/// What a map client shows for one camera, in the camera's own projection (<doc:CameraFitting#One-camera>):
/// screen points to coordinates and back, whether the client keeps the camera, the visible region,
/// and which directions content is cut in.
///
/// Every feature that derives something from a camera asks its transform, never a projection's
/// maths: so a camera is never computed in another model than the one it is drawn in. MapLibre GL
/// JS pairs its `ITransform` with a camera helper per projection in the same way. Two
/// implementations: `ScreenProjection` (Web Mercator; flat is pitch 0 of the same perspective) and
/// `GlobeProjection` (MapLibre GL JS 5's globe below zoom 12).
public protocol CameraTransform {
  /// The view's size in points.
  var width: Double { get }
  var height: Double { get }
  /// The map's padding: the visible rect is the view less these.
  var insets: Insets { get }
  /// The camera; its `focus` shows at the visible rect's centre.
  var camera: Camera { get }
  /// Where `coordinate` shows, in points from the view's top-left; nil where it does not show
  /// (behind a pitched camera, on the far side of the globe).
  func point(of coordinate: Coordinate) -> (x: Double, y: Double)?
  /// The coordinate that shows at (`x`, `y`) points from the view's top-left; nil where no ground
  /// shows (above a pitched camera's horizon, in space around the globe).
  func coordinate(atX x: Double, y: Double) -> Coordinate?
  /// Whether the client keeps this camera (moves it by at most `tolerance` points).
  func isKept(tolerance: Double) -> Bool
  /// The visible rect unprojected at the camera.
  var visibleRegion: VisibleRegion { get }
  /// The directions in which content with these bounds lies beyond the visible rect: empty only when
  /// all of it shows inside (<doc:CameraFitting#World-bounds>).
  func cut(of bounds: GeoBounds) -> [ContentEdge]
}

extension CameraTransform {
  /// The visible rect: the view less the padding.
  public var visibleRect: Rect { insets.rect(inWidth: width, height: height) }

  /// The centre of perspective: the visible rect's centre, where the focus shows.
  public var principalPoint: (x: Double, y: Double) {
    let rect = visibleRect
    return (rect.midX, rect.midY)
  }
}

/// The transform of a camera in the projection it is drawn in: `ScreenProjection` for Web Mercator
/// (and the globe from zoom 12 on, where MapLibre draws Mercator), `GlobeProjection` below.
///
/// ```swift
/// let map = MapTransform(width: 390, height: 844, insets: peaking, camera: fit.camera)
/// map.point(of: cafe)          // where the café shows, globe or not
/// map.visibleRegion.polygon    // what the user sees
/// ```
public enum MapTransform: Hashable, Sendable, CameraTransform {
  case mercator(ScreenProjection)
  case globe(GlobeProjection)

  public init(width: Double, height: Double, insets: Insets, camera: Camera) {
    if camera.drawnProjection == .globe {
      self = .globe(GlobeProjection(width: width, height: height, insets: insets, camera: camera))
    } else {
      self = .mercator(ScreenProjection(width: width, height: height, insets: insets, camera: camera))
    }
  }

  public var width: Double { base.width }
  public var height: Double { base.height }
  public var insets: Insets { base.insets }
  public var camera: Camera { base.camera }

  public func point(of coordinate: Coordinate) -> (x: Double, y: Double)? {
    switch self {
    case .mercator(let map): map.point(of: coordinate)
    case .globe(let map): map.point(of: coordinate)
    }
  }

  public func coordinate(atX x: Double, y: Double) -> Coordinate? {
    switch self {
    case .mercator(let map): map.coordinate(atX: x, y: y)
    case .globe(let map): map.coordinate(atX: x, y: y)
    }
  }

  public func isKept(tolerance: Double = 1e-6) -> Bool {
    switch self {
    case .mercator(let map): map.isKept(tolerance: tolerance)
    case .globe(let map): map.isKept(tolerance: tolerance)
    }
  }

  public var visibleRegion: VisibleRegion {
    switch self {
    case .mercator(let map): map.visibleRegion
    case .globe(let map): map.visibleRegion
    }
  }

  public func cut(of bounds: GeoBounds) -> [ContentEdge] {
    switch self {
    case .mercator(let map): map.cut(of: bounds)
    case .globe(let map): map.cut(of: bounds)
    }
  }

  /// The least camera move that keeps `selection`'s callout inside `room` (nil: the visible rect)
  /// and clear of `obstacles`, in the camera's projection (<doc:MovingCameras#Keeping-a-selection-clear>):
  /// `ScreenProjection.keepingClear` or `GlobeProjection.keepingClear`.
  public func keepingClear(
    _ selection: Coordinate, callout: Callout, avoiding obstacles: [Rect], within room: Rect? = nil,
    maxZoom: Double = FitOptions.defaultMaxZoom
  ) throws(FitError) -> ClearedSelection {
    switch self {
    case .mercator(let map):
      try map.keepingClear(selection, callout: callout, avoiding: obstacles, within: room, maxZoom: maxZoom)
    case .globe(let map): try map.keepingClear(selection, callout: callout, avoiding: obstacles, within: room)
    }
  }

  /// The camera that shows `coordinate` at (`x`, `y`), zoom, bearing and pitch unchanged: on the flat
  /// map `ScreenProjection.camera(placing:atX:y:)`, on the globe the focus moved on the sphere
  /// (`GlobeView.placing`); nil where none does.
  public func camera(placing coordinate: Coordinate, atX x: Double, y: Double) -> Camera? {
    switch self {
    case .mercator(let map): return map.camera(placing: coordinate, atX: x, y: y)
    case .globe(let map):
      guard let moved = map.view.placing(coordinate, atX: x, y: y, zoom: map.camera.zoom) else { return nil }
      let focus = moved.focus
      return Camera(
        center: moved.coordinate(atX: map.width / 2, y: map.height / 2) ?? focus, focus: focus,
        zoom: map.camera.zoom, bearing: map.camera.bearing, pitch: map.camera.pitch, projection: .globe)
    }
  }

  /// The Mercator transform, or `FitError.unsupported` naming `feature` when the camera is drawn
  /// as a globe: for the features computed in Web Mercator alone.
  public func mercator(for feature: String) throws(FitError) -> ScreenProjection {
    switch self {
    case .mercator(let map): return map
    case .globe: throw .unsupported("\(feature) is not supported with the globe projection")
    }
  }

  var base: (width: Double, height: Double, insets: Insets, camera: Camera) {
    switch self {
    case .mercator(let map): (map.width, map.height, map.insets, map.camera)
    case .globe(let map): (map.width, map.height, map.insets, map.camera)
    }
  }
}

extension VisibleRegion {
  /// The region of the visible rect's corners (top-left, top-right, bottom-right, bottom-left), with
  /// their unit Mercator x unwrapped next to each other (`xs`), for the box.
  init(polygon: [Coordinate], xs: [Double]) {
    let south = polygon.map { $0.lat }.min() ?? 0
    let north = polygon.map { $0.lat }.max() ?? 0
    let minX = xs.min() ?? 0
    let maxX = xs.max() ?? 0
    if maxX - minX >= 1 {
      bounds = GeoBounds(west: -180, south: south, east: 180, north: north)
    } else {
      bounds = GeoBounds(
        west: Coordinate.normalizedLongitude(WebMercator.lon(x: minX)), south: south,
        east: Coordinate.normalizedEastLongitude(WebMercator.lon(x: maxX)), north: north)
    }
    self.polygon = polygon
  }
}

extension ContentEdge {
  /// The directions that the sides of the visible rect a point lies beyond face, at `bearing`: each
  /// side by its outward normal on screen turned into the world (at bearing 0 the top faces north; at
  /// an angle a side faces two directions). (A list, not a set: a set hashes the raw names, and in
  /// WebAssembly that links Unicode's tables.)
  static func facing(left: Bool, right: Bool, top: Bool, bottom: Bool, bearing: Double) -> [ContentEdge] {
    let radians = bearing * Double.pi / 180
    let (cosB, sinB) = (cos(radians), sin(radians))
    var passed: [ContentEdge] = []
    for (beyond, nx, ny) in [(left, -1.0, 0.0), (right, 1, 0), (top, 0, -1), (bottom, 0, 1)] where beyond {
      // A screen vector (x right, y down) in world axes (x east, y south).
      let (wx, wy) = (nx * cosB - ny * sinB, nx * sinB + ny * cosB)
      if wy < -1e-9 { passed.append(.north) }
      if wy > 1e-9 { passed.append(.south) }
      if wx > 1e-9 { passed.append(.east) }
      if wx < -1e-9 { passed.append(.west) }
    }
    return passed
  }

  /// The directions, in `allCases` order, of a screen box (offsets from the centre of perspective)
  /// against the visible rect less `padding` (`rect`, centred on the centre of perspective),
  /// `tolerance` points allowed.
  static func beyond(
    _ box: (minX: Double, maxX: Double, minY: Double, maxY: Double), rect: Rect, padding: Insets, bearing: Double,
    tolerance: Double = 1e-6
  ) -> [ContentEdge] {
    let (halfWidth, halfHeight) = (rect.width / 2, rect.height / 2)
    let passed = facing(
      left: box.minX < -halfWidth + padding.left - tolerance, right: box.maxX > halfWidth - padding.right + tolerance,
      top: box.minY < -halfHeight + padding.top - tolerance,
      bottom: box.maxY > halfHeight - padding.bottom + tolerance, bearing: bearing)
    return allCases.filter(passed.contains)
  }
}

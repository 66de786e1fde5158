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

  /// A rect of the view on the globe, as an exclusion zone's ring (CardMap's Exclusion zones): the
  /// rect clipped to the globe's outline on the screen (a convex shape: the rect's sides where they
  /// show the sphere, and the limb between where they leave it and come back, every 5°; `pastLimb`
  /// then), unprojected onto the sphere, counter-clockwise with north up as the rect is walked from
  /// its top-left corner down its left side. A side's image is curved: it is halved until the
  /// middle of each piece's straight line in lon/lat shows within a quarter of a point of the side.
  /// Each longitude is unwrapped next to the one before (the ring never jumps at the antimeridian),
  /// a ring round a pole is closed through it, and the first point comes again at the end. Nil when
  /// the rect does not reach the globe.
  public func ring(of rect: Rect) -> (ring: [Coordinate], pastLimb: Bool)? { ring(of: rect, limbStep: Double.pi / 36) }

  /// `ring(of:)` with the limb every `limbStep` radians round the centre of perspective.
  func ring(of rect: Rect, limbStep: Double) -> (ring: [Coordinate], pastLimb: Bool)? {
    let centre = SIMD2(principalPoint.x, principalPoint.y)
    let shrink = 1 - 1e-9
    let (topLeft, bottomLeft, bottomRight, topRight) = (
      SIMD2(rect.minX, rect.minY), SIMD2(rect.minX, rect.maxY), SIMD2(rect.maxX, rect.maxY),
      SIMD2(rect.maxX, rect.minY)
    )
    // The outline a hair inside the limb: where the ray through `centre + (p − centre) / shrink`
    // grazes the sphere (`GlobeView.discriminant`, a quadratic in the screen point).
    func hit(_ p: SIMD2<Double>) -> Double {
      let o = (p - centre) / shrink
      return view.discriminant(o.x, -o.y)
    }
    func inside(_ p: SIMD2<Double>) -> Bool { hit(p) > 0 }
    func limb(_ angle: Double) -> SIMD2<Double>? {
      view.limb(towards: cos(angle), sin(angle)).map { centre + $0 * shrink * SIMD2(cos(angle), sin(angle)) }
    }
    func inRect(_ p: SIMD2<Double>) -> Bool {
      p.x >= rect.minX && p.x <= rect.maxX && p.y >= rect.minY && p.y <= rect.maxY
    }
    var ring: [Coordinate] = []
    ring.reserveCapacity(24)
    func append(_ coordinate: Coordinate) {
      var point = coordinate
      if let last = ring.last { point.lon += ((last.lon - point.lon) / 360).rounded() * 360 }
      ring.append(point)
    }
    // A piece of a side from `a` (appended) towards `b` (not), each with its unit vector on the
    // sphere: halved while curved. The vectors carry it (`GlobeView.chordMiddle`): no trigonometry
    // until a vertex is kept.
    func side(_ a: SIMD2<Double>, _ ga: SIMD3<Double>, _ b: SIMD2<Double>, _ gb: SIMD3<Double>, depth: Int) {
      let m = (a + b) / 2
      if depth < 8, let gm = view.ground(atX: m.x, y: m.y) {
        let shown = GlobeView.chordMiddle(ga, gb).flatMap { view.point(ofGround: $0) }
        let straight = shown.map { ($0.x - m.x) * ($0.x - m.x) + ($0.y - m.y) * ($0.y - m.y) <= 0.0625 } ?? false
        if !straight {
          side(a, ga, m, gm, depth: depth + 1)
          side(m, gm, b, gb, depth: depth + 1)
          return
        }
      }
      append(GlobeView.coordinate(ofGround: ga))
    }
    let pastLimb: Bool
    if inside(topLeft), inside(bottomLeft), inside(bottomRight), inside(topRight),
      let g0 = view.ground(atX: topLeft.x, y: topLeft.y), let g1 = view.ground(atX: bottomLeft.x, y: bottomLeft.y),
      let g2 = view.ground(atX: bottomRight.x, y: bottomRight.y), let g3 = view.ground(atX: topRight.x, y: topRight.y)
    {
      // The rect wholly on the sphere (what shows is convex, so are its sides): its four sides.
      side(topLeft, g0, bottomLeft, g1, depth: 0)
      side(bottomLeft, g1, bottomRight, g2, depth: 0)
      side(bottomRight, g2, topRight, g3, depth: 0)
      side(topRight, g3, topLeft, g0, depth: 0)
      pastLimb = false
    } else {
      let corners = [topLeft, bottomLeft, bottomRight, topRight]
      // The clipped outline on the screen: points, each with whether a side runs from it to the next
      // (else the limb does), and where the sides leave the outline (exits) and come back (entries).
      var points: [(p: SIMD2<Double>, sideFollows: Bool)] = []
      var crossings: [(index: Int, entering: Bool)] = []
      points.reserveCapacity(8)
      for side in 0..<4 {
        let (a, b) = (corners[side], corners[(side + 1) % 4])
        let (fromShows, toShows) = (inside(a), inside(b))
        if fromShows { points.append((a, true)) }
        // Both ends on the sphere: so is the side (what shows of it is convex).
        if fromShows, toShows { continue }
        // The outline's quadratic along the side, `qa·t² + qb·t + qc`, from three of its values;
        // nought for t in (0, 1), rising there where the side enters.
        let d = b - a
        let (h0, h1, h2) = (hit(a), hit(a + d / 2), hit(b))
        let (qa, qb, qc) = (2 * (h0 - 2 * h1 + h2), 4 * h1 - 3 * h0 - h2, h0)
        let discriminant = qb * qb - 4 * qa * qc
        guard discriminant > 0 else { continue }
        let root = discriminant.squareRoot()
        let (t0, t1) =
          qa != 0 ? ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa)) : (qb != 0 ? -qc / qb : -1, -1)
        for t in [min(t0, t1), max(t0, t1)] where t > 0 && t < 1 {
          let entering = (2 * qa * t + qb) > 0
          crossings.append((points.count, entering))
          points.append((a + d * t, entering))
        }
      }
      var outline: [(p: SIMD2<Double>, sideFollows: Bool)] = []
      if crossings.isEmpty {
        if !points.isEmpty {
          outline = points
        } else if inRect(centre) {
          // The whole outline inside the rect.
          let count = Int((2 * Double.pi / limbStep).rounded(.up))
          outline = (0..<count).compactMap { k in
            limb(Double(k) * -2 * Double.pi / Double(count)).map { ($0, false) }
          }
        } else {
          return nil
        }
      } else {
        // Between an exit and the next entry, the limb inside the rect: the rect walked from its top-left
        // corner down its left side turns the way of falling angles (the screen's y runs down), and
        // so does the convex outline, limb and all.
        for (n, point) in points.enumerated() {
          outline.append(point)
          guard let exit = crossings.firstIndex(where: { $0.index == n }), !crossings[exit].entering else { continue }
          let next = points[crossings[(exit + 1) % crossings.count].index].p
          let from = atan2(point.p.y - centre.y, point.p.x - centre.x)
          var sweep = atan2(next.y - centre.y, next.x - centre.x) - from
          if sweep > 0 { sweep -= 2 * Double.pi }
          let count = max(1, Int((abs(sweep) / limbStep).rounded(.up)))
          for k in 1..<count {
            if let point = limb(from + sweep * Double(k) / Double(count)) { outline.append((point, false)) }
          }
        }
      }
      let grounds = outline.map { view.ground(atX: $0.p.x, y: $0.p.y) }
      for k in outline.indices {
        guard let gk = grounds[k] else { continue }
        let next = (k + 1) % outline.count
        if outline[k].sideFollows, let gn = grounds[next] {
          side(outline[k].p, gk, outline[next].p, gn, depth: 0)
        } else {
          append(GlobeView.coordinate(ofGround: gk))
        }
      }
      pastLimb = !crossings.isEmpty || points.isEmpty
    }
    guard let first = ring.first, let last = ring.last, ring.count >= 3 else { return nil }
    if abs(last.lon - first.lon) > 180 {
      // Round a pole: the one whose point shows inside the rect.
      let north = view.point(of: Coordinate(lon: 0, lat: 90)).map { inRect(SIMD2($0.x, $0.y)) } ?? false
      let pole = north ? 90.0 : -90.0
      ring += [Coordinate(lon: last.lon, lat: pole), Coordinate(lon: first.lon, lat: pole)]
    }
    ring.append(first)
    return (ring, pastLimb)
  }

  /// Whether MapLibre keeps the camera: its focus within the Mercator world's latitudes (the globe
  /// turns freely in longitude).
  public func isKept(tolerance: Double = 1e-6) -> Bool {
    abs(camera.focus.lat) <= WebMercator.maxLatitude + tolerance / view.radius * 180 / Double.pi
  }

  /// The visible rect's corners on the globe: where a ray through a corner meets it, or, for a
  /// corner in space, the limb towards it (a bisection towards the centre of perspective).
  public var visibleRegion: VisibleRegion {
    let principal = principalPoint
    let rect = visibleRect
    let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
    let polygon = corners.map { x, y in
      if let hit = view.coordinate(atX: x, y: y) { return hit }
      var (inside, outside) = (0.0, 1.0)
      for _ in 0..<60 {
        let f = (inside + outside) / 2
        if view.coordinate(atX: principal.x + (x - principal.x) * f, y: principal.y + (y - principal.y) * f) != nil {
          inside = f
        } else {
          outside = f
        }
      }
      return view.coordinate(atX: principal.x + (x - principal.x) * inside, y: principal.y + (y - principal.y) * inside)
        ?? camera.focus
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

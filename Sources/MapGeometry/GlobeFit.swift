import PlatformMath

/// The fit of a camera on the globe (<doc:MovingCameras#Globe>): the largest zoom at which the box's
/// outline shows on the near side and inside the visible rect less the margins, its screen box
/// centred in the visible rect (the focus moved onto the ground at the box's centre until it is,
/// within a thousandth of a point); from `CameraFit.globeEndZoom` on, the flat Mercator fit.
///
/// For a focus, each outline point bounds the globe's radius in closed form (`d·R·|x| ≤ w·(d + R·(1 −
/// z))`, half the visible width `w`; alike for the height; `R < d·z / (1 − z)` to stay in front of the
/// limb), so the outline's largest `±d·x + w·z`, `±d·y + h·z` and `−z` bound it, and its screen box
/// comes from the arcs' stationary points (`GlobeOutline`): exact, with no sampling. Content that no
/// focus shows whole (more than a hemisphere) gets the whole globe in the visible rect, centred on
/// it, with every direction in `cut`; a zoom held at `minZoom` names what it cuts.
struct GlobeFit: ProjectionFit {
  let frame: FitFrame

  /// The content rect's edges, as the outline's radius bounds take them.
  var edges: GlobeOutline.Edges {
    GlobeOutline.Edges(left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom)
  }

  func placement(x0: Double, x1: Double, south: Double, north: Double) throws(FitError) -> CameraPlacement {
    let outline = GlobeOutline(x0: x0, x1: x1, south: south, north: north)
    let bounds = GeoBounds(
      west: WebMercator.lon(x: x0), south: south, east: Coordinate.normalizedEastLongitude(WebMercator.lon(x: x1)),
      north: north)
    // The box's middle on the sphere: its centre meridian and mid latitude.
    let start = Coordinate(
      lon: Coordinate.normalizedLongitude(WebMercator.lon(x: (x0 + x1) / 2)),
      lat: min(max((south + north) / 2, -WebMercator.maxLatitude), WebMercator.maxLatitude))
    // The start's view from the outline's half angles where they are exact enough (the latitudes
    // unclamped), else from its coordinate.
    var view = GlobeView(
      height: frame.height, principalX: frame.principalX, principalY: frame.principalY, center: start, radius: 1,
      bearing: frame.bearing,
      ground: abs(south) <= WebMercator.maxLatitude && abs(north) <= WebMercator.maxLatitude ? outline.middle : nil,
      rotation: (frame.cosB, frame.sinB), tilt: GlobeView.tilt(frame.options.pitch))
    let (centred, radius, moved) = centre(outline, from: view)
    view = centred
    var focus = moved ? view.focus : start
    // The largest zoom that shows it: a radius, a point (an infinite radius), or the whole globe.
    var largest: Double?
    var cut: [ContentEdge] = []
    if let radius, radius.isFinite {
      largest = log2(radius * 2 * Double.pi * view.cosLat / WebMercator.tileSize)
    } else if radius == nil {
      // More than a hemisphere: the whole globe, every direction cut.
      largest = log2(wholeGlobe(view) * 2 * Double.pi * view.cosLat / WebMercator.tileSize)
      cut = ContentEdge.allCases
    }
    var zoom = frame.clamped(largest)
    if zoom >= CameraFit.globeEndZoom {
      // MapLibre draws Mercator from zoom 12: its fit, if it lands there too; else the globe just
      // below 12, which shows the content with room to spare.
      var flat =
        frame.options.pitch > 0
        ? try PitchedFit(frame: frame).placement(x0: x0, x1: x1, south: south, north: north)
        : try FlatFit(frame: frame).placement(x0: x0, x1: x1, south: south, north: north)
      flat.camera.projection = .globe
      if flat.camera.zoom >= CameraFit.globeEndZoom { return flat }
      zoom = CameraFit.globeEndZoom - 1e-6
    }
    // The globe at the focus and zoom (its radius as `GlobeView.init(…zoom:…)` gives it).
    view.radius = WebMercator.worldSize(zoom: zoom) / (2 * Double.pi) / view.cosLat
    if let largest, largest < frame.options.minZoom {
      // Held at `minZoom`: the box centred in the content rect on that zoom's globe, not on the speck
      // of a globe its largest zoom makes, where a thousandth of a point is a large turn and the focus
      // all but free (the native and the web engines' maths then found foci 1e-4° apart).
      let size = WebMercator.worldSize(zoom: zoom) / (2 * Double.pi)
      let goal = SIMD2(frame.contentCentre.x, frame.contentCentre.y)
      let (held, settled) = view.settled(
        tolerance: 1e-7, radius: { size / $0.cosLat }, offset: { offset(outline, in: $0, target: goal) })
      if settled { (view, focus) = (held, held.focus) }
    }
    let camera = Camera(
      center: view.coordinate(atX: frame.width / 2, y: frame.height / 2) ?? focus,
      focus: Coordinate(lon: Coordinate.normalizedLongitude(focus.lon), lat: focus.lat), zoom: zoom,
      bearing: frame.bearing, pitch: frame.options.pitch, projection: .globe)
    try FitFrame.checkFinite(camera)
    let projection = GlobeProjection(width: frame.width, height: frame.height, insets: frame.insets, camera: camera)
    if let largest, largest < frame.options.minZoom {
      // Held at `minZoom`, the content may reach past the visible rect: named exactly.
      cut = projection.cut(of: bounds, within: frame.options.padding)
    } else if cut.isEmpty, frame.contentCentre != (0, 0) {
      // A content rect off the centre may leave the limb in the way: named, to a hundredth of a
      // point (the centring's thousandth on each side).
      cut = projection.cut(of: bounds, within: frame.options.padding, tolerance: 1e-2)
    }
    return CameraPlacement(camera: camera, worldClamped: false, cut: cut)
  }

  /// The largest radius at which the whole globe's outline (its limb) lies inside the content rect,
  /// for `view`'s focus (a padding that leaves the centre of perspective outside: a rect the size of
  /// the content rect's half around it). Looking straight down the limb is a circle of
  /// `d·R / √(d² + 2dR)` points round the centre of perspective, in closed form; tilted, an ellipse
  /// (`GlobeView.limb`), its reach every 2° bisected on the radius.
  func wholeGlobe(_ view: GlobeView) -> Double {
    let nearestEdge = min(frame.right, -frame.left, frame.bottom, -frame.top)
    let d = view.distance
    var edges = self.edges
    if nearestEdge <= 0 { edges = .centred(halfWidth: frame.halfWidth, halfHeight: frame.halfHeight) }
    let m = min(edges.right, -edges.left, edges.bottom, -edges.top)
    let flat = (m * m + m * (m * m + d * d).squareRoot()) / d
    guard view.sinP != 0 else { return flat }
    func fits(_ radius: Double) -> Bool {
      var globe = view
      globe.radius = radius
      guard let outline = globe.outline(count: 180) else { return false }
      return outline.allSatisfy { p in
        p.x <= edges.right && p.x >= edges.left && p.y <= edges.bottom && p.y >= edges.top
      }
    }
    var (low, high) = (flat / 64, flat * 4)
    guard fits(low) else { return low }
    for _ in 0..<50 where high - low > low * 1e-9 {
      let middle = (low + high) / 2
      if fits(middle) { low = middle } else { high = middle }
    }
    return low
  }

  /// The largest radius at which the whole outline shows inside, for `view`'s focus (the bounds of
  /// the type's doc comment at the outline's extremes, for each edge that lies on its own side of
  /// the centre of perspective: an edge past it bounds the radius from below, and the centring
  /// meets it); nil when some of it lies on the far hemisphere.
  @inline(__always) func largestRadius(_ outline: GlobeOutline, in view: GlobeView) -> Double? {
    let d = view.distance
    let (sinP, cosP) = view.tilt
    let bounds = outline.radiusBounds(in: view, edges: edges)
    guard bounds.nearest > 1e-9 else { return nil }
    var radius = Double.infinity
    if sinP == 0, bounds.nearest < 1 { radius = d * bounds.nearest / (1 - bounds.nearest) * (1 - 1e-9) }
    // Tilted, each edge's bound loses `e·cos p` (and `∓d·sin p` at the bottom and top).
    for (edge, reach, shift) in [
      (frame.right, bounds.right, 0.0), (-frame.left, bounds.left, 0), (frame.bottom, bounds.bottom, -d * sinP),
      (-frame.top, bounds.top, d * sinP),
    ] where edge > 0 && reach > edge * cosP + shift {
      radius = min(radius, edge * d / (reach - edge * cosP - shift))
    }
    return sinP == 0 ? radius : nearSide(outline, in: view, below: radius)
  }

  /// The largest radius up to `radius` at which the outline lies on `view`'s near side, tilted:
  /// `(d + R·cos p)·z + R·sin p·y > R` at each of its points is linear in `R` for each, so their
  /// least (`GlobeOutline.lowest`) is concave in `R`, and Newton's steps from above (each to the
  /// root of the line of the point that is lowest) reach where it crosses nought.
  func nearSide(_ outline: GlobeOutline, in view: GlobeView, below radius: Double) -> Double {
    let d = view.distance
    let (sinP, cosP) = view.tilt
    var r = radius.isFinite ? radius : 1e12 * d
    for step in 0..<40 {
      let (value, at) = outline.lowest(view.axes.y * (r * sinP) + view.axes.z * (d + r * cosP))
      if value > r * (1 + 1e-12) { return step == 0 ? radius : r * (1 - 1e-9) }
      let v = view.turn(at)
      let falls = 1 - cosP * v.z - sinP * v.y
      guard falls > 0, v.z > 0 else { return 0 }
      r = min(r, d * v.z / falls) * (1 - 1e-12)
    }
    return r * (1 - 1e-9)
  }

  /// The view from `start` with its focus moved until the outline's screen box is centred in the
  /// content rect at the largest radius (within a thousandth of a point), that radius, and whether
  /// the focus moved.
  ///
  /// A content rect whose centre lies far from the centre of perspective (a padding on one side), or
  /// a tilted box whose screen box starts far from it, is reached in stages of at most 40 points,
  /// each from the last one's view: the content then shows near the limb, where one long step would
  /// overshoot onto a focus whose largest radius is much smaller. When even so no focus centres the
  /// box at its largest radius (the limb holds the content back), the largest radius at which some
  /// focus centres it inside the content rect is found by bisection (`inside(_:from:radius:)`); in
  /// one stage, the larger of the start's and the last focus's.
  func centre(_ outline: GlobeOutline, from start: GlobeView) -> (view: GlobeView, radius: Double?, moved: Bool) {
    guard let first = largestRadius(outline, in: start), first.isFinite else {
      return (start, largestRadius(outline, in: start), false)
    }
    var view = start
    view.radius = first
    let goal = SIMD2(frame.contentCentre.x, frame.contentCentre.y)
    // Tilted, the box's middle at the centre of perspective leaves its screen box off centre: the
    // stages go from where it is.
    let from = view.sinP == 0 ? SIMD2<Double>.zero : offset(outline, in: view, target: .zero)
    let way = goal - from
    let stages = max(1, Int(((way * way).sum().squareRoot() / 40).rounded(.up)))
    var settled = false
    for stage in 1...stages {
      (view, settled) = settle(outline, from: view, target: from + way * (Double(stage) / Double(stages))) {
        largestRadius(outline, in: $0)
      }
    }
    if settled { return (view, view.radius, view.focus != start.focus) }
    if stages == 1 {
      // Not centred (a search that wandered, near the limb of a tilted globe): the start's focus or
      // the last one, whichever shows the content larger; each shows it inside, touching a side.
      var first = start
      first.radius = largestRadius(outline, in: start) ?? start.radius
      return view.radius > first.radius ? (view, view.radius, true) : (first, first.radius, false)
    }
    // Bisection: down from the radius reached until some radius is inside, then between the two.
    var high = view.radius
    var found: GlobeView?
    for _ in 0..<30 where found == nil {
      high *= 0.8
      found = inside(outline, from: view, radius: high)
    }
    guard var best = found else { return (view, view.radius, true) }
    var (low, top) = (best.radius, best.radius / 0.8)
    for _ in 0..<40 where top - low > low * 1e-9 {
      let middle = (low + top) / 2
      if let next = inside(outline, from: best, radius: middle) { (best, low) = (next, middle) } else { top = middle }
    }
    return (best, best.radius, true)
  }

  /// The view at `radius` from `view`'s focus moved until the outline's screen box is centred in the
  /// content rect, when it then lies inside it and on the near side.
  func inside(_ outline: GlobeOutline, from view: GlobeView, radius: Double) -> GlobeView? {
    var start = view
    start.radius = radius
    let goal = SIMD2(frame.contentCentre.x, frame.contentCentre.y)
    let (centred, settled) = settle(outline, from: start, target: goal) { _ in radius }
    return settled && fits(outline, in: centred) ? centred : nil
  }

  /// Whether the outline lies on the near side and its screen box inside the content rect (to a
  /// hundredth of a point), in `view`.
  func fits(_ outline: GlobeOutline, in view: GlobeView) -> Bool {
    guard outline.showsWhole(in: view) else { return false }
    let box = outline.screenBox(in: view)
    let tolerance = 1e-2
    return box.minX >= frame.left - tolerance && box.maxX <= frame.right + tolerance
      && box.minY >= frame.top - tolerance && box.maxY <= frame.bottom + tolerance
  }

  /// `view` with its focus moved until the outline's screen box is centred on `target` (a point from
  /// the centre of perspective, within a thousandth of a point), the radius `radius(view)` at each
  /// focus (`GlobeView.settled`), and whether it got there.
  func settle(
    _ outline: GlobeOutline, from start: GlobeView, target: SIMD2<Double>, radius: (GlobeView) -> Double?
  ) -> (GlobeView, Bool) {
    start.settled(tolerance: 1e-3, radius: radius) { offset(outline, in: $0, target: target) }
  }

  /// How far the outline's screen box's centre lies from `target`, a point from the centre of
  /// perspective, in `view`.
  @inline(__always) func offset(_ outline: GlobeOutline, in view: GlobeView, target: SIMD2<Double>) -> SIMD2<Double> {
    let box = outline.screenBox(in: view)
    return SIMD2((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2) - target
  }
}

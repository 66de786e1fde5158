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
      rotation: (frame.cosB, frame.sinB))
    let (centred, radius, moved) = centre(outline, from: view)
    view = centred
    let focus = moved ? view.focus : start
    // The largest zoom that shows it: a radius, a point (an infinite radius), or the whole globe.
    var largest: Double?
    var cut: [ContentEdge] = []
    if let radius, radius.isFinite {
      largest = log2(radius * 2 * Double.pi * view.cosLat / WebMercator.tileSize)
    } else if radius == nil {
      // More than a hemisphere: the whole globe (its limb a circle of d·R/√(d² + 2dR) points).
      // The limb is centred on the centre of perspective: the largest circle there inside the
      // content rect (with a padding that leaves the centre outside, one the size of its half).
      let nearestEdge = min(frame.right, -frame.left, frame.bottom, -frame.top)
      let (m, d) = (nearestEdge > 0 ? nearestEdge : min(frame.halfWidth, frame.halfHeight), view.distance)
      largest = log2(
        (m * m + m * (m * m + d * d).squareRoot()) / d * 2 * Double.pi * view.cosLat / WebMercator.tileSize)
      cut = ContentEdge.allCases
    }
    var zoom = frame.clamped(largest)
    if zoom >= CameraFit.globeEndZoom {
      // MapLibre draws Mercator from zoom 12: its fit, if it lands there too; else the globe just
      // below 12, which shows the content with room to spare.
      var flat = try FlatFit(frame: frame).placement(x0: x0, x1: x1, south: south, north: north)
      flat.camera.projection = .globe
      if flat.camera.zoom >= CameraFit.globeEndZoom { return flat }
      zoom = CameraFit.globeEndZoom - 1e-6
    }
    // The globe at the focus and zoom (its radius as `GlobeView.init(…zoom:…)` gives it).
    view.radius = WebMercator.worldSize(zoom: zoom) / (2 * Double.pi) / view.cosLat
    let camera = Camera(
      center: view.coordinate(atX: frame.width / 2, y: frame.height / 2) ?? focus,
      focus: Coordinate(lon: Coordinate.normalizedLongitude(focus.lon), lat: focus.lat), zoom: zoom,
      bearing: frame.bearing, projection: .globe)
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

  /// The largest radius at which the whole outline shows inside, for `view`'s focus (the bounds of
  /// the type's doc comment at the outline's extremes, for each edge that lies on its own side of
  /// the centre of perspective: an edge past it bounds the radius from below, and the centring
  /// meets it); nil when some of it lies on the far hemisphere.
  @inline(__always) func largestRadius(_ outline: GlobeOutline, in view: GlobeView) -> Double? {
    let d = view.distance
    let bounds = outline.radiusBounds(in: view, edges: edges)
    guard bounds.nearest > 1e-9 else { return nil }
    var radius = Double.infinity
    if bounds.nearest < 1 { radius = d * bounds.nearest / (1 - bounds.nearest) * (1 - 1e-9) }
    for (edge, reach) in [
      (frame.right, bounds.right), (-frame.left, bounds.left), (frame.bottom, bounds.bottom), (-frame.top, bounds.top),
    ] where edge > 0 && reach > edge {
      radius = min(radius, edge * d / (reach - edge))
    }
    return radius
  }

  /// The view from `start` with its focus moved until the outline's screen box is centred in the
  /// content rect at the largest radius (within a thousandth of a point), that radius, and whether
  /// the focus moved.
  ///
  /// A content rect whose centre lies far from the centre of perspective (a padding on one side) is
  /// reached in stages of at most 40 points, each from the last one's view: the content then shows
  /// near the limb, where one long step would overshoot onto a focus whose largest radius is much
  /// smaller. When even so no focus centres the box at its largest radius (the limb holds the
  /// content back), the largest radius at which some focus centres it inside the content rect is
  /// found by bisection (`inside(_:from:radius:)`).
  func centre(_ outline: GlobeOutline, from start: GlobeView) -> (view: GlobeView, radius: Double?, moved: Bool) {
    guard let first = largestRadius(outline, in: start), first.isFinite else {
      return (start, largestRadius(outline, in: start), false)
    }
    var view = start
    view.radius = first
    let goal = SIMD2(frame.contentCentre.x, frame.contentCentre.y)
    let stages = max(1, Int(((goal * goal).sum().squareRoot() / 40).rounded(.up)))
    var settled = false
    for stage in 1...stages {
      (view, settled) = settle(outline, from: view, target: goal * (Double(stage) / Double(stages))) {
        largestRadius(outline, in: $0)
      }
    }
    if settled || stages == 1 { return (view, view.radius, view.focus != start.focus) }
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
    let nearest = outline.radiusBounds(in: view, edges: edges).nearest
    guard nearest * (view.radius + view.distance) > view.radius else { return false }
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

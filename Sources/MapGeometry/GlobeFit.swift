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
      let (m, d) = (min(frame.halfWidth, frame.halfHeight), view.distance)
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
    if let largest, largest < frame.options.minZoom {
      // Held at `minZoom`, the content may reach past the visible rect: named exactly.
      cut = GlobeProjection(width: frame.width, height: frame.height, insets: frame.insets, camera: camera)
        .cut(of: bounds)
    }
    return CameraPlacement(camera: camera, worldClamped: false, cut: cut)
  }

  /// The largest radius at which the whole outline shows inside, for `view`'s focus (the bounds of
  /// the type's doc comment at the outline's extremes); nil when some of it lies on the far hemisphere.
  @inline(__always) func largestRadius(_ outline: GlobeOutline, in view: GlobeView) -> Double? {
    let (w, h, d) = (frame.halfWidth, frame.halfHeight, view.distance)
    let (nearest, across, down) = outline.radiusBounds(in: view, halfWidth: w, halfHeight: h)
    guard nearest > 1e-9 else { return nil }
    var radius = Double.infinity
    if nearest < 1 { radius = d * nearest / (1 - nearest) * (1 - 1e-9) }
    if across > w { radius = min(radius, w * d / (across - w)) }
    if down > h { radius = min(radius, h * d / (down - h)) }
    return radius
  }

  /// The view from `start` with its focus moved until the outline's screen box is centred in the
  /// visible rect at the largest radius (within a thousandth of a point), that radius, and whether
  /// the focus moved.
  ///
  /// Each step moves the focus to the ground under where the screen box's centre should go: a move
  /// of `J⁻¹·shift` points, `J` how far the box's centre answers a move (refitting the radius makes
  /// it overshoot), learnt from the steps taken (Broyden's update), from 1.
  func centre(_ outline: GlobeOutline, from start: GlobeView) -> (view: GlobeView, radius: Double?, moved: Bool) {
    guard var radius = largestRadius(outline, in: start), radius.isFinite else {
      return (start, largestRadius(outline, in: start), false)
    }
    var view = start
    var moved = false
    var jacobian = SIMD4<Double>(1, 0, 0, 1)
    var previous: (move: SIMD2<Double>, shift: SIMD2<Double>)?
    for _ in 0..<40 {
      view.radius = radius
      let box = outline.screenBox(in: view)
      let shift = SIMD2((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
      if abs(shift.x) < 1e-3, abs(shift.y) < 1e-3 { break }
      if let (move, last) = previous {
        // J += (Δs − J·m)·mᵀ / (mᵀ·m), Δs how far the shift fell; from 1 again when it grew.
        let fell = last - shift
        let residual =
          fell - SIMD2(jacobian[0] * move.x + jacobian[1] * move.y, jacobian[2] * move.x + jacobian[3] * move.y)
        let length = (move * move).sum()
        if (shift * shift).sum() >= (last * last).sum() || length == 0 {
          jacobian = SIMD4(1, 0, 0, 1)
        } else {
          jacobian += SIMD4(residual.x * move.x, residual.x * move.y, residual.y * move.x, residual.y * move.y) / length
        }
      }
      var determinant = jacobian[0] * jacobian[3] - jacobian[1] * jacobian[2]
      if !(abs(determinant) > 1e-3) { (jacobian, determinant) = (SIMD4(1, 0, 0, 1), 1) }
      let move =
        SIMD2(jacobian[3] * shift.x - jacobian[1] * shift.y, jacobian[0] * shift.y - jacobian[2] * shift.x)
        / determinant
      guard let next = view.ground(atX: frame.principalX + move.x, y: frame.principalY + move.y) else { break }
      let nextView = view.moved(to: next, radius: 1)
      guard let nextRadius = largestRadius(outline, in: nextView), nextRadius.isFinite else { break }
      view = nextView
      moved = true
      radius = nextRadius
      previous = (move, shift)
    }
    return (view, radius, moved)
  }
}

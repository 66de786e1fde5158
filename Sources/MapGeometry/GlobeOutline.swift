import PlatformMath

/// A box's outline on the globe as four circle arcs, with the exact extremes the globe fit needs
/// (<doc:MovingCameras#Globe>): its meridians are arcs of great circles and its parallels arcs of
/// small circles, so each is `c + a·cos t + b·sin t` for `t` in a range, and a linear function of
/// the unit vector, or a ratio of two such, peaks on an arc at its ends or where its derivative in
/// `t` vanishes: `A·cos t + B·sin t + C = 0`, solved in closed form. No sampling, and no
/// trigonometry per camera: the arcs stay in the globe's fixed frame, (cos φ sin λ, sin φ,
/// cos φ cos λ), and each function is taken there, through the camera's axes (`GlobeView.axes`).
struct GlobeOutline {
  /// Where an arc's `t` runs: from `t₀` to `t₁`, at most a turn on.
  struct Span {
    /// cos and sin of `t₀` and `t₁`.
    let cos0, sin0, cos1, sin1: Double
    /// How far the arc turns: less than a quarter turn, up to a half turn, more, or a whole circle.
    let turn: Turn

    enum Turn { case quarter, half, more, whole }

    /// From `start` to `end`, each an angle with its cos and sin.
    init(from start: (t: Double, cos: Double, sin: Double), to end: (t: Double, cos: Double, sin: Double)) {
      (cos0, sin0, cos1, sin1) = (start.cos, start.sin, end.cos, end.sin)
      let span = end.t - start.t
      turn = span >= 2 * Double.pi ? .whole : span > Double.pi ? .more : span < Double.pi / 2 ? .quarter : .half
    }

    /// Whether the direction (`cosT`, `sinT`), of any positive length, lies in the span:
    /// counter-clockwise from `t₀` and clockwise from `t₁` (for more than a half turn: not strictly
    /// inside the rest). Every test is the sign of a linear form, so no direction needs normalising.
    @inline(__always) func contains(_ cosT: Double, _ sinT: Double) -> Bool {
      let fromStart = cos0 * sinT - sin0 * cosT
      let toEnd = cosT * sin1 - sinT * cos1
      switch turn {
      // Short spans on the side of their ends' bisector too: the direction opposite a point's
      // crosses neither end.
      case .quarter: return fromStart >= 0 && toEnd >= 0 && cosT * (cos0 + cos1) + sinT * (sin0 + sin1) > 0
      case .half: return fromStart >= 0 && toEnd >= 0
      case .more: return fromStart >= 0 || toEnd >= 0
      case .whole: return true
      }
    }
  }

  /// An arc `c + a·cos t + b·sin t` in the fixed frame, `t` in `span`.
  struct Arc {
    /// The only coordinates of `c`, `a` and `b` that a meridian or a parallel leaves non-zero:
    /// `c = (0, cy, 0)`, `a = (ax, 0, az)`, `b = (bx, by, 0)`.
    let cy, ax, az, bx, by: Double
    let span: Span

    /// The arc's point at `t` (its cos and sin).
    @inline(__always) func point(_ cosT: Double, _ sinT: Double) -> SIMD3<Double> {
      SIMD3(ax * cosT + bx * sinT, cy + by * sinT, az * cosT)
    }

    /// `l·v` along the arc: `l·c + (l·a)·cos t + (l·b)·sin t`, as its three coefficients.
    @inline(__always) func form(_ l: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3(l.y * cy, l.x * ax + l.z * az, l.x * bx + l.y * by)
    }
  }

  /// The west and east meridians (from south to north) and the south and north parallels (from west
  /// to east).
  let west, east, south, north: Arc
  /// The box's corners: south-west, north-west, south-east, north-east.
  let corners: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

  /// The outline of the box from unit x `x0` to `x1` (east unwrapped past west) and latitudes
  /// `south`…`north` (degrees, clamped to the Mercator world).
  init(x0: Double, x1: Double, south: Double, north: Double) {
    func angle(_ t: Double) -> (t: Double, cos: Double, sin: Double) { (t, cos(t), sin(t)) }
    let w = angle(WebMercator.lon(x: x0) * Double.pi / 180)
    let e = angle(max(w.t, WebMercator.lon(x: x1) * Double.pi / 180))
    let s = angle(max(south, -WebMercator.maxLatitude) * Double.pi / 180)
    let n = angle(max(s.t, min(north, WebMercator.maxLatitude) * Double.pi / 180))
    let (latitudes, longitudes) = (Span(from: s, to: n), Span(from: w, to: e))
    func meridian(_ lon: (t: Double, cos: Double, sin: Double)) -> Arc {
      // c = 0, a = (sin λ, 0, cos λ), b = (0, 1, 0).
      Arc(cy: 0, ax: lon.sin, az: lon.cos, bx: 0, by: 1, span: latitudes)
    }
    func parallel(_ lat: (t: Double, cos: Double, sin: Double)) -> Arc {
      // c = (0, sin φ, 0), a = (0, 0, cos φ), b = (cos φ, 0, 0).
      Arc(cy: lat.sin, ax: 0, az: lat.cos, bx: lat.cos, by: 0, span: longitudes)
    }
    (west, east, self.south, self.north) = (meridian(w), meridian(e), parallel(s), parallel(n))
    func corner(_ lon: (t: Double, cos: Double, sin: Double), _ lat: (t: Double, cos: Double, sin: Double))
      -> SIMD3<Double>
    {
      SIMD3(lat.cos * lon.sin, lat.sin, lat.cos * lon.cos)
    }
    corners = (corner(w, s), corner(w, n), corner(e, s), corner(e, n))
  }

  /// The unit vector at the box's middle (mid latitude, centre meridian), from the ends' cos and
  /// sin: `(cos α + cos β, sin α + sin β) = 2·cos((β − α)/2)·(cos, sin)` of the mean, no
  /// trigonometry; nil where that loses precision (more than 120° of longitude) or points the other
  /// way (more than a half turn: cos((β − α)/2) < 0).
  var middle: SIMD3<Double>? {
    let (lat, lon) = (west.span, south.span)
    guard lon.turn == .quarter || lon.turn == .half else { return nil }
    let latitude = SIMD2(lat.cos0 + lat.cos1, lat.sin0 + lat.sin1)
    let longitude = SIMD2(lon.cos0 + lon.cos1, lon.sin0 + lon.sin1)
    let (latLength, lonLength) = ((latitude * latitude).sum().squareRoot(), (longitude * longitude).sum().squareRoot())
    guard latLength > 1, lonLength > 1 else { return nil }
    let (cosLat, sinLat) = (latitude.x / latLength, latitude.y / latLength)
    return SIMD3(cosLat * longitude.y / lonLength, sinLat, cosLat * longitude.x / lonLength)
  }

  /// A rect's edges in points from the centre of perspective (right and down positive).
  struct Edges {
    var left, right, top, bottom: Double

    static func centred(halfWidth: Double, halfHeight: Double) -> Edges {
      Edges(left: -halfWidth, right: halfWidth, top: -halfHeight, bottom: halfHeight)
    }
  }

  /// The outline's nearest `z`, and for each edge of `edges` the largest of the function that bounds
  /// a globe's radius there (`GlobeFit.largestRadius`), in `view`'s frame: `d·x + e·z` on the right
  /// (`e` the edge's distance, right of the centre positive), `−d·x + e·z` on the left (left of the
  /// centre positive), `−d·y + e·z` at the bottom and `d·y + e·z` at the top (the screen's y runs
  /// down, the frame's up). Each arc's `x`, `y` and `z` forms are taken once and combined for the
  /// five functions.
  func radiusBounds(in view: GlobeView, edges: Edges)
    -> (nearest: Double, right: Double, left: Double, bottom: Double, top: Double)
  {
    var bounds = RadiusBounds(distance: view.distance, edges: edges)
    bounds.take(view.turn(corners.0))
    bounds.take(view.turn(corners.1))
    bounds.take(view.turn(corners.2))
    bounds.take(view.turn(corners.3))
    bounds.takePeaks(of: west, axes: view.axes)
    bounds.takePeaks(of: east, axes: view.axes)
    bounds.takePeaks(of: south, axes: view.axes)
    bounds.takePeaks(of: north, axes: view.axes)
    return (-bounds.farthest, bounds.right, bounds.left, bounds.bottom, bounds.top)
  }

  /// The radius bounds as they grow (`radiusBounds(in:edges:)`): the largest `−z`, and each edge's
  /// function.
  struct RadiusBounds {
    let d: Double
    /// Each edge's distance from the centre, positive on its own side: right, left, bottom, top.
    let e: SIMD4<Double>
    var farthest = -Double.infinity
    var right = -Double.infinity
    var left = -Double.infinity
    var bottom = -Double.infinity
    var top = -Double.infinity

    init(distance: Double, edges: Edges) {
      d = distance
      e = SIMD4(edges.right, -edges.left, edges.bottom, -edges.top)
    }

    /// Takes in a point of the camera's frame.
    @inline(__always) mutating func take(_ v: SIMD3<Double>) {
      farthest = max(farthest, -v.z)
      right = max(right, d * v.x + e[0] * v.z)
      left = max(left, -d * v.x + e[1] * v.z)
      bottom = max(bottom, -d * v.y + e[2] * v.z)
      top = max(top, d * v.y + e[3] * v.z)
    }

    /// Takes in where the five functions turn inside `arc`: a function whose form is
    /// `f₀ + f₁·cos t + f₂·sin t` peaks at `f₀ + √(f₁² + f₂²)` in the direction (f₁, f₂), when the
    /// span holds it.
    @inline(__always) mutating func takePeaks(
      of arc: Arc, axes: (x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>)
    ) {
      let (x, y, z) = (arc.form(axes.x), arc.form(axes.y), arc.form(axes.z))
      @inline(__always) func peak(_ f: SIMD3<Double>) -> Double {
        guard f.y != 0 || f.z != 0, arc.span.contains(f.y, f.z) else { return -.infinity }
        return f.x + (f.y * f.y + f.z * f.z).squareRoot()
      }
      farthest = max(farthest, peak(-z))
      right = max(right, peak(d * x + e[0] * z))
      left = max(left, peak(e[1] * z - d * x))
      bottom = max(bottom, peak(e[2] * z - d * y))
      top = max(top, peak(d * y + e[3] * z))
    }
  }

  /// The box of the outline's screen offsets `s·(x, −(y − sin p))`, `s = d·R / D`,
  /// `D = d + R·(cos p − z)`, from the centre of perspective, in `view` (its radius R, distance d
  /// and pitch p; the outline wholly on the near side): over the corners and the points where
  /// `x / D` or `(y − sin p) / D` turns on an arc.
  func screenBox(in view: GlobeView) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
    let (d, r, (sinP, cosP)) = (view.distance, view.radius, view.tilt)
    var box = ScreenBox(scale: d * r)
    @inline(__always) func corner(_ v: SIMD3<Double>) {
      let seen = view.turn(v)
      box.take(seen.x, seen.y - sinP, d + r * cosP - r * seen.z)
    }
    corner(corners.0)
    corner(corners.1)
    corner(corners.2)
    corner(corners.3)
    for arc in [west, east, south, north] {
      box.takeTurns(of: arc, axes: view.axes, radius: r, distance: d, tilt: (sinP, cosP))
    }
    return (box.minX, box.maxX, box.minY, box.maxY)
  }

  /// Whether the whole outline shows on `view`'s near side (`GlobeView.nearSide`): its lowest
  /// `l·v` above the bound.
  func showsWhole(in view: GlobeView) -> Bool {
    let (form, bound) = view.nearSide
    return lowest(form).value > bound
  }

  /// The outline's lowest `l·v` (`l` a form of the fixed frame) and the unit vector where it lies:
  /// over the corners and each arc's trough, `f₀ − √(f₁² + f₂²)` in the direction −(f₁, f₂) when
  /// the span holds it.
  func lowest(_ l: SIMD3<Double>) -> (value: Double, at: SIMD3<Double>) {
    var best = (value: Double.infinity, at: corners.0)
    for corner in [corners.0, corners.1, corners.2, corners.3] {
      let value = (l * corner).sum()
      if value < best.value { best = (value, corner) }
    }
    for arc in [west, east, south, north] {
      let f = arc.form(l)
      let length = (f.y * f.y + f.z * f.z).squareRoot()
      guard length > 0, arc.span.contains(-f.y, -f.z), f.x - length < best.value else { continue }
      let (cosT, sinT) = (-f.y / length, -f.z / length)
      best = (f.x - length, arc.point(cosT, sinT))
    }
    return best
  }

  /// The screen box as it grows (`screenBox(in:)`).
  struct ScreenBox {
    /// d·R.
    let scale: Double
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity

    init(scale: Double) { self.scale = scale }

    /// Takes in the point whose x, y and D are `nx`, `ny` and `depth`.
    @inline(__always) mutating func take(_ nx: Double, _ ny: Double, _ depth: Double) {
      let s = scale / depth
      (minX, maxX) = (min(minX, s * nx), max(maxX, s * nx))
      (minY, maxY) = (min(minY, -s * ny), max(maxY, -s * ny))
    }

    /// Takes in the points of `arc` where `x / D` or `(y − sin p) / D` turns, its forms `f₀ + f₁·cos t +
    /// f₂·sin t` taken through the camera's `axes`.
    @inline(__always) mutating func takeTurns(
      of arc: Arc, axes: (x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>), radius r: Double, distance d: Double,
      tilt: (sin: Double, cos: Double)
    ) {
      let (x, y) = (arc.form(axes.x), arc.form(axes.y) - SIMD3(tilt.sin, 0, 0))
      // D = d0 + d1·cos t + d2·sin t.
      let depth = SIMD3(d + r * tilt.cos, 0, 0) - r * arc.form(axes.z)
      takeTurns(of: x, on: arc.span, x: x, y: y, depth: depth)
      takeTurns(of: y, on: arc.span, x: x, y: y, depth: depth)
    }

    /// Takes in the points of the span where `N / D` turns, `N`, `D` and the point's `x` and `y`
    /// given as forms: `N′D − ND′ = A·cos t + B·sin t + C = 0` at
    /// `(cos t, sin t) = (−C·(A, B) ± √(r² − C²)·(−B, A)) / r²`, `r² = A² + B²`.
    @inline(__always) mutating func takeTurns(
      of n: SIMD3<Double>, on span: Span, x: SIMD3<Double>, y: SIMD3<Double>, depth: SIMD3<Double>
    ) {
      let A = n.z * depth.x - n.x * depth.z
      let B = n.x * depth.y - n.y * depth.x
      let C = n.z * depth.y - n.y * depth.z
      let rr = A * A + B * B
      guard rr > 0, C * C <= rr else { return }
      let root = (rr - C * C).squareRoot()
      let inverse = 1 / rr
      let first = (-C * A - root * B, -C * B + root * A)
      let second = (-C * A + root * B, -C * B - root * A)
      if span.contains(first.0, first.1) {
        let t = SIMD3(1, first.0 * inverse, first.1 * inverse)
        take((x * t).sum(), (y * t).sum(), (depth * t).sum())
      }
      if span.contains(second.0, second.1) {
        let t = SIMD3(1, second.0 * inverse, second.1 * inverse)
        take((x * t).sum(), (y * t).sum(), (depth * t).sum())
      }
    }
  }
}

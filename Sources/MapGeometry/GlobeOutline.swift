import PlatformMath

/// A box's outline on the globe as four circle arcs, with the exact extremes the globe fit needs
/// (<doc:MovingCameras#Globe>): its meridians are arcs of great circles and its parallels arcs of
/// small circles, so each is `c + a·cos t + b·sin t` for `t` in a range, and a linear function of
/// the unit vector, or a ratio of two such, peaks on an arc at its ends or where its derivative in
/// `t` vanishes: `A·cos t + B·sin t + C = 0`, solved in closed form. No sampling, no trigonometry
/// per point, no branches: the four arcs are the four lanes of each vector (west and east
/// meridians, south and north parallels).
struct GlobeOutline {
  typealias Lanes = SIMD4<Double>

  /// Each arc's `c`, `a` and `b`, by component.
  var cx, cy, cz, ax, ay, az, bx, by, bz: Lanes
  /// cos and sin of each arc's `t₀` and `t₁`.
  let cos0, sin0, cos1, sin1: Lanes
  /// How far each arc turns: under a quarter turn, up to a half turn, more, a whole turn.
  let quarter, half, more, whole: SIMDMask<SIMD4<Int64>>

  /// The outline of the box from unit x `x0` to `x1` (east unwrapped past west) and latitudes
  /// `south`…`north` (degrees, clamped to the Mercator world), in the globe's fixed frame
  /// (`GlobeView.turn` before its turns): (cos φ sin λ, sin φ, cos φ cos λ).
  init(x0: Double, x1: Double, south: Double, north: Double) {
    let w = WebMercator.lon(x: x0) * Double.pi / 180
    let e = max(w, WebMercator.lon(x: x1) * Double.pi / 180)
    let s = max(south, -WebMercator.maxLatitude) * Double.pi / 180
    let n = max(s, min(north, WebMercator.maxLatitude) * Double.pi / 180)
    let (sinW, cosW, sinE, cosE) = (sin(w), cos(w), sin(e), cos(e))
    let (sinS, cosS, sinN, cosN) = (sin(s), cos(s), sin(n), cos(n))
    // Meridian at λ, t = φ: c = 0, a = (sin λ, 0, cos λ), b = (0, 1, 0). Parallel at φ, t = λ:
    // c = (0, sin φ, 0), a = (0, 0, cos φ), b = (cos φ, 0, 0).
    cx = .zero
    cy = Lanes(0, 0, sinS, sinN)
    cz = .zero
    ax = Lanes(sinW, sinE, 0, 0)
    ay = .zero
    az = Lanes(cosW, cosE, cosS, cosN)
    bx = Lanes(0, 0, cosS, cosN)
    by = Lanes(1, 1, 0, 0)
    bz = .zero
    cos0 = Lanes(cosS, cosS, cosW, cosW)
    sin0 = Lanes(sinS, sinS, sinW, sinW)
    cos1 = Lanes(cosN, cosN, cosE, cosE)
    sin1 = Lanes(sinN, sinN, sinE, sinE)
    let span = Lanes(n - s, n - s, e - w, e - w)
    let (isWhole, isShort) = (span .>= 2 * Double.pi, span .< Double.pi / 2)
    let isMore = .!isWhole .& (span .> Double.pi)
    (whole, more, quarter, half) = (isWhole, isMore, isShort, .!isWhole .& .!isMore .& .!isShort)
  }

  /// The outline in `view`'s frame (`GlobeView.turn`, linear, applied to every arc's vectors).
  func turned(into view: GlobeView) -> GlobeOutline {
    @inline(__always) func turn(_ x: inout Lanes, _ y: inout Lanes, _ z: inout Lanes) {
      let x1 = x * view.cosLon - z * view.sinLon
      let z0 = z * view.cosLon + x * view.sinLon
      let y1 = y * view.cosLat - z0 * view.sinLat
      z = y * view.sinLat + z0 * view.cosLat
      x = x1 * view.cosB - y1 * view.sinB
      y = x1 * view.sinB + y1 * view.cosB
    }
    var copy = self
    turn(&copy.cx, &copy.cy, &copy.cz)
    turn(&copy.ax, &copy.ay, &copy.az)
    turn(&copy.bx, &copy.by, &copy.bz)
    return copy
  }

  /// Whether each arc holds the direction (`cosT`, `sinT`), of any positive length: counter-clockwise
  /// from `t₀` and clockwise from `t₁` (for more than a half turn: not strictly inside the rest).
  /// Every test is the sign of a linear form, so no direction needs normalising.
  @inline(__always) func contains(_ cosT: Lanes, _ sinT: Lanes) -> SIMDMask<SIMD4<Int64>> {
    let fromStart = cos0 * sinT - sin0 * cosT .>= 0
    let toEnd = cosT * sin1 - sinT * cos1 .>= 0
    // Short arcs on the side of their ends' bisector too: the direction opposite a point arc's
    // crosses neither end.
    let bisector = cosT * (cos0 + cos1) + sinT * (sin0 + sin1) .> 0
    let between = fromStart .& toEnd
    return (quarter .& between .& bisector) .| (half .& between) .| (more .& (fromStart .| toEnd)) .| whole
  }

  /// Each arc's point at (`cosT`, `sinT`).
  @inline(__always) func point(_ cosT: Lanes, _ sinT: Lanes) -> (x: Lanes, y: Lanes, z: Lanes) {
    (cx + ax * cosT + bx * sinT, cy + ay * cosT + by * sinT, cz + az * cosT + bz * sinT)
  }

  /// The largest `l·v` on the outline: at an arc's end, or where it turns inside the arc,
  /// `l·c + √(A² + B²)` at the direction (A, B) = (l·a, l·b).
  func maximum(of l: SIMD3<Double>) -> Double {
    maximum(of: l, ends: (point(cos0, sin0), point(cos1, sin1)))
  }

  /// `maximum(of:)` with the arcs' ends given.
  @inline(__always) func maximum(
    of l: SIMD3<Double>, ends: ((x: Lanes, y: Lanes, z: Lanes), (x: Lanes, y: Lanes, z: Lanes))
  ) -> Double {
    @inline(__always) func dot(_ x: Lanes, _ y: Lanes, _ z: Lanes) -> Lanes { x * l.x + y * l.y + z * l.z }
    let (start, end) = ends
    let A = dot(ax, ay, az)
    let B = dot(bx, by, bz)
    let peak = dot(cx, cy, cz) + (A * A + B * B).squareRoot()
    let turns = contains(A, B) .& (A .!= 0 .| B .!= 0)
    let inside = Lanes(repeating: -.infinity).replacing(with: peak, where: turns)
    return max(dot(start.x, start.y, start.z).largest, dot(end.x, end.y, end.z).largest, inside.largest)
  }

  /// The outline's nearest `z` and largest `max(±d·x) + w·z` and `max(±d·y) + h·z`: what bounds
  /// a globe's radius (`CameraFit.globePlacement`).
  func radiusBounds(distance d: Double, halfWidth w: Double, halfHeight h: Double)
    -> (nearest: Double, across: Double, down: Double)
  {
    let ends = (point(cos0, sin0), point(cos1, sin1))
    let across = max(maximum(of: SIMD3(d, 0, w), ends: ends), maximum(of: SIMD3(-d, 0, w), ends: ends))
    let down = max(maximum(of: SIMD3(0, d, h), ends: ends), maximum(of: SIMD3(0, -d, h), ends: ends))
    return (-maximum(of: SIMD3(0, 0, -1), ends: ends), across, down)
  }

  /// The box of the outline's screen offsets `s·(x, −y)`, `s = d·R / (d + R·(1 − z))`, from the
  /// centre of perspective, for a globe of radius `R` seen from `d` (the outline turned into the
  /// camera's frame and wholly on the near side): over the arcs' ends and the points where `x / D`
  /// or `y / D` turns, `D = d + R·(1 − z)`.
  func screenBox(radius: Double, distance: Double) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
    let all = SIMDMask<SIMD4<Int64>>(repeating: true)
    let ends = Self.box(point(cos0, sin0), where: all, radius: radius, distance: distance)
      .union(Self.box(point(cos1, sin1), where: all, radius: radius, distance: distance))
    // D = d0 + d1·cos t + d2·sin t; N = n0 + n1·cos t + n2·sin t is x, then y.
    let (d0, d1, d2) = (distance + radius - radius * cz, -radius * az, -radius * bz)
    let x = turns(cx, ax, bx, over: d0, d1, d2, radius: radius, distance: distance)
    let y = turns(cy, ay, by, over: d0, d1, d2, radius: radius, distance: distance)
    let box = ends.union(x).union(y)
    return (box.low.x, box.high.x, box.low.y, box.high.y)
  }

  /// A box of screen offsets: the lowest and highest x and y.
  struct ScreenBox {
    var low, high: SIMD2<Double>

    @inline(__always) func union(_ other: ScreenBox) -> ScreenBox {
      ScreenBox(low: pointwiseMin(low, other.low), high: pointwiseMax(high, other.high))
    }
  }

  /// The box of the lanes' points `v` where `shown`, on the screen (`screenBox`).
  @inline(__always) static func box(
    _ v: (x: Lanes, y: Lanes, z: Lanes), where shown: SIMDMask<SIMD4<Int64>>, radius: Double, distance: Double
  ) -> ScreenBox {
    let scale = distance * radius / (distance + radius * (1 - v.z))
    let (x, y) = (scale * v.x, -scale * v.y)
    let none = Lanes(repeating: .infinity)
    return ScreenBox(
      low: SIMD2(none.replacing(with: x, where: shown).smallest, none.replacing(with: y, where: shown).smallest),
      high: SIMD2((-none).replacing(with: x, where: shown).largest, (-none).replacing(with: y, where: shown).largest))
  }

  /// The box of the points where `N / D` turns on each arc: `N′D − ND′ = A·cos t + B·sin t + C = 0`
  /// at `(cos t, sin t) = (−C·(A, B) ± √(r² − C²)·(−B, A)) / r²`, `r² = A² + B²`.
  @inline(__always) func turns(
    _ n0: Lanes, _ n1: Lanes, _ n2: Lanes, over d0: Lanes, _ d1: Lanes, _ d2: Lanes, radius: Double,
    distance: Double
  ) -> ScreenBox {
    let A = n2 * d0 - n0 * d2
    let B = n0 * d1 - n1 * d0
    let C = n2 * d1 - n1 * d2
    let rr = A * A + B * B
    let solvable = (rr .> 0) .& (C * C .<= rr)
    let root = pointwiseMax(rr - C * C, .zero).squareRoot()
    let inverse = 1 / Lanes(repeating: 1).replacing(with: rr, where: rr .> 0)
    let (cosA, sinA) = (-C * A - root * B, -C * B + root * A)
    let (cosB, sinB) = (-C * A + root * B, -C * B - root * A)
    let first = Self.box(
      point(cosA * inverse, sinA * inverse), where: solvable .& contains(cosA, sinA), radius: radius,
      distance: distance)
    let second = Self.box(
      point(cosB * inverse, sinB * inverse), where: solvable .& contains(cosB, sinB), radius: radius,
      distance: distance)
    return first.union(second)
  }
}

extension SIMD4<Double> {
  /// The largest lane (the standard `max()` is not inlined into the loops here).
  @inline(__always) fileprivate var largest: Double { Swift.max(Swift.max(x, y), Swift.max(z, w)) }
  /// The smallest lane.
  @inline(__always) fileprivate var smallest: Double { Swift.min(Swift.min(x, y), Swift.min(z, w)) }
}

import PlatformMath

/// The globe as MapLibre GL JS 5 draws it below zoom 12 (its vertical perspective transform;
/// <doc:MovingCameras#Globe>): a sphere of `R = S / (2π · cos φc)` points (`S` the world size at the
/// zoom, `φc` the centre's latitude) whose point under the camera's focus touches the plane of the
/// screen, seen from `d = 1.5·H` points in front of it.
///
/// A coordinate's unit vector, turned so that the focus is `(0, 0, 1)`, by the bearing, then tilted
/// by the pitch `p` (about the screen's x axis, as MapLibre's `rotateX(−pitch)`), is `(x, y, z)`: the
/// focus is then `(0, sin p, cos p)` and the camera stands `d` points beyond it along `z`. The point
/// shows `d·R·(x, −(y − sin p)) / D` points from the centre of perspective (the visible rect's
/// centre), `D = d + R·(cos p − z)` its depth, and only on the near side, where
/// `(d + R·cos p)·z + R·sin p·y > R` (in front of its tangent plane as seen from the camera). With no
/// pitch: `d·R·(x, −y) / (d + R·(1 − z))`, seen where `z > R / (R + d)`.
struct GlobeView {
  let distance: Double
  var radius: Double
  let principalX, principalY: Double
  /// The focus's latitude and longitude, the bearing and the pitch, as cos and sin.
  let sinLat, cosLat, sinLon, cosLon, cosB, sinB, sinP, cosP: Double
  /// The camera's axes (right, up, towards the viewer, after the tilt) in the fixed frame:
  /// `turn(v)` is `(x·v, y·v, z·v)`.
  let axes: (x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>)

  /// The globe of a camera whose focus is `center`, in a view `height` points tall whose visible
  /// rect's centre is (`principalX`, `principalY`).
  init(
    height: Double, principalX: Double, principalY: Double, center: Coordinate, zoom: Double, bearing: Double,
    pitch: Double = 0
  ) {
    let (lat, lon) = (center.lat * Double.pi / 180, center.lon * Double.pi / 180)
    let latitude = (sin: sin(lat), cos: cos(lat))
    self.init(
      distance: Perspective.distanceRatio * height, principalX: principalX, principalY: principalY,
      latitude: latitude, longitude: (sin(lon), cos(lon)),
      radius: WebMercator.worldSize(zoom: zoom) / (2 * Double.pi) / latitude.cos, rotation: Self.rotation(bearing),
      tilt: Self.tilt(pitch))
  }

  /// A bearing's cos and sin.
  static func rotation(_ bearing: Double) -> (cos: Double, sin: Double) {
    bearing == 0 ? (1, 0) : (cos(bearing * Double.pi / 180), sin(bearing * Double.pi / 180))
  }

  /// A pitch's sin and cos.
  static func tilt(_ pitch: Double) -> (sin: Double, cos: Double) {
    pitch == 0 ? (0, 1) : (sin(pitch * Double.pi / 180), cos(pitch * Double.pi / 180))
  }

  /// The globe of `radius` points whose point under the focus is `center`; `ground`, when given, is
  /// `center`'s unit vector in the fixed frame, and `rotation` the bearing's cos and sin, which save
  /// the trigonometry; `tilt` is the pitch's sin and cos.
  init(
    height: Double, principalX: Double, principalY: Double, center: Coordinate, radius: Double, bearing: Double,
    ground: SIMD3<Double>? = nil, rotation: (cos: Double, sin: Double)? = nil, tilt: (sin: Double, cos: Double) = (0, 1)
  ) {
    let (lat, lon) = (center.lat * Double.pi / 180, center.lon * Double.pi / 180)
    let (latitude, longitude) =
      ground.map(Self.angles) ?? (latitude: (sin: sin(lat), cos: cos(lat)), longitude: (sin: sin(lon), cos: cos(lon)))
    self.init(
      distance: Perspective.distanceRatio * height, principalX: principalX, principalY: principalY,
      latitude: latitude, longitude: longitude, radius: radius, rotation: rotation ?? Self.rotation(bearing), tilt: tilt
    )
  }

  private init(
    distance: Double, principalX: Double, principalY: Double, latitude: (sin: Double, cos: Double),
    longitude: (sin: Double, cos: Double), radius: Double, rotation: (cos: Double, sin: Double),
    tilt: (sin: Double, cos: Double)
  ) {
    let (cosB, sinB) = rotation
    self.distance = distance
    self.radius = radius
    self.principalX = principalX
    self.principalY = principalY
    (sinLat, cosLat) = latitude
    (sinLon, cosLon) = longitude
    self.cosB = cosB
    self.sinB = sinB
    (sinP, cosP) = tilt
    // Turned by −λc about the pole, by φc towards the viewer, by the bearing, then tilted: the
    // rows of that turn.
    let (sinLat, cosLat, sinLon, cosLon) = (latitude.sin, latitude.cos, longitude.sin, longitude.cos)
    let right = SIMD3(cosLon, 0, -sinLon)
    let up = SIMD3(-sinLat * sinLon, cosLat, -sinLat * cosLon)
    let toward = SIMD3(cosLat * sinLon, sinLat, cosLat * cosLon)
    let (screenUp, screenToward) = (right * sinB + up * cosB, toward)
    axes = (
      right * cosB - up * sinB, screenUp * tilt.cos + screenToward * tilt.sin,
      screenToward * tilt.cos - screenUp * tilt.sin
    )
  }

  /// The pitch's sin and cos.
  var tilt: (sin: Double, cos: Double) { (sinP, cosP) }

  /// The sine of the Mercator world's latitude limit.
  static let sinMaxLatitude = sin(WebMercator.maxLatitude * Double.pi / 180)

  /// This globe with `radius` points, its focus moved to the unit vector `ground` of the fixed frame
  /// (`ground(atX:y:)`), its latitude kept within the Mercator world's: no trigonometry.
  func moved(to ground: SIMD3<Double>, radius: Double) -> GlobeView {
    var (latitude, longitude) = Self.angles(of: ground)
    // Past the Mercator world's latitude, where the focus is held, it stays on this view's meridian:
    // a ground point near the pole has a meridian a rounding can turn half round (the native and web
    // engines' maths put a focus on either side of the pole, 180° apart).
    if abs(ground.y) > Self.sinMaxLatitude { longitude = (sinLon, cosLon) }
    return GlobeView(
      distance: distance, principalX: principalX, principalY: principalY, latitude: latitude,
      longitude: longitude, radius: radius, rotation: (cosB, sinB), tilt: tilt)
  }

  /// The sin and cos of the latitude (kept within the Mercator world's) and longitude of a unit
  /// vector of the fixed frame.
  static func angles(of ground: SIMD3<Double>) -> (
    latitude: (sin: Double, cos: Double), longitude: (sin: Double, cos: Double)
  ) {
    let sinLat = min(max(ground.y, -sinMaxLatitude), sinMaxLatitude)
    let across = (ground.x * ground.x + ground.z * ground.z).squareRoot()
    return ((sinLat, (1 - sinLat * sinLat).squareRoot()), across > 0 ? (ground.x / across, ground.z / across) : (0, 1))
  }

  /// The focus's coordinate.
  var focus: Coordinate {
    Coordinate(
      lon: Coordinate.normalizedLongitude(atan2(sinLon, cosLon) * 180 / Double.pi),
      lat: atan2(sinLat, cosLat) * 180 / Double.pi)
  }

  /// The unit vector of a coordinate (radians) in the camera's frame: the focus at
  /// `(0, sin p, cos p)`, `x` right and `y` up on the screen.
  func turned(lon: Double, lat: Double) -> (x: Double, y: Double, z: Double) {
    let cosPhi = cos(lat)
    let v = turn(SIMD3(cosPhi * sin(lon), sin(lat), cosPhi * cos(lon)))
    return (v.x, v.y, v.z)
  }

  /// A vector of the globe's fixed frame, (cos φ sin λ, sin φ, cos φ cos λ) for a unit one, in the
  /// camera's: turned by −λc about the pole, by φc towards the viewer, by the bearing, then tilted.
  @inline(__always) func turn(_ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3((axes.x * v).sum(), (axes.y * v).sum(), (axes.z * v).sum())
  }

  /// Where a coordinate shows, in view points; nil on the far side of the globe.
  func point(of coordinate: Coordinate) -> (x: Double, y: Double)? {
    let (lat, lon) = (coordinate.lat * Double.pi / 180, coordinate.lon * Double.pi / 180)
    return point(ofGround: SIMD3(cos(lat) * sin(lon), sin(lat), cos(lat) * cos(lon)))
  }

  /// Where the unit vector `ground` of the fixed frame shows, in view points; nil on the far side.
  @inline(__always) func point(ofGround ground: SIMD3<Double>) -> (x: Double, y: Double)? {
    let v = turn(ground)
    let depth = distance + radius * (cosP - v.z)
    guard (distance + radius * cosP) * v.z + radius * sinP * v.y > radius, depth > 0 else { return nil }
    let scale = distance * radius / depth
    return (principalX + scale * v.x, principalY - scale * (v.y - sinP))
  }

  /// The coordinate of a unit vector of the fixed frame.
  static func coordinate(ofGround v: SIMD3<Double>) -> Coordinate {
    // atan2 lies within ±π: normalised as `Coordinate.normalizedLongitude` does, with no remainder.
    let lon = atan2(v.x, v.z) * 180 / Double.pi
    return Coordinate(lon: lon >= 180 ? lon - 360 : lon, lat: asin(min(max(v.y, -1), 1)) * 180 / Double.pi)
  }

  /// The linear form `l` and bound `R` of the near side: a unit vector `v` of the fixed frame shows
  /// where `l·v > R` (`(d + R·cos p)·z + R·sin p·y > R` in the camera's frame).
  var nearSide: (form: SIMD3<Double>, bound: Double) {
    (axes.y * (radius * sinP) + axes.z * (distance + radius * cosP), radius)
  }

  /// The coordinate that shows at (`x`, `y`) view points: where the ray through it meets the globe;
  /// nil in space.
  func coordinate(atX x: Double, y: Double) -> Coordinate? {
    ground(atX: x, y: y).map(Self.coordinate(ofGround:))
  }

  /// The unit vector in the fixed frame, (cos φ sin λ, sin φ, cos φ cos λ), of the point that shows
  /// at (`x`, `y`) view points; nil in space.
  func ground(atX x: Double, y: Double) -> SIMD3<Double>? {
    let g = grounds(atX: SIMD2(repeating: x), y: SIMD2(repeating: y))
    return g.onSphere[0] != 0 ? SIMD3(g.x[0], g.y[0], g.z[0]) : nil
  }

  /// The coordinate where the ray through (`x`, `y`), a point on the limb, grazes the globe: the
  /// ray's point nearest the globe's centre, taken onto the sphere. On the limb it is where the ray
  /// meets the globe; there the meeting point itself (`ground`) is ill-conditioned (a root of a
  /// discriminant near nought: a last-place difference in the maths moved it 1e-4° on a small
  /// globe), the nearest point not.
  func grazed(atX x: Double, y: Double) -> Coordinate {
    let (d, r) = (distance, radius)
    let ox = x - principalX
    let oy = principalY - y
    let a = ox * ox + oy * oy + d * d
    let b = r * sinP * oy - (r * cosP + d) * d
    // The nearest point, t = −b / a along the ray, in units of r.
    let s = -b / (a * r)
    let t = SIMD3(s * ox, sinP + s * oy, cosP + d / r - s * d)
    let u = t / (t * t).sum().squareRoot()
    return Self.coordinate(
      ofGround: SIMD3(
        axes.x.x * u.x + axes.y.x * u.y + axes.z.x * u.z, axes.x.y * u.x + axes.y.y * u.y + axes.z.y * u.z,
        axes.x.z * u.x + axes.y.z * u.y + axes.z.z * u.z))
  }

  /// `ground(atX:y:)` of several view points at once, lane by lane: the unit vectors' components,
  /// which lanes show the sphere (all ones; the others hold no vector), and which of them lie well
  /// inside its outline (the discriminant above a millionth of its scale: the same point a
  /// billionth further out shows the sphere too).
  @inline(__always) func grounds<V: SIMD>(atX x: V, y: V) -> (
    x: V, y: V, z: V, onSphere: V.MaskStorage, wellInside: V.MaskStorage
  ) where V.Scalar == Double {
    let d = distance
    let r = radius
    // The ray from the camera, (0, r·sin p, r·cos p + d) + t·(ox, oy, −d) in the camera's frame,
    // the globe's centre at the origin.
    let ox = x - principalX
    let oy = principalY - y
    let a = ox * ox + oy * oy + d * d
    let b = r * sinP * oy - (r * cosP + d) * d
    let discriminant = self.discriminant(ox, oy)
    // t, and t / r (one division); NaN where the ray misses.
    let near = -b - discriminant.squareRoot()
    let s = near / (a * r)
    let tx = s * ox
    let ty = sinP + s * oy
    let tz = cosP + d / r - s * d
    // Back to the fixed frame: the turn's inverse is its transpose.
    return (
      axes.x.x * tx + axes.y.x * ty + axes.z.x * tz, axes.x.y * tx + axes.y.y * ty + axes.z.y * tz,
      axes.x.z * tx + axes.y.z * ty + axes.z.z * tz,
      // Not a negative discriminant (whose root is NaN), and a positive `near`.
      ~(laneBits(discriminant) &>> 63) & greaterLanes(near, V()), greaterLanes(discriminant, 1e-6 * b * b)
    )
  }

  /// The discriminant of where the ray through the screen offset (`ox`, `oy`) from the centre of
  /// perspective (y up) meets the sphere, lane by lane: positive where it does, nought on the limb.
  @inline(__always) func discriminant<V: SIMD>(_ ox: V, _ oy: V) -> V where V.Scalar == Double {
    let (d, r) = (distance, radius)
    let b = r * sinP * oy - (r * cosP + d) * d
    return b * b - (ox * ox + oy * oy + d * d) * (d * d + 2 * r * d * cosP)
  }

  /// How far from the centre of perspective the globe's outline (its limb) lies on the screen in
  /// the direction (`ux`, `uy`) (a unit vector, y down), in points; nil when it never ends that way
  /// (a pitch so steep that the globe reaches past the screen's plane).
  ///
  /// The ray through a point `r` points that way meets the sphere where the discriminant
  /// `A·r² + B·r + C` of its intersection is not negative: `A = (R·sin p·u_y)² − (d² + 2·d·R·cos p)`,
  /// `B = 2·R·sin p·(R·cos p + d)·d·u_y`, `C = (d·R·cos p)²`; the limb is its least positive root
  /// (`C > 0`: the centre shows the focus). With `A < 0` (an ellipse) there is one; with `A ≥ 0` (a
  /// globe so large and tilted that its outline opens like a horizon) there is one only looking up
  /// (`B < 0`). With no pitch, the circle `d·R / √(d² + 2·d·R)`.
  func limb(towards ux: Double, _ uy: Double) -> Double? {
    let (d, r) = (distance, radius)
    let oy0 = r * sinP
    let a = oy0 * oy0 * uy * uy - (d * d + 2 * r * d * cosP)
    let b = 2 * oy0 * (r * cosP + d) * d * uy
    let c = (d * r * cosP) * (d * r * cosP)
    let discriminant = b * b - 4 * a * c
    if a < 0 { return (-b - discriminant.squareRoot()) / (2 * a) }
    guard b < 0, discriminant >= 0 else { return nil }
    // The smaller root, −B ± √… over 2A, as 2C / (−B + √…): no cancellation.
    return 2 * c / (-b + discriminant.squareRoot())
  }

  /// The globe's outline (its limb), `count` points at equal angles round the centre of perspective,
  /// clockwise from the right, as offsets from it (y down); nil when a pitch so steep leaves it open
  /// (`limb(towards:_:)`).
  func outline(count: Int) -> [SIMD2<Double>]? {
    var points: [SIMD2<Double>] = []
    points.reserveCapacity(count)
    for k in 0..<count {
      let angle = Double(k) * 2 * Double.pi / Double(count)
      let direction = SIMD2(cos(angle), sin(angle))
      guard let reach = limb(towards: direction.x, direction.y) else { return nil }
      points.append(reach * direction)
    }
    return points
  }

  /// The view at `zoom` whose focus is moved until `coordinate` shows at (`x`, `y`) view points,
  /// within a ten-millionth of a point (a steady focus on the globe, <doc:MovingCameras#Steady-focus>);
  /// nil when no focus shows it there (past the limb of a globe that small). From the focus that
  /// would put it there on a plane, by `settled` (failing that, in stages of 40 points from the
  /// focus on the coordinate); the radius follows the focus's latitude, as MapLibre's does.
  func placing(_ coordinate: Coordinate, atX x: Double, y: Double, zoom: Double) -> GlobeView? {
    let size = WebMercator.worldSize(zoom: zoom) / (2 * Double.pi)
    let centred = GlobeView(
      height: distance / Perspective.distanceRatio, principalX: principalX, principalY: principalY,
      center: coordinate, radius: size / cos(coordinate.lat * Double.pi / 180), bearing: 0, rotation: (cosB, sinB),
      tilt: tilt)
    var view = centred
    if let ground = view.ground(atX: 2 * principalX - x, y: 2 * principalY - y) {
      view = view.moved(to: ground, radius: 1)
      view.radius = size / view.cosLat
    }
    func settled(_ view: GlobeView, at target: SIMD2<Double>, tolerance: Double) -> (GlobeView, Bool) {
      view.settled(
        tolerance: tolerance, radius: { size / $0.cosLat },
        offset: { $0.point(of: coordinate).map { SIMD2($0.x, $0.y) - target } })
    }
    let target = SIMD2(x, y)
    let (placed, done) = settled(view, at: target, tolerance: 1e-7)
    if done { return placed }
    // Far from the centre of perspective on a tilted globe one search may wander: from the focus on
    // the coordinate (where it shows at the centre), towards (x, y) in stages of at most 40 points.
    let from = SIMD2(principalX, principalY)
    let way = target - from
    let stages = max(1, Int(((way * way).sum().squareRoot() / 40).rounded(.up)))
    view = centred
    for stage in 1...stages {
      let last = stage == stages
      let (next, reached) = settled(
        view, at: from + way * (Double(stage) / Double(stages)), tolerance: last ? 1e-7 : 1e-3)
      guard reached else { return nil }
      view = next
    }
    return view
  }

  /// This view with its focus moved until `offset` (of a point from where it should show, in
  /// points) is within `tolerance` on both axes, the radius `radius(view)` at each focus; and whether
  /// it got there.
  ///
  /// Each step moves the focus to the ground under where the point should go: a move of
  /// `J⁻¹·offset` points, `J` how far the point answers a move, learnt from the steps taken
  /// (Broyden's update), from 1. A step that does not bring the point nearer is halved until it
  /// does; when none does, `J` starts from 1 again, once.
  func settled(
    tolerance: Double, radius: (GlobeView) -> Double?, offset: (GlobeView) -> SIMD2<Double>?
  ) -> (GlobeView, Bool) {
    var view = self
    guard var shift = offset(view) else { return (view, false) }
    var jacobian = SIMD4<Double>(1, 0, 0, 1)
    var learnt = false
    for _ in 0..<40 {
      if abs(shift.x) < tolerance, abs(shift.y) < tolerance { return (view, true) }
      var determinant = jacobian[0] * jacobian[3] - jacobian[1] * jacobian[2]
      if !(abs(determinant) > 1e-3) { (jacobian, determinant) = (SIMD4(1, 0, 0, 1), 1) }
      var move =
        SIMD2(jacobian[3] * shift.x - jacobian[1] * shift.y, jacobian[0] * shift.y - jacobian[2] * shift.x)
        / determinant
      var step: (view: GlobeView, shift: SIMD2<Double>)?
      for _ in 0..<20 {
        if let ground = view.ground(atX: principalX + move.x, y: principalY + move.y) {
          var next = view.moved(to: ground, radius: 1)
          if let size = radius(next), size.isFinite {
            next.radius = size
            if let nextShift = offset(next), (nextShift * nextShift).sum() < (shift * shift).sum() {
              step = (next, nextShift)
              break
            }
          }
        }
        move /= 2
      }
      guard let (next, nextShift) = step else {
        guard learnt else { return (view, false) }
        (jacobian, learnt) = (SIMD4(1, 0, 0, 1), false)
        continue
      }
      // J += (Δs − J·m)·mᵀ / (mᵀ·m), Δs how far the shift fell.
      let residual =
        shift - nextShift
        - SIMD2(jacobian[0] * move.x + jacobian[1] * move.y, jacobian[2] * move.x + jacobian[3] * move.y)
      let length = (move * move).sum()
      if length > 0 {
        jacobian += SIMD4(residual.x * move.x, residual.x * move.y, residual.y * move.x, residual.y * move.y) / length
        learnt = true
      }
      (view, shift) = (next, nextShift)
    }
    return (view, abs(shift.x) < tolerance && abs(shift.y) < tolerance)
  }
}

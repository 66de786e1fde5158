import PlatformMath

extension GlobeProjection {
  /// A rect of the view on the globe, as an exclusion zone's ring (CardMap's Exclusion zones): the
  /// rect clipped to the globe's outline on the screen (a convex shape: the rect's sides where they
  /// show the sphere, and the limb between where they leave it and come back, every 5°; `pastLimb`
  /// then), unprojected onto the sphere, counter-clockwise with north up as the rect is walked from
  /// its top-left corner down its left side. A side's image is curved: it is halved until the
  /// middle of each piece's straight line in Web Mercator (as MapLibre draws a fill's edges) shows
  /// within a quarter of a point of the side, measured across it (where along the side it falls
  /// leaves the outline as it is; near a pole, or for a long piece, its quarters too), at most eight
  /// times (a side's image turns fastest where it meets the limb). Each longitude is unwrapped next
  /// to the one before (the ring never jumps at the antimeridian), a ring round a pole is closed
  /// through it along one meridian (its first point's, a whole turn on), and the first point comes
  /// again at the end. Nil when the rect does not reach the globe.
  public func ring(of rect: Rect) -> (ring: [Coordinate], pastLimb: Bool)? { ring(of: rect, limbStep: Double.pi / 36) }

  /// `ring(of:)` with the limb every `limbStep` radians round the centre of perspective.
  func ring(of rect: Rect, limbStep: Double) -> (ring: [Coordinate], pastLimb: Bool)? {
    let centre = SIMD2(principalPoint.x, principalPoint.y)
    let shrink = 1 - 1e-9
    // The outline a hair inside the limb: where the ray through `centre + (p − centre) / shrink`
    // grazes the sphere (`GlobeView.discriminant`, a quadratic in the screen point).
    func hit(_ p: SIMD2<Double>) -> Double {
      view.discriminant(SIMD2(repeating: (p.x - centre.x) / shrink), SIMD2(repeating: (centre.y - p.y) / shrink))[0]
    }
    func limb(_ angle: Double) -> SIMD2<Double>? {
      view.limb(towards: cos(angle), sin(angle)).map { centre + $0 * shrink * SIMD2(cos(angle), sin(angle)) }
    }
    var ring = RingWriter(view: view, focus: camera.focus)
    // The rect wholly on the sphere (what shows is convex, so are its sides): its corners two at
    // once (top-left and bottom-left, bottom-right and top-right), and its sides.
    let (leftX, leftY) = (SIMD2(repeating: rect.minX), SIMD2(rect.minY, rect.maxY))
    let (rightX, rightY) = (SIMD2(repeating: rect.maxX), SIMD2(rect.maxY, rect.minY))
    let (left, right) = (view.grounds(atX: leftX, y: leftY), view.grounds(atX: rightX, y: rightY))
    // (Corners well inside the outline show it a hair inside the limb too; the others are taken
    // below.)
    if allLanes(left.wellInside & right.wellInside & left.onSphere & right.onSphere) {
      let leftCorners = RingLanes(x: leftX, y: leftY, groundX: left.x, groundY: left.y, groundZ: left.z)
      let rightCorners = RingLanes(x: rightX, y: rightY, groundX: right.x, groundY: right.y, groundZ: right.z)
      let corners = (leftCorners[0], leftCorners[1], rightCorners[0], rightCorners[1])
      let down = view.straight(from: leftCorners, to: RingLanes(corners.1, corners.2))
      let up = view.straight(from: rightCorners, to: RingLanes(corners.3, corners.0))
      ring.appendSide(from: corners.0, to: corners.1, straight: down[0] != 0, on: view)
      ring.appendSide(from: corners.1, to: corners.2, straight: down[1] != 0, on: view)
      ring.appendSide(from: corners.2, to: corners.3, straight: up[0] != 0, on: view)
      ring.appendSide(from: corners.3, to: corners.0, straight: up[1] != 0, on: view)
      return closed(&ring.points, in: rect, pastLimb: false)
    }
    let sides = [
      SIMD2(rect.minX, rect.minY), SIMD2(rect.minX, rect.maxY), SIMD2(rect.maxX, rect.maxY),
      SIMD2(rect.maxX, rect.minY),
    ]
    // The clipped outline on the screen: points, each with whether a side runs from it to the next
    // (else the limb does), and where the sides leave the outline (exits) and come back (entries).
    var points: [(p: SIMD2<Double>, sideFollows: Bool)] = []
    var crossings: [(index: Int, entering: Bool)] = []
    points.reserveCapacity(8)
    for side in 0..<4 {
      let (a, b) = (sides[side], sides[(side + 1) % 4])
      let (fromShows, toShows) = (hit(a) > 0, hit(b) > 0)
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
      } else if rect.holds(centre) {
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
    // On the sphere, a side kept only between two points that show it.
    let shown = outline.map { point in
      view.ground(atX: point.p.x, y: point.p.y).map { RingPoint(screen: point.p, ground: $0) }
    }
    for k in outline.indices {
      guard let point = shown[k] else { continue }
      if outline[k].sideFollows, let next = shown[(k + 1) % outline.count] {
        let straight = view.straight(from: RingLanes(point, point), to: RingLanes(next, next))[0] != 0
        ring.appendSide(from: point, to: next, straight: straight, on: view)
      } else {
        ring.append(point)
      }
    }
    return closed(&ring.points, in: rect, pastLimb: !crossings.isEmpty || points.isEmpty)
  }

  /// `ring`, the outline of `rect`, closed through a pole when it goes round one (the one that
  /// shows inside the rect), the first point again at the end; nil with fewer than three points.
  /// Round a pole, the outline comes back to the first point a whole turn on: it goes on to that
  /// copy of the first point, to the pole along its meridian, across to the first point's own
  /// longitude at the pole and back down the same meridian (one seam, which encloses nothing), so
  /// the polygon leaves out no wedge between two meridians.
  private func closed(_ ring: inout [Coordinate], in rect: Rect, pastLimb: Bool) -> (
    ring: [Coordinate], pastLimb: Bool
  )? {
    guard ring.count >= 3 else { return nil }
    let (first, last) = (ring[0], ring[ring.count - 1])
    if abs(last.lon - first.lon) > 180 {
      let north = view.point(of: Coordinate(lon: 0, lat: 90)).map { rect.holds(SIMD2($0.x, $0.y)) } ?? false
      let pole = north ? 90.0 : -90.0
      let seam = first.lon + ((last.lon - first.lon) / 360).rounded() * 360
      ring += [
        Coordinate(lon: seam, lat: first.lat), Coordinate(lon: seam, lat: pole), Coordinate(lon: first.lon, lat: pole),
      ]
    }
    ring.append(first)
    return (ring, pastLimb)
  }
}

extension Rect {
  /// Whether `p` lies in the rect or on its edge.
  fileprivate func holds(_ p: SIMD2<Double>) -> Bool {
    p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
  }
}

/// A point of a ring's outline (`GlobeProjection.ring(of:)`): where it shows, and its unit vector on
/// the sphere with its latitude's cos.
struct RingPoint {
  let screen: SIMD2<Double>
  let ground: SIMD3<Double>
  let cosLat: Double

  init(screen: SIMD2<Double>, ground: SIMD3<Double>) {
    self.init(screen: screen, ground: ground, cosLat: (ground.x * ground.x + ground.z * ground.z).squareRoot())
  }

  init(screen: SIMD2<Double>, ground: SIMD3<Double>, cosLat: Double) {
    (self.screen, self.ground, self.cosLat) = (screen, ground, cosLat)
  }
}

/// Ring points lane by lane, to take several at once.
struct RingLanes<V: SIMD> where V.Scalar == Double {
  var x, y, groundX, groundY, groundZ, cosLat: V

  init(x: V, y: V, groundX: V, groundY: V, groundZ: V) {
    self.init(
      x: x, y: y, groundX: groundX, groundY: groundY, groundZ: groundZ,
      cosLat: (groundX * groundX + groundZ * groundZ).squareRoot())
  }

  init(x: V, y: V, groundX: V, groundY: V, groundZ: V, cosLat: V) {
    (self.x, self.y, self.groundX, self.groundY, self.groundZ, self.cosLat) = (x, y, groundX, groundY, groundZ, cosLat)
  }

  subscript(lane: Int) -> RingPoint {
    RingPoint(
      screen: SIMD2(x[lane], y[lane]), ground: SIMD3(groundX[lane], groundY[lane], groundZ[lane]),
      cosLat: cosLat[lane])
  }
}

extension RingLanes where V == SIMD2<Double> {
  /// Two points, one a lane.
  init(_ a: RingPoint, _ b: RingPoint) {
    self.init(
      x: SIMD2(a.screen.x, b.screen.x), y: SIMD2(a.screen.y, b.screen.y), groundX: SIMD2(a.ground.x, b.ground.x),
      groundY: SIMD2(a.ground.y, b.ground.y), groundZ: SIMD2(a.ground.z, b.ground.z),
      cosLat: SIMD2(a.cosLat, b.cosLat))
  }
}

/// A ring's coordinates as they are written (`GlobeProjection.ring(of:)`), each longitude unwrapped
/// next to the one before.
struct RingWriter {
  /// The focus's longitude (normalised) and latitude, in degrees, and their sines and cosines: a
  /// point's are found from them.
  let focusLon, focusLat, sinLon, cosLon, sinLat, cosLat: Double
  var points: [Coordinate] = []

  /// A ring on `view`, whose focus is `focus`.
  init(view: GlobeView, focus: Coordinate) {
    // (Most foci need no remainder.)
    let lon = focus.lon >= -180 && focus.lon < 180 ? focus.lon : Coordinate.normalizedLongitude(focus.lon)
    (focusLon, focusLat) = (lon, focus.lat)
    (sinLon, cosLon, sinLat, cosLat) = (view.sinLon, view.cosLon, view.sinLat, view.cosLat)
    points.reserveCapacity(24)
  }

  /// Appends the piece of a side from `a` (appended) towards `b` (not), `straight` when the middle
  /// of its straight line in Web Mercator shows within a quarter of a point of the side
  /// (`GlobeView.straight(from:to:)`): else halved, both halves tested at once, each halved again
  /// while curved, at most eight times.
  mutating func appendSide(from a: RingPoint, to b: RingPoint, straight: Bool, depth: Int = 0, on view: GlobeView) {
    let m = (a.screen + b.screen) / 2
    guard !straight, depth < 8, let ground = view.ground(atX: m.x, y: m.y) else { return append(a) }
    let middle = RingPoint(screen: m, ground: ground)
    let halves = view.straight(from: RingLanes(a, middle), to: RingLanes(middle, b))
    // (A straight half appended here: no call for it.)
    if halves[0] != 0 || depth == 7 {
      append(a)
    } else {
      appendSide(from: a, to: middle, straight: false, depth: depth + 1, on: view)
    }
    if halves[1] != 0 || depth == 7 {
      append(middle)
    } else {
      appendSide(from: middle, to: b, straight: false, depth: depth + 1, on: view)
    }
  }

  /// Appends `point`'s coordinate.
  mutating func append(_ point: RingPoint) { append(coordinate(of: point)) }

  /// The coordinate of `point`, its longitude within ±180°. Within 22.5° of the focus on both
  /// axes (tan(π/8): all a globe shows from zoom 3), the differences' tangents go through
  /// `atanPolynomial` together (within 3.6°, `atanSmall`), with no range to reduce; else
  /// `atan2Pair`.
  func coordinate(of point: RingPoint) -> Coordinate {
    let g = point.ground
    // Turned back by the focus's longitude, then its latitude: the differences' sines and cosines
    // (the longitude's times cos φ).
    let across = SIMD2(g.x * cosLon - g.z * sinLon, g.y * cosLat - point.cosLat * sinLat)
    let along = SIMD2(g.z * cosLon + g.x * sinLon, point.cosLat * cosLat + g.y * sinLat)
    let angles: SIMD2<Double>
    // along > 0 and across² < tan²(π/8)·along² (tan²(π/8) = 3 − 2√2).
    if allLanes(greaterLanes(along, SIMD2()) & greaterLanes(0.17157287525380990239 * along * along, across * across)) {
      let t = across / along
      // Within 3.6° (tan⁻¹ 1/16) on both, the short series is as exact.
      let near = allLanes(greaterLanes(SIMD2(repeating: 1.0 / 256), t * t))
      angles = (near ? atanSmall(t) : atanPolynomial(t)) * (180 / Double.pi) + SIMD2(focusLon, focusLat)
    } else {
      angles = atan2Pair(SIMD2(g.x, g.y), SIMD2(g.z, point.cosLat)) * (180 / Double.pi)
    }
    let lon = angles.x >= 180 ? angles.x - 360 : angles.x < -180 ? angles.x + 360 : angles.x
    return Coordinate(lon: lon, lat: angles.y)
  }

  /// Appends `coordinate`, its longitude unwrapped next to the one before.
  mutating func append(_ coordinate: Coordinate) {
    var coordinate = coordinate
    if let last = points.last, abs(last.lon - coordinate.lon) >= 180 {
      coordinate.lon += ((last.lon - coordinate.lon) / 360).rounded() * 360
    }
    points.append(coordinate)
  }
}

extension GlobeView {
  /// Whether, lane by lane, the middle of the straight line in Web Mercator from `a` to `b` (as
  /// MapLibre draws a GeoJSON fill's edge, and evaluates `within`: the mean longitude the shorter
  /// way, and the latitude of the mean Mercator y) shows within a quarter of a point of the side
  /// between them, across it (all ones): the line's image strays from the side most at its middle,
  /// as a parabola does, however its points spread along the side. The sums of the ends' (cos, sin)
  /// point at the mean longitude; the mean Mercator y's latitude has `tan(π/4 + φ/2)` the geometric
  /// mean of the ends', which is `(1 + sin φ)/cos φ`, so its (cos, sin) point along
  /// `(2·√(P·Q), P − Q)`, `P = (1 + sin φa)(1 + sin φb)` and `Q = cos φa·cos φb`. The middle's vector
  /// is so known up to its length `N` (three roots): its depth and offset are compared times `N` and
  /// the depth, with no trigonometry and no division. Not at a pole, for longitudes half a turn
  /// apart, or for a middle on the far side.
  ///
  /// Poleward of 55° (either end), where Mercator's y bends fastest, and for ends more than 8° apart,
  /// a line's image strays from the side unevenly (more at a quarter than at the middle): its quarter
  /// points are tested too, the middles of the lines from each end to the middle (straight in
  /// Mercator too).
  @inline(__always) func straight<V: SIMD>(from a: RingLanes<V>, to b: RingLanes<V>) -> V.MaskStorage
  where V.Scalar == Double, V.MaskStorage.Scalar == Int64 {
    let (middle, ground) = straightAtMiddle(from: a, to: b)
    // Poleward of 55° at either end (sin² φ > 0.67), or ends more than 8° apart (cos 8° ≈ 0.99).
    let dot = a.groundX * b.groundX + a.groundY * b.groundY + a.groundZ * b.groundZ
    let uneven =
      greaterLanes(a.groundY * a.groundY, V(repeating: 0.67)) | greaterLanes(b.groundY * b.groundY, V(repeating: 0.67))
      | greaterLanes(V(repeating: 0.99), dot)
    guard anyLanes(middle & uneven) else { return middle }
    // The middle on the side's line (only the offset across it is measured), with its ground.
    let m = RingLanes(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, groundX: ground.x, groundY: ground.y, groundZ: ground.z)
    return middle & straightAtQuarters(a, m, b)
  }

  /// Whether the lines from `a` to `m` and from `m` to `b` are each straight at their middle (the
  /// quarter points of `a` to `b`, `m` its middle): out of line, one copy of the test for both, as
  /// few pieces need it.
  @inline(never) func straightAtQuarters<V: SIMD>(_ a: RingLanes<V>, _ m: RingLanes<V>, _ b: RingLanes<V>)
    -> V.MaskStorage where V.Scalar == Double
  {
    var both = ~V.MaskStorage()
    for half in 0..<2 {
      let (from, to) = half == 0 ? (a, m) : (m, b)
      both &= straightAtMiddle(from: from, to: to).straight
    }
    return both
  }

  /// `straight(from:to:)`'s test of the middle, and the middle's unit vector (lane by lane).
  @inline(__always) func straightAtMiddle<V: SIMD>(from a: RingLanes<V>, to b: RingLanes<V>) -> (
    straight: V.MaskStorage, ground: (x: V, y: V, z: V)
  ) where V.Scalar == Double {
    let (cosA, cosB) = (a.cosLat, b.cosLat)
    // The longitudes' (cos, sin) summed, times cosA·cosB > 0.
    let (lonCos, lonSin) = (a.groundZ * cosB + b.groundZ * cosA, a.groundX * cosB + b.groundX * cosA)
    let (p, q) = ((1 + a.groundY) * (1 + b.groundY), cosA * cosB)
    let (latCos, latSin) = (2 * (p * q).squareRoot(), p - q)
    let (lon2, lat2) = (lonCos * lonCos + lonSin * lonSin, latCos * latCos + latSin * latSin)
    let lonLength = lon2.squareRoot()
    let length = (lon2 * lat2).squareRoot()
    // The middle's unit vector times `length`, in the camera's frame.
    let (ux, uy, uz) = (latCos * lonSin, latSin * lonLength, latCos * lonCos)
    let vx = axes.x.x * ux + axes.x.y * uy + axes.x.z * uz
    let vy = axes.y.x * ux + axes.y.y * uy + axes.y.z * uz
    let vz = axes.z.x * ux + axes.z.y * uy + axes.z.z * uz
    let near = distance + radius * cosP
    let depth = length * near - radius * vz
    let dx = distance * radius * vx - ((a.x + b.x) / 2 - principalX) * depth
    let dy = distance * radius * (sinP * length - vy) - ((a.y + b.y) / 2 - principalY) * depth
    let cosProduct = cosA * cosB
    let known =
      greaterLanes(cosA, V(repeating: 1e-12)) & greaterLanes(cosB, V(repeating: 1e-12))
      & greaterLanes(lon2, 1e-18 * cosProduct * cosProduct)
      & greaterLanes(near * vz + radius * sinP * vy, radius * length) & greaterLanes(depth, V())
    // Across the side (the offset's cross product with the side, over the side's length).
    let (ex, ey) = (b.x - a.x, b.y - a.y)
    let across = dx * ey - dy * ex
    let straight = known & ~greaterLanes(across * across, 0.0625 * depth * depth * (ex * ex + ey * ey))
    let inverse = 1 / length
    return (straight, (ux * inverse, uy * inverse, uz * inverse))
  }
}

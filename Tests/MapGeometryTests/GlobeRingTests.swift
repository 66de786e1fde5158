import CardMapTestSupport
import Testing

@testable import MapGeometry

/// `GlobeProjection.ring(of:)`: a rect of the view on the sphere, clipped to the globe's outline.
@Suite("Globe rings: a rect of the view on the sphere")
struct GlobeRingTests {
  @Test(
    "generated cameras and rects: every vertex in the rect, on a side or on the limb; every corner on the globe a vertex"
  )
  func generated() throws {
    var rng = SplitMix(state: 71)
    var (rings, past, pieces) = (0, 0, 0)
    for _ in 0..<400 * testScale {
      let insets = Insets(top: rng.uniform(0...100), left: 0, bottom: rng.uniform(0...400), right: 0)
      let camera = Camera(
        center: Coordinate(lon: 0, lat: 0), focus: Coordinate(lon: rng.uniform(-180...180), lat: rng.uniform(-80...80)),
        zoom: rng.uniform(0...6), bearing: rng.uniform(-180...180), projection: .globe)
      let globe = GlobeProjection(width: 390, height: 844, insets: insets, camera: camera)
      let (x, y) = (rng.uniform(-50...380), rng.uniform(-50...800))
      let rect = Rect(x: x, y: y, width: rng.uniform(10...400), height: rng.uniform(10...500))
      guard let (ring, pastLimb) = globe.ring(of: rect) else { continue }
      rings += 1
      past += pastLimb ? 1 : 0
      #expect(ring.first == ring.last)
      let centre = globe.principalPoint
      for vertex in ring.dropLast() where abs(vertex.lat) < 90 {
        let p = try #require(globe.point(of: vertex), "\(vertex) on the far side")
        let outside = max(rect.minX - p.x, p.x - rect.maxX, rect.minY - p.y, p.y - rect.maxY)
        #expect(outside < 1e-6, "\(vertex) \(outside) pt outside \(rect)")
        let side = min(abs(p.x - rect.minX), abs(p.x - rect.maxX), abs(p.y - rect.minY), abs(p.y - rect.maxY))
        let limb = abs(
          ((p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y)).squareRoot()
            - globe.limbRadius)
        #expect(side < 1e-6 || (pastLimb && limb < 1e-3), "\(vertex): \(side) pt from a side, \(limb) from the limb")
      }
      // Two vertices in a row on one side: the straight line in Web Mercator between them (as
      // MapLibre draws a fill's edge) shows within a quarter of a point of the side (across it), at
      // its middle and its quarters.
      for (a, b) in zip(ring, ring.dropFirst()) where abs(a.lat) < 90 && abs(b.lat) < 90 {
        guard let p = globe.point(of: a), let q = globe.point(of: b) else { continue }
        // The side they lie on, and its length: a piece halved eight times (near the limb, where a
        // side's image turns fastest) is left as it is.
        let horizontal = abs(p.y - q.y) < 1e-6 && (abs(p.y - rect.minY) < 1e-6 || abs(p.y - rect.maxY) < 1e-6)
        let vertical = abs(p.x - q.x) < 1e-6 && (abs(p.x - rect.minX) < 1e-6 || abs(p.x - rect.maxX) < 1e-6)
        // Both on the limb too (where a side leaves it and comes back): the limb joins them.
        func onLimb(_ p: (x: Double, y: Double)) -> Bool {
          abs(
            ((p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y)).squareRoot()
              - globe.limbRadius) < 1e-3
        }
        guard horizontal || vertical, !(onLimb(p) && onLimb(q)) else { continue }
        // (A middle on the far side shows nowhere: infinitely far.) Across the side: the offset from
        // p's cross product with the side, over the side's length.
        let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        func across(_ t: Double) -> Double {
          guard let m = globe.point(of: mercatorPoint(a, b, t)) else { return .infinity }
          let cross: Double = (m.x - p.x) * (q.y - p.y) - (m.y - p.y) * (q.x - p.x)
          return abs(cross) / length
        }
        let off = max(across(0.25), across(0.5), across(0.75))
        let span = max(abs(p.x - q.x), abs(p.y - q.y))
        let halvedEightTimes = span <= (horizontal ? rect.width : rect.height) / 256 + 1e-9
        #expect(off <= 0.25 + 1e-6 || halvedEightTimes, "\(a)–\(b): the chord's middle \(off) pt off the side")
        pieces += 1
      }
      for corner in [(rect.minX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY), (rect.maxX, rect.minY)] {
        guard let shown = globe.coordinate(atX: corner.0, y: corner.1) else { continue }
        let nearest =
          ring.compactMap { globe.point(of: $0) }.map { p in
            ((p.x - corner.0) * (p.x - corner.0) + (p.y - corner.1) * (p.y - corner.1)).squareRoot()
          }.min() ?? .infinity
        #expect(nearest < 1e-6, "corner \(corner) (\(shown)) is no vertex: nearest \(nearest) pt")
      }
    }
    #expect(rings > 250 && past > 20 && pieces > 1000, "\(rings) rings, \(past) past the limb, \(pieces) pieces")
  }

  /// The point `t` of the way along the straight line from `a` to `b` in Web Mercator.
  func mercatorPoint(_ a: Coordinate, _ b: Coordinate, _ t: Double) -> Coordinate {
    func y(_ lat: Double) -> Double { log(tan(Double.pi / 4 + lat * Double.pi / 360)) }
    let along = y(a.lat) + (y(b.lat) - y(a.lat)) * t
    return Coordinate(
      lon: a.lon + (b.lon - a.lon) * t, lat: (2 * atan(exp(along)) - Double.pi / 2) * 180 / Double.pi)
  }

  @Test("a ring round a pole is closed along one meridian, and holds every point of its rect that shows")
  func roundAPole() throws {
    var rng = SplitMix(state: 79)
    var (round, checked) = (0, 0)
    for index in 0..<300 * testScale {
      let north = index % 2 == 0
      let camera = Camera(
        center: Coordinate(lon: 0, lat: 0),
        focus: Coordinate(lon: rng.uniform(-180...180), lat: (north ? 1 : -1) * rng.uniform(55...85)),
        zoom: rng.uniform(0...3), bearing: rng.uniform(-180...180), projection: .globe)
      let globe = GlobeProjection(width: 390, height: 844, insets: .zero, camera: camera)
      guard let pole = globe.point(of: Coordinate(lon: 0, lat: north ? 90 : -90)) else { continue }
      // A rect round the pole's image.
      let (w, h) = (rng.uniform(40...390), rng.uniform(40...600))
      let rect = Rect(x: pole.x - rng.uniform(5...(w - 5)), y: pole.y - rng.uniform(5...(h - 5)), width: w, height: h)
      guard let (ring, _) = globe.ring(of: rect) else { continue }
      let lons = ring.map(\.lon)
      guard let low = lons.min(), let high = lons.max(), high - low > 359 else { continue }
      round += 1
      // The closing: a copy of the first point a whole turn on, up or down its meridian to the pole,
      // across, and back along the same meridian.
      let n = ring.count
      let (seam, top, back, first) = (ring[n - 4], ring[n - 3], ring[n - 2], ring[0])
      #expect(seam.lat == first.lat && abs(abs(seam.lon - first.lon) - 360) < 1e-9, "\(seam) against \(first)")
      #expect(top.lon == seam.lon && abs(top.lat) == 90 && back.lon == first.lon && back.lat == top.lat)
      // Points of the rect that show on the sphere lie inside the polygon (in Web Mercator's plane,
      // with the poles at the Mercator limit, longitudes from the ring's least).
      func y(_ lat: Double) -> Double { log(tan(Double.pi / 4 + min(max(lat, -85.05), 85.05) * Double.pi / 360)) }
      for _ in 0..<20 {
        let (x, yy) = (rng.uniform(rect.minX...rect.maxX), rng.uniform(rect.minY...rect.maxY))
        guard let shown = globe.coordinate(atX: x, y: yy), abs(shown.lat) < 84 else { continue }
        // (Away from the rect's edges by a point: the ring's sides are within a quarter of one; and
        // from the limb, which the ring follows in chords every 5°.)
        guard min(x - rect.minX, rect.maxX - x, yy - rect.minY, rect.maxY - yy) > 1 else { continue }
        let centre = globe.principalPoint
        let fromCentre = ((x - centre.x) * (x - centre.x) + (yy - centre.y) * (yy - centre.y)).squareRoot()
        guard fromCentre < globe.limbRadius - 20 else { continue }
        // (In any world copy: the ring may span more than a turn, and a map draws every copy.)
        var lon = shown.lon
        while lon < low { lon += 360 }
        while lon >= low + 360 { lon -= 360 }
        func holds(_ lon: Double) -> Bool {
          var inside = false
          for (a, b) in zip(ring, ring.dropFirst()) {
            let (ya, yb, yp) = (y(a.lat), y(b.lat), y(shown.lat))
            if (ya > yp) != (yb > yp), lon < a.lon + (yp - ya) / (yb - ya) * (b.lon - a.lon) { inside.toggle() }
          }
          return inside
        }
        #expect(holds(lon) || holds(lon + 360), "\(shown) shows inside \(rect) but lies outside its ring")
        checked += 1
      }
    }
    #expect(round > 60 && checked > 600, "\(round) rings round a pole, \(checked) points")
  }

  @Test("a rect round the whole globe: its outline, past the limb; a rect beside it: none")
  func wholeAndNone() throws {
    let camera = Camera(
      center: Coordinate(lon: 10, lat: 20), focus: Coordinate(lon: 10, lat: 20), zoom: 0.5, bearing: 0,
      projection: .globe)
    let globe = GlobeProjection(width: 390, height: 844, insets: .zero, camera: camera)
    let whole = try #require(globe.ring(of: Rect(x: 0, y: 0, width: 390, height: 844)))
    #expect(whole.pastLimb && whole.ring.count > 60)
    #expect(globe.ring(of: Rect(x: 0, y: 0, width: 20, height: 20)) == nil)
  }

  @Test("a ring point's coordinate, near the focus or far from it, is the C library's atan2's")
  func coordinates() {
    var rng = SplitMix(state: 73)
    var (near, far) = (0, 0)
    for _ in 0..<20_000 * testScale {
      let focus = Coordinate(lon: rng.uniform(-540...540), lat: rng.uniform(-85...85))
      let view = GlobeView(
        height: 844, principalX: 195, principalY: 422, center: focus, zoom: 3, bearing: 0)
      // A point within 40°, 10° or 2° of the focus on each axis: some within 3.6° on both (the
      // short series), some within 22.5° (the polynomial), some not (atan2Pair).
      let reach = [40.0, 10, 2][Int(rng.uniform(0...2.999))]
      let (lon, lat) = (
        focus.lon + rng.uniform(-reach...reach), min(max(focus.lat + rng.uniform(-reach...reach), -90), 90)
      )
      let (phi, lambda) = (lat * Double.pi / 180, lon * Double.pi / 180)
      let ground = SIMD3(cos(phi) * sin(lambda), sin(phi), cos(phi) * cos(lambda))
      let point = RingPoint(screen: SIMD2(), ground: ground)
      let found = RingWriter(view: view, focus: focus).coordinate(of: point)
      // (atan2 of the latitude's sine and cosine: asin loses digits near a pole.)
      let across = (ground.x * ground.x + ground.z * ground.z).squareRoot()
      let expected = Coordinate(
        lon: atan2(ground.x, ground.z) * 180 / Double.pi, lat: atan2(ground.y, across) * 180 / Double.pi)
      let dLon = abs(found.lon - expected.lon)
      #expect(min(dLon, 360 - dLon) < 1e-12 && abs(found.lat - expected.lat) < 1e-12, "\(found) against \(expected)")
      #expect(found.lon >= -180 && found.lon <= 180)
      near += abs(lon - focus.lon) < 3.5 && abs(lat - focus.lat) < 3.5 ? 1 : 0
      far += abs(lon - focus.lon) > 23 || abs(lat - focus.lat) > 23 ? 1 : 0
    }
    #expect(near > 2_000 && far > 2_000)
  }
}

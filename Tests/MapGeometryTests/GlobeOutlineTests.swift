import CardMapTestSupport
import Testing

@testable import MapGeometry

/// The outline's closed-form extremes against brute force: the same functions over thousands of
/// points along each edge, turned one by one with `GlobeView.turned(lon:lat:)`.
@Suite("Globe outline: exact extremes")
struct GlobeOutlineTests {
  /// A box's outline sampled densely, turned into `view`'s frame.
  static func sampled(
    _ box: (west: Double, east: Double, south: Double, north: Double), view: GlobeView, steps: Int = 4096
  ) -> [SIMD3<Double>] {
    let radians = Double.pi / 180
    var points: [SIMD3<Double>] = []
    for i in 0...steps {
      let f = Double(i) / Double(steps)
      let lon = (box.west + (box.east - box.west) * f) * radians
      let lat = (box.south + (box.north - box.south) * f) * radians
      for (l, p) in [
        (box.west * radians, lat), (box.east * radians, lat), (lon, box.south * radians), (lon, box.north * radians),
      ] {
        let v = view.turned(lon: l, lat: p)
        points.append(SIMD3(v.x, v.y, v.z))
      }
    }
    return points
  }

  @Test("generated boxes and cameras: every maximum and screen box is the sampled one's bound, and near it")
  func matchesBruteForce() {
    var rng = SplitMix(state: 7)
    var checked = 0
    for round in 0..<200 {
      let west = rng.uniform(-180...180)
      // Some points, some thin boxes, some wider than a half turn or the whole way round.
      let width = [0, rng.uniform(0...1), rng.uniform(0...200), rng.uniform(180...360), 360][round % 5]
      let south = rng.uniform(-85...80)
      let north = round % 7 == 0 ? south : min(85, south + rng.uniform(0...60))
      let box = (west: west, east: west + width, south: south, north: north)
      let outline = GlobeOutline(
        x0: WebMercator.x(lon: box.west), x1: WebMercator.x(lon: box.east), south: south, north: north)
      let view = GlobeView(
        height: 844, principalX: 195, principalY: 300,
        center: Coordinate(lon: rng.uniform(-180...180), lat: rng.uniform(-85...85)), radius: 1,
        bearing: rng.uniform(-180...180))
      let points = Self.sampled(box, view: view)
      for _ in 0..<4 {
        let l = SIMD3(rng.uniform(-2...2), rng.uniform(-2...2), rng.uniform(-2...2))
        let exact = outline.maximum(of: l, in: view)
        let brute = points.map { ($0 * l).sum() }.max() ?? 0
        #expect(exact >= brute - 1e-12 && exact - brute < 1e-6, "\(box) \(l): \(exact) vs \(brute)")
      }
      // The screen box where every point lies in front of the limb.
      let radius = rng.uniform(50...5000)
      let distance = 1.5 * 844.0
      guard points.allSatisfy({ $0.z * (radius + distance) > radius }) else { continue }
      checked += 1
      var sized = view
      sized.radius = radius
      let exact = outline.screenBox(in: sized)
      var brute = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
      for v in points {
        let scale = distance * radius / (distance + radius * (1 - v.z))
        brute = (
          min(brute.minX, scale * v.x), max(brute.maxX, scale * v.x), min(brute.minY, -scale * v.y),
          max(brute.maxY, -scale * v.y)
        )
      }
      let tolerance = 1e-3
      #expect(exact.minX <= brute.minX + 1e-9 && brute.minX - exact.minX < tolerance, "\(box): \(exact) \(brute)")
      #expect(exact.maxX >= brute.maxX - 1e-9 && exact.maxX - brute.maxX < tolerance, "\(box): \(exact) \(brute)")
      #expect(exact.minY <= brute.minY + 1e-9 && brute.minY - exact.minY < tolerance, "\(box): \(exact) \(brute)")
      #expect(exact.maxY >= brute.maxY - 1e-9 && exact.maxY - brute.maxY < tolerance, "\(box): \(exact) \(brute)")
    }
    #expect(checked > 15, "\(checked) screen boxes checked")
  }

  @Test("an arc holds its ends and what lies between, and nothing else")
  func arcContains() {
    let radians = Double.pi / 180
    for (from, to) in [(10.0, 10.0), (10, 100), (-170, 10), (0, 270), (30, 390)] {
      // The south parallel runs from the west longitude to the east one.
      let outline = GlobeOutline(
        x0: WebMercator.x(lon: from), x1: WebMercator.x(lon: to), south: 0, north: 10)
      for degrees in stride(from: -357.5, through: 360, by: 5) {
        let t = degrees * radians
        // On the arc when some turn of t lies between the ends (never on an end: they are whole tens).
        let inside = (-2...2).contains { k in
          let turned = degrees + Double(k) * 360
          return turned >= from - 1e-9 && turned <= to + 1e-9
        }
        #expect(outline.south.span.contains(cos(t), sin(t)) == inside, "\(degrees)° on \(from)…\(to)°")
      }
    }
  }
}

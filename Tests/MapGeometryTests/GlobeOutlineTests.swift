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

  @Test("generated boxes and cameras: the radius bounds and the screen box bound the sampled ones' and lie near them")
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
      // The radius bounds: the nearest z and, for each edge of a rect that need not hold the centre
      // (an edge's distance negative past it), the largest of its function.
      let d = view.distance
      let (left, top) = (rng.uniform(-600...100), rng.uniform(-400...100))
      let edges = GlobeOutline.Edges(
        left: left, right: left + rng.uniform(20...1000), top: top, bottom: top + rng.uniform(20...800))
      let exact = outline.radiusBounds(in: view, edges: edges)
      let brute = (
        nearest: points.map(\.z).min() ?? 0, right: points.map { d * $0.x + edges.right * $0.z }.max() ?? 0,
        left: points.map { -d * $0.x - edges.left * $0.z }.max() ?? 0,
        bottom: points.map { -d * $0.y + edges.bottom * $0.z }.max() ?? 0,
        top: points.map { d * $0.y - edges.top * $0.z }.max() ?? 0
      )
      #expect(
        exact.nearest <= brute.nearest + 1e-12 && brute.nearest - exact.nearest < 1e-6, "\(box): \(exact) \(brute)")
      for (found, sampled) in [
        (exact.right, brute.right), (exact.left, brute.left), (exact.bottom, brute.bottom), (exact.top, brute.top),
      ] {
        #expect(found >= sampled - 1e-9 && found - sampled < 1e-3, "\(box): \(exact) \(brute)")
      }
      // The screen box where every point lies in front of the limb.
      let radius = rng.uniform(50...5000)
      let distance = view.distance
      guard points.allSatisfy({ $0.z * (radius + distance) > radius }) else { continue }
      checked += 1
      var sized = view
      sized.radius = radius
      let screen = outline.screenBox(in: sized)
      var sampled = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
      for v in points {
        let scale = distance * radius / (distance + radius * (1 - v.z))
        sampled = (
          min(sampled.minX, scale * v.x), max(sampled.maxX, scale * v.x), min(sampled.minY, -scale * v.y),
          max(sampled.maxY, -scale * v.y)
        )
      }
      let tolerance = 1e-3
      #expect(
        screen.minX <= sampled.minX + 1e-9 && sampled.minX - screen.minX < tolerance, "\(box): \(screen) \(sampled)")
      #expect(
        screen.maxX >= sampled.maxX - 1e-9 && screen.maxX - sampled.maxX < tolerance, "\(box): \(screen) \(sampled)")
      #expect(
        screen.minY <= sampled.minY + 1e-9 && sampled.minY - screen.minY < tolerance, "\(box): \(screen) \(sampled)")
      #expect(
        screen.maxY >= sampled.maxY - 1e-9 && screen.maxY - sampled.maxY < tolerance, "\(box): \(screen) \(sampled)")
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

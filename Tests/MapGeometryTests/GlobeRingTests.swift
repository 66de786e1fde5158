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
    var (rings, past) = (0, 0)
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
      for corner in [(rect.minX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY), (rect.maxX, rect.minY)] {
        guard let shown = globe.coordinate(atX: corner.0, y: corner.1) else { continue }
        let nearest =
          ring.compactMap { globe.point(of: $0) }.map { p in
            ((p.x - corner.0) * (p.x - corner.0) + (p.y - corner.1) * (p.y - corner.1)).squareRoot()
          }.min() ?? .infinity
        #expect(nearest < 1e-6, "corner \(corner) (\(shown)) is no vertex: nearest \(nearest) pt")
      }
    }
    #expect(rings > 250 && past > 20, "\(rings) rings, \(past) past the limb")
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
}

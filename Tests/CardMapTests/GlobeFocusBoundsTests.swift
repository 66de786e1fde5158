import CardMap
import CardMapTestSupport
import Dispatch
import Synchronization
import Testing

/// A fit's `focusBounds` on the globe as a client uses it: it holds the answer's own focus (so that
/// clamping a dragged focus into it first moves nothing), and every focus of it shows nothing of
/// the sphere beyond the max bounds (measured on the sphere by `SphereShown`, not by the
/// constraint's footprint), over random bounds round random content on every device and position,
/// at any bearing, for points and boxes, at zooms down to the least.
@Suite("focusBounds on the globe: the answer's focus in its box, every focus of the box inside the bounds")
struct GlobeFocusBoundsTests {
  /// What one scenario found: whether the constraint moved the camera, whether a box held its
  /// focus, and what was wrong.
  struct Found {
    var moved = false
    var boxed = false
    var wrong: [String] = []
  }

  /// Scenario `index` (its own seed): drawn until the camera is drawn as a sphere, then checked.
  static func scenario(_ index: Int) throws -> Found {
    var random = SplitMix(state: 75 &+ UInt64(index) &* 0x9E37_79B9)
    let device = DeviceProfile.catalog[index % DeviceProfile.catalog.count]
    let environment = try device.environment()
    while true {
      let position = CardPosition.allCases[Int(random.next() % UInt64(CardPosition.allCases.count))]
      let card = try CardState(placement: .settled(position))
      // Bounds anywhere from the tropics to near a pole; content a point or a box in or near them.
      let west = random.uniform(-180...180)
      let south = random.uniform(-80...70)
      let bounds = GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + random.uniform(5...100)),
        north: min(85, south + random.uniform(5...45)))
      let lon = Coordinate.normalizedLongitude(west + bounds.longitudeSpan * random.uniform(-0.1...1.1))
      let lat = min(85, max(-85, bounds.south + (bounds.north - bounds.south) * random.uniform(-0.1...1.1)))
      let size = random.uniform(0.001...8)
      let content =
        random.next() % 2 == 0
        ? GeoBounds(west: lon, south: lat, east: lon, north: lat)
        : GeoBounds(
          west: lon, south: max(-85, lat - size), east: Coordinate.normalizedEastLongitude(lon + size),
          north: min(85, lat + size))
      // Zooms down to the least: a low max zoom often holds the camera at the constraint's least.
      let zoom = random.uniform(0...9)
      let options = FitOptions(bearing: random.uniform(-180...180), maxZoom: zoom, pointZoom: zoom, projection: .globe)
      let request = FitRequest(content: content, options: options, maxBounds: bounds)
      guard let answer = try? request.answer(environment: environment, card: card),
        let constraint = answer.constraint, answer.fit.camera.drawnProjection == .globe
      else { continue }
      let camera = answer.fit.camera
      var found = Found(moved: answer.constraintMoved)
      guard let box = constraint.focusBounds(zoom: camera.zoom, around: camera.focus) else { return found }
      found.boxed = true
      let what = "\(device.name) \(position) \(bounds) at zoom \(camera.zoom)"
      if !box.holds(camera.focus) { found.wrong.append("\(what): the focus \(camera.focus) outside \(box)") }
      for (u, v) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1), (0.5, 0.5), (0.5, 0), (0.5, 1), (0, 0.5), (1, 0.5)] {
        let focus = Coordinate(
          lon: Coordinate.normalizedLongitude(box.west + box.longitudeSpan * u),
          lat: box.south + (box.north - box.south) * v)
        var there = camera
        (there.center, there.focus) = (focus, focus)
        if !SphereShown.inside(
          there, width: constraint.width, height: constraint.height, insets: constraint.insets, bounds: bounds)
        {
          found.wrong.append("\(what): the focus \(focus) of \(box) shows beyond")
        }
      }
      return found
    }
  }

  @Test("80 random globe bounds: the focus in focusBounds, nine foci of each box inside the bounds")
  func focusInItsBox() throws {
    let count = 80 * testScale
    // Each scenario on its own seed, on every core (a globe constraint is slow in a debug build).
    let results = Mutex<[Int: Result<Found, any Error>]>([:])
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let result = Result { try Self.scenario(index) }
      results.withLock { $0[index] = result }
    }
    let found = try results.withLock { all in try (0..<count).map { try #require(all[$0]).get() } }
    for wrong in found.flatMap(\.wrong) { Issue.record(Comment(rawValue: wrong)) }
    let (boxes, moved) = (found.filter(\.boxed).count, found.filter(\.moved).count)
    // Most cameras have a box round their focus; the rest are foci moved into a corner (at the
    // constraint's least zoom, where few foci are kept).
    #expect(
      boxes >= 3 * count / 5 && moved >= count / 5, "\(boxes) boxes, \(count - boxes) without one, \(moved) moved")
  }
}

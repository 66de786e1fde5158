import CardMapTestSupport
import Testing

@testable import MapGeometry

/// One camera, every projection (<doc:CameraFitting#One-camera>): what is derived from a camera is
/// computed in its own projection, through its `MapTransform`, at any bearing and pitch and on the
/// globe; `cut` names every direction content reaches past the visible rect.
@Suite("One camera: flat, pitched and globe through one map transform")
struct OneCameraTests {
  static let insets = Insets(top: 62, left: 0, bottom: 417, right: 0)

  /// Whether every corner of the visible region shows at the visible rect's corner it was made from.
  static func regionMatches(_ map: MapTransform, tolerance: Double = 1e-6) -> Bool {
    let rect = map.visibleRect
    let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
    return zip(map.visibleRegion.polygon, corners).allSatisfy { vertex, corner in
      guard let shown = map.point(of: vertex) else { return false }
      return abs(shown.x - corner.0) < tolerance && abs(shown.y - corner.1) < tolerance
    }
  }

  @Test(
    "a camera's visible region is its own: any bearing and pitch, given or fitted", arguments: [0.0, 1.1, 110, -75])
  func regionAtTheCamerasBearing(bearing: Double) throws {
    for pitch in [0.0, 40] {
      let camera = Camera(
        center: Coordinate(lon: 0, lat: 0), focus: Coordinate(lon: -160, lat: 10), zoom: 3, bearing: bearing,
        pitch: pitch)
      let fitted = CameraFit(width: 390, height: 844, insets: Self.insets)  // bearing 0 in its options
      let region = fitted.visibleRegion(of: camera)
      let map = MapTransform(width: 390, height: 844, insets: Self.insets, camera: camera)
      #expect(region == map.visibleRegion)
      #expect(Self.regionMatches(map), "bearing \(bearing) pitch \(pitch)")
    }
  }

  @Test("the globe's visible region: its corners where the rays meet the sphere")
  func globeRegion() throws {
    let fit = CameraFit(
      width: 390, height: 844, insets: Self.insets, options: FitOptions(bearing: 55.5, projection: .globe))
    let camera = try fit.camera(for: GeoBounds(west: -11, south: 35, east: 30, north: 60))
    #expect(camera.projection == .globe && camera.drawnProjection == .globe)
    let map = MapTransform(width: 390, height: 844, insets: Self.insets, camera: camera)
    guard case .globe = map else {
      Issue.record("a globe camera below zoom 12 has the globe's transform")
      return
    }
    #expect(Self.regionMatches(map, tolerance: 1e-5))
  }

  /// The directions of the sides that `point` lies beyond, as the browser harness names them.
  static func sidesPassed(_ point: (x: Double, y: Double), _ map: MapTransform) -> Set<ContentEdge> {
    let rect = map.visibleRect
    return Set(
      ContentEdge.facing(
        left: point.x < rect.minX - 1e-3, right: point.x > rect.maxX + 1e-3, top: point.y < rect.minY - 1e-3,
        bottom: point.y > rect.maxY + 1e-3, bearing: map.camera.bearing))
  }

  @Test("cut is exact: every direction content passes is named, at the least zoom too, on any projection")
  func cutIsExact() throws {
    var rng = SplitMix(state: 38)
    var named = 0
    for _ in 0..<300 * testScale {
      let projection: MapProjection = rng.next() % 2 == 0 ? .mercator : .globe
      let pitch = projection == .globe || rng.next() % 2 == 0 ? 0 : rng.uniform(0...60)
      let bearing = rng.uniform(-180...180)
      let west = rng.uniform(-180...180)
      let south = rng.uniform(-85...60)
      let box = GeoBounds(
        west: west, south: south, east: Coordinate.normalizedLongitude(west + rng.uniform(1...200)),
        north: min(85, south + rng.uniform(1...80)))
      // A small visible rect and a high least zoom: the content often cannot show whole.
      let insets = Insets(
        top: rng.uniform(0...100), left: rng.uniform(0...150), bottom: rng.uniform(200...600), right: 0)
      let options = FitOptions(
        bearing: bearing, minZoom: rng.uniform(0...3), pitch: pitch, projection: projection)
      let fit = CameraFit(width: 390, height: 844, insets: insets, options: options)
      guard let placement = try? fit.placement(for: box) else { continue }
      let map = MapTransform(width: 390, height: 844, insets: insets, camera: placement.camera)
      var passed = Set<ContentEdge>()
      var hidden = false
      // Mercator fits the content's copy whose middle lies nearest the focus: each point in that
      // copy (`point(of:)` would take a point more than half a turn from the focus to another).
      let copy = ((placement.camera.focus.lon - (box.west + box.longitudeSpan / 2)) / 360).rounded()
      for point in GlobeFitTests.outline(box, steps: 64) {
        let shown: (x: Double, y: Double)?
        switch map {
        case .globe(let globe): shown = globe.point(of: point)
        case .mercator(let screen):
          shown = screen.point(
            unitX: WebMercator.x(lon: point.lon) + copy, unitY: WebMercator.y(lat: point.lat))
        }
        guard let shown else {
          hidden = true
          continue
        }
        passed.formUnion(Self.sidesPassed(shown, map))
      }
      if hidden { passed = Set(ContentEdge.allCases) }
      named += placement.cut.isEmpty ? 0 : 1
      #expect(passed.isSubset(of: Set(placement.cut)), "\(box) \(options): passes \(passed), cut \(placement.cut)")
    }
    #expect(named > 10, "the generator makes content that is cut")
  }

  @Test("a globe fit held at minZoom names what it cuts (Antarctica, iPhone 17 extended, bearing 55.5)")
  func globeHeldAtMinZoom() throws {
    let fit = CameraFit(
      width: 402, height: 874, insets: Insets(top: 62, left: 0, bottom: 720, right: 0),
      options: FitOptions(bearing: 55.5, projection: .globe))
    let placement = try fit.placement(for: GeoBounds(west: -180, south: -90, east: 180, north: -63.27))
    #expect(placement.camera.zoom == 0)
    #expect(!placement.cut.isEmpty)
  }

  @Test("a globe fit's centre and focus are the same picture (-170…170: the focus on the box's middle)")
  func globeCentreAgreesWithFocus() throws {
    let fit = CameraFit(width: 402, height: 874, insets: Self.insets, options: FitOptions(projection: .globe))
    let camera = try fit.camera(for: GeoBounds(west: -170, south: -60, east: 170, north: 60))
    #expect(abs(camera.focus.lon) < 1e-9)
    let map = GlobeProjection(width: 402, height: 874, insets: Self.insets, camera: camera)
    let centre = try #require(map.point(of: camera.center))
    #expect(abs(centre.x - 201) < 1e-6 && abs(centre.y - 437) < 1e-6, "\(centre)")
  }

  @Test("the pitched fit snaps a raised zoom up, as the flat fit does")
  func pitchedRaisedZoomSnaps() throws {
    let world = GeoBounds(west: -180, south: -85, east: 180, north: 85)
    for pitch in [0.0, 30] {
      let fit = CameraFit(width: 390, height: 844, options: FitOptions(zoomSnap: 0.5, pitch: pitch))
      let camera = try fit.camera(for: world)
      #expect(abs(camera.zoom / 0.5 - (camera.zoom / 0.5).rounded()) < 1e-12, "pitch \(pitch): \(camera.zoom)")
      #expect(WebMercator.worldSize(zoom: camera.zoom) >= 844)
    }
  }

  @Test("a steady focus the world's edge would move grows its zoom until kept, the anchor where it was")
  func steadyFocusKeptByTheClient() throws {
    // The whole world at bearing −77 on an iPad, the anchor at the equator: as the card rises the
    // focus leaves the world's band at the fitted zoom (found by the browser harness's cross product).
    let insets = Insets(top: 24, left: 0, bottom: 300, right: 0)
    let fit = CameraFit(width: 834, height: 1194, insets: insets, options: FitOptions(bearing: -76.97))
    let camera = try fit.camera(for: GeoBounds(west: -180, south: -85, east: 180, north: 85))
    let anchor = Coordinate(lon: 0, lat: 0)
    let steady = try #require(SteadyFocus(anchor: anchor, camera: camera, width: 834, height: 1194, insets: insets))
    var raised = 0
    for bottom in stride(from: 300.0, through: 1100, by: 50) {
      let moved = Insets(top: 24, left: 0, bottom: bottom, right: 0)
      let held = try #require(steady.camera(width: 834, height: 1194, insets: moved), "bottom \(bottom)")
      let screen = ScreenProjection(width: 834, height: 1194, insets: moved, camera: held)
      #expect(screen.isKept(held), "bottom \(bottom): zoom \(held.zoom)")
      let point = try #require(screen.point(of: anchor))
      let rect = screen.visibleRect
      #expect(abs((point.x - rect.minX) / rect.width - steady.fractionX) < 1e-9)
      #expect(abs((point.y - rect.minY) / rect.height - steady.fractionY) < 1e-9)
      raised += held.zoom > camera.zoom ? 1 : 0
    }
    #expect(raised > 0, "the case raises the zoom somewhere")
  }

  @Test(
    "Mercator-only features refuse a globe camera instead of computing it as Mercator; a steady focus, a selection and bounds follow it"
  )
  func globeRefusals() throws {
    let fit = CameraFit(width: 390, height: 844, insets: Self.insets, options: FitOptions(projection: .globe))
    let camera = try fit.camera(for: GeoBounds(west: -73, south: 59, east: -11, north: 84))
    let screen = ScreenProjection(width: 390, height: 844, insets: Self.insets, camera: camera)
    #expect(throws: FitError.self) {
      try screen.keepingClear(Coordinate(lon: -42, lat: 70), callout: Callout(width: 200, height: 80), avoiding: [])
    }
    // Through the camera's own transform, a selection kept clear follows the globe.
    let cleared = try MapTransform(width: 390, height: 844, insets: Self.insets, camera: camera)
      .keepingClear(Coordinate(lon: -42, lat: 70), callout: Callout(width: 200, height: 80), avoiding: [])
    #expect(cleared.camera.projection == .globe && cleared.camera.zoom == camera.zoom)
    // A constraint made for Web Mercator refuses a camera drawn as a sphere; one made for the globe
    // holds it on the sphere (BoundsOnEveryCameraTests).
    let box = GeoBounds(west: -80, south: 50, east: 0, north: 85)
    let constraint = try BoundsConstraint(bounds: box, width: 390, height: 844, insets: Self.insets)
    #expect(throws: FitError.unsupported("a bounds constraint made for Web Mercator, on a globe camera")) {
      try constraint.constrain(camera)
    }
    let sphere = try BoundsConstraint(
      bounds: box, width: 390, height: 844, insets: Self.insets, projection: .globe)
    #expect(try sphere.constrain(camera).projection == .globe)
    // A steady focus follows the globe (MovingCameraTests.steadyFocusOnTheGlobe).
    let steady = SteadyFocus(anchor: camera.focus, camera: camera, width: 390, height: 844, insets: Self.insets)
    #expect(steady?.projection == .globe)
    #expect(throws: FitError.self) {
      try MapTransform(width: 390, height: 844, insets: Self.insets, camera: camera).mercator(for: "exclusion zones")
    }
  }
}

import CardMapTestSupport
import Testing

@testable import MapGeometry

/// The globe fit against MapLibre GL JS 5.3's own `map.project` on `{type: 'globe'}` (vectors measured
/// in Chromium), and its properties over generated boxes: every point of the box's outline in front
/// of the limb and inside the visible rect, the content centred in it and touching it.
@Suite("Globe: MapLibre GL JS 5's vertical perspective")
struct GlobeFitTests {
  // Made by Tests/browser/globe_vectors.py (MapLibre GL JS 5.3's map.project on the globe).
  static let vectors: [(camera: Camera, padding: Insets, points: [(Double, Double)])] = [
    (
      Camera(
        center: Coordinate(lon: 10, lat: 40), focus: Coordinate(lon: 10, lat: 40), zoom: 1.5, bearing: 0, pitch: 0),
      Insets(top: 0, left: 0, bottom: 0, right: 0),
      [
        (195, 422), (231.83799704084046, 393.7804570712308), (150.0239300985911, 471.4045895768014),
        (101.62845487977269, 300.7912852658782), (438.0980252236757, 422), (309.26886132169903, 411.27895696467726),
        (311.7564519536768, 412.98945100980285), (212.56415172675827, 458.1943386494698),
      ]
    ),
    (
      Camera(
        center: Coordinate(lon: 10, lat: 40), focus: Coordinate(lon: 10, lat: 40), zoom: 1.5, bearing: 30, pitch: 0),
      Insets(top: 50, left: 20, bottom: 400, right: 10),
      [
        (199.99999999999997, 247), (217.79286979751922, 204.1421604200801), (185.75187569139587, 312.27366458775833),
        (58.53351256821729, 188.71594644030296), (410.5290654535334, 125.45098738816222),
        (293.59921524845106, 180.58087371549476), (296.6087789525228, 180.81840969560673),
        (233.30817091603186, 269.56314088023873),
      ]
    ),
    (
      Camera(
        center: Coordinate(lon: -100, lat: 70), focus: Coordinate(lon: -100, lat: 70), zoom: 3.2, bearing: -75, pitch: 0
      ),
      Insets(top: 47, left: 0, bottom: 300, right: 0),
      [
        (952.4443062281103, 979.420284784871), (1067.407346626248, 837.4436560447552),
        (765.2497907521118, 1106.4929763136902), (647.8015186902231, 1046.4943881350996),
        (704.441548385081, -76.98402250623606), (123.72928481936533, -186.6688618897084),
        (132.11327801699187, -183.64473830553214), (931.0470499990754, 947.0437931240156),
      ]
    ),
    (
      Camera(
        center: Coordinate(lon: 150, lat: -30), focus: Coordinate(lon: 150, lat: -30), zoom: 11, bearing: 10, pitch: 0),
      Insets(top: 47, left: 0, bottom: 300, right: 0),
      [
        (-170.8636033544818, 175.70031604413154), (-238.3604394568476, 89.6184051216023),
        (-94.92312982427221, 307.49556070612664), (136.3010867393142, -37.398079606644046),
        (-2084.917840644698, -220.83097247401327), (2961.2200106652185, -515.1656278323923),
        (149.32463018372243, 371.8617222902848), (-228.97666896946043, 248.9194956026636),
      ]
    ),
    (
      Camera(
        center: Coordinate(lon: 10, lat: 40), focus: Coordinate(lon: 10, lat: 40), zoom: 1.5, bearing: 20, pitch: 40),
      Insets(top: 50, left: 20, bottom: 400, right: 10),
      [
        (199.99999999999997, 247.00000000000009), (224.4945995596793, 219.8760289568509),
        (173.77403691806396, 300.9749205245506), (74.99950552903164, 213.33794307166545),
        (429.05799933567675, 339.8195493315515), (308.7260199203376, 466.7371301244393),
        (311.81293356881685, 466.70434704618316), (229.31559336048795, 270.53946776574435),
      ]
    ),
    (
      Camera(
        center: Coordinate(lon: -100, lat: 70), focus: Coordinate(lon: -100, lat: 70), zoom: 3.2, bearing: -75,
        pitch: 60),
      Insets(top: 47, left: 0, bottom: 300, right: 0),
      [
        (2687.2043672042023, 3067.28354751538), (2329.604850954325, 2141.9783117118545),
        (3126.8081549784524, 5206.844973434451), (1338.9712406523079, 1745.2844906682515),
        (756.6784118798057, 931.0194087819498), (121.12396554678688, 875.452169157097),
        (129.64642200171338, 879.4561250826605), (2659.405311958787, 3263.0210146865593),
      ]
    ),
    (
      Camera(
        center: Coordinate(lon: 12, lat: 35), focus: Coordinate(lon: 12, lat: 35), zoom: 4.5, bearing: 150, pitch: 55),
      Insets(top: 0, left: 0, bottom: 0, right: 0),
      [
        (142.08441885229368, 562.3352514044983), (-255.81339166629908, 621.6177614976701),
        (638.6076476024868, 489.54735414217697), (476.00981952507334, 3835.833020989453),
        (-506.84665647435247, 831.5270279388146), (-128.32692716667043, 1313.7524198747653),
        (-131.1188430866239, 1302.0173288154922), (178.01348472958503, 369.7556078437848),
      ]
    ),
  ]
  static let vectorPoints = [
    Coordinate(lon: 10, lat: 40), Coordinate(lon: 20, lat: 45), Coordinate(lon: 0, lat: 30),
    Coordinate(lon: -30, lat: 60), Coordinate(lon: 100, lat: 0), Coordinate(lon: 151, lat: -29.9),
    Coordinate(lon: 149.98, lat: -30.02), Coordinate(lon: 14, lat: 33),
  ]

  @Test("the globe puts coordinates where MapLibre's map.project does, looking down and pitched")
  func matchesMapLibre() {
    var checked = 0
    for (camera, padding, points) in Self.vectors {
      let globe = GlobeView(
        height: 844, principalX: padding.left + (390 - padding.left - padding.right) / 2,
        principalY: padding.top + (844 - padding.top - padding.bottom) / 2, center: camera.focus, zoom: camera.zoom,
        bearing: camera.bearing, pitch: camera.pitch)
      for (coordinate, expected) in zip(Self.vectorPoints, points) {
        guard let shown = globe.point(of: coordinate) else { continue }  // far side: MapLibre still projects it
        #expect(abs(shown.x - expected.0) < 1e-6 && abs(shown.y - expected.1) < 1e-6, "\(shown) vs \(expected)")
        checked += 1
        // And back: the ray through the point meets the globe at the coordinate.
        let back = globe.coordinate(atX: shown.x, y: shown.y)
        #expect(back.map { abs($0.lat - coordinate.lat) < 1e-9 } ?? false)
      }
    }
    #expect(checked >= 20, "\(checked)")
  }

  /// The box's outline, densely (parallels are curves on the globe), east unwrapped past west.
  static func outline(_ box: GeoBounds, steps: Int = 256) -> [Coordinate] {
    let east = box.west + box.longitudeSpan
    return (0..<steps).flatMap { i -> [Coordinate] in
      let f = Double(i) / Double(steps)
      return [
        Coordinate(lon: box.west + (east - box.west) * f, lat: box.north),
        Coordinate(lon: east, lat: box.north + (box.south - box.north) * f),
        Coordinate(lon: east + (box.west - east) * f, lat: box.south),
        Coordinate(lon: box.west, lat: box.south + (box.north - box.south) * f),
      ]
    }
  }

  @Test(
    "generated boxes: the outline shows in front of the limb, inside the visible rect, centred and touching",
    arguments: [false, true])
  func fitsGeneratedBoxes(pitched: Bool) throws {
    var rng = SplitMix(state: pitched ? 50 : 21)
    var fitted = 0
    for _ in 0..<300 {
      let west = rng.uniform(-180...180)
      let south = rng.uniform(-80...70)
      let box = GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + rng.uniform(0.5...120)),
        north: min(south + rng.uniform(0.5...50), 85))
      let (width, height) = rng.uniform(0...1) < 0.5 ? (390.0, 844.0) : (1180.0, 820.0)
      let insets = Insets(
        top: rng.uniform(0...100), left: rng.uniform(0...300), bottom: rng.uniform(0...400), right: rng.uniform(0...50))
      let bearing = rng.uniform(-180...180)
      let pitch = pitched ? rng.uniform(0...60) : 0
      let fit = CameraFit(
        width: width, height: height, insets: insets,
        options: FitOptions(bearing: bearing, pitch: pitch, projection: .globe))
      let placement = try fit.placement(for: box)
      let camera = placement.camera
      guard placement.cut.isEmpty, camera.zoom < CameraFit.globeEndZoom, camera.zoom > 0 else { continue }
      fitted += 1
      let principalX = insets.left + (width - insets.left - insets.right) / 2
      let principalY = insets.top + (height - insets.top - insets.bottom) / 2
      let globe = GlobeView(
        height: height, principalX: principalX, principalY: principalY, center: camera.focus, zoom: camera.zoom,
        bearing: camera.bearing, pitch: camera.pitch)
      var (minX, maxX, minY, maxY) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
      for point in Self.outline(box) {
        let shown = try #require(globe.point(of: point), "\(point) behind the limb for \(box)")
        (minX, maxX) = (min(minX, shown.x), max(maxX, shown.x))
        (minY, maxY) = (min(minY, shown.y), max(maxY, shown.y))
      }
      let slack = 1e-6
      #expect(minX >= insets.left - slack && maxX <= width - insets.right + slack, "\(box): x \(minX)…\(maxX)")
      #expect(minY >= insets.top - slack && maxY <= height - insets.bottom + slack, "\(box): y \(minY)…\(maxY)")
      let touch = min(
        abs(minX - insets.left), abs(maxX - (width - insets.right)), abs(minY - insets.top),
        abs(maxY - (height - insets.bottom)))
      // Touching a side, or (tilted) held back by the limb: a globe a thousandth larger hides some of it.
      var larger = globe
      larger.radius *= 1.001
      let limbBound = Self.outline(box).contains { larger.point(of: $0) == nil }
      #expect(touch < 0.05 || limbBound, "\(box): no side touched (\(touch) pt), nor the limb")
      // Centred, unless the focus met the world's latitude limit.
      if abs(camera.focus.lat) < WebMercator.maxLatitude - 1e-6 {
        #expect(abs((minX + maxX) / 2 - principalX) < 0.05 && abs((minY + maxY) / 2 - principalY) < 0.05)
      }
    }
    #expect(fitted > (pitched ? 150 : 200), "\(fitted) of 300 on the globe")
  }

  @Test("more than a hemisphere: the whole globe, every direction cut; zoom 12 and up: the Mercator fit")
  func edges() throws {
    let options = FitOptions(projection: .globe)
    let fit = CameraFit(
      width: 390, height: 844, insets: Insets(top: 47, left: 0, bottom: 400, right: 0), options: options)
    let world = try fit.placement(for: GeoBounds(west: -180, south: -80, east: 180, north: 80))
    #expect(world.cut == ContentEdge.allCases)
    // The globe's limb, a circle of d·R/√(d² + 2dR) points, fits the visible rect's width.
    let globe = GlobeView(
      height: 844, principalX: 195, principalY: 47 + 397.0 / 2, center: world.camera.focus, zoom: world.camera.zoom,
      bearing: 0)
    let limb =
      globe.distance * globe.radius
      / (globe.distance * globe.distance + 2 * globe.distance * globe.radius)
      .squareRoot()
    #expect(abs(limb - 195) < 1e-6)
    let street = GeoBounds(west: 151.205, south: -33.87, east: 151.215, north: -33.86)
    var flat = fit
    flat.options.projection = .mercator
    // The Mercator fit's camera, for a globe map (drawn as Mercator at its zoom).
    var expected = try flat.camera(for: street)
    expected.projection = .globe
    #expect(try fit.camera(for: street) == expected)
    #expect(expected.drawnProjection == .mercator)
    // Pitched, the street is the pitched Mercator fit's, for a globe map.
    var pitched = try CameraFit(width: 390, height: 844, options: FitOptions(pitch: 30)).camera(for: street)
    pitched.projection = .globe
    #expect(
      try CameraFit(width: 390, height: 844, options: FitOptions(pitch: 30, projection: .globe)).camera(for: street)
        == pitched)
  }
}

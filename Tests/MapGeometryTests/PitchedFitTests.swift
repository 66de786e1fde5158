import CardMapTestSupport
import MapGeometry
import Testing

/// The pitched fit against an independent model of MapLibre GL JS 5's camera: its matrix chain
/// (perspective with the centre of perspective at the padded centre, then scale, translate, rotate
/// by pitch and bearing, translate by the centre) multiplied out as 4 × 4 matrices here, not the
/// library's closed forms.
@Suite("Pitched fit: the tilted view MapLibre draws")
struct PitchedFitTests {
  typealias Matrix = [[Double]]

  static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
    (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
  }

  /// MapLibre's view-projection of world points (unit Mercator × world size) to screen points:
  /// the chain up to the last translation by the focus, which `screen(of:…)` applies.
  static func chain(camera: Camera, width: Double, height: Double, insets: Insets) -> Matrix {
    let fov = 0.6435011087932844
    let distance = 0.5 / tan(fov / 2) * height
    let offsetX = (insets.left - insets.right) / 2
    let offsetY = (insets.top - insets.bottom) / 2
    let f = 1 / tan(fov / 2)
    // gl-matrix's perspective (its depth row is irrelevant to x/w and y/w), then MapLibre's shift of
    // the centre of perspective to the padded centre.
    let perspective: Matrix = [
      [f / (width / height), 0, -offsetX * 2 / width, 0], [0, f, offsetY * 2 / height, 0], [0, 0, -1, -0.2],
      [0, 0, -1, 0],
    ]
    let p = camera.pitch * Double.pi / 180
    let b = -camera.bearing * Double.pi / 180
    let scale: Matrix = [[1, 0, 0, 0], [0, -1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    let back: Matrix = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -distance], [0, 0, 0, 1]]
    let pitch: Matrix = [[1, 0, 0, 0], [0, cos(p), -sin(p), 0], [0, sin(p), cos(p), 0], [0, 0, 0, 1]]
    let bearing: Matrix = [[cos(b), -sin(b), 0, 0], [sin(b), cos(b), 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    return [scale, back, pitch, bearing].reduce(perspective) { multiply($0, $1) }
  }

  /// A unit Mercator point on screen through `chain`, the focus at unit (`fx`, `fy`).
  static func screen(
    of point: (x: Double, y: Double), chain: Matrix, focus: (x: Double, y: Double), world: Double,
    width: Double, height: Double
  ) -> (x: Double, y: Double, w: Double) {
    let v = [(point.x - focus.x) * world, (point.y - focus.y) * world, 0, 1]
    let clip = (0..<4).map { i in (0..<4).reduce(0) { $0 + chain[i][$1] * v[$1] } }
    return ((clip[0] / clip[3] + 1) / 2 * width, (1 - clip[1] / clip[3]) / 2 * height, clip[3])
  }

  static func screen(
    of point: (x: Double, y: Double), camera: Camera, width: Double, height: Double, insets: Insets
  ) -> (x: Double, y: Double, w: Double) {
    screen(
      of: point, chain: chain(camera: camera, width: width, height: height, insets: insets),
      focus: (WebMercator.x(lon: camera.focus.lon), WebMercator.y(lat: camera.focus.lat)),
      world: WebMercator.worldSize(zoom: camera.zoom), width: width, height: height)
  }

  static func corners(_ box: GeoBounds) -> [(x: Double, y: Double)] {
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(box.west))
    let x1 = x0 + box.longitudeSpan / 360
    return [
      (x0, WebMercator.y(lat: box.north)), (x1, WebMercator.y(lat: box.north)),
      (x1, WebMercator.y(lat: box.south)), (x0, WebMercator.y(lat: box.south)),
    ]
  }

  /// The largest distance outside the visible rect of the box's corners (≤ 0 when inside), and the
  /// least gap to a side, the focus at unit `focus`.
  static func placement(
    _ box: GeoBounds, chain: Matrix, focus: (x: Double, y: Double), zoom: Double, fit: CameraFit
  ) -> (outside: Double, gap: Double) {
    let i = fit.insets
    var outside = -Double.infinity
    var gap = Double.infinity
    let all = corners(box)
    // The world copy of the box nearest the focus, as the client draws it.
    let turns = (focus.x - (all[0].x + all[1].x) / 2).rounded()
    for corner in all.map({ (x: $0.x + turns, y: $0.y) }) {
      let s = screen(
        of: corner, chain: chain, focus: focus, world: WebMercator.worldSize(zoom: zoom), width: fit.width,
        height: fit.height)
      let gaps = [s.x - i.left, fit.width - i.right - s.x, s.y - i.top, fit.height - i.bottom - s.y]
      outside = max(outside, -(gaps.min() ?? 0), s.w <= 0 ? .infinity : -.infinity)
      gap = min(gap, gaps.min() ?? 0)
    }
    return (outside, gap)
  }

  @Test("every corner inside the visible rect, one side touched, and no larger zoom keeps them inside")
  func largestZoom() throws {
    var random = SplitMix(state: 3030)
    var checked = 0
    for _ in 0..<120 * testScale {
      let width = random.uniform(320...1400)
      let height = random.uniform(480...1400)
      let insets = Insets(
        top: random.uniform(0...height * 0.3), left: random.uniform(0...width * 0.3),
        bottom: random.uniform(0...height * 0.4), right: random.uniform(0...width * 0.2))
      let lat = random.uniform(-60...60)
      let lon = random.uniform(-180...180)
      let box = GeoBounds(
        west: lon, south: lat, east: Coordinate.normalizedEastLongitude(lon + random.uniform(0.001...20)),
        north: min(lat + random.uniform(0.001...15), 80))
      let options = FitOptions(bearing: random.uniform(-180...180), pitch: random.uniform(0...60))
      let fit = CameraFit(width: width, height: height, insets: insets, options: options)
      let placement = try fit.placement(for: box)
      guard !placement.worldClamped, placement.camera.zoom < 22, placement.camera.zoom > 0 else { continue }
      checked += 1
      let camera = placement.camera
      let chain = Self.chain(camera: camera, width: width, height: height, insets: insets)
      let focus = (WebMercator.x(lon: camera.focus.lon), WebMercator.y(lat: camera.focus.lat))
      let (outside, gap) = Self.placement(box, chain: chain, focus: focus, zoom: camera.zoom, fit: fit)
      #expect(
        outside <= 1e-6, "\(box) \(options) \(width)x\(height) \(insets) \(placement): a corner \(outside) pt outside")
      #expect(abs(gap) <= 1e-6, "\(box) \(options): no side touched (\(gap) pt)")
      // A brute-force search over foci at a slightly larger zoom finds none that keeps every corner.
      let larger = camera.zoom + 0.01
      let world = WebMercator.worldSize(zoom: larger)
      var found = false
      for a in -10...10 where !found {
        for b in -10...10 where !found {
          let moved = (focus.0 + Double(a) * 8 / world, focus.1 + Double(b) * 8 / world)
          found = Self.placement(box, chain: chain, focus: moved, zoom: larger, fit: fit).outside <= 0
        }
      }
      #expect(!found, "\(box) \(options): a larger zoom fits too")
    }
    #expect(checked > 60 * testScale, "\(checked)")
  }

  @Test("pitch 0 is the flat fit; the visible region is the trapezoid under the visible rect's corners")
  func flatAndRegion() throws {
    let box = GeoBounds(west: 151.2, south: -33.9, east: 151.3, north: -33.8)
    let insets = Insets(top: 47, left: 0, bottom: 451.5, right: 0)
    let flat = CameraFit(width: 390, height: 844, insets: insets, options: FitOptions(bearing: 30))
    var tiny = flat
    tiny.options.pitch = 1e-9
    let a = try flat.camera(for: box)
    let b = try tiny.camera(for: box)
    #expect(
      abs(a.zoom - b.zoom) < 1e-9 && abs(a.focus.lat - b.focus.lat) < 1e-9 && abs(a.focus.lon - b.focus.lon) < 1e-9)
    var pitched = flat
    pitched.options.pitch = 45
    let camera = try pitched.camera(for: box)
    #expect(camera.pitch == 45 && abs(camera.zoom - a.zoom) > 0.01)
    let region = pitched.visibleRegion(of: camera)
    let expected = [(0.0, 47.0), (390, 47), (390, 392.5), (0, 392.5)]
    for (corner, (x, y)) in zip(region.polygon, expected) {
      let s = Self.screen(
        of: (WebMercator.x(lon: corner.lon), WebMercator.y(lat: corner.lat)), camera: camera, width: 390, height: 844,
        insets: insets)
      #expect(abs(s.x - x) < 1e-6 && abs(s.y - y) < 1e-6, "\(corner) → \(s), not \((x, y))")
    }
    // Far edge wider than the near one: a trapezoid.
    let far = abs(region.polygon[1].lon - region.polygon[0].lon)
    let near = abs(region.polygon[2].lon - region.polygon[3].lon)
    #expect(far > near * 1.2)
  }

  @Test(
    "a visible rect that reaches the horizon is an error naming the greatest pitch; pitches out of range are rejected")
  func horizon() throws {
    let box = GeoBounds(west: 0, south: 0, east: 1, north: 1)
    let fit = CameraFit(
      width: 400, height: 800, insets: Insets(top: 0, left: 0, bottom: 0, right: 0),
      options: FitOptions(pitch: 85, maxPitch: 85))
    #expect {
      try fit.camera(for: box)
    } throws: { error in
      "\(error)".contains("horizon") && "\(error)".contains("71.5")
    }
    for (pitch, maxPitch) in [(61.0, 60.0), (-1, 60), (10, 86), (.nan, 60)] {
      #expect(throws: FitError.self) {
        try CameraFit(width: 400, height: 800, options: FitOptions(pitch: pitch, maxPitch: maxPitch)).camera(for: box)
      }
    }
  }
}

import CardMapTestSupport
import MapGeometry
import Testing

@Suite("Camera fit properties and edge cases")
struct FitPropertyTests {
  /// The content's box in screen points at the camera, relative to the view.
  func screenBox(_ bounds: GeoBounds, _ fit: CameraFit, _ camera: Camera) -> (Double, Double, Double, Double) {
    let world = WebMercator.worldSize(zoom: camera.zoom)
    var cx = WebMercator.x(lon: camera.center.lon)
    let cy = WebMercator.y(lat: camera.center.lat)
    let x0 = WebMercator.x(lon: bounds.west)
    let x1 = x0 + bounds.longitudeSpan / 360
    if cx < x0 - 0.5 { cx += 1 }
    if cx > x1 + 0.5 { cx -= 1 }
    let b = camera.bearing * Double.pi / 180
    var box = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for (x, y) in [
      (x0, WebMercator.y(lat: bounds.north)), (x1, WebMercator.y(lat: bounds.north)),
      (x1, WebMercator.y(lat: bounds.south)), (x0, WebMercator.y(lat: bounds.south)),
    ] {
      let dx = (x - cx) * world
      let dy = (y - cy) * world
      let sx = dx * cos(b) + dy * sin(b) + fit.width / 2
      let sy = -dx * sin(b) + dy * cos(b) + fit.height / 2
      box = (min(box.0, sx), min(box.1, sy), max(box.2, sx), max(box.3, sy))
    }
    return box
  }

  @Test("random content, viewports and insets: content inside the visible rect, a pair of edges touching")
  func randomFits() throws {
    var random = SplitMix(state: 42)
    var checked = 0
    for _ in 0..<2000 {
      let west = random.uniform(-180...179)
      let span = random.uniform(0.001...200)
      let south = random.uniform(-70...69)
      let north = min(south + random.uniform(0.001...60), 70)
      let bounds = GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + span), north: north)
      let width = random.uniform(200...1400)
      let height = random.uniform(200...1400)
      let padding = Insets(
        top: random.uniform(0...(height / 3)), left: random.uniform(0...(width / 3)),
        bottom: random.uniform(0...(height / 3)), right: random.uniform(0...(width / 3)))
      let fit = CameraFit(
        width: width, height: height, insets: padding,
        options: FitOptions(bearing: random.uniform(-180...180), maxZoom: 30))
      let placement = try fit.placement(for: bounds)
      let camera = placement.camera
      // Too big to fit, or moved by the world's bounds: checked in WorldBoundsTests.
      guard camera.zoom > fit.options.minZoom, !placement.worldClamped else { continue }
      checked += 1
      let (minX, minY, maxX, maxY) = screenBox(bounds, fit, camera)
      let tolerance = screenRounding(world: WebMercator.worldSize(zoom: camera.zoom))
      #expect(minX >= padding.left - tolerance && maxX <= width - padding.right + tolerance, "\(bounds)")
      #expect(minY >= padding.top - tolerance && maxY <= height - padding.bottom + tolerance, "\(bounds)")
      let touchesX = abs(minX - padding.left) <= tolerance && abs(maxX - (width - padding.right)) <= tolerance
      let touchesY = abs(minY - padding.top) <= tolerance && abs(maxY - (height - padding.bottom)) <= tolerance
      #expect(touchesX || touchesY, "\(bounds)")
      // The visible region contains the content's corners (unrotated check on the box).
      let region = fit.visibleRegion(of: camera)
      #expect(region.polygon.count == 4)
      #expect(region.bounds.south <= bounds.south + 1e-6 && region.bounds.north >= bounds.north - 1e-6)
    }
    #expect(checked > 1500)
  }

  @Test("focus with padding gives the same region as center without padding")
  func focusMatchesCenter() throws {
    let fit = CameraFit(
      width: 390, height: 844, insets: Insets(top: 47, bottom: 451.5), options: FitOptions(bearing: 30))
    let camera = try fit.camera(for: GeoBounds(west: 151.1, south: -33.95, east: 151.3, north: -33.8))
    // A map with the insets as padding, centred on `focus`, puts `focus` at the visible rect's
    // centre; one without padding, centred on `center`, shows `focus` at the same point.
    let world = WebMercator.worldSize(zoom: camera.zoom)
    let dx = (WebMercator.x(lon: camera.focus.lon) - WebMercator.x(lon: camera.center.lon)) * world
    let dy = (WebMercator.y(lat: camera.focus.lat) - WebMercator.y(lat: camera.center.lat)) * world
    let b = 30 * Double.pi / 180
    let sx = dx * cos(b) + dy * sin(b)
    let sy = -dx * sin(b) + dy * cos(b)
    #expect(abs(sx - 0) < 1e-6)
    #expect(abs(sy - (47 - 451.5) / 2) < 1e-6)
  }

  @Test("the whole world clamps a negative zoom to minZoom")
  func wholeWorld() throws {
    let camera = try CameraFit(width: 200, height: 200).camera(
      for: GeoBounds(west: -180, south: -85, east: 180, north: 85))
    #expect(camera.zoom == 0)
    let region = CameraFit(width: 200, height: 200).visibleRegion(of: camera)
    #expect(region.bounds.north <= WebMercator.maxLatitude + 1e-9)
  }

  @Test("latitudes beyond ±85.05 are clamped, never NaN")
  func polarLatitudes() throws {
    let camera = try CameraFit(width: 400, height: 400).camera(for: GeoBounds(west: 0, south: 80, east: 10, north: 90))
    #expect(camera.center.lat.isFinite && camera.zoom.isFinite)
    #expect(camera.center.lat <= WebMercator.maxLatitude)
  }

  @Test("a single point fits at maxZoom, or at pointZoom")
  func singlePoint() throws {
    let point = GeoBounds(west: 151.2, south: -33.87, east: 151.2, north: -33.87)
    let camera = try CameraFit(width: 400, height: 400).camera(for: point)
    #expect(camera.zoom == 22)
    #expect(abs(camera.center.lon - 151.2) < 1e-9 && abs(camera.center.lat - -33.87) < 1e-9)
    #expect(try CameraFit(width: 400, height: 400, options: FitOptions(pointZoom: 15)).camera(for: point).zoom == 15)
  }

  @Test("errors, never NaN: insets equal to the view, negative or non-finite inputs")
  func errors() {
    let box = GeoBounds(west: 0, south: 0, east: 1, north: 1)
    #expect(throws: FitError.noVisibleArea) {
      try CameraFit(width: 400, height: 400, insets: Insets(top: 200, bottom: 200)).camera(for: box)
    }
    #expect(throws: FitError.noVisibleArea) {
      try CameraFit(width: 400, height: 400, insets: Insets(left: 400)).camera(for: box)
    }
    #expect(throws: FitError.self) {
      try CameraFit(width: 400, height: 400, insets: Insets(top: -1)).camera(for: box)
    }
    #expect(throws: FitError.self) {
      try CameraFit(width: 400, height: 400, insets: Insets(top: .nan)).camera(for: box)
    }
    #expect(throws: FitError.self) {
      try CameraFit(width: 400, height: 400, options: FitOptions(bearing: .infinity)).camera(for: box)
    }
    #expect(FitError.noContent.description == "no content")
  }

  @Test("extent: the smallest longitude interval, across the antimeridian")
  func extents() throws {
    var route = ExtentBuilder()
    route.add(lon: 179.5, lat: -17)
    route.add(lon: -179.5, lat: -18)
    #expect(route.bounds == GeoBounds(west: 179.5, south: -18, east: -179.5, north: -17))
    var spread = ExtentBuilder()
    for lon in [10.0, 170, -10, -170] { spread.add(lon: lon, lat: 0) }
    let bounds = try #require(spread.bounds)
    #expect(abs(bounds.longitudeSpan - 200) < 1e-9)
    #expect(bounds.crossesAntimeridian)
    var plain = ExtentBuilder()
    plain.add(lon: -10, lat: 5)
    plain.add(lon: 20, lat: -5)
    plain.add(lon: 380, lat: 0)  // 20°, normalised
    #expect(plain.bounds == GeoBounds(west: -10, south: -5, east: 20, north: 5))
    var world = ExtentBuilder()
    for lon in stride(from: -180.0, to: 180, by: 0.5) { world.add(lon: lon, lat: 0) }
    #expect(world.bounds?.longitudeSpan == 360)
    #expect(ExtentBuilder().bounds == nil)
    var fijiCamera = ExtentBuilder()
    fijiCamera.add(lon: 175.813127, lat: -20.157768)
    fijiCamera.add(lon: -178.340903, lat: -15.449124)
    let fit = try CameraFit(width: 512, height: 512, options: FitOptions(maxZoom: 20)).camera(
      for: try #require(fijiCamera.bounds))
    #expect(abs(fit.center.lon - 178.7361) < 0.0001)
  }

  @Test("longitudes normalise to [−180, 180)")
  func normalise() {
    #expect(Coordinate.normalizedLongitude(180) == -180)
    #expect(Coordinate.normalizedLongitude(-180) == -180)
    #expect(Coordinate.normalizedLongitude(190) == -170)
    #expect(Coordinate.normalizedLongitude(-540) == -180)
    #expect(Coordinate.normalizedEastLongitude(180) == 180)
  }
}

import MapGeometry
import Testing

/// Fits of absurd but finite inputs: an answer or an error, never NaN.
@Suite("Camera fit at the edges")
struct FitEdgeTests {
  let box = GeoBounds(west: 1, south: 2, east: 3, north: 4)

  @Test("a bearing of any size is taken modulo 360 and reported in (−180, 180]")
  func bearings() throws {
    for (given, reported) in [
      (1e308, 1e308.truncatingRemainder(dividingBy: 360) - 360), (540, 180), (-180, 180), (-190, 170),
    ] {
      let camera = try CameraFit(width: 400, height: 400, options: FitOptions(bearing: given)).camera(for: box)
      #expect(camera.bearing == reported, "\(given)")
      let plain = try CameraFit(width: 400, height: 400, options: FitOptions(bearing: reported)).camera(for: box)
      #expect(camera == plain)
    }
  }

  @Test("a zoom snap too small to divide by snaps nothing; zooms outside −2…30 are rejected")
  func snaps() throws {
    let unsnapped = try CameraFit(width: 400, height: 400).camera(for: box)
    #expect(try CameraFit(width: 400, height: 400, options: FitOptions(zoomSnap: 1e-320)).camera(for: box) == unsnapped)
    for (minZoom, maxZoom) in [(-6000.0, -5000.0), (0, 31), (-2.5, 3), (5, 4)] {
      #expect(throws: FitError.self) {
        try CameraFit(width: 400, height: 400, options: FitOptions(minZoom: minZoom, maxZoom: maxZoom)).camera(for: box)
      }
    }
  }

  @Test("a longitude span leaves whole turns out; 360° or more from west to east is the world")
  func spans() {
    #expect(GeoBounds(west: 190, south: 0, east: 200, north: 1).longitudeSpan == 10)
    #expect(GeoBounds(west: 170, south: 0, east: -170, north: 1).longitudeSpan == 20)
    #expect(GeoBounds(west: -190, south: 0, east: 190, north: 1).longitudeSpan == 360)
    #expect(GeoBounds(west: -180, south: 0, east: 180, north: 1).longitudeSpan == 360)
    #expect(GeoBounds(west: 1e308, south: 0, east: 1e308, north: 1).longitudeSpan == 0)
    #expect(GeoBounds(west: 10, south: 0, east: 10, north: 1).longitudeSpan == 0)
  }

  @Test("a box given with longitudes beyond ±180 fits as the same box within them")
  func wrappedBoxes() throws {
    let fit = CameraFit(width: 400, height: 400)
    let wrapped = try fit.camera(for: GeoBounds(west: 361, south: 2, east: 363, north: 4))
    let plain = try fit.camera(for: box)
    #expect(abs(wrapped.center.lon - plain.center.lon) < 1e-9 && abs(wrapped.zoom - plain.zoom) < 1e-9)
    let huge = try fit.camera(for: GeoBounds(west: 1e308, south: 2, east: 1e308, north: 4))
    #expect(huge.center.lon.isFinite && huge.zoom.isFinite)
  }

  @Test("two equally large empty arcs: the extent does not cross the antimeridian (the oracle found the opposite)")
  func extentTie() {
    var extent = ExtentBuilder()
    // Three arcs of 120°: the plain box [−120, 120] wins the tie over [0, −120] and [120, 0].
    for lon in [-120.0, 0, 120] { extent.add(lon: lon, lat: 0) }
    #expect(extent.bounds == GeoBounds(west: -120, south: 0, east: 120, north: 0))
    var crossing = ExtentBuilder()
    for lon in [170.0, -170, -160] { crossing.add(lon: lon, lat: 1) }
    #expect(crossing.bounds == GeoBounds(west: 170, south: 1, east: -160, north: 1))
  }
}

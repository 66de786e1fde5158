import MapGeometry
import Testing

/// MapLibre GL JS's published camera test vectors, from `src/ui/camera.test.ts` in
/// maplibre/maplibre-gl-js (describe 'cameraForBounds' and 'fitBounds'). MapLibre's camera there
/// is 512 × 512 with maxZoom 20; its results are rounded to 4 decimals (centres) and 3 (zooms), and
/// its `center` is the centre for a map without padding, CardMap's `center`.
@Suite("MapLibre cameraForBounds vectors")
struct MapLibreCameraTests {
  static let usa = GeoBounds(west: -133, south: 16, east: -68, north: 50)

  func fit(
    _ bounds: GeoBounds, width: Double = 512, height: Double = 512, padding: Insets = .zero,
    bearing: Double = 0, minZoom: Double = 0, maxZoom: Double = 20, zoomSnap: Double = 0
  ) throws -> Camera {
    try CameraFit(
      width: width, height: height, insets: padding,
      options: FitOptions(bearing: bearing, minZoom: minZoom, maxZoom: maxZoom, zoomSnap: zoomSnap)
    ).camera(for: bounds)
  }

  func expectCenter(_ camera: Camera, _ lon: Double, _ lat: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(camera.center.lon - lon) <= 0.00005, sourceLocation: sourceLocation)
    #expect(abs(camera.center.lat - lat) <= 0.00005, sourceLocation: sourceLocation)
  }

  func expectZoom(_ camera: Camera, _ zoom: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(camera.zoom - zoom) <= 0.0005, sourceLocation: sourceLocation)
  }

  @Test("no options passed: (-100.5, 34.7171), zoom 2.469")
  func noOptions() throws {
    let camera = try fit(Self.usa)
    expectCenter(camera, -100.5, 34.7171)
    expectZoom(camera, 2.469)
    #expect(camera.focus == camera.center)
  }

  @Test("bearing 175: zoom 2.396; bearing -30: zoom 2.222")
  func bearings() throws {
    let positive = try fit(Self.usa, bearing: 175)
    expectCenter(positive, -100.5, 34.7171)
    expectZoom(positive, 2.396)
    #expect(positive.bearing == 175)
    let negative = try fit(Self.usa, bearing: -30)
    expectCenter(negative, -100.5, 34.7171)
    expectZoom(negative, 2.222)
  }

  @Test("padding 15: zoom 2.382, centre unchanged")
  func uniformInsets() throws {
    let camera = try fit(Self.usa, padding: Insets(top: 15, left: 15, bottom: 15, right: 15))
    expectCenter(camera, -100.5, 34.7171)
    expectZoom(camera, 2.382)
  }

  @Test("asymmetrical padding: centre (-96.5558, 32.0833)")
  func asymmetricInsets() throws {
    let camera = try fit(Self.usa, padding: Insets(top: 10, left: 25, bottom: 50, right: 75))
    expectCenter(camera, -96.5558, 32.0833)
    #expect(abs(camera.focus.lon - -100.5) < 1e-9)
  }

  @Test("bearing 90 and asymmetrical padding: centre (-103.3761, 31.7099)")
  func bearingAndInsets() throws {
    let camera = try fit(Self.usa, padding: Insets(top: 10, left: 25, bottom: 50, right: 75), bearing: 90)
    expectCenter(camera, -103.3761, 31.7099)
  }

  @Test("2048 × 512, min 2, max 10, bearing 45: (-95.9669, 38.3048), zoom 2.507")
  func wideViewport() throws {
    let bounds = GeoBounds(west: -125.0011, south: 24.9493, east: -66.9326, north: 49.5904)
    let camera = try fit(bounds, width: 2048, height: 512, bearing: 45, minZoom: 2, maxZoom: 10)
    expectCenter(camera, -95.9669, 38.3048)
    expectZoom(camera, 2.507)
  }

  @Test("fiji, crossing the antimeridian: (178.7361, -17.819), zoom 5.944")
  func fiji() throws {
    let camera = try fit(GeoBounds(west: 175.813127, south: -20.157768, east: -178.340903, north: -15.449124))
    expectCenter(camera, 178.7361, -17.819)
    expectZoom(camera, 5.944)
  }

  @Test("not crossing: (0, 0), zoom 4.163")
  func notCrossing() throws {
    let camera = try fit(GeoBounds(west: -10, south: -10, east: 10, north: 10))
    expectCenter(camera, 0, 0)
    expectZoom(camera, 4.163)
  }

  @Test("zoomSnap 1 snaps 2.469 down to 2; 0.5 snaps 2.585 down to 2.5; 0 leaves it")
  func zoomSnap() throws {
    #expect(try fit(Self.usa, zoomSnap: 1).zoom == 2)
    expectZoom(try fit(Self.usa, zoomSnap: 0), 2.469)
    let other = GeoBounds(west: -120, south: 20, east: -60, north: 45)
    expectZoom(try fit(other), 2.585)
    #expect(try fit(other, zoomSnap: 0.5).zoom == 2.5)
  }
}

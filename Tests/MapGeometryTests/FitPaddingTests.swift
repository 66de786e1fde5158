import CardMapTestSupport
import Testing

@testable import MapGeometry

/// `FitOptions.padding` (Fitting a camera, Padding): the content inside the visible rect less the
/// padding while the focus stays at the visible rect's centre, checked through the independent
/// models of MapLibre's camera in `PitchedFitTests` (its matrix chain) and `GlobeView`.
@Suite("Fit padding: content in a rect apart from the centre of perspective")
struct FitPaddingTests {
  /// A view, its insets (the map's own padding) and a padding like a sheet's: the bottom 30–70 %,
  /// or a 400-pt leading sheet on a wide view.
  static func view(_ rng: inout SplitMix) -> (width: Double, height: Double, insets: Insets, padding: Insets) {
    let (width, height) = [(390.0, 844.0), (1024.0, 768.0), (1280.0, 800.0)][Int(rng.uniform(0...2.999))]
    let insets =
      rng.uniform(0...1) < 0.3
      ? Insets(
        top: rng.uniform(0...60), left: rng.uniform(0...60), bottom: rng.uniform(0...60), right: rng.uniform(0...60))
      : .zero
    let padding =
      width > 1000 && rng.uniform(0...1) < 0.3
      ? Insets(top: 16, left: 400, bottom: 16, right: 0)
      : Insets(bottom: (height * rng.uniform(0.3...0.7)).rounded())
    return (width, height, insets, padding)
  }

  static func box(_ rng: inout SplitMix, largest: Double) -> GeoBounds {
    let span = pow(10, rng.uniform(-2.5...log10(largest)))
    let lat = rng.uniform(-60...60)
    let lon = rng.uniform(-180...180)
    return GeoBounds(
      west: lon, south: max(-80, lat - span / 2),
      east: Coordinate.normalizedEastLongitude(lon + span * rng.uniform(0.5...2)), north: min(80, lat + span / 2))
  }

  /// The content rect: the visible rect less the padding, in view points.
  static func contentRect(width: Double, height: Double, insets: Insets, padding: Insets)
    -> (left: Double, top: Double, right: Double, bottom: Double)
  {
    (
      insets.left + padding.left, insets.top + padding.top, width - insets.right - padding.right,
      height - insets.bottom - padding.bottom
    )
  }

  @Test(
    "flat: the zoom of the same padding given as insets, the content inside, the focus at the visible rect's centre")
  func flat() throws {
    var rng = SplitMix(state: 61)
    for _ in 0..<200 * testScale {
      let (width, height, insets, padding) = Self.view(&rng)
      let box = Self.box(&rng, largest: 30)
      let options = FitOptions(bearing: rng.uniform(-180...180), padding: padding)
      let padded = try CameraFit(width: width, height: height, insets: insets, options: options).placement(for: box)
      var plain = options
      plain.padding = .zero
      let grown = Insets(
        top: insets.top + padding.top, left: insets.left + padding.left, bottom: insets.bottom + padding.bottom,
        right: insets.right + padding.right)
      let reference = try CameraFit(width: width, height: height, insets: grown, options: plain).placement(for: box)
      guard !reference.worldClamped, !padded.worldClamped else { continue }
      #expect(abs(padded.camera.zoom - reference.camera.zoom) < 1e-9, "\(box) \(padding)")
      let projection = ScreenProjection(width: width, height: height, insets: insets, camera: padded.camera)
      // The focus is the ground under the visible rect's centre; every corner in the content rect.
      let shown = try #require(projection.point(of: padded.camera.focus))
      #expect(abs(shown.x - (insets.left + (width - insets.left - insets.right) / 2)) < 1e-6)
      let rect = Self.contentRect(width: width, height: height, insets: insets, padding: padding)
      let near = padded.camera.focus.lon
      let east = box.west + box.longitudeSpan
      for (lon, lat) in [(box.west, box.north), (east, box.north), (east, box.south), (box.west, box.south)] {
        let corner = try #require(
          projection.point(of: Coordinate(lon: lon + ((near - lon) / 360).rounded() * 360, lat: lat)))
        let outside = max(rect.left - corner.x, corner.x - rect.right, rect.top - corner.y, corner.y - rect.bottom)
        #expect(outside < 1e-6, "\(box) \(padding): \(outside) pt outside")
      }
    }
  }

  @Test("pitched: every corner inside the content rect through MapLibre's matrices, or what passes it cut")
  func pitched() throws {
    var rng = SplitMix(state: 62)
    var inside = 0
    for _ in 0..<300 * testScale {
      let (width, height, insets, padding) = Self.view(&rng)
      let box = Self.box(&rng, largest: 40)
      let options = FitOptions(bearing: rng.uniform(-180...180), padding: padding, pitch: rng.uniform(0...60))
      let fit = CameraFit(width: width, height: height, insets: insets, options: options)
      let placement = try fit.placement(for: box)
      let camera = placement.camera
      let chain = PitchedFitTests.chain(camera: camera, width: width, height: height, insets: insets)
      let focus = (WebMercator.x(lon: camera.focus.lon), WebMercator.y(lat: camera.focus.lat))
      let corners = PitchedFitTests.corners(box)
      let turns = (focus.0 - (corners[0].x + corners[1].x) / 2).rounded()
      let rect = Self.contentRect(width: width, height: height, insets: insets, padding: padding)
      var outside = -Double.infinity
      for corner in corners {
        let s = PitchedFitTests.screen(
          of: (corner.x + turns, corner.y), chain: chain, focus: focus, world: WebMercator.worldSize(zoom: camera.zoom),
          width: width, height: height)
        outside = max(outside, rect.left - s.x, s.x - rect.right, rect.top - s.y, s.y - rect.bottom)
        if s.w <= 0 { outside = .infinity }
      }
      if placement.cut.isEmpty {
        inside += 1
        #expect(outside <= 1e-6, "\(box) \(options) \(width)x\(height) \(insets): \(outside) pt outside")
      } else {
        #expect(outside > 0, "\(box) \(options): cut \(placement.cut) but every corner inside")
      }
    }
    #expect(inside > 250 * testScale, "\(inside)")
  }

  @Test("globe: the outline in front of the limb and inside the content rect, or what passes it cut")
  func globe() throws {
    var rng = SplitMix(state: 63)
    var inside = 0
    for _ in 0..<200 * testScale {
      let (width, height, insets, padding) = Self.view(&rng)
      let box = Self.box(&rng, largest: 40)
      let options = FitOptions(bearing: rng.uniform(-180...180), padding: padding, projection: .globe)
      let placement = try CameraFit(width: width, height: height, insets: insets, options: options).placement(for: box)
      let camera = placement.camera
      guard camera.zoom < CameraFit.globeEndZoom else { continue }
      let globe = GlobeView(
        height: height, principalX: insets.left + (width - insets.left - insets.right) / 2,
        principalY: insets.top + (height - insets.top - insets.bottom) / 2, center: camera.focus, zoom: camera.zoom,
        bearing: camera.bearing)
      let rect = Self.contentRect(width: width, height: height, insets: insets, padding: padding)
      var outside = -Double.infinity
      for point in GlobeFitTests.outline(box, steps: 64) {
        guard let shown = globe.point(of: point) else {
          outside = .infinity
          break
        }
        outside = max(outside, rect.left - shown.x, shown.x - rect.right, rect.top - shown.y, shown.y - rect.bottom)
      }
      if placement.cut.isEmpty {
        inside += 1
        #expect(outside <= 0.01, "\(box) \(options) \(width)x\(height) \(insets): \(outside) pt outside")
      } else {
        #expect(outside > 0, "\(box) \(options): cut \(placement.cut) but the outline inside")
      }
    }
    #expect(inside > 100 * testScale, "\(inside)")
  }
}

import CardMapTestSupport
import PlatformMath
import Testing

@testable import MapGeometry

/// Max bounds on a pitched camera and on the globe (MovingCameras, Bounds that respect padding): over
/// generated bounds and cameras, what the visible rect shows lies inside the bounds, measured
/// independently of the constraint (flat and pitched: the ground under the visible rect's corners,
/// through `ScreenProjection`; on the sphere: its outline every point, each point in space taken to
/// the limb by bisection towards the centre of perspective, within the footprint's sampling), the
/// client keeps the camera, a camera already inside comes back unchanged, and a moved one (flat and
/// pitched) touches the bounds.
@Suite("Bounds on every camera: pitched and on the globe")
struct BoundsOnEveryCameraTests {
  @Test("on the globe, looking down and pitched: what shows lies inside the bounds; kept; unchanged when inside")
  func globe() throws {
    var rng = SplitMix(state: 77)
    var (checked, moved) = (0, 0)
    for _ in 0..<(12 * testScale) {
      let (width, height) = rng.uniform(0...1) < 0.5 ? (390.0, 844.0) : (1180.0, 820.0)
      let insets = Insets(top: rng.uniform(0...80), left: 0, bottom: rng.uniform(0...400), right: 0)
      let pitch = rng.uniform(0...1) < 0.4 ? 0 : rng.uniform(0...55)
      let bearing = rng.uniform(-180...180)
      let west = rng.uniform(-180...180)
      let south = rng.uniform(-70...50)
      let bounds = GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + rng.uniform(8...90)),
        north: min(85, south + rng.uniform(8...40)))
      let constraint = try BoundsConstraint(
        bounds: bounds, width: width, height: height, insets: insets, bearing: bearing, pitch: pitch,
        projection: .globe)
      let focus = Coordinate(
        lon: Coordinate.normalizedLongitude(west + rng.uniform(-20...100)), lat: rng.uniform(-60...60))
      let camera = Camera(
        center: focus, focus: focus, zoom: rng.uniform(2...7), bearing: constraint.bearing, pitch: pitch,
        projection: .globe)
      let kept = try constraint.constrain(camera)
      guard kept.zoom < CameraFit.globeEndZoom else { continue }
      checked += 1
      let globe = GlobeProjection(width: width, height: height, insets: insets, camera: kept)
      #expect(globe.isKept())
      // Within a third of a point at the focus's scale (the footprint's sides are within a quarter
      // point), and a hundredth of a degree.
      let slack = max(1e-2, 0.3 / (WebMercator.worldSize(zoom: kept.zoom) / 360))
      let east = bounds.west + bounds.longitudeSpan
      for point in SphereShown.outline(globe) {
        let lon = point.lon + (((bounds.west + east) / 2 - point.lon) / 360).rounded() * 360
        #expect(
          point.lat >= bounds.south - slack && point.lat <= bounds.north + slack && lon >= bounds.west - slack
            && lon <= east + slack, "\(bounds) at \(kept): \(point) shows")
      }
      if kept != camera {
        moved += 1
      } else {
        // Unchanged: it was inside already, and stays so when asked again.
        #expect(try constraint.constrain(kept) == kept)
      }
    }
    #expect(checked >= 10 * testScale && moved >= 3 * testScale, "\(checked) checked, \(moved) moved")
  }

  /// Random bounds and a screen for the globe's constraint.
  static func globeBounds(_ rng: inout SplitMix) throws -> (BoundsConstraint, GeoBounds) {
    let (width, height) = rng.uniform(0...1) < 0.5 ? (390.0, 844.0) : (1180.0, 820.0)
    let insets = Insets(top: rng.uniform(0...80), left: 0, bottom: rng.uniform(0...400), right: 0)
    let pitch = rng.uniform(0...1) < 0.5 ? 0 : rng.uniform(0...50)
    let west = rng.uniform(-180...180)
    let south = rng.uniform(-84...70)
    let bounds = GeoBounds(
      west: west, south: south, east: Coordinate.normalizedEastLongitude(west + rng.uniform(8...120)),
      north: min(85, south + rng.uniform(8...60)))
    let constraint = try BoundsConstraint(
      bounds: bounds, width: width, height: height, insets: insets, bearing: rng.uniform(-180...180), pitch: pitch,
      projection: .globe)
    return (constraint, bounds)
  }

  /// Whether everything `camera` shows of the sphere lies inside `bounds`, on `constraint`'s view.
  static func showsInside(_ camera: Camera, _ constraint: BoundsConstraint, _ bounds: GeoBounds) -> Bool {
    SphereShown.inside(
      camera, width: constraint.width, height: constraint.height, insets: constraint.insets, bounds: bounds)
  }

  @Test("on the globe, the least zoom: some focus holds there, none a thousandth below; no camera is kept below it")
  func leastZoomOnTheGlobe() throws {
    var rng = SplitMix(state: 81)
    var checked = 0
    for _ in 0..<(10 * testScale) {
      let (constraint, bounds) = try Self.globeBounds(&rng)
      let least = constraint.minZoom
      guard let sphere = constraint.globe, least < CameraFit.globeEndZoom - 0.01, least > 0.01 else { continue }
      checked += 1
      // None of the latitudes, every twentieth of a degree, holds a thousandth below.
      let span = sphere.latitudeSpan
      for latitude in stride(from: span.lowerBound, through: span.upperBound, by: 0.05) {
        let shape = sphere.footprint(latitude: latitude, zoom: least - 1e-3)
        #expect(sphere.margin(shape) < 0, "\(bounds): latitude \(latitude) holds below the least zoom \(least)")
      }
      // Asked for less, the constraint gives a camera at the least zoom at most a millionth above,
      // whose footprint lies inside.
      let focus = Coordinate(lon: bounds.west + bounds.longitudeSpan / 2, lat: rng.uniform(span))
      let kept = try constraint.constrain(
        Camera(
          center: focus, focus: focus, zoom: max(0, least - rng.uniform(0...2)), bearing: constraint.bearing,
          pitch: constraint.pitch, projection: .globe))
      #expect(kept.zoom >= least && kept.zoom < least + 1e-6, "\(bounds): kept at \(kept.zoom), least \(least)")
      #expect(Self.showsInside(kept, constraint, bounds), "\(bounds): \(kept) shows past the bounds")
    }
    #expect(checked >= 6 * testScale, "\(checked) checked")
  }

  @Test(
    "on the globe, focusBounds holds the kept camera's focus, every focus of it shows nothing past the bounds")
  func focusBoundsOnTheGlobe() throws {
    var rng = SplitMix(state: 83)
    var (checked, foci, none) = (0, 0, 0)
    for _ in 0..<(10 * testScale) {
      let (constraint, bounds) = try Self.globeBounds(&rng)
      guard constraint.minZoom < CameraFit.globeEndZoom - 1 else { continue }
      let zoom = min(CameraFit.globeEndZoom - 1e-3, constraint.minZoom + rng.uniform(0...1))
      let start = Coordinate(lon: rng.uniform(-180...180), lat: rng.uniform(-80...80))
      let kept = try constraint.constrain(
        Camera(
          center: start, focus: start, zoom: zoom, bearing: constraint.bearing, pitch: constraint.pitch,
          projection: .globe))
      guard let box = constraint.focusBounds(zoom: kept.zoom, around: kept.focus) else {
        none += 1
        continue
      }
      checked += 1
      #expect(box.holds(kept.focus), "\(bounds) at zoom \(kept.zoom): the focus \(kept.focus) outside \(box)")
      #expect(box.north - box.south > 1e-9 && box.longitudeSpan > 1e-9, "\(bounds) at zoom \(zoom): \(box)")
      for (u, v) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1), (0.5, 0.5), (0.5, 0), (0.5, 1), (0, 0.5), (1, 0.5)] {
        let focus = Coordinate(
          lon: Coordinate.normalizedLongitude(box.west + box.longitudeSpan * u),
          lat: box.south + (box.north - box.south) * v)
        let camera = Camera(
          center: focus, focus: focus, zoom: kept.zoom, bearing: constraint.bearing, pitch: constraint.pitch,
          projection: .globe)
        #expect(Self.showsInside(camera, constraint, bounds), "\(bounds) at zoom \(zoom): the focus \(focus) of \(box)")
        foci += 1
      }
    }
    #expect(checked >= 6 * testScale && none <= checked / 4, "\(checked) checked, \(foci) foci, \(none) with no box")
  }

  @Test("a keeper at every bearing and pitch: what a kept camera shows lies inside; one inside is given back")
  func keeper() throws {
    var rng = SplitMix(state: 87)
    var (checked, moved) = (0, 0)
    for _ in 0..<(8 * testScale) {
      let (constraint, bounds) = try Self.globeBounds(&rng)
      var keeper = try BoundsKeeper(
        bounds: bounds, width: constraint.width, height: constraint.height, insets: constraint.insets,
        projection: .globe)
      // A person's frames: turned, tilted, zoomed and panned anywhere.
      for _ in 0..<4 {
        let focus = Coordinate(lon: rng.uniform(-180...180), lat: rng.uniform(-80...80))
        let camera = Camera(
          center: focus, focus: focus, zoom: rng.uniform(0...8), bearing: rng.uniform(-180...180),
          pitch: rng.uniform(0...1) < 0.5 ? 0 : rng.uniform(0...45), projection: .globe)
        guard let kept = try? keeper.keep(camera) else { continue }
        checked += 1
        if kept != camera { moved += 1 }
        guard kept.zoom < CameraFit.globeEndZoom else { continue }
        #expect(
          Self.showsInside(kept, constraint, bounds), "\(bounds): \(camera) kept as \(kept) shows past the bounds")
        #expect(try keeper.keep(kept) == kept, "\(bounds): \(kept) kept again moved")
      }
    }
    #expect(checked >= 20 * testScale && moved >= 10 * testScale, "\(checked) checked, \(moved) moved")
  }

  @Test("flat and pitched, focusBounds holds the kept camera's focus to the bit, a box of positive width round it")
  func focusBoundsOnTheFlatMap() throws {
    var rng = SplitMix(state: 79)
    for _ in 0..<(300 * testScale) {
      let insets = Insets(top: rng.uniform(0...80), left: 0, bottom: rng.uniform(0...400), right: 0)
      let west = rng.uniform(-180...180)
      let south = rng.uniform(-70...50)
      let bounds = GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + rng.uniform(1...40)),
        north: min(85, south + rng.uniform(1...30)))
      let pitch = rng.uniform(0...1) < 0.5 ? 0 : rng.uniform(0...50)
      let constraint = try BoundsConstraint(
        bounds: bounds, width: 390, height: 844, insets: insets, bearing: rng.uniform(-180...180), pitch: pitch)
      // Foci well outside, so that most are moved onto an edge of the range, west and east alike.
      let start = Coordinate(
        lon: Coordinate.normalizedLongitude(west + rng.uniform(-30...70)), lat: rng.uniform(-75...75))
      let kept = try constraint.constrain(
        Camera(
          center: start, focus: start, zoom: constraint.minZoom + rng.uniform(0.5...3), bearing: constraint.bearing,
          pitch: pitch))
      let box = try #require(constraint.focusBounds(zoom: kept.zoom, around: kept.focus), "\(bounds): no box")
      #expect(box.holds(kept.focus), "\(bounds): the focus \(kept.focus) outside \(box)")
      #expect(box.longitudeSpan > 1e-6 && box.north - box.south > 1e-6, "\(bounds): \(box) round \(kept.focus)")
    }
  }

  @Test("pitched on Web Mercator: the trapezoid under the visible rect inside the bounds; touching when moved")
  func pitched() throws {
    var rng = SplitMix(state: 78)
    var moved = 0
    for _ in 0..<(200 * testScale) {
      let (width, height) = (390.0, 844.0)
      let insets = Insets(top: rng.uniform(0...80), left: 0, bottom: rng.uniform(0...400), right: 0)
      let pitch = rng.uniform(0...55)
      let bearing = rng.uniform(-180...180)
      let west = rng.uniform(-180...180)
      let south = rng.uniform(-70...50)
      let bounds = GeoBounds(
        west: west, south: south, east: Coordinate.normalizedEastLongitude(west + rng.uniform(1...40)),
        north: min(85, south + rng.uniform(1...30)))
      let constraint = try BoundsConstraint(
        bounds: bounds, width: width, height: height, insets: insets, bearing: bearing, pitch: pitch)
      let focus = Coordinate(lon: west + rng.uniform(-10...40), lat: rng.uniform(-60...60))
      let camera = Camera(
        center: focus, focus: focus, zoom: rng.uniform(2...9), bearing: constraint.bearing, pitch: pitch)
      let kept = try constraint.constrain(camera)
      let screen = ScreenProjection(width: width, height: height, insets: insets, camera: kept)
      #expect(screen.isKept())
      let (x0, y0) = (WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west)), WebMercator.y(lat: bounds.north))
      let (x1, y1) = (x0 + bounds.longitudeSpan / 360, WebMercator.y(lat: bounds.south))
      let world = WebMercator.worldSize(zoom: kept.zoom)
      var gap = Double.infinity
      for corner in screen.visibleRegion.polygon {
        var x = WebMercator.x(lon: corner.lon)
        x += ((x0 + x1) / 2 - x).rounded()
        let y = WebMercator.y(lat: corner.lat)
        let beyond = max(x0 - x, x - x1, y0 - y, y - y1) * world
        #expect(beyond < 1e-6, "\(bounds) at \(kept): \(corner) \(beyond) pt beyond")
        gap = min(gap, abs(x - x0) * world, abs(x - x1) * world, abs(y - y0) * world, abs(y - y1) * world)
      }
      if kept.focus != camera.focus || kept.zoom != camera.zoom {
        moved += 1
        #expect(gap < 1e-6, "\(bounds): moved to \(kept), \(gap) pt from every edge")
      }
    }
    #expect(moved > 50 * testScale)
  }
}

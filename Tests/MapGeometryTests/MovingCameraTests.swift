import CardMapTestSupport
import MapGeometry
import Testing

/// Screen points, steady focus, a selection kept clear and bounds that respect padding, against
/// MapLibre's matrix chain (`PitchedFitTests.chain`) and brute force over grids of cameras.
@Suite("Cameras that move with the card")
struct MovingCameraTests {
  static let width = 390.0
  static let height = 844.0

  static func randomCamera(_ rng: inout SplitMix, pitch: Bool) -> (Camera, Insets) {
    let insets = Insets(
      top: rng.uniform(0...120), left: rng.uniform(0...80), bottom: rng.uniform(0...450), right: rng.uniform(0...80))
    let focus = Coordinate(lon: rng.uniform(-180...180), lat: rng.uniform(-70...70))
    let camera = Camera(
      center: focus, focus: focus, zoom: rng.uniform(2...16), bearing: rng.uniform(-180...180),
      pitch: pitch ? rng.uniform(0...60) : 0)
    return (camera, insets)
  }

  /// A coordinate's unit x in the world copy nearest the camera's focus, as the client draws it.
  static func unwrapped(_ coordinate: Coordinate, near camera: Camera) -> Double {
    let x = WebMercator.x(lon: coordinate.lon)
    return x + (WebMercator.x(lon: camera.focus.lon) - x).rounded()
  }

  @Test("a coordinate shows where MapLibre's matrix chain puts it, and back")
  func projectionMatchesTheChain() {
    var rng = SplitMix(state: 11)
    for _ in 0..<500 {
      let (camera, insets) = Self.randomCamera(&rng, pitch: true)
      let screen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: camera)
      let x = rng.uniform(insets.left...(Self.width - insets.right))
      let y = insets.top + rng.uniform(0.3...1) * (Self.height - insets.top - insets.bottom)
      guard let coordinate = screen.coordinate(atX: x, y: y) else { continue }
      let unit = (WebMercator.x(lon: coordinate.lon), WebMercator.y(lat: coordinate.lat))
      let chain = PitchedFitTests.screen(
        of: unit, camera: camera, width: Self.width, height: Self.height, insets: insets)
      #expect(abs(chain.x - x) < 1e-6 && abs(chain.y - y) < 1e-6, "chain \(chain) vs (\(x), \(y))")
      let back = screen.point(of: coordinate)
      #expect(
        back.map { abs($0.x - x) < 1e-6 && abs($0.y - y) < 1e-6 } ?? false, "round trip \(String(describing: back))")
    }
  }

  @Test("the camera placing a coordinate at a point shows it there, same zoom, bearing and pitch")
  func placing() throws {
    var rng = SplitMix(state: 12)
    var skipped = 0
    for _ in 0..<500 {
      let (camera, insets) = Self.randomCamera(&rng, pitch: true)
      let screen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: camera)
      let target = Coordinate(lon: camera.focus.lon + rng.uniform(-0.01...0.01), lat: camera.focus.lat)
      let x = rng.uniform(insets.left...(Self.width - insets.right))
      let y = insets.top + rng.uniform(0.3...1) * (Self.height - insets.top - insets.bottom)
      guard let placed = screen.camera(placing: target, atX: x, y: y) else {
        skipped += 1
        continue
      }
      #expect(placed.zoom == camera.zoom && placed.bearing == camera.bearing && placed.pitch == camera.pitch)
      let chain = PitchedFitTests.screen(
        of: (Self.unwrapped(target, near: placed), WebMercator.y(lat: target.lat)), camera: placed, width: Self.width,
        height: Self.height, insets: insets)
      #expect(abs(chain.x - x) < 1e-6 && abs(chain.y - y) < 1e-6, "placed at \(chain), asked (\(x), \(y))")
    }
    // A focus beyond the world's edge (ground far towards the horizon) has no camera: rare here.
    #expect(skipped < 25, "\(skipped) of 500 had no camera")
  }

  @Test("a steady focus keeps the anchor at its fractions of every visible rect, zoom unchanged")
  func steadyFocus() throws {
    var rng = SplitMix(state: 13)
    var skipped = 0
    for _ in 0..<300 {
      let (camera, insets) = Self.randomCamera(&rng, pitch: rng.uniform(0...1) < 0.5)
      let screen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: camera)
      let anchor = try #require(
        screen.coordinate(
          atX: rng.uniform(insets.left...(Self.width - insets.right)),
          y: insets.top + rng.uniform(0.4...1) * (Self.height - insets.top - insets.bottom)))
      let steady = try #require(
        SteadyFocus(anchor: anchor, camera: camera, width: Self.width, height: Self.height, insets: insets))
      // The card moves: new bottom insets, every frame.
      for bottom in stride(from: 0.0, through: 500, by: 50) {
        var moved = insets
        moved.bottom = bottom
        guard let frame = steady.camera(width: Self.width, height: Self.height, insets: moved) else {
          skipped += 1
          continue
        }
        #expect(frame.zoom == camera.zoom)
        let shown = PitchedFitTests.screen(
          of: (Self.unwrapped(anchor, near: frame), WebMercator.y(lat: anchor.lat)), camera: frame, width: Self.width,
          height: Self.height, insets: moved)
        let fx = (shown.x - moved.left) / (Self.width - moved.left - moved.right)
        let fy = (shown.y - moved.top) / (Self.height - moved.top - moved.bottom)
        #expect(abs(fx - steady.fractionX) < 1e-7 && abs(fy - steady.fractionY) < 1e-7, "fractions \(fx), \(fy)")
      }
    }
    #expect(skipped < 100, "\(skipped) of 3300 frames had no camera")
  }

  @Test("on the globe, a steady focus keeps the anchor at its fractions of every visible rect, on the sphere")
  func steadyFocusOnTheGlobe() throws {
    var rng = SplitMix(state: 14)
    var (skipped, frames) = (0, 0)
    for _ in 0..<200 * testScale {
      var (camera, insets) = Self.randomCamera(&rng, pitch: false)
      camera.projection = .globe
      camera.zoom = rng.uniform(0...11.9)
      let globe = GlobeProjection(width: Self.width, height: Self.height, insets: insets, camera: camera)
      guard
        let anchor = globe.coordinate(
          atX: rng.uniform(insets.left...(Self.width - insets.right)),
          y: insets.top + rng.uniform(0.4...1) * (Self.height - insets.top - insets.bottom))
      else { continue }
      let steady = try #require(
        SteadyFocus(anchor: anchor, camera: camera, width: Self.width, height: Self.height, insets: insets))
      #expect(steady.projection == .globe)
      for bottom in stride(from: 0.0, through: 500, by: 50) {
        var moved = insets
        moved.bottom = bottom
        frames += 1
        guard let frame = steady.camera(width: Self.width, height: Self.height, insets: moved) else {
          skipped += 1
          continue
        }
        #expect(frame.zoom == camera.zoom && frame.projection == .globe && frame.bearing == camera.bearing)
        let shown = try #require(
          GlobeProjection(width: Self.width, height: Self.height, insets: moved, camera: frame).point(of: anchor))
        let fx = (shown.x - moved.left) / (Self.width - moved.left - moved.right)
        let fy = (shown.y - moved.top) / (Self.height - moved.top - moved.bottom)
        #expect(abs(fx - steady.fractionX) < 1e-7 && abs(fy - steady.fractionY) < 1e-7, "fractions \(fx), \(fy)")
      }
    }
    // Only a globe too small to reach the anchor's place has none.
    #expect(skipped * 20 < frames, "\(skipped) of \(frames) frames had no camera")
  }

  @Test("on the globe, a selection kept clear: the flat map's least screen move, made on the sphere")
  func selectionOnTheGlobe() throws {
    var rng = SplitMix(state: 15)
    var (moved, clear, refused) = (0, 0, 0)
    let obstacles = [
      Rect(x: 346, y: 62, width: 44, height: 96), Rect(x: 16, y: 62, width: 220, height: 44),
      Rect(x: 150, y: 420, width: 100, height: 44),
    ]
    for _ in 0..<200 * testScale {
      var (camera, insets) = Self.randomCamera(&rng, pitch: false)
      camera.projection = .globe
      camera.zoom = rng.uniform(1...11.9)
      let globe = GlobeProjection(width: Self.width, height: Self.height, insets: insets, camera: camera)
      guard
        let selection = globe.coordinate(
          atX: rng.uniform(insets.left...(Self.width - insets.right)),
          y: rng.uniform(insets.top...(Self.height - insets.bottom)))
      else { continue }
      let callout = Callout(width: rng.uniform(60...240), height: rng.uniform(30...90))
      let cleared: ClearedSelection
      do {
        cleared = try MapTransform(width: Self.width, height: Self.height, insets: insets, camera: camera)
          .keepingClear(selection, callout: callout, avoiding: obstacles)
      } catch {
        refused += 1
        continue
      }
      #expect(cleared.camera.zoom == camera.zoom && cleared.camera.projection == .globe && !cleared.zoomed)
      // The callout shows where the answer says, inside the visible rect and clear of the obstacles.
      let after = GlobeProjection(width: Self.width, height: Self.height, insets: insets, camera: cleared.camera)
      let shown = try #require(after.point(of: selection))
      let rect = callout.rect(atX: shown.x, y: shown.y)
      #expect(abs(rect.minX - cleared.callout.minX) < 1e-6 && abs(rect.minY - cleared.callout.minY) < 1e-6)
      // (The sphere's solve places the selection within a ten-millionth of a point.)
      let room = insets.rect(inWidth: Self.width, height: Self.height)
      let inside = max(room.minX - rect.minX, rect.maxX - room.maxX, room.minY - rect.minY, rect.maxY - room.maxY)
      let overlap =
        obstacles.map { o in
          min(rect.maxX - o.minX, o.maxX - rect.minX, rect.maxY - o.minY, o.maxY - rect.minY)
        }.max() ?? 0
      #expect(inside < 1e-6 && overlap < 1e-6, "\(rect) in \(room): \(inside), overlap \(overlap)")
      let before = try #require(globe.point(of: selection))
      #expect(abs(shown.x - before.x - cleared.moveX) < 1e-6 && abs(shown.y - before.y - cleared.moveY) < 1e-6)
      if cleared.alreadyClear { clear += 1 } else { moved += 1 }
    }
    #expect(moved > 50 && clear > 5 && refused < 60, "moved \(moved), clear \(clear), refused \(refused)")
  }

  /// Whether the callout at a flat camera panned by (dx, dy) screen points is inside `room` and
  /// clear of `obstacles`.
  static func clear(_ rect: Rect, dx: Double, dy: Double, room: Rect, obstacles: [Rect]) -> Bool {
    let moved = Rect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
    let eps = 1e-9
    guard moved.minX >= room.minX - eps, moved.maxX <= room.maxX + eps, moved.minY >= room.minY - eps,
      moved.maxY <= room.maxY + eps
    else { return false }
    return obstacles.allSatisfy { o in
      !(moved.maxX > o.minX + eps && moved.minX < o.maxX - eps && moved.maxY > o.minY + eps
        && moved.minY < o.maxY - eps)
    }
  }

  @Test("a selection kept clear: the least pan of a grid of pans, and none when already clear")
  func keepClearAgainstBruteForce() throws {
    var rng = SplitMix(state: 14)
    var moved = 0
    var stayed = 0
    for _ in 0..<200 {
      let insets = Insets(top: 47, left: 0, bottom: rng.uniform(100...500), right: 0)
      let focus = Coordinate(lon: rng.uniform(-170...170), lat: rng.uniform(-60...60))
      let camera = Camera(
        center: focus, focus: focus, zoom: rng.uniform(4...14), bearing: rng.uniform(-180...180))
      let screen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: camera)
      let obstacles = [
        Rect(x: 330, y: 60, width: 44, height: 96),  // map buttons
        Rect(x: 16, y: rng.uniform(100...300), width: rng.uniform(40...200), height: 44),  // info view
      ]
      let selection = try #require(
        screen.coordinate(atX: rng.uniform(-50...440), y: rng.uniform(0...844)))
      let callout = Callout(width: rng.uniform(60...240), height: rng.uniform(40...120))
      let room = Rect(x: 0, y: 47, width: Self.width, height: Self.height - 47 - insets.bottom)
      let point = try #require(screen.point(of: selection))
      let start = callout.rect(atX: point.x, y: point.y)
      let cleared: ClearedSelection
      do {
        cleared = try screen.keepingClear(selection, callout: callout, avoiding: obstacles)
      } catch {
        // Then no pan of the grid clears it either.
        var any = false
        for dx in stride(from: -900.0, through: 900, by: 3) {
          for dy in stride(from: -900.0, through: 900, by: 3)
          where Self.clear(start, dx: dx, dy: dy, room: room, obstacles: obstacles) {
            any = true
          }
        }
        #expect(!any, "threw \(error) but a grid pan clears the callout")
        continue
      }
      // The result is clear, where MapLibre's chain puts the selection.
      let shown = PitchedFitTests.screen(
        of: (Self.unwrapped(selection, near: cleared.camera), WebMercator.y(lat: selection.lat)),
        camera: cleared.camera,
        width: Self.width, height: Self.height, insets: insets)
      #expect(
        abs(shown.x - point.x - cleared.moveX) < 1e-6 && abs(shown.y - point.y - cleared.moveY) < 1e-6,
        "the selection shows at \(shown), moved \(cleared.moveX), \(cleared.moveY)")
      #expect(
        Self.clear(start, dx: cleared.moveX, dy: cleared.moveY, room: room, obstacles: obstacles), "not clear")
      let distance = (cleared.moveX * cleared.moveX + cleared.moveY * cleared.moveY).squareRoot()
      if Self.clear(start, dx: 0, dy: 0, room: room, obstacles: obstacles) {
        #expect(cleared.alreadyClear && cleared.camera == camera)
        stayed += 1
        continue
      }
      moved += 1
      // No pan of a 1-pt grid around it that clears the callout is shorter (beyond the grid's step).
      let reach = Int(distance.rounded(.up)) + 2
      for dx in -reach...reach {
        for dy in -reach...reach
        where Double(dx * dx + dy * dy).squareRoot() < distance - 1.5
          && Self.clear(start, dx: Double(dx), dy: Double(dy), room: room, obstacles: obstacles)
        {
          Issue.record("a pan of (\(dx), \(dy)) clears the callout, shorter than \(distance)")
        }
      }
    }
    #expect(moved > 50 && stayed > 5, "moved \(moved), stayed \(stayed)")
  }

  @Test("a selection near a pole: the zoom grows until the client keeps the pan")
  func keepClearNearThePole() throws {
    let insets = Insets(top: 47, left: 0, bottom: 420, right: 0)
    let camera = Camera(
      center: Coordinate(lon: 0, lat: 60), focus: Coordinate(lon: 0, lat: 60), zoom: 1.2, bearing: 0)
    let screen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: camera)
    let selection = Coordinate(lon: 10, lat: 84)
    let cleared = try screen.keepingClear(selection, callout: Callout(width: 200, height: 100), avoiding: [])
    #expect(cleared.zoomed && cleared.camera.zoom > camera.zoom)
    #expect(screen.isKept(cleared.camera))
    let after = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: cleared.camera)
    let point = try #require(after.point(of: selection))
    #expect(point.y - 100 >= 47 - 1e-6)
    // A little less zoom is not kept.
    var lower = cleared.camera
    lower.zoom -= 1e-3
    let lowered = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: lower)
    let again = try #require(lowered.camera(placing: selection, atX: point.x, y: point.y))
    #expect(!screen.isKept(again))
    #expect(throws: FitError.self) {
      try screen.keepingClear(selection, callout: Callout(width: 500, height: 100), avoiding: [])
    }
  }

  /// The visible rect's corners on the map at a flat camera, unit Mercator.
  static func visibleCorners(_ camera: Camera, insets: Insets) -> [(Double, Double)] {
    let screen = ScreenProjection(width: width, height: height, insets: insets, camera: camera)
    return [
      (insets.left, insets.top), (width - insets.right, insets.top), (width - insets.right, height - insets.bottom),
      (insets.left, height - insets.bottom),
    ].compactMap { x, y in
      screen.coordinate(atX: x, y: y).map { (WebMercator.x(lon: $0.lon), WebMercator.y(lat: $0.lat)) }
    }
  }

  @Test("bounds that respect padding: the visible rect stays inside, the least zoom is tight, the move least")
  func boundsConstraint() throws {
    var rng = SplitMix(state: 15)
    for _ in 0..<300 {
      let west = rng.uniform(-180...170)
      let south = rng.uniform(-80...60)
      let bounds = GeoBounds(
        west: west, south: south, east: west + rng.uniform(0.01...60), north: min(south + rng.uniform(0.01...40), 85))
      let insets = Insets(
        top: rng.uniform(0...100), left: rng.uniform(0...60), bottom: rng.uniform(0...450), right: rng.uniform(0...60))
      let bearing = [0.0, 30, -75, 180, rng.uniform(-180...180)][Int(rng.uniform(0...4.999))]
      let constraint = try BoundsConstraint(
        bounds: bounds, width: Self.width, height: Self.height, insets: insets, bearing: bearing)
      let focus = Coordinate(lon: rng.uniform(-180...180), lat: rng.uniform(-80...80))
      let camera = Camera(
        center: focus, focus: focus, zoom: constraint.minZoom + rng.uniform(-2...4), bearing: bearing)
      let kept = try constraint.constrain(camera)
      #expect(kept.zoom == max(camera.zoom, constraint.minZoom))
      // Every corner of the visible rect inside the bounds (to a millionth of a point).
      let world = WebMercator.worldSize(zoom: kept.zoom)
      let x0 = WebMercator.x(lon: bounds.west)
      let x1 = WebMercator.x(lon: bounds.east)
      let y0 = WebMercator.y(lat: bounds.north)
      let y1 = WebMercator.y(lat: bounds.south)
      let tolerance = 1e-6 / world
      for (x, y) in Self.visibleCorners(kept, insets: insets) {
        let unwrapped = x + ((x0 + x1) / 2 - x).rounded()
        #expect(
          unwrapped >= x0 - tolerance - 1e-9 && unwrapped <= x1 + tolerance + 1e-9 && y >= y0 - tolerance - 1e-9
            && y <= y1 + tolerance + 1e-9,
          "corner (\(unwrapped), \(y)) outside \(bounds) at zoom \(kept.zoom)")
      }
      // The client keeps both forms.
      let screen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: kept)
      #expect(screen.isKept(kept, tolerance: 1e-3), "the client moves \(kept)")
      // Idempotent: a kept camera is not moved again.
      let again = try constraint.constrain(kept)
      #expect(
        abs(again.focus.lat - kept.focus.lat) < 1e-9 && abs(again.focus.lon - kept.focus.lon) < 1e-9, "moved again")
      // Brute force over focus points: none closer to the asked focus (at the kept zoom) shows
      // only the bounds and is kept; below the least zoom none at all.
      func shows(_ focusX: Double, _ focusY: Double, zoom: Double) -> Bool {
        let screen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: kept)
        var probe = screen.camera(focusX: focusX, focusY: focusY)
        probe.zoom = zoom
        let probeScreen = ScreenProjection(width: Self.width, height: Self.height, insets: insets, camera: probe)
        probe = probeScreen.camera(focusX: focusX, focusY: focusY)
        let slack = 1e-6 / WebMercator.worldSize(zoom: zoom)
        return probeScreen.isKept(probe, tolerance: 1e-6)
          && Self.visibleCorners(probe, insets: insets).allSatisfy { x, y in
            let u = x + ((x0 + x1) / 2 - x).rounded()
            return u >= x0 - slack && u <= x1 + slack && y >= y0 - slack && y <= y1 + slack
          }
      }
      let askedX = WebMercator.x(lon: focus.lon) + ((x0 + x1) / 2 - WebMercator.x(lon: focus.lon)).rounded()
      let askedY = WebMercator.y(lat: focus.lat)
      let keptX = WebMercator.x(lon: kept.focus.lon) + ((x0 + x1) / 2 - WebMercator.x(lon: kept.focus.lon)).rounded()
      let keptDistance = hypot(keptX - askedX, WebMercator.y(lat: kept.focus.lat) - askedY)
      // The probe sees the constrained camera itself as showing only the bounds (it can fail).
      #expect(shows(keptX, WebMercator.y(lat: kept.focus.lat), zoom: kept.zoom))
      for _ in 0..<100 {
        let fx = rng.uniform(x0...max(x0, x1))
        let fy = rng.uniform(y0...y1)
        if hypot(fx - askedX, fy - askedY) < keptDistance * (1 - 1e-6) - 1e-12 {
          #expect(!shows(fx, fy, zoom: kept.zoom), "a nearer focus (\(fx), \(fy)) also shows only the bounds")
        }
        #expect(!shows(fx, fy, zoom: constraint.minZoom - 0.01), "a focus below the least zoom shows only the bounds")
      }
      #expect(constraint.focusRange(zoom: constraint.minZoom - 0.01) == nil)
    }
    #expect(throws: FitError.self) {
      try BoundsConstraint(
        bounds: GeoBounds(west: 0, south: 10, east: 1, north: 10), width: 390, height: 844, insets: .zero)
    }
  }
}

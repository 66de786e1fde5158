import CardMap
import CardMapTestSupport
import Foundation
import Testing

/// A manager's camera modes (steady focus, a selection kept clear) and a fit's exclusion zones.
@Suite("Camera modes and exclusion zones")
struct CameraModeTests {
  static let environment = Result {
    try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26))
  }

  static func layout(y: Double? = nil, controls: Bool = false) throws -> ScreenLayout {
    let placement: CardPlacement = y.map { .dragging(y: $0) } ?? .settled(.peaking)
    let card = try CardState(
      placement: placement, topButtons: controls ? 2 : 0, bottomButtons: controls ? 1 : 0,
      floatingItems: controls ? 2 : 0, infoView: controls ? Size(width: 220, height: 44) : nil)
    return ScreenLayout(environment: try environment.get(), card: card)
  }

  @Test("a manager's camera mode is saved in a snapshot and restored, steady and keep-clear alike")
  func modesInSnapshots() throws {
    let start = try Self.layout()
    let opera = Coordinate(lon: 151.2153, lat: -33.8568)
    for mode in 0..<3 {
      let manager = MapManager(id: "m", bounds: sydney)
      let stack = CardStack(environment: try Self.environment.get(), root: try Card(id: "A", mapManager: manager))
      switch mode {
      case 0: #expect(manager.holdSteady(opera, layout: start))
      case 1: manager.cameraMode = .keepClear(selection: opera, callout: Callout(width: 200, height: 70))
      default: manager.cameraMode = .fitContent
      }
      stack.refit()
      let snapshot = stack.snapshot()
      let decoded = try stored(snapshot)
      #expect(decoded == snapshot)
      let restored = try CardStack(restoring: decoded, environment: try Self.environment.get())
      #expect(restored.top.card.mapManager?.cameraMode == manager.cameraMode, "mode \(mode)")
      #expect(restored.camera == stack.camera, "mode \(mode)")
    }
  }

  @Test("steady: the held point keeps its fractions of the visible rect at every y of a drag, zoom unchanged")
  func steady() throws {
    let manager = MapManager(id: "m", bounds: sydney)
    let start = try Self.layout()
    manager.takeCharge(layout: start)
    let opera = Coordinate(lon: 151.2153, lat: -33.8568)
    #expect(manager.holdSteady(opera, layout: start))
    let first = try #require(manager.fit)
    let before = try #require(first.transform.point(of: opera))
    let fraction = (
      (before.x - first.insets.left) / (390 - first.insets.left - first.insets.right),
      (before.y - first.insets.top) / (844 - first.insets.top - first.insets.bottom)
    )
    for y in stride(from: 100.0, through: 800, by: 50) {
      let layout = try Self.layout(y: y)
      manager.refit(layout: layout)
      let fit = try #require(manager.fit, "y \(y): \(String(describing: manager.fitError))")
      #expect(fit.camera.zoom == first.camera.zoom)
      let shown = try #require(fit.transform.point(of: opera))
      let fx = (shown.x - fit.insets.left) / (390 - fit.insets.left - fit.insets.right)
      let fy = (shown.y - fit.insets.top) / (844 - fit.insets.top - fit.insets.bottom)
      #expect(abs(fx - fraction.0) < 1e-9 && abs(fy - fraction.1) < 1e-9, "y \(y)")
    }
    // The predicted end of a drag follows the mode too.
    var stack = CardStack(environment: try Self.environment.get(), root: try Card(id: "A", mapManager: manager))
    let end = stack.predictedEnd(y: 500, velocity: 800)
    _ = stack.drag(y: 500, velocity: 800)
    #expect(end.fit?.camera == stack.camera && end.fit?.camera.zoom == first.camera.zoom)
  }

  @Test("keep clear: the callout ends inside the visible rect and clear of the controls; then it stays put")
  func keepClear() throws {
    let manager = MapManager(id: "m", bounds: sydney)
    let layout = try Self.layout(controls: true)
    let wharf = Coordinate(lon: 151.29, lat: -33.805)
    let callout = Callout(width: 240, height: 80)
    manager.cameraMode = .keepClear(selection: wharf, callout: callout)
    manager.takeCharge(layout: layout)
    let fit = try #require(manager.fit, "\(String(describing: manager.fitError))")
    let point = try #require(fit.transform.point(of: wharf))
    let rect = callout.rect(atX: point.x, y: point.y)
    let room = layout.visibleRect
    #expect(rect.minX >= room.minX - 1e-6 && rect.maxX <= room.maxX + 1e-6)
    #expect(rect.minY >= room.minY - 1e-6 && rect.maxY <= room.maxY + 1e-6)
    for obstacle in CameraMode.obstacles(in: layout) {
      #expect((rect.intersection(obstacle)?.area ?? 0) < 1e-6, "overlaps \(obstacle)")
    }
    #expect(!CameraMode.obstacles(in: layout).isEmpty)
    // Already clear: a refit at the same layout moves nothing.
    manager.refit(layout: layout)
    let again = try #require(manager.fit)
    #expect(abs(again.camera.focus.lon - fit.camera.focus.lon) < 1e-12)
    #expect(abs(again.camera.focus.lat - fit.camera.focus.lat) < 1e-12)
    // No room anywhere: no fit, and the error says why.
    manager.cameraMode = .keepClear(selection: wharf, callout: Callout(width: 500, height: 80))
    manager.refit(layout: layout)
    #expect(manager.fit == nil)
    if case .noRoom = manager.fitError {} else { Issue.record("\(String(describing: manager.fitError))") }
  }

  @Test("exclusion zones: each ring maps back onto its rect; one MultiPolygon, rings closed and counter-clockwise")
  func exclusionZones() throws {
    for pitch in [0.0, 45] {
      let layout = try Self.layout(controls: true)
      let fit = try MapFit(content: sydney, layout: layout, options: FitOptions(bearing: 30, pitch: pitch))
      let zones = try fit.exclusionZones(in: layout)
      #expect(Set(zones.map(\.kind)) == [.card, .topToolbar, .bottomToolbar, .floatingToolbar, .infoView])
      let screen = fit.transform
      for zone in zones {
        let ring = try #require(zone.ring)
        #expect(ring.first == ring.last && ring.count == 5)
        // Counter-clockwise on the map: positive signed area with x east, y north.
        let area = zip(ring, ring.dropFirst()).reduce(0.0) { $0 + $1.0.lon * $1.1.lat - $1.1.lon * $1.0.lat }
        #expect(area > 0, "\(zone.kind)")
        let r = zone.rect
        let corners = [(r.minX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY), (r.maxX, r.minY)]
        for (vertex, corner) in zip(ring, corners) {
          let shown = try #require(screen.point(of: vertex))
          let dx = abs(shown.x - corner.0)
          let dy = abs(shown.y - corner.1)
          #expect(dx < 1e-6 && dy < 1e-6, "\(zone.kind) pitch \(pitch): \(shown) vs \(corner)")
        }
      }
      guard case .object(let members) = ExclusionZone.geoJSON(zones),
        case .object(let geometry)? = members.first(where: { $0.name == "geometry" })?.value,
        case .array(let polygons)? = geometry.first(where: { $0.name == "coordinates" })?.value
      else {
        Issue.record("not a Feature with a geometry")
        continue
      }
      #expect(polygons.count == zones.count)
    }
  }
}

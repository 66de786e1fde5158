import CardMap
import Foundation
import Testing

@Suite("Map managers and snapshots at the edges")
struct ManagerEdgeTests {
  @Test("a snapshot keeps each manager's fit settings; restoring refits to the camera it recorded")
  func fitSettings() throws {
    let m = MapManager(
      id: "m", bounds: sydney,
      fitOptions: FitOptions(bearing: 30, minZoom: 2, maxZoom: 11, zoomSnap: 0.5, pointZoom: 9))
    let stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: m))
    let snapshot = try stored(stack.snapshot())
    let restored = try CardStack(restoring: snapshot, environment: try phone())
    let manager = try #require(restored.top.manager)
    #expect(manager !== m)
    #expect(manager.fitOptions.bearing == 30 && manager.fitOptions.maxZoom == 11)
    #expect(manager.fitOptions.zoomSnap == 0.5 && manager.fitOptions.pointZoom == 9 && manager.fitOptions.minZoom == 2)
    let camera = try #require(restored.camera)
    #expect(snapshot.camera == [camera.center.lon, camera.center.lat, camera.zoom, camera.bearing])
    #expect(camera.bearing == 30 && camera.zoom.truncatingRemainder(dividingBy: 0.5) == 0)
  }

  @Test("a snapshot with bounds out of range is an error, not a manager without content")
  func badBounds() throws {
    let stack = CardStack(
      environment: try phone(), root: try Card(id: "A", mapManager: MapManager(id: "m", bounds: sydney)))
    var snapshot = stack.snapshot()
    snapshot.entries[0].manager?.bounds = [151, -95, 152, -33]
    #expect(throws: LayoutError.self) { try CardStack(restoring: snapshot, environment: try phone()) }
  }

  @Test("a manager whose fit fails says why, and has no camera")
  func fitError() throws {
    let m = MapManager(id: "m", bounds: sydney, fitOptions: FitOptions(minZoom: 5, maxZoom: 4))
    _ = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: m))
    #expect(m.camera == nil)
    #expect(m.fitError == .invalidInput("maxZoom = 4.0 (zooms lie within −2…30, min ≤ max)"))
    m.fitOptions.maxZoom = 22
    m.setContent(
      sydney, layout: CardStack(environment: try phone(), root: try Card(id: "B", mapManager: m)).layout)
    #expect(m.camera != nil && m.fitError == nil)
  }
}

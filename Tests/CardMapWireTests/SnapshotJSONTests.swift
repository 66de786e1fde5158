import CardMapWire
import Foundation
import Testing

/// A snapshot's one JSON form: what it writes reads back to an equal snapshot, and its text, as
/// Foundation's own JSON reader sees it, has the members the form documents.
@Suite("Snapshots' JSON form")
struct SnapshotJSONTests {
  /// A stack with every part a snapshot holds: fit options, the three camera modes, pages, a
  /// remembered position and a highlight.
  func snapshot() throws -> StackSnapshot {
    let home = MapManager(
      id: "home", bounds: sydney, fitOptions: FitOptions(bearing: 30, pointZoom: 15, margin: 12, pitch: 20))
    var stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: home, rows: 6))
    _ = stack.handle(.nextItem)
    let held = MapManager(id: "held", bounds: ferry)
    let clear = MapManager(id: "clear", bounds: ferry)
    _ = stack.push(
      try Card(
        id: "B", preferredPosition: .collapsed, mapManager: nil,
        pages: [Card.Page(id: "B1", mapManager: held), Card.Page(id: "B2", mapManager: clear)], floatingItems: 2,
        floatingAlignment: .trailing, showsCompass: true, bearing: 15, infoView: Size(width: 200, height: 40),
        contentHeight: 300))
    #expect(held.holdSteady(Coordinate(lon: 151.25, lat: -33.85), layout: stack.layout))
    clear.cameraMode = .keepClear(
      selection: Coordinate(lon: 151.26, lat: -33.84), callout: Callout(width: 200, height: 70, offsetX: 0, offsetY: -8)
    )
    return stack.snapshot()
  }

  @Test("what the JSON form writes reads back to the same snapshot, with the documented members")
  func bothWays() throws {
    let original = try snapshot()
    let written = Data(original.json.jsonText(pretty: false).utf8)
    #expect(try StackSnapshot(json: try JSONValue.read(Array(written))) == original)
    // Read by a reader nobody here wrote: the members by name, nil ones left out.
    let top = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
    #expect(Set(top.keys) == ["entries", "camera"])
    let entries = try #require(top["entries"] as? [[String: Any]])
    #expect(entries.map { $0["id"] as? String } == ["A", "B"])
    #expect(
      Set(entries[0].keys) == [
        "id", "manager", "pages", "rows", "titleHeight", "topButtons", "bottomButtons", "verticalBarActions",
        "floatingItems", "floatingAlignment", "compass", "userTracking", "bearing", "position", "remembered", "page",
        "highlight",
      ])
    #expect((entries[1]["infoView"] as? [String: Double]) == ["width": 200, "height": 40])
    #expect(entries[1]["floatingAlignment"] as? String == "trailing" && entries[1]["contentHeight"] as? Double == 300)
    #expect(entries[1]["preferredPosition"] as? String == "collapsed")
    let pages = try #require(entries[1]["pages"] as? [[String: Any]])
    let modes = pages.map { (($0["manager"] as? [String: Any])?["cameraMode"] as? [String: Any])?["mode"] as? String }
    #expect(modes == ["steady", "keepClear"])
    let home = try #require(entries[0]["manager"] as? [String: Any])
    #expect((home["fit"] as? [String: Any])?["bearing"] as? Double == 30)
    #expect((home["bounds"] as? [Double]) == [151.15, -33.92, 151.3, -33.8])
  }

  @Test("a member missing or of the wrong type is an error naming it")
  func errors() throws {
    var text = try snapshot().json.jsonText(pretty: false)
    text = text.replacingOccurrences(of: #""rows":6"#, with: #""rows":"six""#)
    #expect {
      try StackSnapshot(json: try JSONValue.read(Array(text.utf8)))
    } throws: {
      ($0 as? LayoutError)?.description == #"snapshot.entries[0].rows: expected a whole number, found "six""#
    }
    #expect(throws: LayoutError.self) {
      try StackSnapshot(json: try JSONValue.read(Array(#"{"camera":[1,2,3,4]}"#.utf8)))
    }
  }
}

private func phone() throws -> LayoutEnvironment { try #require(DeviceProfile.named("iphone-14")).environment() }
private let sydney = GeoBounds(west: 151.15, south: -33.92, east: 151.3, north: -33.8)
private let ferry = GeoBounds(west: 151.2108, south: -33.8611, east: 151.2847, north: -33.8003)

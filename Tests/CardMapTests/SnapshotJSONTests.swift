import CardMap
import Foundation
import Testing

/// A snapshot's hand-written JSON form (what the WebAssembly build keeps) against its `Codable` one:
/// each reads what the other writes, to an equal snapshot.
@Suite("Snapshots' JSON form, the same as their Codable one")
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
        pages: [Card.Page(id: "B1", mapManager: held), Card.Page(id: "B2", mapManager: clear)]))
    #expect(held.holdSteady(Coordinate(lon: 151.25, lat: -33.85), layout: stack.layout))
    clear.cameraMode = .keepClear(
      selection: Coordinate(lon: 151.26, lat: -33.84), callout: Callout(width: 200, height: 70, offsetX: 0, offsetY: -8)
    )
    return stack.snapshot()
  }

  @Test("the Codable form reads as JSON, and the JSON form decodes, to the same snapshot")
  func bothWays() throws {
    let original = try snapshot()
    let encoded = try JSONEncoder().encode(original)
    #expect(try StackSnapshot(json: try JSONValue.read(Array(encoded))) == original)
    let written = Data(original.json.jsonText(pretty: false).utf8)
    #expect(try JSONDecoder().decode(StackSnapshot.self, from: written) == original)
    // The same members, in both forms.
    let a = try #require(try JSONSerialization.jsonObject(with: encoded) as? NSDictionary)
    let b = try #require(try JSONSerialization.jsonObject(with: written) as? NSDictionary)
    #expect(a == b)
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

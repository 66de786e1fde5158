import CardMapTestSupport
import Testing

@testable import GeoJSONIO

/// Inputs that crashed the reader, were read as something they are not, or were located wrongly.
@Suite("GeoJSON reader and writer at the edges")
struct EdgeTests {
  static let square = "[[[100,0],[101,0],[101,1],[100,1],[100,0]]]"

  @Test(
    "Polygons and MultiPolygons inside GeometryCollections, at any depth, read (they trapped)",
    arguments: [
      #"{"type":"GeometryCollection","geometries":[{"type":"Polygon","coordinates":\#(square)}]}"#,
      #"{"type":"GeometryCollection","geometries":[{"type":"MultiPolygon","coordinates":[\#(square)]}]}"#,
      #"{"type":"Feature","properties":null,"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"GeometryCollection","geometries":[{"type":"Polygon","coordinates":\#(square)}]}]}}"#,
    ])
  func polygonsInCollections(text: String) throws {
    let document = try read(text)
    #expect(document.positions.count == document.features[0].geometry?.positionCount)
    #expect(try read(GeoJSONWriter().write(document)) == document)
  }

  @Test("an unclosed ring inside a GeometryCollection is an error with its path, not a trap")
  func unclosedRingInCollection() {
    let error = readError(
      #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[0,0]},{"type":"Polygon","coordinates":[[[100,0],[101,0],[101,1],[100,1]]]}]}"#
    )
    #expect(error?.path == "geometries[1].coordinates[0]")
    #expect(error?.message.contains("end where it starts") == true)
  }

  @Test(
    "a member that defines another kind of object is an error (RFC 7946 §7.1), named by its path",
    arguments: [
      (#"{"type":"FeatureCollection","features":[],"coordinates":[5,5]}"#, "coordinates"),
      (#"{"type":"FeatureCollection","features":[],"geometry":null}"#, "geometry"),
      (#"{"type":"FeatureCollection","features":[],"properties":{}}"#, "properties"),
      (#"{"type":"FeatureCollection","features":[],"geometries":[]}"#, "geometries"),
      (#"{"type":"Feature","geometry":null,"properties":null,"coordinates":[1,2]}"#, "coordinates"),
      (#"{"type":"Feature","geometry":null,"geometries":[]}"#, "geometries"),
      (#"{"type":"Feature","geometry":null,"features":[]}"#, "features"),
      (#"{"type":"Point","coordinates":[1,2],"features":[]}"#, "features"),
      (#"{"type":"Point","coordinates":[1,2],"geometry":null}"#, "geometry"),
      (#"{"type":"Point","coordinates":[1,2],"properties":{}}"#, "properties"),
      (#"{"type":"Point","coordinates":[1,2],"geometries":[]}"#, "geometries"),
      (#"{"type":"GeometryCollection","geometries":[],"coordinates":[1,2]}"#, "coordinates"),
      (
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2],"properties":{}},"properties":{}}]}"#,
        "features[0].geometry.properties"
      ),
    ])
  func definingMembers(text: String, path: String) {
    let error = readError(text)
    #expect(error?.path == path, "\(String(describing: error))")
    #expect(error?.message.contains("RFC 7946 §7.1") == true)
  }

  @Test(
    "an empty polygon inside a MultiPolygon is an error wherever it stands (the oracle found it accepted when not first)"
  )
  func emptyPolygons() {
    let ring = "[[0,0],[1,0],[1,1],[0,0]]"
    #expect(readError(#"{"type":"MultiPolygon","coordinates":[[\#(ring)],[],[\#(ring)]]}"#)?.path == "coordinates[1]")
    #expect(readError(#"{"type":"MultiPolygon","coordinates":[[],[\#(ring)]]}"#) != nil)
    #expect(readError(#"{"type":"MultiPolygon","coordinates":[]}"#) == nil)
  }

  @Test("a ring whose ends differ only in height is not closed; equal heights close it")
  func ringHeights() {
    #expect(readError(#"{"type":"Polygon","coordinates":[[[100,0],[101,0],[101,1],[100,0,4.9]]]}"#) != nil)
    #expect(readError(#"{"type":"Polygon","coordinates":[[[100,0,1],[101,0],[101,1],[100,0,2]]]}"#) != nil)
    #expect(readError(#"{"type":"Polygon","coordinates":[[[100,0,2],[101,0],[101,1],[100,0,2]]]}"#) == nil)
  }

  @Test("id on an object other than a Feature is a foreign member, kept in place; on a Feature it is checked")
  func idMembers() throws {
    let collection = try read(#"{"type":"FeatureCollection","a":1,"id":{"x":1},"features":[]}"#)
    #expect(collection.foreignMembers.map(\.name) == ["a", "id"])
    #expect(readError(#"{"type":"Feature","id":{"x":1},"geometry":null}"#)?.path == "id")
  }

  @Test("an object with 100 000 members reads whole; a duplicate among them is found")
  func manyMembers() throws {
    var text = #"{"type":"Feature","geometry":null,"properties":{"#
    text += (0..<100_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    guard case .object(let members) = try read(text + "}}").features[0].properties else {
      Issue.record("properties is not an object")
      return
    }
    #expect(members.count == 100_000 && members.last?.name == "k99999")
    #expect(readError(text + #","k99999":0}}"#)?.message.contains("duplicate member name 'k99999'") == true)
  }

  @Test("member names past the short list: each insert answers as a hash set of their UTF-8 does")
  func memberNamesAgainstASet() {
    var random = SplitMix(state: 8259)
    let letters = ["a", "b", "é", "e\u{301}", "\u{1F5FA}", ""]
    for _ in 0..<200 {
      var names = MemberNames()
      var model = Set<[UInt8]>()
      for _ in 0..<Int(random.next() % 300) {
        let length = Int(random.next() % 4)
        let name = (0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }.joined()
        #expect(names.insert(name) == model.insert(Array(name.utf8)).inserted, "\(name)")
      }
    }
  }

  @Test("a value's member by name and two values' equality: by their UTF-8, as the readers compare names")
  func memberByName() throws {
    var random = SplitMix(state: 8260)
    let letters = ["a", "é", "e\u{301}", "\u{1F5FA}", ""]
    func name() -> String {
      (0..<Int(random.next() % 3)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }.joined()
    }
    for _ in 0..<300 {
      let members = (0..<Int(random.next() % 6)).map { index in (name(), JSONValue.string("\(index)")) }
      let value = JSONValue.object(members.map { JSONValue.Member($0.0, $0.1) })
      let asked = name()
      let expected = members.first { Array($0.0.utf8) == Array(asked.utf8) }?.1
      #expect(value[asked] == expected, "\(members.map { $0.0 }) [\(asked)]")
    }
    #expect(JSONValue.object([JSONValue.Member("é", .null)])["e\u{301}"] == nil)
    // Equal values write the same text (its UTF-8: a String's == would take "é" for "e\u{301}"), and hash alike.
    for _ in 0..<300 {
      let (a, b) = (
        JSONValue.object([JSONValue.Member(name(), .string(name()))]),
        JSONValue.object([JSONValue.Member(name(), .string(name()))])
      )
      #expect((a == b) == (Array(a.jsonText.utf8) == Array(b.jsonText.utf8)), "\(a.jsonText) \(b.jsonText)")
      if a == b { #expect(a.hashValue == b.hashValue) }
    }
  }

  @Test("a message's excerpt: more than 48 code points cut to 40 and an ellipsis, as the scalars count")
  func excerpts() {
    var random = SplitMix(state: 48)
    let pieces = ["a", "é", "e\u{301}", "\u{1F5FA}", "\u{10FFFF}", "\u{7FF}"]
    for _ in 0..<500 {
      let text = (0..<Int(random.next() % 100)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      let scalars = text.unicodeScalars
      let expected = scalars.count > 48 ? String(String.UnicodeScalarView(scalars.prefix(40))) + "…" : text
      #expect(GeoJSONError.excerpt(text) == expected, "\(text)")
    }
  }

  @Test("a geometry's bbox inside a Feature and a bare geometry's foreign members are written back")
  func geometryBBoxKept() throws {
    let text =
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2],"bbox":[1,2,1,2]},"properties":null}"#
    #expect(GeoJSONWriter().write(try read(text)) == text)
    let bare = #"{"type":"Point","coordinates":[1,2],"crs":{"type":"name"},"id":7}"#
    #expect(GeoJSONWriter().write(try read(bare)) == bare)
  }

  @Test("a recomputed lon/lat bbox crosses the antimeridian when that is the smaller box; a projected one never")
  func antimeridianBBox() throws {
    let text = #"{"type":"MultiPoint","coordinates":[[179,-18],[-179,-17]],"bbox":[0,0,0,0]}"#
    let document = try read(text)
    #expect(GeoJSONWriter().write(document).hasSuffix(#""bbox":[179,-18,-179,-17]}"#))
    #expect(GeoJSONWriter(geographic: false).write(document).hasSuffix(#""bbox":[-179,-18,179,-17]}"#))
    let wide = try read(#"{"type":"MultiPoint","coordinates":[[-100,0],[0,1],[100,2]],"bbox":[0,0,0,0]}"#)
    #expect(GeoJSONWriter().write(wide).hasSuffix(#""bbox":[-100,0,100,2]}"#))
  }

  @Test("a megabyte-long type name gives a short message")
  func longNames() {
    let name = String(repeating: "x", count: 1 << 20)
    let error = readError(#"{"type":"\#(name)","coordinates":[1,2]}"#)
    #expect(error.map { $0.message.count < 200 } == true, "\(String(describing: error?.message.prefix(80)))")
    #expect(error?.message.contains("unknown type \"xxxx") == true)
  }

  @Test("the JSON path of a position, for messages about it")
  func positionPaths() throws {
    let collection = try read(
      #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null},{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[0,0]},{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}]}}]}"#
    )
    #expect(collection.path(ofPosition: 0) == "features[1].geometry.geometries[0].coordinates")
    #expect(collection.path(ofPosition: 7) == "features[1].geometry.geometries[1].coordinates[1][0][2]")
    #expect(try read(#"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#).path(ofPosition: 1) == "coordinates[1]")
  }

  @Test("sequence errors count separators and blank lines before the record")
  func sequenceLocations() throws {
    let bytes = Array(
      "\u{1E}\n\n{\"type\":\"Point\",\"coordinates\":[1,2}\n\u{1E}{\"type\":\"Point\",\"coordinates\":x}\n".utf8)
    var reader = GeoJSONSequenceReader(source: BytesSource(bytes), framing: .recordSeparated)
    guard case .failure(let first)? = try reader.next(), case .failure(let second)? = try reader.next() else {
      Issue.record("expected two failures")
      return
    }
    #expect((first.line, first.column, first.offset) == (3, 35, 37))
    #expect((second.line, second.column) == (4, 32))
    #expect(bytes[second.offset] == UInt8(ascii: "x"))
  }
}

import CardMapTestSupport
import Foundation
import GeoJSONIO
import Testing

func read(_ text: String, checksLatitude: Bool = true) throws(GeoJSONError) -> GeoJSONDocument {
  try GeoJSONReader.read(Array(text.utf8), options: GeoJSONReader.Options(checksLatitude: checksLatitude))
}

/// The error for `text`, or nil when it reads.
func readError(_ text: String) -> GeoJSONError? {
  do {
    _ = try read(text)
    return nil
  } catch {
    return error
  }
}

@Suite("GeoJSON reader: valid documents")
struct ReaderTests {
  @Test("every geometry type, 2D and 3D, in a FeatureCollection")
  func everyType() throws {
    let text = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": 1, "geometry": {"type": "Point", "coordinates": [1.5, 2.5]}, "properties": {"a": 1.0}},
        {"type": "Feature", "geometry": {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4, 5]]}, "properties": null},
        {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}, "properties": {}},
        {"type": "Feature", "geometry": {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3]]]},
         "properties": {}},
        {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]},
         "properties": {}},
        {"type": "Feature", "geometry": {"type": "MultiPolygon",
          "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]]]}, "properties": {}},
        {"type": "Feature", "geometry": {"type": "GeometryCollection", "geometries": [
          {"type": "Point", "coordinates": [9, 9]}, {"type": "LineString", "coordinates": [[8, 8], [7, 7]]}]},
         "properties": {}},
        {"type": "Feature", "geometry": null, "properties": {"empty": true}}
      ], "bbox": [170, -10, -170, 10], "name": "foreign"}
      """
    let document = try read(text)
    #expect(document.root == .featureCollection)
    #expect(document.features.count == 8)
    #expect(document.nullGeometries == 1)
    #expect(document.bbox == [170, -10, -170, 10])
    #expect(document.foreignMembers == [JSONValue.Member("name", .string("foreign"))])
    #expect(document.features[0].geometry == .point(0))
    #expect(document.features[0].id == .number("1"))
    #expect(document.features[0].properties == .object([JSONValue.Member("a", .number("1.0"))]))
    #expect(document.features[1].geometry == .multiPoint(1..<3))
    #expect(document.positions.heights.count == document.positions.count)
    #expect(document.positions.heights[2] == 5 && document.positions.heights[1].isNaN)
    #expect(document.features[4].geometry == .polygon([9..<13]))
    #expect(document.features[5].geometry?.positionCount == 8)
    #expect(document.features[6].geometry?.typeName == "GeometryCollection")
    #expect(document.features[7].geometry == nil && document.features[7].positions.isEmpty)
    #expect(document.positions.count == 1 + 2 + 2 + 4 + 4 + 8 + 3)
    #expect(document.features[3].positions == 5..<9)
  }

  @Test("a bare geometry and a single feature")
  func roots() throws {
    let point = try read(#"{"coordinates": [151.2093, -33.8688], "type": "Point"}"#)
    #expect(point.root == .geometry)
    #expect(point.positions.lons == [151.2093] && point.positions.lats == [-33.8688])
    let feature = try read(
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"k":[1,"x",null,true]}}"#)
    #expect(feature.root == .feature)
    #expect(feature.features[0].properties["k"] == .array([.number("1"), .string("x"), .null, .bool(true)]))
  }

  @Test(
    "numbers are correctly rounded, including long ones and exponents",
    arguments: [
      "0", "-0.0", "1e5", "1E-5", "-122.41941550000001", "0.1", "179.99999999999997", "1.7976931348623157e308",
      "4.9e-324", "123456789012345678901234567890", "0.000000000000000000000000000001",
      "3.14159265358979323846264338327950288419716939937510",
    ])
  func numbers(text: String) throws {
    let document = try read(#"{"type":"Point","coordinates":[\#(text), 0]}"#)
    #expect(document.positions.lons[0] == Double(text))
  }

  @Test("strings: escapes and non-ASCII")
  func strings() throws {
    let document = try read(
      #"{"type":"Feature","geometry":null,"properties":{"s":"a\"b\\c\/d\n\u00e9\ud83d\ude00 é"}}"#)
    #expect(document.features[0].properties["s"] == .string("a\"b\\c/d\né😀 é"))
  }

  @Test("longitudes outside ±180 are kept; latitudes are unchecked when not lon/lat")
  func ranges() throws {
    #expect(try read(#"{"type":"Point","coordinates":[190, 0]}"#).positions.lons == [190])
    #expect(
      try read(#"{"type":"Point","coordinates":[500000, 4649776]}"#, checksLatitude: false).positions.lats == [
        4_649_776
      ])
  }

  @Test("whitespace anywhere between tokens")
  func whitespace() throws {
    let text =
      "{ \"type\" : \"MultiPolygon\" ,\n \"coordinates\" : [ \n [ [ [ 0 , 0 ] , [ 1 , 0 ] ,\r\n [ 1 , 1 ] , [ 0 , 0 ] ] ] ]\t}\n"
    #expect(try read(text).positions.count == 4)
    #expect(try read(#"{"type":"Point","coordinates": [ 1 , 2 ] }"#).positions.lons == [1])
  }

  @Test("empty coordinates are allowed")
  func emptyCoordinates() throws {
    #expect(try read(#"{"type":"LineString","coordinates":[]}"#).features[0].geometry == .lineString(0..<0))
  }
}

@Suite("GeoJSON reader: bad documents say where and what")
struct BadInputTests {
  @Test(
    "the test corpus: each bad input gives its error and location, never a trap",
    arguments: [
      ("", "empty input", 1, 1, ""),
      ("   \n  ", "empty input", 2, 3, ""),
      (#"{"type":"Point","coordinates":[1,"#, "end of the input", 1, 34, "coordinates"),
      (
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}"#,
        "truncated", 1, 106, "features[0]"
      ),
      (#"{"type":5}"#, "expected a type name string", 1, 9, "type"),
      (#"{"type":"Circle","coordinates":[1,2]}"#, "unknown type \"Circle\"", 1, 9, ""),
      (#"{"type":"Point","coordinates":[NaN,2]}"#, "NaN and Infinity", 1, 32, "coordinates"),
      (#"{"type":"Point","coordinates":[-Infinity,2]}"#, "NaN and Infinity", 1, 32, "coordinates"),
      (#"{"type":"Point","coordinates":[1,95]}"#, "latitude 95.0 is outside ±90", 1, 36, "coordinates"),
      (#"{"type":"Point","coordinates":[1]}"#, "a position needs at least 2 numbers", 1, 33, "coordinates"),
      (
        #"{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,0]]]}"#, "at least 4 positions, found 3", 1, 33,
        "coordinates[0]"
      ),
      (
        #"{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1]]]}"#, "must end where it starts", 1, 33,
        "coordinates[0]"
      ),
      ("\u{FEFF}{\"type\":\"Point\",\"coordinates\":[1,2]}", "byte order mark", 1, 1, ""),
      (#"{"type":"Point","type":"Point","coordinates":[1,2]}"#, "duplicate member name 'type'", 1, 17, ""),
      (
        #"{"type":"Point","coordinates":[1\#(String(repeating: "0", count: 400)),2]}"#, "beyond a Double's range", 1,
        32,
        "coordinates"
      ),
      (#"{"type":"Point","coordinates":[01,2]}"#, "expected ',' and a second number", 1, 33, "coordinates"),
      (#"{"type":"Point","coordinates":[1,2]} x"#, "expected the end of the input", 1, 38, ""),
      (#"{"type":"LineString","coordinates":[[1,2],[3,4],[5,x]]}"#, "expected a number", 1, 52, "coordinates[2]"),
      (#"{"type":"Feature","properties":{}}"#, "needs a \"geometry\" member", 1, 9, ""),
      (
        #"{"type":"FeatureCollection","features":[{"type":"Point","coordinates":[1,2]}]}"#, "expected a Feature", 1, 49,
        "features[0]"
      ),
    ] as [(String, String, Int, Int, String)])
  func corpus(text: String, message: String, line: Int, column: Int, path: String) throws {
    let error = try #require(readError(text), "expected an error for \(text)")
    #expect(error.message.contains(message), "\(error)")
    #expect(error.line == line && error.column == column, "\(error)")
    #expect(error.path == path, "\(error)")
    #expect(error.offset >= 0 && error.offset <= text.utf8.count)
  }

  @Test("invalid UTF-8 in a string names its byte")
  func invalidUTF8() throws {
    let bytes = Array(#"{"type":"Feature","geometry":null,"properties":{"s":"ab"#.utf8) + [0xFF] + Array(#""}}"#.utf8)
    #expect {
      try GeoJSONReader.read(bytes)
    } throws: { error in
      guard let error = error as? GeoJSONError else { return false }
      return error.message.contains("invalid UTF-8") && error.offset == 55 && error.path == "properties.s"
    }
  }

  @Test("the JSON path names the feature and the coordinate")
  func deepPath() throws {
    var features = (0..<13).map { _ in
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#
    }
    features[12] =
      #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4],[5,6],[7,true]]},"properties":{}}"#
    let text = "{\"type\":\"FeatureCollection\",\n\"features\":[\n" + features.joined(separator: ",\n") + "]}"
    let error = try #require(readError(text))
    #expect(error.path == "features[12].geometry.coordinates[3]")
    #expect(error.line == 15)
    #expect(error.message.contains("expected a number"))
  }

  @Test("deep nesting is an error, not a stack overflow")
  func deepNesting() throws {
    let deep = #"{"type":"Feature","geometry":null,"properties":{"a":"# + String(repeating: "[", count: 100_000)
    let error = try #require(readError(deep))
    #expect(error.message.contains("nesting deeper than 128"))
    let coordinates = #"{"type":"Point","coordinates":"# + String(repeating: "[", count: 100_000)
    #expect(readError(coordinates) != nil)
  }

  @Test("truncation anywhere never traps")
  func everyPrefix() throws {
    let text =
      #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a\u00e9","geometry":{"type":"Polygon","coordinates":[[[0,0],[1e1,0],[1,1],[0,0]]]},"properties":{"x":[1,{"y":null}]}}]}"#
    let bytes = Array(text.utf8)
    for length in 0..<bytes.count {
      #expect(throws: GeoJSONError.self) { try GeoJSONReader.read(Array(bytes[0..<length])) }
    }
    #expect(try GeoJSONReader.read(bytes).features.count == 1)
  }
}

/// The compact-list fast path (`[[x,y],…]` without whitespace) against the general path: the same
/// lists written with spaces, so that only the general path reads them, must read the same; and a
/// list that leaves the compact shape part way (a space, a height, a latitude beyond ±90, a bad
/// number) must read, or fail, as its spaced twin does, with the same message and path.
@Suite("GeoJSON reader: the compact fast path agrees with the general one")
struct CompactPathTests {
  /// A random coordinate as GIS tools write it: few or many decimals, integers, exponents.
  func number(_ random: inout SplitMix, latitude: Bool) -> String {
    let value = latitude ? random.uniform(-90...90) : random.uniform(-180...180)
    switch random.next() % 6 {
    case 0: return "\(value)"
    case 1: return String(format: "%.7f", value)
    case 2: return String(Int(value))
    case 3: return String(format: "%.3e", value)
    case 4: return String(format: "%.1f", value * 1e5)  // projected metres: long integer parts
    default: return String(format: "%.17g", value)
    }
  }

  @Test("random lists, compact and spaced, whole or broken part way: the same reading or the same error")
  func compactAgainstSpaced() throws {
    var random = SplitMix(state: 4326)
    for round in 0..<3000 * testScale {
      var positions: [[String]] = (0..<Int(random.next() % 12) + 2).map { _ in
        [number(&random, latitude: false), number(&random, latitude: true)]
      }
      let k = Int(random.next() % UInt64(positions.count))
      switch random.next() % 6 {
      case 0: positions[k].append(number(&random, latitude: false))  // a height
      case 1: positions[k][1] = "91.5"  // beyond ±90
      case 2: positions[k][0] = ["1.", "-", "01", "1e", "--1", "NaN", "1.5e999"][Int(random.next() % 7)]
      case 3: positions[k] = [positions[k][0]]  // one number
      default: break
      }
      let type = round % 2 == 0 ? "LineString" : "MultiPoint"
      let compact = "[" + positions.map { "[" + $0.joined(separator: ",") + "]" }.joined(separator: ",") + "]"
      let spaced = "[ " + positions.map { "[" + $0.joined(separator: ", ") + " ]" }.joined(separator: " , ") + " ]"
      var results: [Result<PositionBuffer, GeoJSONError>] = []
      for coordinates in [compact, spaced] {
        let text = #"{"type":"Feature","properties":null,"geometry":{"type":""# + type + #"","coordinates":"#
        do {
          results.append(.success(try read(text + coordinates + "}}").positions))
        } catch {
          results.append(.failure(error))
        }
      }
      switch (results[0], results[1]) {
      case (.success(let a), .success(let b)): #expect(a == b, "\(compact)")
      case (.failure(let a), .failure(let b)):
        #expect(a.message == b.message && a.path == b.path, "\(compact): \(a) | \(b)")
      default: Issue.record("\(compact): \(results[0]) but spaced \(results[1])")
      }
    }
  }
}

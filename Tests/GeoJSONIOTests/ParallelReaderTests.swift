import CardMapTestSupport
import MapGeometry
import Testing

@testable import GeoJSONIO

/// The reader split into pieces (`FeatureChunks`) against the reader on one thread, on generated
/// FeatureCollections, valid and broken: split every few bytes (every feature a split point, and
/// every place that only looks like one: `},{` inside strings and properties), on one thread and on
/// several, the same document or the same error, at the same byte, line:column and path.
@Suite("GeoJSON reader: split into pieces")
struct ParallelReaderTests {
  /// The one-thread reading, or its error.
  static func sequential(_ bytes: [UInt8], _ options: GeoJSONReader.Options) -> Result<GeoJSONDocument, GeoJSONError> {
    var options = options
    options.threads = 1
    options.splitBytes = 0
    return Result { () throws(GeoJSONError) in try GeoJSONReader.read(bytes, options: options) }
  }

  static func split(_ bytes: [UInt8], _ options: GeoJSONReader.Options, every: Int, threads: Int) -> Result<
    GeoJSONDocument, GeoJSONError
  > {
    var options = options
    options.threads = threads
    options.splitBytes = every
    return Result { () throws(GeoJSONError) in try GeoJSONReader.read(bytes, options: options) }
  }

  @Test("generated collections and their mutations, split every 1 to 700 bytes")
  func generated() {
    var random = SplitMix(state: 41)
    var checked = (valid: 0, broken: 0, pieces: 0)
    for round in 0..<(120 * testScale) {
      let text = CollectionGenerator.collection(&random)
      var bytes = Array(text.utf8)
      if round % 2 == 1 { CollectionGenerator.mutate(&bytes, &random) }
      let options = GeoJSONReader.Options(
        checksLatitude: round % 3 != 2, exceptWithCRSMember: round % 5 == 1, maxDepth: round % 7 == 3 ? 6 : 128)
      let expected = Self.sequential(bytes, options)
      if case .success = expected { checked.valid += 1 } else { checked.broken += 1 }
      for every in [1, 2, 3, 5, 8, 13, 64, 200, 700] {
        for threads in [1, 3] {
          let got = Self.split(bytes, options, every: every, threads: threads)
          #expect(got == expected, "round \(round), split every \(every) on \(threads): \(text)")
        }
      }
      checked.pieces += FeatureChunks.starts(bytes, every: 1)
    }
    #expect(checked.valid > 20 && checked.broken > 20 && checked.pieces > 1000, "\(checked)")
  }

  @Test("reading for the extent alone: the full reading's extent, counts and errors, split or not")
  func extentOnly() {
    var random = SplitMix(state: 43)
    var compared = 0
    for round in 0..<(120 * testScale) {
      var bytes = Array(CollectionGenerator.collection(&random).utf8)
      if round % 2 == 1 { CollectionGenerator.mutate(&bytes, &random) }
      // Now and then a bare geometry or a Feature at the top.
      if round % 7 == 3 { bytes = Array(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}"#.utf8) }
      if round % 11 == 5 { bytes = Array(#"{"type":"Point","coordinates":[1,95],"crs":1}"#.utf8) }
      let options = GeoJSONReader.Options(checksLatitude: round % 3 != 2, exceptWithCRSMember: round % 5 == 1)
      let expected = Self.sequential(bytes, options).map { document in
        var extent = ExtentBuilder()
        document.positions.lons.withUnsafeBufferPointer { lons in
          document.positions.lats.withUnsafeBufferPointer { lats in extent.add(lons: lons, lats: lats) }
        }
        return "\(document.root) \(document.features.count) \(document.nullGeometries) \(extent.count) "
          + "\(String(describing: extent.bounds))"
      }
      for (every, threads) in [(0, 1), (1, 1), (3, 2), (40, 3)] {
        var split = options
        split.splitBytes = every
        split.threads = threads
        let got = bytes.withUnsafeBytes { GeoJSONExtent.read(inMemory: $0, options: split) }.map { result in
          result.map { read in
            "\(read.root) \(read.features) \(read.nullGeometries) \(read.extent.count) "
              + "\(String(describing: read.extent.bounds))"
          }
        }
        #expect(got == expected, "round \(round), split every \(every) on \(threads)")
        compared += 1
      }
    }
    #expect(compared > 400)
  }

  @Test("a crs member of the top-level object is seen whatever the root (the caller then reads whole)")
  func crsMember() throws {
    let cases: [(String, Bool)] = [
      (#"{"type":"Point","coordinates":[1,95],"crs":1}"#, true),
      (#"{"type":"Feature","geometry":null,"properties":null,"crs":{}}"#, true),
      (#"{"type":"FeatureCollection","crs":null,"features":[]}"#, true),
      (#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"crs":1}]}"#, false),
      (#"{"type":"Point","coordinates":[1,2]}"#, false),
    ]
    for (text, expected) in cases {
      let options = GeoJSONReader.Options(exceptWithCRSMember: true)
      let read = try Array(text.utf8).withUnsafeBytes {
        try #require(GeoJSONExtent.read(inMemory: $0, options: options)).get()
      }
      #expect(read.hasCRSMember == expected, "\(text)")
    }
  }

  @Test("a guess inside a string or a property's objects is never taken")
  func falseStarts() throws {
    let text = #"""
      {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":null,"properties":{"s":"},{\"type\":\"Feature\",\"geometry\":null}","a":[{},{"type":"Feature","geometry":null,"properties":null}]}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"list":[{"x":1},{"y":[3,{}]}]}}
      ],"name":"x"}
      """#
    let bytes = Array(text.utf8)
    let expected = Self.sequential(bytes, GeoJSONReader.Options())
    #expect(FeatureChunks.starts(bytes, every: 1) == 4)
    for every in 1...20 {
      #expect(Self.split(bytes, GeoJSONReader.Options(), every: every, threads: 2) == expected)
    }
    let document = try expected.get()
    #expect(document.features.count == 2)
    #expect(document.foreignMembers.map(\.name) == ["name"])
  }

  @Test("an error in a later piece is renumbered to its feature in the whole array")
  func errorPath() {
    var text = #"{"type":"FeatureCollection","features":["#
    for i in 0..<40 {
      if i > 0 { text += "," }
      let lat = i == 33 ? "95" : "\(i)"
      text += #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,\#(lat)]}}"#
    }
    text += "]}"
    let bytes = Array(text.utf8)
    for crs in [false, true] {
      let options = GeoJSONReader.Options(exceptWithCRSMember: crs)
      let expected = Self.sequential(bytes, options)
      guard case .failure(let error) = expected else {
        Issue.record("no error")
        return
      }
      #expect(error.path == "features[33].geometry.coordinates")
      #expect(Self.split(bytes, options, every: 7, threads: 2) == expected)
    }
  }

  @Test("positions are joined in order, heights where any piece has them")
  func joinedHeights() throws {
    let text = #"""
      {"type":"FeatureCollection","features":[{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[1,2]}},{"type":"Feature","properties":null,"geometry":{"type":"LineString","coordinates":[[3,4,5],[6,7]]}},{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[8,9]}}]}
      """#
    let bytes = Array(text.utf8)
    let document = try Self.split(bytes, GeoJSONReader.Options(), every: 1, threads: 2).get()
    #expect(document.positions.lons == [1, 3, 6, 8])
    #expect(document.positions.heights.count == 4)
    #expect(document.positions.heights[1] == 5)
    #expect(document.positions.heights[0].isNaN && document.positions.heights[3].isNaN)
    #expect(document.features[2].geometry == .point(3))
    #expect(Self.sequential(bytes, GeoJSONReader.Options()) == .success(document))
  }

  @Test("the writer on several threads writes the same bytes as on one")
  func parallelWriter() throws {
    var random = SplitMix(state: 7)
    for _ in 0..<(30 * testScale) {
      let bytes = Array(CollectionGenerator.collection(&random).utf8)
      guard let document = try? GeoJSONReader.read(bytes, options: GeoJSONReader.Options(checksLatitude: false)) else {
        continue
      }
      let writer = GeoJSONWriter()
      var one = ""
      writer.write(document) { one += $0 }
      for group in [1, 2, 5] {
        var many = ""
        writer.write(document, threads: 3, groupPositions: group) { many += $0 }
        #expect(many == one)
      }
    }
  }
}

extension FeatureChunks {
  /// How many piece starts a split every `every` bytes finds in `bytes` (after the first `[{`).
  static func starts(_ bytes: [UInt8], every: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let first = bytes.firstIndex(of: UInt8(ascii: "[")) else { return 0 }
      return starts(base, count: buffer.count, first: first + 1, every: every).count
    }
  }
}

/// FeatureCollections with what makes splitting hard: strings and properties holding `},{`,
/// whitespace between features, every geometry type, 3D positions, latitudes beyond ±90, `crs`
/// members, nested objects; and mutations that break them anywhere.
enum CollectionGenerator {
  static func collection(_ random: inout SplitMix) -> String {
    var text = #"{"type":"FeatureCollection""#
    if random.next() % 4 == 0 { text += #","crs":{"type":"name","properties":{"name":"EPSG:3857"}}"# }
    text += #","features":["#
    let count = Int(random.next() % 12)
    for i in 0..<count {
      if i > 0 { text += space(&random) + "," + space(&random) }
      text += feature(&random)
    }
    text += "]"
    if random.next() % 3 == 0 { text += #","bbox":[0,0,1,1]"# }
    if random.next() % 3 == 0 { text += #","title":"},{\"a\":1}""# }
    return text + "}"
  }

  static func space(_ random: inout SplitMix) -> String {
    ["", "", " ", "\n", "\n  ", "\t"][Int(random.next() % 6)]
  }

  static func number(_ random: inout SplitMix, _ limit: Double) -> String {
    let value = random.uniform(-limit...limit)
    switch random.next() % 4 {
    case 0: return "\(Int(value))"
    case 1: return "\(value)"
    default: return "\((value * 1e5).rounded() / 1e5)"
    }
  }

  static func position(_ random: inout SplitMix) -> String {
    let lat = random.next() % 25 == 0 ? "91.5" : number(&random, 90)
    let height = random.next() % 5 == 0 ? "," + number(&random, 100) : ""
    return "[" + number(&random, 180) + "," + lat + height + "]"
  }

  static func positions(_ random: inout SplitMix, _ count: Int) -> String {
    "[" + (0..<count).map { _ in position(&random) }.joined(separator: ",") + "]"
  }

  static func ring(_ random: inout SplitMix) -> String {
    let first = position(&random)
    let middle = (0..<3).map { _ in position(&random) }
    return "[" + ([first] + middle + [first]).joined(separator: ",") + "]"
  }

  static func geometry(_ random: inout SplitMix, depth: Int = 0) -> String {
    switch random.next() % (depth > 0 ? 6 : 8) {
    case 0: return #"{"type":"Point","coordinates":"# + position(&random) + "}"
    case 1: return #"{"type":"MultiPoint","coordinates":"# + positions(&random, Int(random.next() % 4)) + "}"
    case 2: return #"{"type":"LineString","coordinates":"# + positions(&random, 2 + Int(random.next() % 4)) + "}"
    case 3:
      return #"{"type":"MultiLineString","coordinates":["# + positions(&random, 2) + "," + positions(&random, 3) + "]}"
    case 4: return #"{"type":"Polygon","coordinates":["# + ring(&random) + "]}"
    case 5: return #"{"type":"MultiPolygon","coordinates":[["# + ring(&random) + "],[" + ring(&random) + "]]}"
    case 6:
      return #"{"type":"GeometryCollection","geometries":["# + geometry(&random, depth: 1) + ","
        + geometry(&random, depth: 1) + "]}"
    default: return "null"
    }
  }

  static func properties(_ random: inout SplitMix) -> String {
    switch random.next() % 5 {
    case 0: return "null"
    case 1: return #"{"name":"a },{ b","list":[{"type":"Feature"},{}]}"#
    case 2: return #"{"s":"},{\"type\":\"Feature\",\"geometry\":null,\"properties\":null}"}"#
    case 3: return #"{"nested":{"features":[{"type":"Feature","geometry":null}, {"x":[1,{"y":2}]}]}}"#
    default: return "{}"
    }
  }

  static func feature(_ random: inout SplitMix) -> String {
    var members = [
      #""type":"Feature""#, #""geometry":"# + geometry(&random), #""properties":"# + properties(&random),
    ]
    if random.next() % 4 == 0 { members.append(#""id":"# + String(random.next() % 100)) }
    if random.next() % 6 == 0 { members.append(#""extra":[{},{}]"#) }
    // Members in any order.
    for i in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(i, Int(random.next() % UInt64(i + 1))) }
    return "{" + members.joined(separator: "," + space(&random)) + "}"
  }

  /// Breaks `text` as `mutate(_:_:)` breaks bytes.
  static func mutate(_ text: inout String, _ random: inout SplitMix) {
    var bytes = Array(text.utf8)
    mutate(&bytes, &random)
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// Breaks `bytes`: a byte flipped, removed or added, a cut, a feature's `{` or `}` dropped.
  static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix) {
    guard !bytes.isEmpty else { return }
    let at = Int(random.next() % UInt64(bytes.count))
    switch random.next() % 6 {
    case 0: bytes[at] = [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "\""), 0x5D][at % 5]
    case 1: bytes.remove(at: at)
    case 2: bytes.insert(contentsOf: Array(#"},{"#.utf8), at: at)
    case 3: bytes.removeSubrange(at...)
    case 4:
      if let brace = bytes[at...].firstIndex(of: UInt8(ascii: "}")) { bytes.remove(at: brace) }
    default: bytes.insert(UInt8(ascii: "x"), at: at)
    }
  }
}

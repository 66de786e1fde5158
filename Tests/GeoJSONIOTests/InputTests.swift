import CardMapTestSupport
import GeoJSONIO
import Testing

/// Bytes handed over `step` at a time, as a pipe does.
struct TrickleSource: ByteSource {
  let bytes: [UInt8]
  let step: Int
  var offset = 0

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = min(step, buffer.count, bytes.count - offset)
    for i in 0..<n { buffer[i] = bytes[offset + i] }
    offset += n
    return n
  }
}

/// Bytes all in memory at once, as a mapped file gives them: read in place, not streamed.
struct WholeSource: ByteSource {
  let bytes: [UInt8]

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    Issue.record("a source that gives its whole input is not read piece by piece")
    return 0
  }

  mutating func withWholeInput<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R? {
    try bytes.withUnsafeBytes { try body($0) }
  }
}

@Suite("GeoJSON input: sniffing the layout and merging records")
struct InputTests {
  static let point = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":null}"#

  /// The documents (or errors) the input gives, whatever the read size.
  func pieces(_ text: String) throws -> [(Result<GeoJSONDocument, GeoJSONError>, Int?, SequenceFraming?)] {
    var results: [[(Result<GeoJSONDocument, GeoJSONError>, Int?, SequenceFraming?)]] = []
    for step in [1, 7, 1 << 20] {
      var found: [(Result<GeoJSONDocument, GeoJSONError>, Int?, SequenceFraming?)] = []
      try GeoJSONInput.forEachPiece(of: TrickleSource(bytes: Array(text.utf8), step: step)) {
        found.append(($0.result, $0.record, $0.framing))
      }
      results.append(found)
    }
    var whole: [(Result<GeoJSONDocument, GeoJSONError>, Int?, SequenceFraming?)] = []
    try GeoJSONInput.forEachPiece(of: WholeSource(bytes: Array(text.utf8))) {
      whole.append(($0.result, $0.record, $0.framing))
    }
    results.append(whole)
    for other in results.dropFirst() {
      #expect(other.map { "\($0.0)" } == results[0].map { "\($0.0)" })
      #expect(
        other.map { "\($0.1 ?? 0) \(String(describing: $0.2))" }
          == results[0].map { "\($0.1 ?? 0) \(String(describing: $0.2))" })
    }
    return results[0]
  }

  @Test("generated documents and sequences: in memory (a mapped file) as streamed, in every layout")
  func inMemoryAsStreamed() throws {
    var random = SplitMix(state: 8142)
    for round in 0..<(60 * testScale) {
      var records = (0..<(1 + Int(random.next() % 4))).map { _ in CollectionGenerator.collection(&random) }
      if round % 3 == 0 { CollectionGenerator.mutate(&records[0], &random) }
      let lead = ["", "\n", "  \n\n ", "\t"][round % 4]
      let text: String
      switch round % 3 {
      case 0: text = lead + records.joined(separator: " ")
      case 1: text = lead + records.joined(separator: "\n") + "\n"
      default: text = lead + records.map { "\u{1E}" + $0 + "\n" }.joined()
      }
      _ = try pieces(text)
    }
  }

  @Test("one document, however it arrives; leading whitespace counted in error locations")
  func document() throws {
    let found = try pieces("\n\n  " + Self.point + "\n")
    #expect(found.count == 1 && found[0].1 == nil && found[0].2 == nil)
    #expect(try found[0].0.get().features.count == 1)
    let bad = try pieces("\n\n  {\"type\":\"Feature\",}")
    guard case .failure(let error) = bad[0].0 else {
      Issue.record("accepted")
      return
    }
    #expect("\(error)".contains("3:"))
  }

  @Test("a sequence after blank lines: each record's error location counts them, streamed and in memory")
  func sequenceAfterBlankLines() throws {
    for (text, line, column) in [
      ("\n\n  " + Self.point + "\n x", 4, 2), ("\n\n\u{1E}" + Self.point + "\n\u{1E} x", 4, 3),
      (" \n" + Self.point + "\n" + Self.point + "\n  x", 4, 3),
    ] {
      let found = try pieces(text)
      guard case .failure(let error)? = found.last?.0 else {
        Issue.record("the last record was accepted: \(text.debugDescription)")
        continue
      }
      #expect((error.line, error.column) == (line, column), "\(text.debugDescription)")
      #expect(Array(text.utf8)[error.offset] == UInt8(ascii: "x"), "\(text.debugDescription)")
    }
  }

  @Test("newline-delimited: a whole object on the first line and more text after it")
  func newlineDelimited() throws {
    let found = try pieces(Self.point + "\n\n" + Self.point + "\n")
    #expect(found.count == 2 && found.map(\.1) == [1, 2] && found.allSatisfy { $0.2 == .newlineDelimited })
    // A whole object followed by blank lines only is one document.
    #expect(try pieces(Self.point + "\n \n").count == 1)
  }

  @Test("RFC 8142: an RS first")
  func recordSeparated() throws {
    let found = try pieces("\u{1E}" + Self.point + "\n\u{1E}" + Self.point + "\n")
    #expect(found.count == 2 && found.allSatisfy { $0.2 == .recordSeparated })
  }

  @Test("merged records keep their geometry: indices move past the positions before them")
  func merge() throws {
    let line =
      #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[5,6,7],[8,9,10]]},"properties":null}"#
    var merged = try GeoJSONReader.read(Array(Self.point.utf8))
    merged.append(try GeoJSONReader.read(Array(line.utf8)))
    #expect(merged.positions.lons == [1, 5, 8] && merged.positions.lats == [2, 6, 9])
    #expect(merged.positions.heights.count == 3 && merged.positions.heights[0].isNaN)
    #expect(merged.positions.heights[1...] == [7, 10])
    #expect(merged.features[1].geometry == .lineString(1..<3) && merged.features[1].positions == 1..<3)
  }

  @Test("the one number format: whole numbers bare, others shortest round-trip, no NaN")
  func numbers() {
    #expect(JSONValue.format(59) == "59")
    #expect(JSONValue.format(-0.0) == "0")
    #expect(JSONValue.format(392.5) == "392.5")
    #expect(JSONValue.format(0.1) == "0.1")
    #expect(JSONValue.format(1e-7) == "1e-07")
    #expect(JSONValue.format(.nan) == "null" && JSONValue.format(-.infinity) == "null")
    #expect(GeoJSONWriter(precision: 2).format(151.20931) == "151.21" && GeoJSONWriter().format(2.0) == "2")
  }
}

import GeoJSONIO
import Testing

@Suite("GeoJSON writer and sequences")
struct WriterAndSequenceTests {
  static let sample = """
    {"type":"FeatureCollection","features":[
      {"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[151.2093,-33.8688,12.5]},
       "properties":{"name":"Sydney","n":1.0,"big":123456789012345678901234567890,"list":[true,null,{"x":"é"}]},
       "bbox":[151.2093,-33.8688,151.2093,-33.8688],"extra":{"k":1}},
      {"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]],[[0.2,0.2],[0.4,0.2],[0.4,0.4],[0.2,0.2]]]]},
       "properties":null},
      {"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[[1e-7,2],[3,4.000000000000001]]}]},"properties":{}},
      {"type":"Feature","geometry":null,"properties":{"a":[]}}
    ],"bbox":[0,-33.8688,151.2093,4.000000000000001],"name":"sample"}
    """

  @Test("read → write → read gives identical geometry and properties")
  func roundTrip() throws {
    let first = try GeoJSONReader.read(Array(Self.sample.utf8))
    let text = GeoJSONWriter().write(first)
    let second = try GeoJSONReader.read(Array(text.utf8))
    #expect(second == first)
    #expect(GeoJSONWriter().write(second) == text)
    #expect(text.contains(#""big":123456789012345678901234567890"#))
    #expect(text.contains(#""n":1.0"#))
  }

  @Test(
    "every root kind round-trips",
    arguments: [
      #"{"type":"Point","coordinates":[1.5,-2]}"#,
      #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{"a":"b"}}"#,
      #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]],"bbox":[0,0,1,1]}"#,
    ])
  func roots(text: String) throws {
    let document = try GeoJSONReader.read(Array(text.utf8))
    #expect(GeoJSONWriter().write(document) == text)
  }

  @Test("fixed precision rounds coordinates")
  func precision() throws {
    let document = try GeoJSONReader.read(Array(#"{"type":"Point","coordinates":[151.20931234,-33.86881234]}"#.utf8))
    #expect(GeoJSONWriter(precision: 3).write(document) == #"{"type":"Point","coordinates":[151.209,-33.869]}"#)
  }

  @Test("a present bbox is recomputed from the positions")
  func recomputedBBox() throws {
    var document = try GeoJSONReader.read(
      Array(
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{},"bbox":[1,2,1,2]}"#.utf8))
    // Edited in place through the one editor, whose buffers keep the arrays' lengths equal.
    document.positions.withMutableCoordinates { lons, lats, heights in
      lons[0] = 10
      #expect(lats.count == 1 && heights.isEmpty)
    }
    #expect(GeoJSONWriter().write(document).contains(#""bbox":[10,2,10,2]"#))
  }

  static func records(_ count: Int, separator: String, terminator: String = "\n") -> String {
    (0..<count).map { i in
      separator
        + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(i % 180),\#(i % 90)]},"properties":{"i":\#(i)}}"#
        + terminator
    }.joined()
  }

  @Test("RFC 8142 and newline-delimited sequences, with a truncated record reported and skipped")
  func sequences() throws {
    for (framing, separator) in [(SequenceFraming.recordSeparated, "\u{1E}"), (.newlineDelimited, "")] {
      var text = Self.records(3, separator: separator)
      text += separator + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,"# + "\n"
      text += Self.records(2, separator: separator) + "\n\n"
      var reader = GeoJSONSequenceReader(source: BytesSource(Array(text.utf8)), framing: framing)
      var good = 0
      var bad: [GeoJSONError] = []
      while let record = try reader.next() {
        switch record {
        case .success(let document): good += document.features.count
        case .failure(let error): bad.append(error)
        }
      }
      #expect(good == 5, "\(framing)")
      #expect(bad.count == 1)
      #expect(bad.first?.record == 4)
      #expect(bad.first?.line == 4, "\(String(describing: bad.first))")
    }
  }

  @Test("a sequence is read in memory bounded by its largest record, not its length")
  func constantMemory() throws {
    var peaks: [Int] = []
    for count in [2_000, 20_000] {
      let bytes = Array(Self.records(count, separator: "\u{1E}").utf8)
      var reader = GeoJSONSequenceReader(source: BytesSource(bytes), framing: .recordSeparated)
      var n = 0
      while let record = try reader.next() { if case .success = record { n += 1 } }
      #expect(n == count)
      peaks.append(reader.peakBufferSize)
    }
    #expect(peaks[1] <= peaks[0] + 1024)
    #expect(peaks[1] < 200_000)
  }
}

import CardMap

/// Lon/lat GeoJSON content for `fit` and `render`: a document read whole, or a sequence whose
/// records are read one at a time.
enum ContentReader {
  /// What `fit` needs of the content: its extent and how much there was.
  struct Content {
    var bounds: GeoBounds?
    var features: Int
    var positions: Int
  }

  /// One piece of GeoJSON input: the whole document, or one record of a sequence.
  struct Piece {
    var result: Result<GeoJSONDocument, GeoJSONError>
    /// The record's number in a sequence (from 1), or nil for a whole document.
    var record: Int?
    /// How a sequence's records are framed, or nil for a whole document.
    var framing: SequenceFraming?
    /// Bytes of input read so far.
    var bytesRead: Int
  }

  /// Reads `input` as one document, or as a sequence record by record, and hands each piece to
  /// `body`, good or bad; only I/O failures (exit 1) stop the reading here.
  static func forEachPiece(
    _ input: Input, options: GeoJSONReader.Options = GeoJSONReader.Options(), _ body: (Piece) throws(CLIError) -> Void
  ) throws(CLIError) {
    switch try InputShape.sniff(input) {
    case .document(let bytes, let skipped):
      let result: Result<GeoJSONDocument, GeoJSONError>
      do {
        result = .success(try GeoJSONReader.read(bytes, options: options, skipped: skipped))
      } catch {
        result = .failure(error)
      }
      try body(Piece(result: result, record: nil, framing: nil, bytesRead: skipped.bytes + bytes.count))
    case .sequence(let source, let framing):
      var reader = GeoJSONSequenceReader(source: source, framing: framing, options: options)
      while true {
        let next: Result<GeoJSONDocument, GeoJSONError>?
        do {
          next = try reader.next()
        } catch {
          throw .failure("\(input.name): \(error)")
        }
        guard let next else { return }
        try body(Piece(result: next, record: reader.records, framing: framing, bytesRead: reader.bytesRead))
      }
    }
  }

  /// Calls `body` with the document, or with each record of a sequence in turn.
  ///
  /// - Throws: bad data (exit 65) naming the file and the error's location; I/O failures (exit 1).
  static func forEachDocument(_ path: String?, _ body: (GeoJSONDocument) -> Void) throws(CLIError) {
    let input = try Input(path)
    defer { input.finish() }
    try forEachPiece(input) { (piece) throws(CLIError) in
      switch piece.result {
      case .success(let document): body(document)
      case .failure(let error): throw .data("\(input.name): \(error)")
      }
    }
  }

  /// The content's extent, in memory bounded by the largest record of a sequence.
  static func extent(_ path: String?) throws(CLIError) -> Content {
    var extent = ExtentBuilder()
    var features = 0
    try forEachDocument(path) { document in
      features += document.features.count
      extent.add(document.positions)
    }
    return Content(bounds: extent.bounds, features: features, positions: extent.count)
  }

  /// The whole content as one document (a sequence's records merged), with its extent.
  static func document(_ path: String) throws(CLIError) -> (document: GeoJSONDocument, bounds: GeoBounds?) {
    var merged = GeoJSONDocument(root: .featureCollection, features: [], positions: PositionBuffer())
    try forEachDocument(path) { document in
      let base = merged.positions.count
      let added = document.positions
      merged.positions.lons += added.lons
      merged.positions.lats += added.lats
      if !added.heights.isEmpty || !merged.positions.heights.isEmpty {
        if merged.positions.heights.isEmpty { merged.positions.heights = [Double](repeating: .nan, count: base) }
        merged.positions.heights +=
          added.heights.isEmpty ? [Double](repeating: .nan, count: added.count) : added.heights
      }
      for var feature in document.features {
        feature.geometry = feature.geometry.map { shift($0, by: base) }
        feature.positions = (feature.positions.lowerBound + base)..<(feature.positions.upperBound + base)
        merged.features.append(feature)
      }
    }
    var extent = ExtentBuilder()
    extent.add(merged.positions)
    return (merged, extent.bounds)
  }

  /// A geometry's position indices moved by `offset` (records merged into one buffer).
  static func shift(_ geometry: Geometry, by offset: Int) -> Geometry {
    func move(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + offset)..<(r.upperBound + offset) }
    switch geometry {
    case .point(let i): return .point(i + offset)
    case .multiPoint(let r): return .multiPoint(move(r))
    case .lineString(let r): return .lineString(move(r))
    case .multiLineString(let rs): return .multiLineString(rs.map(move))
    case .polygon(let rs): return .polygon(rs.map(move))
    case .multiPolygon(let ps): return .multiPolygon(ps.map { $0.map(move) })
    case .geometryCollection(let gs): return .geometryCollection(gs.map { shift($0, by: offset) })
    }
  }
}

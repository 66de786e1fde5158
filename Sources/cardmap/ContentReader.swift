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

  /// Reads `input` as one document, or as a sequence record by record, and hands each piece to
  /// `body`, good or bad; only I/O failures (exit 1) stop the reading here.
  static func forEachPiece(
    _ input: Input, options: GeoJSONReader.Options = GeoJSONReader.Options(),
    _ body: (GeoJSONPiece) throws(CLIError) -> Void
  ) throws(CLIError) {
    do {
      try GeoJSONInput.forEachPiece(of: input, options: options) { piece in try body(piece) }
    } catch let error as CLIError {
      throw error
    } catch {
      throw .failure("\(input.name): \(error)")
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
    try forEachDocument(path) { merged.append($0) }
    var extent = ExtentBuilder()
    extent.add(merged.positions)
    return (merged, extent.bounds)
  }
}

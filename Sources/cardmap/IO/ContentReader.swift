import CardMapWire
import PlatformMath

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

  /// Calls `body` with the document, or with each record of a sequence in turn, in lon/lat:
  /// transformed from `crs`, or from the CRS a legacy `crs` member names, or checked to be lon/lat.
  ///
  /// - Throws: bad data (exit 65) naming the file and the error's location (a record's number in
  ///   a sequence); a CRS that is not accepted is a usage error (64); I/O failures (exit 1).
  static func forEachDocument(
    _ path: String?, lonLat: inout LonLatContent, threads: Int, _ body: (GeoJSONDocument) -> Void
  ) throws(CLIError) {
    let input = try Input(path)
    defer { input.finish() }
    // Without a CRS given, latitudes beyond ±90 are errors (with their line:column) unless a legacy
    // `crs` member says the coordinates are in another CRS.
    let options = readerOptions(checksLatitude: lonLat.crs == nil, exceptWithCRSMember: true, threads: threads)
    lonLat.threads = threads
    try forEachPiece(input, options: options) { (piece) throws(CLIError) in
      let place = input.name + (piece.record.map { ": record \($0)" } ?? "")
      switch piece.result {
      case .success(var document):
        do throws(DocumentTransformError) {
          try lonLat.convert(&document)
        } catch {
          let failure = CLIError(error)
          guard failure.kind == .data else { throw failure }
          if case .notLonLat = error { throw .data("\(place): \(failure.message) with \(fromHint)") }
          throw .data("\(place): \(failure.message)")
        }
        body(document)
      case .failure(let error):
        throw readFailure(error, in: input.name, crs: lonLat.crs)
      }
    }
  }

  /// A read error of lon/lat content in the input `name`, as bad data (the error's own words name a
  /// sequence's record).
  static func readFailure(_ error: GeoJSONError, in name: String, crs: String?) -> CLIError {
    // The reader's own ±90 check is what meets projected content first.
    let projected = crs == nil && error.message.hasPrefix("latitude ")
    return .data(
      "\(name): \(error)" + (projected ? "; if the content is not lon/lat, give its CRS with \(fromHint)" : ""))
  }

  /// `--threads n`, for the commands that read GeoJSON.
  static func threadsOption(_ work: String = "read") -> Option<Int> {
    Option<Int>.integer(
      "threads", "n", 1...4096,
      "Threads that \(work) a large document (default: every core, \(Processors.online) here).")
  }

  /// The threads `--threads` asks for, or every core.
  static func threads(_ args: Arguments, _ option: Option<Int>) -> Int { args[option] ?? Processors.online }

  /// The reader's options; `CARDMAP_SPLIT_BYTES`, for tests only, splits the reading every that many
  /// bytes (a few: at every feature), on any number of threads.
  static func readerOptions(checksLatitude: Bool, exceptWithCRSMember: Bool = false, threads: Int)
    -> GeoJSONReader.Options
  {
    var options = GeoJSONReader.Options(
      checksLatitude: checksLatitude, exceptWithCRSMember: exceptWithCRSMember, threads: threads)
    if let text = getenv("CARDMAP_SPLIT_BYTES"), let bytes = Int(String(cString: text)), bytes > 0 {
      options.splitBytes = bytes
    }
    return options
  }

  /// How to name the CRS of projected content, for errors that meet it as lon/lat.
  static let fromHint = "--from (e.g. --from EPSG:32756 for UTM zone 56S, --from EPSG:3857 for Web Mercator)"

  /// Content in `crs` (checked now, so that a CRS that is not accepted is a usage error before any
  /// input is read), or in the CRS each document's legacy `crs` member names.
  static func lonLatContent(_ crs: String?, command: String) throws(CLIError) -> LonLatContent {
    do {
      return try LonLatContent(crs: crs)
    } catch {
      var failure = CLIError(error, command: command)
      if failure.kind == .usage, let crs {
        failure.message = CLIError.crsNotTaken(option: "from", crs: crs) + ": " + failure.message
      }
      throw failure
    }
  }

  /// The content's extent, in memory bounded by the largest record of a sequence.
  static func extent(_ path: String?, lonLat: inout LonLatContent, threads: Int) throws(CLIError) -> Content {
    if lonLat.crs == nil, let content = try mappedExtent(path, threads: threads) { return content }
    var extent = ExtentBuilder()
    var features = 0
    try forEachDocument(path, lonLat: &lonLat, threads: threads) { document in
      features += document.features.count
      extent.add(document.positions)
    }
    return Content(bounds: extent.bounds, features: features, positions: extent.count)
  }

  /// The extent of lon/lat content in a file that can be mapped, read without keeping its positions
  /// (`GeoJSONExtent`: memory bounded by the largest feature); nil where the content is read whole
  /// instead: a sequence, standard input from a pipe, or a document with a `crs` member (which may
  /// name the CRS its positions are in).
  static func mappedExtent(_ path: String?, threads: Int) throws(CLIError) -> Content? {
    var input = try Input(path)
    defer { input.finish() }
    let options = readerOptions(checksLatitude: true, exceptWithCRSMember: true, threads: threads)
    let read: Result<GeoJSONExtent, GeoJSONError>??
    do {
      read = try input.withWholeInput { GeoJSONExtent.read(inMemory: $0, options: options) }
    } catch {
      throw .failure("\(input.name): \(error)")
    }
    guard case .some(.some(let result)) = read else { return nil }
    switch result {
    case .success(let whole):
      guard !whole.hasCRSMember else { return nil }
      return Content(bounds: whole.extent.bounds, features: whole.features, positions: whole.extent.count)
    case .failure(let error):
      throw readFailure(error, in: input.name, crs: nil)
    }
  }

  /// The content of an optional file argument, in lon/lat from `crs` (checked before reading), or
  /// nothing without a file.
  static func content(_ path: String?, crs: String?, command: String, threads: Int) throws(CLIError) -> (
    document: GeoJSONDocument?, bounds: GeoBounds?
  ) {
    var lonLat = try lonLatContent(crs, command: command)
    guard let path else { return (nil, nil) }
    let read = try document(path, lonLat: &lonLat, threads: threads)
    return (read.document, read.bounds)
  }

  /// The whole content as one document (a sequence's records merged), with its extent.
  static func document(_ path: String, lonLat: inout LonLatContent, threads: Int) throws(CLIError) -> (
    document: GeoJSONDocument, bounds: GeoBounds?
  ) {
    var merged = GeoJSONDocument(root: .featureCollection, features: [], positions: PositionBuffer())
    try forEachDocument(path, lonLat: &lonLat, threads: threads) { merged.append($0) }
    var extent = ExtentBuilder()
    extent.add(merged.positions)
    return (merged, extent.bounds)
  }
}

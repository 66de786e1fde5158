import CardMap

/// `cardmap project [FILE|-] --from CRS --to CRS`: GeoJSON in, the same GeoJSON out with every
/// position transformed (the README's command line). Sequences stream record by record.
enum ProjectCommand: Command {
  static let name = "project"
  static let abstract = "Transform GeoJSON (a document or a sequence) from one CRS to another."
  static let arguments = [
    Positional(name: "<file>", help: "GeoJSON, RFC 8142 or newline-delimited; '-' or none for stdin.", isOptional: true)
  ]
  static let options = Options()

  struct Options: OptionGroup {
    let from = Option<String>.text("from", "crs", "The input's CRS: EPSG:4326, a PROJ string or WKT.").required
    let to = Option<String>.text("to", "crs", "The output's CRS.").required
    let precision = Option<Int>.integer(
      "precision", "n", 0...17, "Round output coordinates to n decimals (default: shortest exact).")
    let exact = Flag("exact", "Use PROJ for every point, even where a SIMD kernel fits (lon/lat ↔ Web Mercator, UTM).")
    let progress = Flag("progress", "Show the progress line on stderr even when it is not a terminal.")
    let quiet = Flag("quiet", "Never show the progress line.")
  }
  static let examples = [
    "cardmap project Data/samples/sydney-ferries.geojson --from EPSG:4326 --to EPSG:3857",
    "cardmap project - --from EPSG:4326 --to EPSG:32756 < stops.geojsons > stops-utm.geojsons",
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let files = try args.positionals(atMost: 1)
    let from = try args.required(options.from)
    let to = try args.required(options.to)
    let precision = args[options.precision]
    let transformer: Transformer
    do {
      transformer = try Transformer(from: from, to: to, exact: args[options.exact])
    } catch {
      // A CRS that PROJ does not accept is a bad option value; a missing proj.db is the machine's.
      // as is one that this build, without the PROJ trait, does not take.
      throw [.invalidCRS, .needsPROJ].contains(error.kind) ? .usage("\(error)", command: name) : .failure("\(error)")
    }
    let writer = GeoJSONWriter(precision: precision, geographic: transformer.targetIsGeographic)
    let crs = LegacyCRS(target: transformer)
    let options = GeoJSONReader.Options(checksLatitude: transformer.sourceIsGeographic)
    let input = try Input(files.first)
    defer { input.finish() }
    let showProgress = !args[Self.options.quiet] && (args[Self.options.progress] || Progress.stderrIsTerminal)
    var progress = Progress(enabled: showProgress, write: output.err)
    defer { progress.finish() }
    var bad = 0
    var records = 0
    try ContentReader.forEachPiece(input, options: options) { (piece) throws(CLIError) in
      progress.advance(bytes: piece.bytesRead - progress.bytes)
      guard let record = piece.record, let framing = piece.framing else {
        // A whole document: any failure is the command's.
        var document: GeoJSONDocument
        switch piece.result {
        case .success(let read): document = read
        case .failure(let error): throw .data("\(input.name): \(error)")
        }
        try transform(&document, transformer, record: nil)
        crs.rewrite(&document)
        progress.advance(features: document.features.count)
        writer.write(document) { output.out($0) }
        output.out("\n")
        return
      }
      // A sequence's record: a bad one is reported and skipped, and the rest still read.
      records = record
      do throws(CLIError) {
        var document: GeoJSONDocument
        switch piece.result {
        case .success(let read): document = read
        case .failure(let error): throw .data("\(error)")
        }
        try transform(&document, transformer, record: record)
        crs.rewrite(&document)
        output.out(framing.prefix + writer.write(document) + "\n")
        progress.advance(features: document.features.count)
      } catch {
        bad += 1
        output.err("warning: \(input.name): record \(record) skipped: \(error.message)\n")
      }
    }
    if bad > 0 { throw .data("\(input.name): \(bad) of \(records) records were skipped") }
  }

  /// Transforms every position of `document`; a position that cannot be transformed is bad data.
  static func transform(_ document: inout GeoJSONDocument, _ transformer: Transformer, record: Int?) throws(CLIError) {
    var positions = document.positions
    let result: BatchResult
    do {
      if positions.heights.isEmpty {
        result = try transformer.transform(x: &positions.lons, y: &positions.lats)
      } else {
        // 2D positions among 3D ones have NaN heights: transform them at height 0, keep NaN after.
        let flat = positions.heights.map(\.isNaN)
        for i in flat.indices where flat[i] { positions.heights[i] = 0 }
        result = try positions.lons.withUnsafeMutableBufferPointer { (x) throws(ProjectionError) -> BatchResult in
          try positions.lats.withUnsafeMutableBufferPointer { (y) throws(ProjectionError) -> BatchResult in
            try positions.heights.withUnsafeMutableBufferPointer { (z) throws(ProjectionError) -> BatchResult in
              try transformer.transform(x: x, y: y, z: z)
            }
          }
        }
        for i in flat.indices where flat[i] { positions.heights[i] = .nan }
      }
    } catch {
      throw .failure("\(error)")
    }
    if result.failed > 0, let message = result.message, message.mentionsGrid {
      throw .failure(
        "\(result.failed) of \(result.count) positions cannot be transformed from \(transformer.source) to "
          + "\(transformer.target): PROJ says \"\(message)\". Install the grid PROJ needs (Debian's proj-data, or "
          + "projsync --file NAME) or set PROJ_DATA to the folder that holds it")
    }
    if result.failed > 0 {
      // The first failed position: where it is in the document, and what it was.
      var place = ""
      if let first = positions.lons.firstIndex(where: \.isNaN) {
        let original = document.positions
        let value = "[\(JSONValue.format(original.lons[first])), \(JSONValue.format(original.lats[first]))]"
        place = "; the first is \(value)" + (document.path(ofPosition: first).map { " at \($0)" } ?? "")
      }
      let why = result.message.map { " (PROJ: \($0))" } ?? ""
      throw .data(
        "\(result.failed) of \(result.count) positions cannot be transformed from \(transformer.source) to "
          + "\(transformer.target)\(place)\(why)")
    }
    document.positions = positions
  }
}

extension String {
  /// Whether PROJ's message is about a grid it cannot find.
  fileprivate var mentionsGrid: Bool { lowercased().contains("grid") }
}

/// What `project` does with a legacy `crs` member (GeoJSON 2008 §3, dropped by RFC 7946 §4), which
/// names the CRS of the input's coordinates and would be wrong after the transform. As `ogr2ogr`
/// does: it is rewritten to name the target CRS (`urn:ogc:def:crs:EPSG::32633`), and dropped when
/// the target is RFC 7946's own WGS 84 lon/lat (EPSG:4326, OGC:CRS84) or PROJ knows no code for it.
struct LegacyCRS {
  /// The member that replaces an input's `crs`, or nil to drop it.
  let replacement: JSONValue?

  init(target: Transformer) {
    guard let identifier = target.targetIdentifier, !["EPSG:4326", "OGC:CRS84"].contains(identifier),
      let colon = identifier.firstIndex(of: ":")
    else {
      replacement = nil
      return
    }
    let urn = "urn:ogc:def:crs:\(identifier[..<colon])::\(identifier[identifier.index(after: colon)...])"
    replacement = .object([
      JSONValue.Member("type", .string("name")),
      JSONValue.Member("properties", .object([JSONValue.Member("name", .string(urn))])),
    ])
  }

  /// Rewrites or drops `crs` at the top level and on every feature.
  func rewrite(_ document: inout GeoJSONDocument) {
    rewrite(&document.foreignMembers)
    for index in document.features.indices { rewrite(&document.features[index].foreignMembers) }
  }

  private func rewrite(_ members: inout [JSONValue.Member]) {
    guard let index = members.firstIndex(where: { $0.name == "crs" }) else { return }
    if let replacement {
      members[index].value = replacement
    } else {
      members.remove(at: index)
    }
  }
}

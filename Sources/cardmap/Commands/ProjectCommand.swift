import CardMapWire

/// `cardmap project [FILE|-] --from CRS --to CRS`: GeoJSON in, the same GeoJSON out with every
/// position transformed (CardMap's article The cardmap command). Sequences stream record by record.
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
    let exact = Flag(
      "exact", "Use PROJ for every point, even where a SIMD kernel fits (webmerc, tmerc/UTM, lcc, stere, laea).")
    let explain = Flag(
      "explain", "Say on stderr how the points are computed: the kernel and instruction set, or PROJ's operation.")
    let threads = ContentReader.threadsOption("read, transform and write")
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
    let threads = ContentReader.threads(args, options.threads)
    var transformer: Transformer
    do {
      transformer = try Transformer(from: from, to: to, exact: args[options.exact])
      transformer.threads = threads
    } catch {
      // A CRS that PROJ does not accept is a bad option value; a missing proj.db is the machine's.
      // as is one that this build, without the PROJ trait, does not take.
      guard [.invalidCRS, .needsPROJ].contains(error.kind) else { throw .failure("\(error)") }
      throw .usage((culprit(from: from, to: to).map { $0 + ": " } ?? "") + "\(error)", command: name)
    }
    if args[options.explain] { output.err("path: \(from) → \(to): \(transformer.path)\n") }
    let writer = GeoJSONWriter(precision: precision, geographic: transformer.targetIsGeographic)
    let crs = LegacyCRS(target: transformer)
    let options = ContentReader.readerOptions(checksLatitude: transformer.sourceIsGeographic, threads: threads)
    let input = try Input(files.first)
    defer { input.finish() }
    let showProgress = !args[Self.options.quiet] && (args[Self.options.progress] || Progress.stderrIsTerminal)
    var progress = Progress(enabled: showProgress, write: output.err)
    defer { progress.finish() }
    var bad = 0
    var records = 0
    /// A piece read, transformed, its `crs` rewritten and written (after `prefix`); a read error
    /// names the input unless `record` (the record's warning names it).
    func project(_ result: Result<GeoJSONDocument, GeoJSONError>, prefix: String, record: Bool) throws(CLIError) {
      var document: GeoJSONDocument
      switch result {
      case .success(let read): document = read
      case .failure(let error): throw .data(record ? "\(error)" : "\(input.name): \(error)")
      }
      do throws(DocumentTransformError) {
        try document.transform(with: transformer)
      } catch {
        throw CLIError(error, command: name)
      }
      crs.rewrite(&document)
      output.out(prefix)
      writer.write(document, threads: threads) { output.out($0) }
      output.out("\n")
      progress.advance(features: document.features.count)
    }
    try ContentReader.forEachPiece(input, options: options) { (piece) throws(CLIError) in
      progress.advance(bytes: piece.bytesRead - progress.bytes)
      // A whole document: any failure is the command's.
      guard let record = piece.record, let framing = piece.framing else {
        return try project(piece.result, prefix: "", record: false)
      }
      // A sequence's record: a bad one is reported and skipped, and the rest still read.
      records = record
      do throws(CLIError) {
        try project(piece.result, prefix: framing.prefix, record: true)
      } catch {
        bad += 1
        progress.warn("\(input.name): record \(record) skipped: \(error.message)")
      }
    }
    if bad > 0 { throw .data("\(input.name): \(bad) of \(records) records were skipped") }
  }
}

extension ProjectCommand {
  /// The option a refused pair of CRSs is the fault of, for its error: the one that PROJ (or this
  /// build) does not take on its own; nil when each is taken (no operation joins them, or `--exact`
  /// asks for PROJ in a build without it: the error says which).
  static func culprit(from: String, to: String) -> String? {
    func taken(_ crs: String) -> Bool { (try? Transformer(from: crs, to: "EPSG:4326")) != nil }
    if !taken(from) { return CLIError.crsNotTaken(option: "from", crs: from) }
    if !taken(to) { return CLIError.crsNotTaken(option: "to", crs: to) }
    return nil
  }
}

extension CLIError {
  /// A transform's failure: bad data for positions that cannot be transformed (or are not
  /// lon/lat), the machine's failure for PROJ itself or a missing grid.
  init(_ error: DocumentTransformError, command: String? = nil) {
    switch error {
    case .untransformable, .notLonLat: self = .data("\(error)")
    case .projection(let cause) where [.invalidCRS, .needsPROJ].contains(cause.kind):
      // A CRS that PROJ (or this build) does not take is a bad option value.
      self = .usage("\(cause)", command: command)
    case .projection, .missingGrid: self = .failure("\(error)")
    }
  }
}

/// What `project` does with a legacy `crs` member (GeoJSON 2008 §3, dropped by RFC 7946 §4), which
/// names the CRS of the input's coordinates and would be wrong after the transform. As `ogr2ogr`
/// does: it is rewritten to name the target CRS (`urn:ogc:def:crs:EPSG::32633`), and dropped when
/// the target is RFC 7946's own WGS 84 lon/lat (EPSG:4326, OGC:CRS84) or PROJ knows no code for it.
/// A document without one gets one at its top level when the target is not lon/lat, so that the
/// output reads back (`cardmap fit out.geojson`) without `--from`.
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

  /// Rewrites or drops `crs` at the top level and on every feature, and adds it at the top level
  /// where it is missing and the target needs it.
  func rewrite(_ document: inout GeoJSONDocument) {
    if let replacement, !document.foreignMembers.contains(where: { $0.name == "crs" }) {
      document.foreignMembers.append(JSONValue.Member("crs", replacement))
    }
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

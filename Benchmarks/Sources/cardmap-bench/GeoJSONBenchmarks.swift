import CardMap
import CardMapTestSupport
import Foundation

/// The GeoJSON reader against Foundation's JSONSerialization and GDAL, `cardmap project` against
/// `ogr2ogr` and `cardmap fit` end to end.
func geoJSONBenchmarks() -> [Measurement] {
  var results: [Measurement] = []
  let folder = FileManager.default.temporaryDirectory.appending(path: "cardmap-bench").path
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let documentPath = folder + "/routes-50mb.geojson"
  let bytes = makeRoutes(targetBytes: 50_000_000)
  if !FileManager.default.createFile(atPath: documentPath, contents: Data(bytes)) {
    printNote("could not write \(documentPath): the cases that read the file are skipped")
  }
  let megabytes = Double(bytes.count) / 1e6

  // The reader, in memory, in turns with simdjson's walk of the same file.
  let simdjson = SimdjsonWalk(folder: folder)
  results += readerAgainstSimdjson(bytes, path: documentPath, name: "geojson.read", simdjson: simdjson, rounds: 8)
  let positions = (try? GeoJSONReader.read(bytes))?.positions.count ?? -1
  let data = Data(bytes)
  let foundationNs = measure(items: bytes.count, rounds: 1, minimumSeconds: 0, warmUp: false) {
    blackHole(try? JSONSerialization.jsonObject(with: data))
  }
  results.append(
    Measurement(
      name: "geojson.read.foundation", items: bytes.count, nsPerItem: foundationNs,
      extra: [("MBps", 1e3 / foundationNs)]))
  if let index = results.firstIndex(where: { $0.name == "geojson.read.cardmap" }), results[index].baseline == nil {
    results[index].baseline = "geojson.read.foundation"
  }
  if let ogrinfo = which("ogrinfo"), let run = runChild([ogrinfo, "-so", "-al", documentPath]), run.status == 0 {
    let ns = run.seconds * 1e9 / Double(bytes.count)
    results.append(
      Measurement(name: "geojson.read.ogrinfo", items: bytes.count, nsPerItem: ns, extra: [("MBps", 1e3 / ns)]))
  }

  // The same routes with every coordinate to 17 significant digits (the shortest that round-trips,
  // as Python's json.dump and GDAL write them): the reader, the writer, and project with and
  // without the kernels.
  let fullPath = folder + "/routes-full-precision.geojson"
  let full = makeRoutes(targetBytes: 80_000_000, fullPrecision: true)
  let wroteFull = FileManager.default.createFile(atPath: fullPath, contents: Data(full))
  results += readerAgainstSimdjson(
    full, path: wroteFull ? fullPath : nil, name: "geojson.read", suffix: ".fullprecision", simdjson: simdjson,
    rounds: 5)
  let fullDocument = try? GeoJSONReader.read(full)
  if let fullDocument {
    var written = 0
    let writerNs = measure(items: full.count, rounds: 3, minimumSeconds: 0) {
      written = 0
      GeoJSONWriter().write(fullDocument) { written += $0.utf8.count }
    }
    results.append(
      Measurement(
        name: "geojson.write.cardmap.fullprecision", items: written,
        nsPerItem: writerNs * Double(full.count) / Double(written),
        extra: [("MBps", 1e3 * Double(written) / Double(full.count) / writerNs)]))
  }
  if wroteFull {
    for (name, extra) in [("project.cardmap.fullprecision", []), ("project.cardmap.fullprecision.exact", ["--exact"])] {
      guard
        let best = bestOfThree(
          [binaryFolder() + "/cardmap", "project", fullPath, "--from", "EPSG:4326", "--to", "EPSG:3857", "--quiet"]
            + extra)
      else { continue }
      results.append(
        Measurement(
          name: name, items: full.count, nsPerItem: best * 1e9 / Double(full.count),
          extra: [("seconds", best), ("MB", Double(full.count) / 1e6)],
          baseline: name.hasSuffix(".exact") ? nil : "project.cardmap.fullprecision.exact"))
    }
    results += fitAgainstSimdjson(path: fullPath, simdjson: simdjson)
    try? FileManager.default.removeItem(atPath: fullPath)
  }

  // 10⁶ points in France, to Lambert-93 from OGC:CRS84 (the lcc kernel, chosen from PROJ's
  // operation) and to Web Mercator from EPSG:4326: the same cost end to end.
  let francePath = folder + "/france-1m.geojson"
  var random = SplitMix(state: 2154)
  var france = #"{"type":"Feature","properties":{},"geometry":{"type":"MultiPoint","coordinates":["#
  for index in 0..<1_000_000 {
    if index > 0 { france += "," }
    france += "[" + fixed(random.uniform(-4...8), 7) + "," + fixed(random.uniform(42...51), 7) + "]"
  }
  france += "]}}"
  if FileManager.default.createFile(atPath: francePath, contents: Data(france.utf8)) {
    for (name, from, to) in [
      ("project.lonlat-to-webmerc.1m", "EPSG:4326", "EPSG:3857"),
      ("project.crs84-to-lambert93.1m", "OGC:CRS84", "EPSG:2154"),
    ] {
      guard
        let best = bestOfThree([
          binaryFolder() + "/cardmap", "project", francePath, "--from", from, "--to", to, "--quiet",
        ])
      else { continue }
      results.append(
        Measurement(
          name: name, items: 1_000_000, nsPerItem: best * 1e9 / 1e6, extra: [("seconds", best)],
          baseline: name.hasPrefix("project.crs84") ? "project.lonlat-to-webmerc.1m" : nil))
    }
    try? FileManager.default.removeItem(atPath: francePath)
  }

  // `cardmap project` and `ogr2ogr` on the same file, end to end.
  // Both write a file; CardMap on one thread and on every core, best of three, `.speedup` the
  // every-core run against the one-thread one.
  let cardmap = binaryFolder() + "/cardmap"
  let projected = folder + "/cardmap-out.geojson"
  var projectRows: [Measurement] = []
  for threads in threadCounts {
    var best: ChildRun?
    for _ in 0..<3 {
      guard
        let run = runChild(
          [cardmap, "project", documentPath, "--from", "EPSG:4326", "--to", "EPSG:3857", "--threads", String(threads)],
          output: projected), run.status == 0
      else { break }
      if run.seconds < best?.seconds ?? .infinity { best = run }
    }
    guard let run = best else { continue }
    projectRows.append(
      Measurement(
        name: "project.cardmap" + threadSuffix(threads), items: bytes.count,
        nsPerItem: run.seconds * 1e9 / Double(bytes.count),
        extra: [
          ("seconds", run.seconds), ("MB", megabytes), ("maxRSSMB", Double(run.maxResidentKB) / 1024),
          ("threads", Double(threads)),
        ]))
  }
  try? FileManager.default.removeItem(atPath: projected)
  if let ogr2ogr = which("ogr2ogr"),
    let run = runChild([ogr2ogr, "-f", "GeoJSON", "-t_srs", "EPSG:3857", folder + "/ogr-out.geojson", documentPath]),
    run.status == 0
  {
    for index in projectRows.indices { projectRows[index].baseline = "project.ogr2ogr" }
    projectRows.append(
      Measurement(
        name: "project.ogr2ogr", items: bytes.count, nsPerItem: run.seconds * 1e9 / Double(bytes.count),
        extra: [("seconds", run.seconds)]))
    try? FileManager.default.removeItem(atPath: folder + "/ogr-out.geojson")
  } else {
    anchorMissing("ogr2ogr (gdal-bin) is missing or failed: cardmap project runs with no GDAL beside it")
  }
  if threadCounts.count > 1, var every = projectRows.first(where: { $0.name.hasSuffix(threadSuffix(threadCounts[1])) })
  {
    every.name += ".speedup"
    every.baseline = "project.cardmap"
    projectRows.append(every)
  }
  results += projectRows

  // Peak memory of `cardmap project` on sequences 10× apart.
  for (name, records) in [("project.sequence.small", 20_000), ("project.sequence.large", 200_000)] {
    let path = folder + "/\(name).geojsons"
    guard FileManager.default.createFile(atPath: path, contents: Data(makeSequence(records: records))) else {
      printNote("could not write \(path): \(name) is skipped")
      continue
    }
    if let run = runChild([cardmap, "project", path, "--from", "EPSG:4326", "--to", "EPSG:3857"]), run.status == 0 {
      results.append(
        Measurement(
          name: name, items: records, nsPerItem: run.seconds * 1e9 / Double(records),
          extra: [("records", Double(records)), ("maxRSSMB", Double(run.maxResidentKB) / 1024)]))
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  // `cardmap fit` end to end, and the fit alone from a cached extent.
  if let run = runChild([cardmap, "fit", documentPath, "--device", "iphone-17", "--position", "peaking"]),
    run.status == 0
  {
    results.append(
      Measurement(
        name: "fit.cardmap.end-to-end", items: bytes.count, nsPerItem: run.seconds * 1e9 / Double(bytes.count),
        extra: [("seconds", run.seconds), ("positions", Double(positions))]))
  }
  try? FileManager.default.removeItem(atPath: documentPath)
  return results
}

/// The thread counts the GeoJSON cases run with: one, and every core when there are more.
let threadCounts = [1] + (Processors.online > 1 ? [Processors.online] : [])

/// A case's name suffix for a thread count: none for one thread, `.threads-N` for more.
func threadSuffix(_ threads: Int) -> String { threads == 1 ? "" : ".threads-\(threads)" }

/// A FeatureCollection of routes (LineStrings of 200 positions with 7 decimals) about `targetBytes` long.
/// The shortest of three runs of a command that succeeds, in seconds (one run of a second or so is
/// at the mercy of a noisy machine); nil when a run fails.
func bestOfThree(_ arguments: [String]) -> Double? {
  var best = Double.infinity
  for _ in 0..<3 {
    guard let run = runChild(arguments), run.status == 0 else { return nil }
    best = min(best, run.seconds)
  }
  return best
}

func makeRoutes(targetBytes: Int, fullPrecision: Bool = false) -> [UInt8] {
  var random = SplitMix(state: 7946)
  var text = #"{"type":"FeatureCollection","features":["#
  text.reserveCapacity(targetBytes + 10_000)
  var feature = 0
  while text.utf8.count < targetBytes {
    if feature > 0 { text += "," }
    text +=
      #"{"type":"Feature","properties":{"id":\#(feature),"name":"route \#(feature)"},"geometry":{"type":"LineString","coordinates":["#
    var lon = random.uniform(-170...170)
    var lat = random.uniform(-60...60)
    for i in 0..<200 {
      lon += random.uniform(-0.01...0.01)
      lat += random.uniform(-0.01...0.01)
      if i > 0 { text += "," }
      text += fullPrecision ? "[\(lon),\(lat)]" : "[" + fixed(lon, 7) + "," + fixed(lat, 7) + "]"
    }
    text += "]}}"
    feature += 1
  }
  text += "]}"
  return Array(text.utf8)
}

/// `cardmap fit FILE --viewport 390x844` end to end (read, extent, fit, JSON out) against simdjson's
/// On-Demand walk computing the same file's box in its own process: one whole run each, in turns,
/// the best of three of each.
func fitAgainstSimdjson(path: String, simdjson: SimdjsonWalk?) -> [Measurement] {
  var fitSeconds = [Double](repeating: .infinity, count: threadCounts.count)
  var simdjsonSeconds = Double.infinity
  for _ in 0..<5 {
    for (index, threads) in threadCounts.enumerated() {
      let fit = [binaryFolder() + "/cardmap", "fit", path, "--viewport", "390x844", "--threads", String(threads)]
      guard let run = runChild(fit), run.status == 0 else {
        printNote("cardmap fit failed on \(path)")
        return []
      }
      fitSeconds[index] = min(fitSeconds[index], run.seconds)
    }
    if let simdjson, let walk = runChild([simdjson.binary, path, "bbox"]), walk.status == 0 {
      simdjsonSeconds = min(simdjsonSeconds, walk.seconds)
    }
  }
  let bytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
  var results = zip(threadCounts, fitSeconds).map { threads, seconds in
    Measurement(
      name: "fit.cardmap.end-to-end.fullprecision" + threadSuffix(threads), items: Int(bytes),
      nsPerItem: seconds * 1e9 / bytes,
      extra: [("seconds", seconds), ("MBps", bytes / seconds / 1e6), ("threads", Double(threads))])
  }
  if simdjsonSeconds.isFinite {
    for index in results.indices { results[index].baseline = "fit.simdjson-bbox.end-to-end.fullprecision" }
    results.append(
      Measurement(
        name: "fit.simdjson-bbox.end-to-end.fullprecision", items: Int(bytes),
        nsPerItem: simdjsonSeconds * 1e9 / bytes,
        extra: [("seconds", simdjsonSeconds), ("MBps", bytes / simdjsonSeconds / 1e6)]))
  }
  return results
}

/// CardMap's reader of `bytes` and simdjson's walk of the same file at `path`, in turns, round by
/// round, the best of each: the machine's slow spells (it is a shared VM) fall on both alike.
func readerAgainstSimdjson(
  _ bytes: [UInt8], path: String?, name: String, suffix: String = "", simdjson: SimdjsonWalk?, rounds: Int
) -> [Measurement] {
  var readerNs = [Double](repeating: .infinity, count: threadCounts.count)
  var simdjsonMBps = 0.0
  var positions = 0.0
  for round in 0..<rounds {
    for (index, threads) in threadCounts.enumerated() {
      let options = GeoJSONReader.Options(threads: threads)
      readerNs[index] = min(
        readerNs[index],
        measure(items: bytes.count, rounds: 1, minimumSeconds: 0, warmUp: round == 0) {
          blackHole(try? GeoJSONReader.read(bytes, options: options))
        })
    }
    if let path, let walk = simdjson?.walk(path, rounds: 2) {
      simdjsonMBps = max(simdjsonMBps, walk.megabytesPerSecond)
      positions = Double(walk.positions)
    }
  }
  // One thread under the plain name, every core under `.threads-N`.
  var results = zip(threadCounts, readerNs).map { threads, ns in
    Measurement(
      name: name + ".cardmap" + suffix + threadSuffix(threads), items: bytes.count, nsPerItem: ns,
      extra: [("MBps", 1e3 / ns), ("threads", Double(threads))])
  }
  if simdjsonMBps > 0 {
    for index in results.indices { results[index].baseline = name + ".simdjson" + suffix }
    results.append(
      Measurement(
        name: name + ".simdjson" + suffix, items: bytes.count, nsPerItem: 1e3 / simdjsonMBps,
        extra: [("MBps", simdjsonMBps), ("positions", positions)]))
  }
  return results
}

/// simdjson's On-Demand API walking the same positions (`Benchmarks/simdjson/walk-positions.cpp`),
/// compiled once per run with `c++ -O3` where Debian's `libsimdjson-dev` is installed: the fastest
/// JSON reader there is, as the reader's yardstick in the same run.
struct SimdjsonWalk {
  let binary: String

  /// Compiles the walker into `folder`, or says why it cannot and returns nil.
  init?(folder: String) {
    let source = URL(filePath: #filePath).deletingLastPathComponent().appending(
      path: "../../simdjson/walk-positions.cpp"
    )
    .standardized.path
    guard let compiler = which("c++"), FileManager.default.fileExists(atPath: "/usr/include/simdjson.h") else {
      anchorMissing("c++ or simdjson (libsimdjson-dev) is missing: the simdjson cases are skipped")
      return nil
    }
    binary = folder + "/walk-positions"
    guard let run = runChild([compiler, "-O3", "-std=c++17", source, "-lsimdjson", "-o", binary]), run.status == 0
    else {
      anchorMissing("could not compile \(source): the simdjson cases are skipped")
      return nil
    }
  }

  /// The best of `rounds` walks of the file at `path`, timed in the walker's process, or nil.
  func walk(_ path: String, rounds: Int) -> (positions: Int, megabytesPerSecond: Double)? {
    let report = path + ".simdjson.txt"
    defer { try? FileManager.default.removeItem(atPath: report) }
    guard let run = runChild([binary, path, String(rounds)], output: report), run.status == 0,
      let text = try? String(contentsOfFile: report, encoding: .utf8)
    else {
      printNote("simdjson could not walk \(path)")
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let positions = Int(fields[0]), let megabytesPerSecond = Double(fields[1]) else {
      return nil
    }
    return (positions, megabytesPerSecond)
  }
}

/// An RFC 8142 sequence of `records` point features.
func makeSequence(records: Int) -> [UInt8] {
  var random = SplitMix(state: 8142)
  var text = ""
  for i in 0..<records {
    text += "\u{1E}" + #"{"type":"Feature","properties":{"i":\#(i)},"geometry":{"type":"Point","coordinates":["#
    text += fixed(random.uniform(-180...180), 6) + "," + fixed(random.uniform(-85...85), 6) + "]}}\n"
  }
  return Array(text.utf8)
}

/// `value` with exactly `decimals` decimals.
func fixed(_ value: Double, _ decimals: Int) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = Int64((abs(value) * scale).rounded())
  let whole = scaled / Int64(scale)
  let fraction = String(scaled % Int64(scale))
  return (value < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

import Foundation
import Testing

/// The basemap under `render`'s content, and PNG output.
@Suite("cardmap render: basemap and PNG")
struct BasemapTests {

  @Test("land, Sydney Harbour's shore and named places under the content, in the view, across the antimeridian too")
  func basemap() throws {
    // Collapsed, so that Sydney lies in the view (a place under the card is not named).
    let sydney = try Run([
      "render", FitAndProjectTests.ferries, "--device", "iphone-17", "--position", "collapsed", "--output", "-",
    ])
    #expect(sydney.status == 0, "\(sydney.stderr)")
    #expect(sydney.stdout.contains(#"id="basemap-land""#) && sydney.stdout.contains(">Sydney</text>"))
    // Land comes before the content, so the content draws over it.
    let land = try #require(sydney.stdout.range(of: "basemap-land"))
    let content = try #require(sydney.stdout.range(of: #"id="content""#))
    #expect(land.lowerBound < content.lowerBound)
    // Sydney Harbour's shoreline (GSHHG) over the land, under the content: its water and its land.
    let water = try #require(sydney.stdout.range(of: #"id="basemap-harbour-water" d="M"#))
    let shore = try #require(sydney.stdout.range(of: #"id="basemap-harbour-land" d="M"#))
    #expect(land.lowerBound < water.lowerBound && water.lowerBound < shore.lowerBound)
    #expect(shore.lowerBound < content.lowerBound)
    let fiji = try Run(["render", FitAndProjectTests.fiji, "--device", "ipad-11-landscape", "--output", "-"])
    #expect(!fiji.stdout.contains("basemap-harbour"), "the harbour only where the view reaches it")
    #expect(fiji.stdout.contains(">Suva</text>"), "Fiji's capital, next to the antimeridian")
    let path = try #require(fiji.stdout.components(separatedBy: #"id="basemap-land" d=""#).dropFirst().first)
    #expect(path.hasPrefix("M"), "land is drawn around Fiji")
  }

  @Test(
    "--output x.png rasterises through rsvg-convert",
    .enabled(if: Run.runs(with: "rsvg-convert"), "rsvg-convert is not installed (apt-get install librsvg2-bin)"))
  func png() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "cardmap-png-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appending(path: "ferries.png").path
    let run = try Run(["render", FitAndProjectTests.ferries, "--device", "iphone-17", "--output", target])
    #expect(run.status == 0, "\(run.stderr)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: target))
    #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  }

  @Test("--output x.png without rsvg-convert: exit 1 with the install command, nothing written")
  func pngWithoutRasteriser() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "cardmap-nopng-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = try Run(
      [
        "render", FitAndProjectTests.ferries, "--device", "iphone-17", "--output",
        folder.appending(path: "none.png").path,
      ],
      environment: ["PATH": "/nonexistent"])
    #expect(missing.status == 1 && missing.stderr.contains("apt-get install librsvg2-bin"), "\(missing.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "none.png").path))
  }
}

/// Whether `make wasm` has built the web engine the page inlines (`make test` builds it first).
let webEngineBuilt = FileManager.default.fileExists(
  atPath: Run.root.appending(path: ".build/wasm/cardmap.wasm.gz").path)

@Suite("cardmap page", .enabled(if: webEngineBuilt || Run.requiresAll, "the web engine is built by make wasm"))
struct PageTests {
  @Test("one HTML file with the engine inlined and what it needs: the screen, the card, the content, the options")
  func page() throws {
    let run = try Run([
      "page", FitAndProjectTests.ferries, "--device", "iphone-17", "--maplibre", "https://example.org/maplibre-gl.js",
      "--output", "-",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix("<!doctype html>")
        && run.stdout.contains(#"<script src="https://example.org/maplibre-gl.js">"#))
    #expect(run.stdout.contains("<script>window.CARDMAP = {testHook: false};</script>"))
    #expect(!run.stdout.contains("cardmapTest = {") || run.stdout.contains("if (D.testHook) page.cardmapTest"))
    #expect(run.stdout.contains("await startPage(window.CARDMAP);"))
    let data = try #require(try JSONSerialization.jsonObject(with: try Self.data(of: run.stdout)) as? [String: Any])
    // Nothing precomputed: the page's engine computes every frame.
    #expect(data["frames"] == nil && data["snaps"] == nil && data["settled"] == nil)
    #expect((data["screen"] as? [String: Any])?["width"] as? Double == 402)
    #expect((data["card"] as? [String: Any])?["position"] as? String == "peaking")
    let fit = try Run(["fit", FitAndProjectTests.ferries, "--device", "iphone-17"]).json()
    #expect(data["bounds"] as? [Double] == (fit["content"] as? [String: Any])?["bbox"] as? [Double])
    // The engine and the data, gzipped, and cardmap-page.mjs in the page's module script; under
    // 350 KB in all as a server sends it, gzipped
    // (raw, with the core module and a script of its own: 397 KB before the globe's rings and bounds
    // were made faster in lanes, 401 KB after; 412 KB once the globe's least zoom searched every
    // latitude and its box of foci was built, and the engine checked what it fetched; 427 KB with
    // Sydney Harbour's shoreline, which this content reaches; 385 KB once the core module linked no
    // Unicode tables; 334 KB with the data gzipped as well; 317 KB with the engine's errors as
    // references and one number printer. Built from the package's <cardmap-cards> with the whole
    // engine: 454 KB raw, 303 KB gzipped).
    #expect(run.stdout.contains(#"<script type="application/octet-stream" id="engine" data-gzip="true">H4sI"#))
    #expect(run.stdout.contains("<script type=\"module\">") && run.stdout.contains("export class CardMap"))
    #expect(run.stdout.contains("class PageCards extends CardMapCards"))
    let folder = try Run.temporaryFolder("page-size")
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appending(path: "page.html")
    try Data(run.stdout.utf8).write(to: page)
    let gzipped = try Run.process("/bin/sh", ["-c", "gzip -9c '\(page.path)' | wc -c"])
    let size = Int(gzipped.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max
    #expect(size < 350_000, "\(size) bytes gzipped")
    #expect(data["harbour"] is [Any])
    #expect(try Run(["page", "--device", "iphone-17"]).status == 64)  // --output is required
  }

  @Test("--engine names the engine's folder; one without it is 64, and none found beside the command is 1")
  func engine() throws {
    let folder = try Run.temporaryFolder("engine")
    defer { try? FileManager.default.removeItem(at: folder) }
    let given = try Run([
      "page", FitAndProjectTests.ferries, "--device", "iphone-17", "--engine",
      Run.root.appending(path: ".build/wasm").path,
      "--output", "-",
    ])
    #expect(given.status == 0 && given.stdout.contains("export class CardMap"), "\(given.stderr)")
    let missing = try Run([
      "page", FitAndProjectTests.ferries, "--device", "iphone-17", "--engine", folder.path, "--output", "-",
    ])
    #expect(missing.status == 64 && missing.stderr.contains("no cardmap.wasm and cardmap-page.mjs there"))
    #expect(missing.stdout.isEmpty)
    // A copy of the command far from any build or install finds no engine, and says how to build one.
    let copy = folder.appending(path: "bin/cardmap")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Run.binary, to: copy)
    var environment = ProcessInfo.processInfo.environment
    environment["CARDMAP_ENGINE"] = nil
    let far = try Run.process(
      copy.path, ["page", FitAndProjectTests.ferries, "--device", "iphone-17", "--output", "-"],
      environment: environment)
    #expect(far.status == 1 && far.stderr.contains("build it with 'make wasm'"), "\(far.stderr)")
  }

  /// The page's data: gzipped, in base64 (which no text of the data can break out of), opened here
  /// by the system's gzip, an independent reader.
  static func data(of html: String) throws -> Data {
    let opening = #"<script type="application/octet-stream" id="data" data-gzip="true">"#
    let start = try #require(html.range(of: opening))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let packed = try #require(Data(base64Encoded: String(html[start.upperBound..<end.lowerBound])))
    #expect(packed.starts(with: [0x1F, 0x8B]))
    return try gunzipped(packed)
  }

  @Test("the card's content and the buttons' glyphs are in the page's data")
  func cardAndControls() throws {
    let run = try Run([
      "page", FitAndProjectTests.ferries, "--device", "iphone-17", "--maplibre", "https://x/y.js", "--top-buttons", "2",
      "--floating-items", "3", "--output", "-",
    ])
    #expect(run.status == 0)
    let text = String(decoding: try Self.data(of: run.stdout), as: UTF8.self)
    #expect(text.contains(#""cardContent":{"title":"Manly ferry","rows":[{"kind":"line","name":"Manly ferry""#))
    let controls = try #require(text.range(of: #""controls":{"toolbarItems":["#))
    let tail = text[controls.upperBound...]
    #expect(tail.contains(#""toolbar":"top","x":0,"y":0,"role":"card""#))
    #expect(tail.contains("icon layers") && tail.contains("icon directions") && tail.contains("icon share"))
  }

  @Test(
    "--maplibre: a URL as given, a local copy linked from the page's folder or inlined on stdout, a missing one refused"
  )
  func mapLibreSource() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "cardmap-maplibre-\(getpid())")
    try FileManager.default.createDirectory(at: folder.appending(path: "lib"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appending(path: "out"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appending(path: "lib/maplibre-gl.js")
    try Data("window.maplibregl = {};".utf8).write(to: script)
    let page = folder.appending(path: "out/page.html")
    let linked = try Run([
      "page", FitAndProjectTests.ferries, "--device", "iphone-17", "--maplibre", script.path, "--output", page.path,
    ])
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(try String(contentsOf: page, encoding: .utf8).contains(#"<script src="../lib/maplibre-gl.js">"#))
    let inlined = try Run([
      "page", FitAndProjectTests.ferries, "--device", "iphone-17", "--maplibre", script.path, "--output", "-",
    ])
    // "window.maplibregl = {};" in base64 (RFC 4648), as `base64` writes it.
    #expect(inlined.stdout.contains(#"<script src="data:text/javascript;base64,d2luZG93Lm1hcGxpYnJlZ2wgPSB7fTs=">"#))
    let missing = try Run([
      "page", FitAndProjectTests.ferries, "--device", "iphone-17", "--maplibre", "/nonexistent/x.js", "--output", "-",
    ])
    #expect(missing.status == 64 && missing.stderr.contains("'--maplibre /nonexistent/x.js': No such file"))
    #expect(missing.stdout.isEmpty)
  }
}

/// `data` opened by the system's `gzip -dc`.
func gunzipped(_ data: Data) throws -> Data {
  let process = Process()
  process.executableURL = URL(filePath: "/usr/bin/env")
  process.arguments = ["gzip", "-dc"]
  let (input, output) = (Pipe(), Pipe())
  (process.standardInput, process.standardOutput) = (input, output)
  try process.run()
  let writer = Thread {
    input.fileHandleForWriting.write(data)
    try? input.fileHandleForWriting.close()
  }
  writer.start()
  let opened = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return opened
}

import Foundation
import Testing

@testable import CardMapCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `cardmap render` end to end: the SVG parsed with Foundation's XML parser, its elements checked
/// against what `cardmap layout` and `cardmap fit` say.
@Suite("cardmap render")
struct RenderTests {
  static let ferries = Run.root.appending(path: "Data/samples/sydney-ferries.geojson").path

  /// Elements by id, and every element's attributes by class.
  final class Collector: NSObject, XMLParserDelegate {
    var byID: [String: [String: String]] = [:]
    var byClass: [String: [[String: String]]] = [:]
    var elements = 0

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements += 1
      if let id = attributes["id"] { byID[id] = attributes }
      if let cls = attributes["class"] { byClass[cls, default: []].append(attributes) }
    }
  }

  func parse(_ path: String) throws -> Collector {
    let parser = try #require(XMLParser(contentsOf: URL(filePath: path)))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "the SVG is well-formed XML")
    return collector
  }

  func rect(_ attributes: [String: String]?) throws -> (Double, Double, Double, Double) {
    let a = try #require(attributes)
    return (
      Double(a["x"] ?? "") ?? .nan, Double(a["y"] ?? "") ?? .nan, Double(a["width"] ?? "") ?? .nan,
      Double(a["height"] ?? "") ?? .nan
    )
  }

  func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appending(path: "cardmap-render-\(getpid())-\(name)").path
  }

  @Test(
    "the card, the visible rect, the dim layer and the content are where layout and fit say",
    arguments: [
      ["--device", "iphone-14", "--os", "26", "--position", "extended", "--top-buttons", "2"],
      ["--device", "iphone-17", "--position", "peaking"],
      ["--device", "ipad-11", "--position", "collapsed", "--bottom-buttons", "1"],
      ["--device", "iphone-duo-outer", "--position", "peaking", "--close-button"],
    ])
  func matchesLayout(arguments: [String]) throws {
    let path = temporary("\(arguments[1]).svg")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let render = try Run(["render", Self.ferries] + arguments + ["--output", path])
    #expect(render.status == 0 && render.stdout.isEmpty, "\(render.stderr)")
    let svg = try parse(path)
    let layout = try Run(["layout"] + arguments).json()
    let fit = try Run(["fit", Self.ferries] + arguments).json()
    let card = try #require(layout["card"] as? [String: Double])
    let (cx, cy, cw, _) = try rect(svg.byID["card"])
    #expect(
      abs(cx - (card["x"] ?? 0)) <= 0.5 && abs(cy - (card["y"] ?? 0)) <= 0.5 && abs(cw - (card["width"] ?? 0)) <= 0.5)
    let visible = try #require(layout["visibleRect"] as? [String: Double])
    let (vx, vy, vw, vh) = try rect(svg.byID["visible-rect"])
    #expect(abs(vx - (visible["x"] ?? 0)) <= 0.5 && abs(vy - (visible["y"] ?? 0)) <= 0.5)
    #expect(abs(vw - (visible["width"] ?? 0)) <= 0.5 && abs(vh - (visible["height"] ?? 0)) <= 0.5)
    let dim = try #require(svg.byID["dim"]?["fill-opacity"].flatMap(Double.init))
    #expect(abs(dim - (layout["mapDimAlpha"] as? Double ?? -1)) < 1e-9)
    // The two wharves, at the content's corners, are drawn where the camera puts them: inside the
    // visible rect, touching it on one pair of sides (an exact fit).
    let points = try #require(svg.byClass["point"])
    #expect(points.count == 2)
    let xs = points.compactMap { $0["cx"].flatMap(Double.init) }
    let ys = points.compactMap { $0["cy"].flatMap(Double.init) }
    for (x, y) in zip(xs, ys) {
      #expect(x >= vx - 0.5 && x <= vx + vw + 0.5 && y >= vy - 0.5 && y <= vy + vh + 0.5)
    }
    let touchesX = abs((xs.min() ?? 0) - vx) <= 0.5 && abs((xs.max() ?? 0) - (vx + vw)) <= 0.5
    let touchesY = abs((ys.min() ?? 0) - vy) <= 0.5 && abs((ys.max() ?? 0) - (vy + vh)) <= 0.5
    #expect(touchesX || touchesY)
    #expect(fit["camera"] != nil)
    if let buttons = layout["buttons"] as? [String: Any], let alpha = buttons["alpha"] as? Double,
      buttons["top"] is [String: Any]
    {
      #expect(abs((svg.byID["toolbar-top"]?["opacity"].flatMap(Double.init) ?? -1) - alpha) < 1e-9)
    }
    if layout["verticalBar"] is [String: Any] {
      #expect(svg.byID["vertical-bar"] != nil && svg.byClass["bar-item close"]?.count == 1)
    }
  }

  @Test(
    "--projection globe draws the globe in perspective: its disc, the content inside the visible rect, a legend that says so",
    arguments: [["--bearing", "20"], ["--position", "extended", "--bearing", "-75"]])
  func globe(extra: [String]) throws {
    let greenland = Run.root.appending(path: "Data/samples/greenland.geojson").path
    let arguments = ["--device", "iphone-17", "--projection", "globe"] + extra
    let path = temporary("globe-\(extra.joined()).svg")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let render = try Run(["render", greenland] + arguments + ["--output", path])
    #expect(render.status == 0, "\(render.stderr)")
    let svg = try parse(path)
    let disc = try #require(svg.byID["globe"], "the globe's disc")
    #expect((disc["r"].flatMap(Double.init) ?? 0) > 0)
    let (vx, vy, vw, vh) = try rect(svg.byID["visible-rect"])
    // Every vertex of the content's outline where the globe shows it: inside the visible rect (the
    // flat drawing of a globe camera spilled over it).
    let outline = try #require(svg.byClass["polygon"]?.first?["d"])
    let numbers = outline.split(whereSeparator: { "MLZ ".contains($0) }).compactMap { Double($0) }
    #expect(numbers.count > 20)
    for index in stride(from: 0, to: numbers.count - 1, by: 2) {
      let (x, y) = (numbers[index], numbers[index + 1])
      #expect(x >= vx - 0.5 && x <= vx + vw + 0.5 && y >= vy - 0.5 && y <= vy + vh + 0.5, "(\(x), \(y))")
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("on the globe"))
  }

  @Test("a contact sheet has one labelled panel per device and position")
  func contactSheet() throws {
    let path = temporary("sheet.svg")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try Run(["render", Self.ferries, "--all-devices", "--output", path])
    #expect(run.status == 0, "\(run.stderr)")
    let svg = try parse(path)
    let devices = try #require(try JSONSerialization.jsonObject(with: Data(Run(["devices"]).stdout.utf8)) as? [Any])
    #expect(svg.byID.keys.filter { $0.hasPrefix("panel-") }.count == devices.count * 3)
    #expect(svg.byID["panel-iphone-14-peaking"] != nil)
  }

  @Test("a failed render leaves the old file intact and no partial file")
  func atomicOutput() throws {
    let folder = temporary("atomic")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.svg"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    let bad = try Run(
      ["render", "-", "--device", "iphone-14", "--output", path], stdin: #"{"type":"Point","coordinates":[1,95]}"#)
    #expect(bad.status == 65)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.svg"])
    let missingFolder = try Run(["render", "--device", "iphone-14", "--output", folder + "/none/out.svg"])
    #expect(missingFolder.status == 1 && missingFolder.stderr.contains("none/out.svg"))
    let toStdout = try Run(["render", "--device", "iphone-14", "--output", "-"])
    #expect(toStdout.status == 0 && toStdout.stdout.hasPrefix("<?xml") && toStdout.stdout.hasSuffix("</svg>\n"))
    // A device is written in place, never replaced by a renamed file.
    #expect(try Run(["render", "--device", "iphone-14", "--output", "/dev/null"]).status == 0)
    let full = try Run(["render", "--device", "iphone-14", "--output", "/dev/full"])
    #expect(full.status == 1 && full.stderr.contains("/dev/full"))
    var info = stat()
    #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
  }

  static let rsvgConvert = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    "rsvg-convert renders the SVG (skipped, and said so, where Debian's librsvg2-bin is missing)",
    .enabled(if: rsvgConvert != nil || Run.requiresAll, "rsvg-convert is not installed (apt-get install librsvg2-bin)"))
  func rsvg() throws {
    let tool = try #require(Self.rsvgConvert)
    let svg = temporary("rsvg.svg")
    let png = temporary("rsvg.png")
    defer {
      try? FileManager.default.removeItem(atPath: svg)
      try? FileManager.default.removeItem(atPath: png)
    }
    #expect(try Run(["render", Self.ferries, "--device", "iphone-17", "--output", svg]).status == 0)
    let process = try Process.run(URL(filePath: tool), arguments: [svg, "-o", png])
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: png))
  }
}

@Suite("Progress and completion")
struct ProgressTests {
  @Test("stdout is byte-identical with and without the progress line; the line has bytes, features and rate")
  func progressLeavesStdoutAlone() throws {
    let records = (0..<500).map { i in
      "\u{1E}"
        + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(i % 180),\#(i % 80)]},"properties":{}}"#
        + "\n"
    }.joined()
    let quiet = try Run(["project", "--from", "EPSG:4326", "--to", "EPSG:3857", "--quiet"], stdin: records)
    let shown = try Run(["project", "--from", "EPSG:4326", "--to", "EPSG:3857", "--progress"], stdin: records)
    #expect(quiet.status == 0 && shown.status == 0)
    #expect(quiet.stdout == shown.stdout && !quiet.stdout.isEmpty)
    #expect(quiet.stderr.isEmpty)
    #expect(shown.stderr.contains("500 features") && shown.stderr.contains("MB/s") && shown.stderr.hasSuffix("\n"))
    let piped = try Run(["project", "--from", "EPSG:4326", "--to", "EPSG:3857"], stdin: records)
    #expect(piped.stderr.isEmpty)  // stderr is a pipe here, not a terminal
  }

  @Test("the progress logic: throttled redraws, carriage returns, a final newline")
  func progressLogic() throws {
    var now = 0.0
    var written: [String] = []
    var progress = Progress(enabled: true, write: { written.append($0) }, clock: { now })
    for step in 0..<10 {
      now = Double(step) * 0.05
      progress.advance(bytes: 1_000_000, features: 10)
    }
    now = 1
    progress.finish()
    #expect(written.count == 4)  // at 0, 0.2, 0.4, then the finish
    #expect(written.allSatisfy { $0.hasPrefix("\r") } && written.last?.hasSuffix("\n") == true)
    // Padded with spaces over what a longer line before left on screen.
    let last = try #require(written.last)
    #expect(
      last.hasPrefix("\r10.0 MB, 100 features, 10.0 MB/s") && last.dropFirst(33).allSatisfy { $0 == " " || $0 == "\n" })
    #expect(last.count == written.map(\.count).max())
    var off = Progress(enabled: false, write: { written.append($0) }, clock: { now })
    off.advance(bytes: 5)
    off.finish()
    #expect(written.count == 4)
  }

  @Test("warnings clear the progress line first, and at a terminal past ten are counted; redirected, all are written")
  func progressWarnings() {
    var now = 0.0
    var written: [String] = []
    var logged: [String] = []
    var log = Progress(enabled: false, write: { logged.append($0) }, clock: { now }, summarizesWarnings: false)
    for number in 1...25 { log.warn("record \(number) skipped") }
    log.finish()
    #expect(logged.count == 25 && logged.last == "warning: record 25 skipped\n")
    var progress = Progress(enabled: true, write: { written.append($0) }, clock: { now }, summarizesWarnings: true)
    progress.advance(bytes: 15_200_000, features: 3)
    progress.warn("in.geojsons: record 1 skipped: bad")
    // The line drawn ("15.2 MB, 3 features, …") is overwritten with spaces before the warning.
    #expect(written[1] == "\r" + String(repeating: " ", count: written[0].count - 1) + "\r")
    #expect(written[2] == "warning: in.geojsons: record 1 skipped: bad\n")
    for number in 2...1475 {
      now += 0.01
      progress.advance(bytes: 10)
      progress.warn("in.geojsons: record \(number) skipped: bad")
    }
    progress.finish()
    let warnings = written.filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 11)
    #expect(warnings.last == "warning: 1465 more warnings not shown (1475 in all)\n")
    // Every progress line is drawn after a cleared line or at the start of one.
    #expect(!written.contains { $0.contains("MB/swarning") })
  }

  @Test("completion scripts for bash, zsh and fish name every subcommand", arguments: ["bash", "zsh", "fish"])
  func completion(shell: String) throws {
    let run = try Run(["--generate-completion-script", shell])
    #expect(run.status == 0)
    for command in ["layout", "fit", "project", "replay", "overlay", "render", "devices"] {
      #expect(run.stdout.contains(command))
    }
    #expect(run.stdout.contains("max-zoom"))
    #expect(try Run(["--generate-completion-script", "tcsh"]).status == 64)
  }
}

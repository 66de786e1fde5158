import CardMap
import Foundation
import Testing

@testable import CardMapCLI

/// Errors that teach: what a newcomer meets first says what to do next (CardMap's article The cardmap command).
@Suite("cardmap: errors that teach")
struct TeachingErrorsTests {
  static let ferries = Run.root.appending(path: "Data/samples/sydney-ferries.geojson").path

  @Test("projected output carries a crs member, so fit reads it back; without one, the error names --from")
  func projectedContent() throws {
    guard Run.hasPROJ else { return }
    let utm = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:32756"])
    #expect(utm.status == 0)
    #expect(utm.stdout.contains(#""crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::32756"}}"#))
    let back = try Run(["fit", "-", "--device", "iphone-17"], stdin: utm.stdout)
    let given = try Run(["fit", Self.ferries, "--device", "iphone-17"])
    #expect(back.status == 0, "\(back.stderr)")
    let zoom = { (run: Run) throws -> Double in
      try #require((try run.json()["camera"] as? [String: Any])?["zoom"] as? Double)
    }
    #expect(abs(try zoom(back) - zoom(given)) < 1e-6)
    // Lon/lat output needs no member (RFC 7946).
    let mercator = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:3857"])
    #expect(mercator.stdout.contains("EPSG::3857"))
    let lonLat = try Run(["project", "-", "--from", "EPSG:3857", "--to", "EPSG:4326"], stdin: mercator.stdout)
    #expect(lonLat.status == 0 && !lonLat.stdout.contains("\"crs\""))
    // The same UTM file with its member taken out.
    let bare = utm.stdout.replacingOccurrences(
      of: #","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::32756"}}"#, with: "")
    let refused = try Run(["fit", "-", "--device", "iphone-17"], stdin: bare)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("is outside ±90") && refused.stderr.contains("give its CRS with --from"))
  }

  @Test(
    "usage errors that name the option and what to do",
    arguments: [
      (
        ["fit", ferries, "--device", "iphone-17", "--pitch", "70"],
        "'--pitch 70' is above the default greatest pitch, 60 (MapLibre's); raise it with '--max-pitch' (up to 85)"
      ),
      (
        ["render", ferries, "--device", "iphone-17", "--pitch", "70", "--max-pitch", "65", "--output", "-"],
        "'--pitch 70' is above '--max-pitch 65', which can be raised up to 85"
      ),
      (
        ["fit", ferries, "--device", "iphone-17", "--callout", "240x80"],
        "'--callout' needs '--select'"
      ),
      (["fit", "--postion", "x"], "Unknown option '--postion'. Did you mean '--position'?"),
      (["fti"], "Unknown subcommand 'fti'. Did you mean 'fit'?"),
      (["overlay", "modle"], "Did you mean 'modal'?"),
      (["layout", "--bogus"], "Unknown option '--bogus'.\n"),
      (
        ["render", ferries, "--device", "iphone-17", "--output", "/tmp/out.jpg"],
        "'--output /tmp/out.jpg': expected a name ending .svg or .png (or none, for SVG), or '-' for SVG on stdout"
      ),
      (["render", ferries, "--device", "iphone-17", "--output", "-", "--scale", "2"], "'--scale' is for PNG output"),
      (["render", ferries, "--device", "iphone-17", "--output", "/tmp/x.png", "--scale", "8"], "from 1 to 4"),
    ])
  func usage(arguments: [String], message: String) throws {
    let run = try Run(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test("render --scale 3 makes a PNG of three pixels a point", .enabled(if: Run.runs(with: "rsvg-convert")))
  func pngScale() throws {
    let folder = try Run.temporaryFolder("scale")
    defer { try? FileManager.default.removeItem(at: folder) }
    var widths: [Double: UInt32] = [:]
    for scale in [1.0, 3.0] {
      let png = folder.appending(path: "x\(Int(scale)).png")
      let run = try Run([
        "render", Self.ferries, "--device", "iphone-17", "--output", png.path, "--scale", "\(scale)",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      // The IHDR chunk's width: bytes 16…19, big-endian.
      let bytes = [UInt8](try Data(contentsOf: png))
      widths[scale] = bytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
    }
    #expect(widths[1] == 402 && widths[3] == 1206)
  }

  @Test("a CRS that is not taken is named by its option")
  func crsOption() throws {
    let to = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "ESPG:32756"])
    #expect(to.status == 64 && to.stderr.contains("'--to ESPG:32756' is not a CRS this cardmap takes"), "\(to.stderr)")
    let from = try Run(["project", Self.ferries, "--from", "ESPG:4326", "--to", "EPSG:3857"])
    #expect(from.status == 64 && from.stderr.contains("'--from ESPG:4326' is not a CRS"), "\(from.stderr)")
    let fit = try Run(["fit", Self.ferries, "--device", "iphone-17", "--from", "ESPG:2263"])
    #expect(fit.status == 64 && fit.stderr.contains("'--from ESPG:2263' is not a CRS"), "\(fit.stderr)")
  }

  @Test("base64 by RFC 4648's test vectors; paths from a page's folder")
  func pageHelpers() {
    let vectors = [
      "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy",
    ]
    for (text, encoded) in vectors { #expect(MapLibreSource.base64(Array(text.utf8)) == encoded) }
    #expect(MapLibreSource.relativePath(from: "/a/b/out", to: "/a/b/lib/m.js") == "../lib/m.js")
    #expect(MapLibreSource.relativePath(from: "/a/b", to: "/a/b/m.js") == "m.js")
    #expect(MapLibreSource.relativePath(from: "/", to: "/m.js") == "m.js")
    #expect(MapLibreSource.relativePath(from: "/x/y", to: "/m.js") == "../../m.js")
    #expect(MapLibreSource.isURL("https://unpkg.com/x.js") && MapLibreSource.isURL("//cdn/x.js"))
    #expect(!MapLibreSource.isURL("maplibre-gl.js"))
  }

  @Test("the nearest name: slips are suggested, strangers are not")
  func nearest() {
    let names = ["position", "device", "viewport", "pitch", "max-pitch"]
    #expect(Suggestion.nearest(to: "postion", among: names) == "position")
    #expect(Suggestion.nearest(to: "devcie", among: names) == "device")
    #expect(Suggestion.nearest(to: "PITCH", among: names) == "pitch")
    #expect(Suggestion.nearest(to: "bogus", among: names) == nil)
    #expect(Suggestion.distance(Array("ab"), Array("ba")) == 1)
    #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
  }

  @Test("the misspelt options the package's \"did you mean\" is held to (Tests/web/typos) are the rule's")
  func typoTable() throws {
    let url = Run.root.appending(path: "Tests/web/typos/typos.json")
    let table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let names = try #require(table["names"] as? [String])
    let rows = try #require(table["typos"] as? [[String: Any]])
    #expect(names.count >= 40 && rows.count >= 50)
    for row in rows {
      let word = try #require(row["word"] as? String)
      #expect(Suggestion.nearest(to: word, among: names) == row["nearest"] as? String, "\(word)")
    }
  }

  @Test("a terminal on stdin is an error that says how to pass a file, for every reading command")
  func terminal() throws {
    for arguments in [
      ["fit", "--device", "iphone-17"], ["project", "--from", "EPSG:4326", "--to", "EPSG:3857"],
      ["replay", "--device", "iphone-17"], ["render", "-", "--device", "iphone-17", "--output", "-"],
    ] {
      let run = try Run.atTerminal(arguments)
      #expect(run.status == 64, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains("standard input is a terminal. Give the file as an argument"), "\(run.stderr)")
    }
  }

  @Test("replay reads stdin as fit and project do")
  func replayStdin() throws {
    let script = try String(contentsOf: Run.root.appending(path: "Data/samples/replay.json"), encoding: .utf8)
    let piped = try Run(["replay", "--device", "iphone-17"], stdin: script)
    let named = try Run(["replay", Run.root.appending(path: "Data/samples/replay.json").path, "--device", "iphone-17"])
    #expect(piped.status == 0 && piped.stdout == named.stdout && !piped.stdout.isEmpty)
  }

  @Test("a position the card cannot take is explained on stderr")
  func positionNote() throws {
    let run = try Run(["fit", Self.ferries, "--device", "iphone-17-pro-max-landscape", "--position", "collapsed"])
    #expect(run.status == 0)
    #expect(
      run.stderr
        == "note: the card is extended, not collapsed: with compact height (a phone in landscape) a card cannot be "
        + "dragged and is always extended\n")
    let layout = try Run(["layout", "--device", "iphone-17", "--position", "collapsed", "--no-map-content"])
    #expect(layout.stderr.contains("a card without map content ('--no-map-content') cannot be dragged"))
    #expect(try Run(["layout", "--device", "iphone-17", "--position", "collapsed"]).stderr.isEmpty)
  }

  @Test("devices --names: one line a device, in the catalogue's order")
  func deviceNames() throws {
    let names = try Run(["devices", "--names"])
    let catalogue = try #require(
      try JSONSerialization.jsonObject(with: Data(try Run(["devices"]).stdout.utf8)) as? [[String: Any]])
    let listed = names.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    #expect(listed == catalogue.compactMap { $0["name"] as? String })
    #expect(names.stdout.contains("iphone-14") && names.stdout.contains("390x844"))
  }
}

extension Run {
  /// Runs `cardmap` with a pseudo-terminal as its standard input (Python's `pty`, which every
  /// harness of `make test` already needs) and pipes for its output.
  static func atTerminal(_ arguments: [String]) throws -> Run {
    let script =
      "import pty, subprocess, sys; _, terminal = pty.openpty(); "
      + "sys.exit(subprocess.run(sys.argv[1:], stdin=terminal).returncode)"
    return try Run.process("/usr/bin/env", ["python3", "-c", script, Run.binary.path] + arguments)
  }
}

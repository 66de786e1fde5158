import Foundation
import Testing

@Suite("cardmap fit and project")
struct FitAndProjectTests {
  static let ferries = Run.root.appending(path: "Data/samples/sydney-ferries.geojson").path
  static let fiji = Run.root.appending(path: "Data/samples/fiji-ferries.geojson").path

  @Test("fit: the cardmap command article's keys; the layout's insets frame the content")
  func fitWithLayout() throws {
    let run = try Run(["fit", Self.ferries, "--device", "iphone-14", "--position", "peaking", "--os", "26"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try run.json()
    #expect(Set(json.keys) == ["layout", "content", "camera", "visibleRegion"])
    let content = try #require(json["content"] as? [String: Any])
    #expect(content["features"] as? Int == 3 && content["positions"] as? Int == 12)
    #expect(content["bbox"] as? [Double] == [151.2108, -33.8611, 151.2847, -33.8003])
    let camera = try #require(json["camera"] as? [String: Any])
    let zoom = try #require(camera["zoom"] as? Double)
    #expect(abs((camera["zoom256"] as? Double ?? 0) - zoom - 1) < 1e-12)
    let layout = try #require(json["layout"] as? [String: Any])
    let insets = try #require(layout["mapInsets"] as? [String: Double])
    #expect(insets["bottom"] == 451.5)
    let focus = try #require(camera["focus"] as? [Double])
    #expect(abs(focus[0] - (151.2108 + 151.2847) / 2) < 1e-9)
  }

  @Test("fit --bbox with --insets: MapLibre's asymmetric-padding vector; no layout key")
  func fitBBox() throws {
    let run = try Run([
      "fit", "--bbox", "-133,16,-68,50", "--viewport", "512x512", "--insets", "top=10,left=25,bottom=50,right=75",
      "--max-zoom", "20",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try run.json()
    #expect(json["layout"] == nil)
    let center = try #require((json["camera"] as? [String: Any])?["center"] as? [Double])
    #expect(abs(center[0] - -96.5558) < 0.00005 && abs(center[1] - 32.0833) < 0.00005)
  }

  @Test("fit across the antimeridian reads the smallest box and normalises the centre")
  func fitFiji() throws {
    let run = try Run(["fit", Self.fiji, "--viewport", "512x512", "--insets", "top=0"])
    let json = try run.json()
    let box = try #require((json["content"] as? [String: Any])?["bbox"] as? [Double])
    #expect(box[0] > 178 && box[2] < -178)
    let center = try #require((json["camera"] as? [String: Any])?["center"] as? [Double])
    #expect(center[0] >= -180 && center[0] < 180)
  }

  @Test(
    "fit errors: no content, no visible area, bad GeoJSON — exit 65 with a message",
    arguments: [
      (["fit", "-", "--viewport", "400x400"], #"{"type":"FeatureCollection","features":[]}"#, "no content"),
      (["fit", "--bbox", "0,0,1,1", "--viewport", "400x400", "--insets", "top=200,bottom=200"], "", "no visible area"),
      (["fit", "--bbox", "0,0,1,1", "--viewport", "400x400", "--insets", "top=-5"], "", "rejected input"),
      (["fit", "-", "--viewport", "400x400"], #"{"type":"Point","coordinates":[1,95]}"#, "line 1:36"),
    ])
  func fitErrors(arguments: [String], stdin: String, message: String) throws {
    let run = try Run(arguments, stdin: stdin)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("project to Web Mercator matches PROJ and keeps the structure")
  func project() throws {
    let run = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:3857"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try run.json()
    let features = try #require(json["features"] as? [[String: Any]])
    #expect(features.count == 3)
    let point = try #require((features[1]["geometry"] as? [String: Any])?["coordinates"] as? [Double])
    #expect(abs(point[0] - 16_832_709.2584) < 1e-3 && abs(point[1] - -4_010_166.3638) < 1e-3)  // cs2cs
    #expect((features[1]["properties"] as? [String: String])?["name"] == "Circular Quay")
  }

  @Test("--exact (PROJ) and the kernel agree to 1e-8 m on the sample", .enabled(if: Run.hasPROJ, "needs PROJ"))
  func exactAgrees() throws {
    let fast = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:3857"])
    let exact = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:3857", "--exact"])
    #expect(fast.status == 0 && exact.status == 0)
    func numbers(_ text: String) -> [Double] {
      text.split(whereSeparator: { !"0123456789.-e".contains($0) }).compactMap { Double($0) }
    }
    let a = numbers(fast.stdout)
    let b = numbers(exact.stdout)
    #expect(a.count == b.count && a.count > 20)
    #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 1e-8 })
  }

  @Test("a bad record after blank lines: named once, at its line:column and byte in the whole input")
  func sequenceErrorLocation() throws {
    let text = "\n\n  {\"type\":\"Point\",\"coordinates\":[1,2]}\n x"
    let run = try Run(["fit", "-", "--viewport", "400x800"], stdin: text)
    #expect(run.status == 65)
    #expect(run.stderr.contains("<stdin>: record 2, line 4:2 (byte 42): expected '{'"), "\(run.stderr)")
  }

  @Test("project streams sequences; a bad record is reported, the rest written, exit 65")
  func projectSequence() throws {
    let good = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10,20]},"properties":{}}"#
    let input = "\u{1E}" + good + "\n\u{1E}{\"type\":\"Feature\"\n\u{1E}" + good + "\n"
    let run = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857"], stdin: input)
    #expect(run.status == 65)
    #expect(run.stdout.split(separator: "\n").count == 2)
    #expect(run.stdout.hasPrefix("\u{1E}{"))
    #expect(run.stderr.contains("record 2"))
    let lines = good + "\n" + good + "\n"
    let ndjson = try Run(["project", "--from", "EPSG:4326", "--to", "EPSG:32632", "--precision", "2"], stdin: lines)
    #expect(ndjson.status == 0)
    #expect(ndjson.stdout.split(separator: "\n").count == 2 && !ndjson.stdout.contains("\u{1E}"))
  }

  @Test(
    "without the PROJ trait: the built-in CRSs project, any other CRS and --exact are usage errors saying why",
    .enabled(if: !Run.hasPROJ, "the PROJ build takes any CRS"))
  func withoutPROJ() throws {
    let utm = try Run(["project", Self.ferries, "--from", "OGC:CRS84", "--to", "EPSG:25832"])
    #expect(utm.status == 0, "\(utm.stderr)")
    for (from, to, extra) in [("EPSG:4326", "EPSG:2263", []), ("EPSG:4326", "EPSG:3857", ["--exact"])] {
      let run = try Run(["project", Self.ferries, "--from", from, "--to", to] + extra)
      #expect(run.status == 64 && run.stderr.contains("needs PROJ") && run.stderr.contains("traits"), "\(run.stderr)")
      // The option at fault is named: the CRS this build does not take, or none for --exact.
      #expect(extra.isEmpty == run.stderr.hasPrefix("Error: '--to \(to)' is not a CRS this cardmap takes: needs PROJ"))
    }
  }

  @Test(
    "project errors: an unknown CRS is a usage error (64) with PROJ's message and nothing from PROJ on stderr",
    .enabled(if: Run.hasPROJ, "needs PROJ"))
  func projectErrors() throws {
    let run = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:999999"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: '--to EPSG:999999' is not a CRS this cardmap takes: invalid CRS"))
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 3 && lines[1].hasPrefix("Usage: cardmap project"))
    let missing = try Run(["project", "/nonexistent.geojson", "--from", "EPSG:4326", "--to", "EPSG:3857"])
    #expect(missing.status == 1 && missing.stderr.contains("No such file"))
    let usage = try Run(["project", Self.ferries, "--to", "EPSG:3857"])
    #expect(usage.status == 64 && usage.stderr.contains("Missing '--from <crs>'"))
  }
}

import Foundation
import Testing

/// PROJ failures and hostile input through the CLI: a clear message and exit code, never
/// a wrong result silently, never a trap.
@Suite("Failures and hostile input")
struct FailureTests {
  static let ferries = Run.root.appending(path: "Data/samples/sydney-ferries.geojson").path

  /// Runs `cardmap` with extra environment variables.
  func run(_ arguments: [String], environment: [String: String], stdin: String? = nil) throws -> Run {
    try Run(arguments, stdin: stdin, environment: environment)
  }

  @Test(
    "PROJ_DATA pointing to an empty folder: exit 1, and what to install or set", .enabled(if: Run.hasPROJ, "needs PROJ")
  )
  func emptyProjData() throws {
    let empty = FileManager.default.temporaryDirectory.appending(path: "cardmap-empty-proj-\(getpid())").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let result = try run(
      ["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:3857"], environment: ["PROJ_DATA": empty])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("proj.db") && result.stderr.contains("PROJ_DATA") && result.stderr.contains("proj-data"))
    #expect(result.stdout.isEmpty)
  }

  @Test(
    "a CRS that needs a grid that is not installed: exit 1 naming the grid problem, no output",
    .enabled(if: Run.hasPROJ, "needs PROJ"))
  func missingGrid() throws {
    let result = try Run([
      "project", Self.ferries, "--from", "+proj=longlat +ellps=clrk66 +nadgrids=cardmap_missing.gsb +type=crs", "--to",
      "EPSG:4326",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("grid") && result.stderr.contains("Install the grid"))
    #expect(result.stdout.isEmpty)
  }

  @Test("an unknown CRS: a usage error (64) with PROJ's words", .enabled(if: Run.hasPROJ, "needs PROJ"))
  func unknownCRS() throws {
    let result = try Run(["project", Self.ferries, "--from", "EPSG:4326", "--to", "EPSG:1"])
    #expect(result.status == 64 && result.stderr.contains("crs not found"))
  }

  @Test("a 50 000-vertex polygon projects and fits")
  func bigPolygon() throws {
    let n = 50_000
    var ring: [String] = []
    for i in 0..<n {
      let angle = Double(i) / Double(n) * 2 * Double.pi
      ring.append("[\(151.2 + 0.1 * cos(angle)),\(-33.8 + 0.1 * sin(angle))]")
    }
    ring.append(ring[0])
    let polygon = #"{"type":"Polygon","coordinates":[["# + ring.joined(separator: ",") + "]]}"
    let projected = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:32756"], stdin: polygon)
    #expect(projected.status == 0 && projected.stdout.count > n * 20)
    let fit = try Run(["fit", "-", "--device", "iphone-14"], stdin: polygon)
    #expect(fit.status == 0)
    #expect((try fit.json()["content"] as? [String: Any])?["positions"] as? Int == n + 1)
  }

  @Test("megabytes of whitespace: the error names where the input ends, without keeping it")
  func whitespace() throws {
    let blank = String(repeating: " ", count: 999) + "\n"
    let input = String(repeating: blank, count: 1000)
    let result = try Run(["fit", "-", "--device", "iphone-14"], stdin: input)
    #expect(result.status == 65)
    #expect(result.stderr.contains("line 1001:1 (byte 1000000)") && result.stderr.contains("empty input"))
  }

  @Test("deeply nested arrays and objects in properties: a nesting error, not a stack overflow")
  func deepNesting() throws {
    let deep = #"{"type":"Feature","geometry":null,"properties":{"a":"# + String(repeating: "[", count: 200_000)
    let result = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857"], stdin: deep)
    #expect(result.status == 65 && result.stderr.contains("nesting deeper than 128"))
  }

  @Test("a long sequence streams: many records in, all out, one at a time")
  func longSequence() throws {
    let record = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#
    let input = String(repeating: record + "\n", count: 20_000)
    let result = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857", "--quiet"], stdin: input)
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 20_000)
  }
}

import Foundation
import Testing

/// `cardmap project --explain`: a kernel for every way of spelling a CRS that PROJ turns into the
/// same single operation, PROJ for the rest, and `CARDMAP_ISA` choosing the instruction set.
@Suite("project --explain says which path ran", .enabled(if: Run.hasPROJ, "needs PROJ"))
struct ExplainTests {
  static let point = #"{"type":"Point","coordinates":[2.35,48.85]}"#

  /// The path line `project --explain` prints for `from` → `to`.
  func path(_ from: String, _ to: String, environment: [String: String] = [:]) throws -> String {
    let run = try Run(
      ["project", "-", "--from", from, "--to", to, "--explain"], stdin: Self.point, environment: environment)
    #expect(run.status == 0, "\(from) → \(to): \(run.stderr)")
    return run.stderr.split(separator: "\n").first { $0.hasPrefix("path: ") }.map(String.init) ?? ""
  }

  @Test(
    "every spelling of one operation takes its kernel",
    arguments: [
      ("EPSG:4326", "EPSG:3857", "webmerc"), ("EPSG:4979", "EPSG:3857", "webmerc"),
      ("OGC:CRS84", "EPSG:3857", "webmerc"),
      ("EPSG:4326", "EPSG:900913", "webmerc"), ("EPSG:4326", "+proj=webmerc +datum=WGS84", "webmerc"),
      ("+proj=longlat +datum=WGS84", "EPSG:3857", "webmerc"),
      ("EPSG:4326", "+proj=utm +zone=33 +datum=WGS84", "tmerc"), ("EPSG:4258", "EPSG:32628", "tmerc"),
      ("EPSG:4326", "+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy", "tmerc"),
      ("OGC:CRS84", "EPSG:2154", "lcc"), ("EPSG:4269", "EPSG:2263", "lcc"), ("EPSG:4326", "EPSG:3413", "stere"),
      ("EPSG:4326", "+proj=ups +south +datum=WGS84", "stere"), ("EPSG:4258", "EPSG:3035", "laea"),
      ("EPSG:4326", "OGC:CRS84", "identity"),
    ])
  func kernel(from: String, to: String, name: String) throws {
    let line = try path(from, to)
    #expect(line.hasPrefix("path: \(from) → \(to): kernel \(name), "), "\(line)")
  }

  @Test("a datum shift, a choice among candidates and a projection PROJ alone has stay on PROJ")
  func proj() throws {
    #expect(try path("EPSG:4326", "EPSG:2056").contains("PROJ +proj=pipeline"))
    #expect(try path("EPSG:4326", "EPSG:27700").contains("PROJ, choosing per point among several candidate operations"))
    #expect(try path("EPSG:4326", "+proj=robin +datum=WGS84").contains("PROJ +proj=pipeline"))
    #expect(try path("EPSG:4326", "+proj=tmerc +approx +datum=WGS84").contains("PROJ +proj=pipeline"))
  }

  @Test("CARDMAP_ISA runs the instruction set asked for, or the best the CPU has")
  func instructionSet() throws {
    #expect(try path("EPSG:4326", "EPSG:3857", environment: ["CARDMAP_ISA": "baseline"]).hasSuffix(", baseline"))
    let best = try path("EPSG:4326", "EPSG:3857")
    let asked = try path("EPSG:4326", "EPSG:3857", environment: ["CARDMAP_ISA": "avx512"])
    #expect(asked == best)
  }
}

import Foundation
import Testing

/// Content in another CRS, margins, and cameras the map client keeps, through `cardmap fit`.
@Suite("cardmap fit: content CRS, margins, world bounds", .enabled(if: Run.hasPROJ, "EPSG:2263 needs PROJ"))
struct ContentCRSTests {
  /// Three corners of Manhattan in EPSG:2263 (US survey feet), with and without a legacy `crs` member.
  static let feet = "[[980000,195000],[1000000,230000],[990000,260000]]"
  static func document(crs: Bool) -> String {
    let member = crs ? #""crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::2263"}},"# : ""
    return #"{"type":"Feature",\#(member)"geometry":{"type":"LineString","coordinates":\#(feet)},"properties":null}"#
  }

  func camera(_ arguments: [String], stdin: String) throws -> [String: Any] {
    let run = try Run(["fit", "-", "--device", "iphone-17"] + arguments, stdin: stdin)
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(try run.json()["camera"] as? [String: Any])
  }

  @Test("--from and a legacy crs member give the same camera; without either, feet are not lon/lat")
  func fromAndLegacy() throws {
    let given = try camera(["--from", "EPSG:2263"], stdin: Self.document(crs: false))
    let legacy = try camera([], stdin: Self.document(crs: true))
    #expect(given["center"] as? [Double] == legacy["center"] as? [Double])
    let center = try #require(given["center"] as? [Double])
    #expect(abs(center[0] - -73.97) < 0.1 && abs(center[1] - 40.75) < 0.2, "\(center)")
    let bare = try Run(["fit", "-", "--device", "iphone-17"], stdin: Self.document(crs: false))
    #expect(bare.status == 65)
    #expect(
      bare.stderr.contains("latitude 195000.0 is outside ±90") && bare.stderr.contains("line 1:"), "\(bare.stderr)")
    let unknown = try Run(
      ["fit", "-", "--device", "iphone-17", "--from", "EPSG:99999"], stdin: Self.document(crs: false))
    #expect(unknown.status == 64, "\(unknown.stderr)")
  }

  @Test("a position that cannot be transformed is named with its path")
  func untransformable() throws {
    let text =
      #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[500000,0],[1e9,1e7]]},"properties":null}"#
    let run = try Run(["fit", "-", "--device", "iphone-17", "--from", "EPSG:32633"], stdin: text)
    #expect(run.status == 65)
    #expect(run.stderr.contains("geometry.coordinates[1]"), "\(run.stderr)")
  }

  func fitCamera(_ arguments: [String]) throws -> [String: Any] {
    let run = try Run(["fit"] + arguments)
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(try run.json()["camera"] as? [String: Any])
  }

  @Test("margins shrink the zoom; polar content is placed off-centre when there is room, else clamped and cut")
  func marginsAndWorldBounds() throws {
    let arctic = ["--bbox=-60,65,60,80", "--device", "ipad-11"]
    let placed = try fitCamera(arctic)
    #expect(placed["worldClamped"] as? Bool == false && (placed["cut"] as? [String])?.isEmpty == true)
    let focus = try #require(placed["focus"] as? [Double])
    // The portrait view is taller than the content needs: the content moves up in it, so that the
    // view's top stays inside the world, and the focus (the visible rect's centre) lies south of it.
    #expect(focus[1] < 65, "\(focus)")
    let zoom = try #require(placed["zoom"] as? Double)
    let narrower = try #require(try fitCamera(arctic + ["--margin", "20", "--marker-radius", "5"])["zoom"] as? Double)
    #expect(narrower < zoom)
    // Greenland behind a phone's card: its north cannot show below the status bar at a zoom it fits.
    let greenland = try fitCamera(["--bbox=-73,59,-11,84", "--device", "iphone-17"])
    #expect(greenland["worldClamped"] as? Bool == true && greenland["cut"] as? [String] == ["north"])
    let antarctic = try fitCamera(["--bbox=100,-80,160,-65", "--device", "iphone-17"])
    #expect(antarctic["worldClamped"] as? Bool == true && antarctic["cut"] as? [String] == ["south"])
    let bad = try Run(["fit", "--bbox", "0,0,1,1", "--device", "iphone-17", "--margin", "-3"])
    #expect(bad.status == 65, "\(bad.stderr)")
  }
}

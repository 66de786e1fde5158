import CardMapTestSupport
import Foundation
import MapGeometry
import Testing

/// The globe's answers that were once wrong, as the command line gives them: a bounds constraint's
/// least zoom and its box of foci, and an exclusion ring round a pole.
@Suite("cardmap fit on the globe: the least zoom, the box of foci, a ring round a pole")
struct GlobeAnswersTests {
  @Test("max bounds at an iPad's extended card: the camera at the least zoom reported, not below it")
  func leastZoom() throws {
    let run = try Run(
      [
        "fit", "-", "--max-zoom", "4.2", "--point-zoom", "4.2", "--device", "ipad-13-landscape", "--position",
        "extended", "--bearing", "-38.342869", "--max-bounds", "86.547039,-18.991781,143.232267,62.135697",
        "--projection", "globe",
      ], stdin: #"{"type":"Point","coordinates":[115.83,40]}"#)
    #expect(run.status == 0, "\(run.stderr)")
    let answer = try run.json()
    let camera = try #require(answer["camera"] as? [String: Any])
    let constraint = try #require(answer["constraint"] as? [String: Any])
    let (zoom, least) = (try #require(camera["zoom"] as? Double), try #require(constraint["minZoom"] as? Double))
    // Once 4.2914 reported while the camera was at 4.2297: the least zoom is below both.
    #expect(zoom >= least && least < 4.2297, "camera zoom \(zoom), minZoom \(least)")
    #expect(constraint["moved"] as? Bool == true)
    // At the least zoom few foci are kept: a small box of them, by the camera's focus.
    let box = try #require(constraint["focusBounds"] as? [Double], "\(constraint)")
    let focus = try #require(camera["focus"] as? [Double])
    #expect(box[2] - box[0] < 0.01 && box[3] - box[1] < 0.01, "\(box)")
    #expect(
      abs((box[0] + box[2]) / 2 - focus[0]) < 0.01 && abs((box[1] + box[3]) / 2 - focus[1]) < 0.01, "\(box), \(focus)")
  }

  @Test("max bounds round Greenland: the focus at 73° kept, and a box of foci that is no line")
  func focusBox() throws {
    let run = try Run(
      [
        "fit", "-", "--max-zoom", "2.607645437575613", "--point-zoom", "2.607645437575613", "--device", "iphone-17",
        "--position", "peaking", "--bearing", "137.010326", "--max-bounds",
        "-73.648402,58.707962,-12.613902,83.532040", "--projection", "globe",
      ], stdin: #"{"type":"Point","coordinates":[-42.76,73]}"#)
    #expect(run.status == 0, "\(run.stderr)")
    let answer = try run.json()
    let constraint = try #require(answer["constraint"] as? [String: Any])
    let focus = try #require((answer["camera"] as? [String: Any])?["focus"] as? [Double])
    #expect(constraint["moved"] as? Bool == false)
    // Once [74.92, 74.92] in latitude while the focus at 73 was kept, then [-42.900, 73.026, -42.625,
    // 74.924], 0.026° north of it: now a box of kept foci round the focus, no line.
    let box = try #require(constraint["focusBounds"] as? [Double], "\(constraint)")
    #expect(box[3] - box[1] > 1 && box[2] - box[0] > 0.1, "\(box)")
    #expect(box[0] <= focus[0] && focus[0] <= box[2] && box[1] <= focus[1] && focus[1] <= box[3], "\(box), \(focus)")
  }

  /// Tilted globes whose `focusBounds` once let a focus show beyond the bounds in MapLibre: the
  /// device, its card's position, the content, the pitch, the bearing and the bounds.
  static let tiltedBoxes: [(String, String, String, String, String, String)] = [
    // 0.77 px at the box's middle latitude, between samples spaced differently each side of the focus.
    (
      "ipad-11-split-half", "extended", "151.487,-40.5631,171.9847,-28.6416", "51.76", "44.75",
      "110.4916,-64.4062,-147.0199,-4.7985"
    ),
    (
      "iphone-13-mini-landscape", "collapsed", "62.8848,52.9673,86.5134,63.6448", "53.71", "-112.14",
      "15.6275,31.6121,133.7707,85"
    ),
    (
      "iphone-13-mini-landscape", "peaking", "156.5599,47.4649,-178.3711,52.0987", "52.49", "77.98",
      "106.4219,38.1974,-128.2332,61.3662"
    ),
  ]

  @Test(
    "a tilted globe's focusBounds: every focus of the box shows nothing beyond the bounds", arguments: tiltedBoxes)
  func tiltedBox(scenario: (String, String, String, String, String, String)) throws {
    let (device, position, content, pitch, bearing, box) = scenario
    let edges = box.split(separator: ",").compactMap { Double($0) }
    let bounds = GeoBounds(west: edges[0], south: edges[1], east: edges[2], north: edges[3])
    let run = try Run([
      "fit", "--bbox=" + content, "--projection", "globe", "--pitch", pitch, "--bearing", bearing, "--max-bounds", box,
      "--device", device, "--position", position,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let answer = try run.json()
    let camera = try #require(answer["camera"] as? [String: Any])
    let focusBounds = try #require((answer["constraint"] as? [String: Any])?["focusBounds"] as? [Double])
    let padding = try #require(camera["padding"] as? [String: Double])
    let insets = Insets(
      top: padding["top"] ?? 0, left: padding["left"] ?? 0, bottom: padding["bottom"] ?? 0, right: padding["right"] ?? 0
    )
    let devices = try JSONSerialization.jsonObject(with: Data(try Run(["devices"]).stdout.utf8)) as? [[String: Any]]
    let size = try #require(devices?.first { $0["name"] as? String == device }?["size"] as? [Double])
    let zoom = try #require(camera["zoom"] as? Double)
    let east = focusBounds[2] >= focusBounds[0] ? focusBounds[2] : focusBounds[2] + 360
    for u in stride(from: 0.0, through: 1, by: 0.25) {
      for v in stride(from: 0.0, through: 1, by: 0.125) {
        let focus = Coordinate(
          lon: Coordinate.normalizedLongitude(focusBounds[0] + (east - focusBounds[0]) * u),
          lat: focusBounds[1] + (focusBounds[3] - focusBounds[1]) * v)
        let there = Camera(
          center: focus, focus: focus, zoom: zoom, bearing: try #require(camera["bearing"] as? Double),
          pitch: try #require(camera["pitch"] as? Double), projection: .globe)
        #expect(
          SphereShown.inside(there, width: size[0], height: size[1], insets: insets, bounds: bounds),
          "the focus \(focus) of \(focusBounds) shows beyond \(bounds)")
      }
    }
  }

  @Test("a selection's camera on a globe map names the projection MapLibre draws it in, as the fit's does")
  func selectionProjection() throws {
    let run = try Run([
      "fit", "--bbox=125.55292062597502,22.14251329775986,125.56182155249488,22.1450151798493",
      "--viewport=852x390", "--safe-area=top=0,left=0,bottom=0,right=44", "--os=26.4", "--position=extended",
      "--title-height=182", "--bottom-buttons=1", "--floating-items=6", "--floating-alignment=center", "--compass",
      "--content-height=716", "--projection=globe", "--select=125.55526337295254,22.143712608862916",
      "--callout=232.24404313601553x237",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let answer = try run.json()
    let camera = try #require(answer["camera"] as? [String: Any])
    let selection = try #require((answer["selection"] as? [String: Any])?["camera"] as? [String: Any])
    // Zoom 12 and past: MapLibre's globe draws Web Mercator, and both cameras say so.
    #expect(camera["projection"] as? String == "mercator")
    #expect(selection["projection"] as? String == "mercator", "\(selection)")
    // A Mercator map's cameras name none.
    let flat = try Run([
      "fit", "--bbox", "151.2,-33.87,151.29,-33.8", "--device", "iphone-17", "--select", "151.25,-33.84",
    ])
    let flatAnswer = try flat.json()
    #expect((flatAnswer["camera"] as? [String: Any])?["projection"] == nil)
    #expect(((flatAnswer["selection"] as? [String: Any])?["camera"] as? [String: Any])?["projection"] == nil)
  }

  @Test("an exclusion ring round the south pole is closed along one meridian, with no wedge left out")
  func ringRoundAPole() throws {
    let run = try Run([
      "fit", "--bbox", "-130,-70,-90,-25", "--device", "iphone-17", "--position", "extended", "--exclusions",
      "--projection", "globe",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let zones = try #require((try run.json()["exclusions"] as? [String: Any])?["zones"] as? [[String: Any]])
    let card = try #require(zones.first { $0["kind"] as? String == "card" })
    let ring = try #require(card["ring"] as? [[Double]])
    // …, the first point a whole turn on, the pole there, the pole at the first point's longitude,
    // the first point. (Once down meridian −492.664 and up −136.137: a 3.47° wedge left out.)
    let n = ring.count
    let (seam, down, up, first) = (ring[n - 4], ring[n - 3], ring[n - 2], ring[n - 1])
    #expect(first == ring[0])
    #expect(abs(abs(seam[0] - first[0]) - 360) < 1e-9 && seam[1] == first[1], "\(seam) against \(first)")
    #expect(down[0] == seam[0] && down[1] == -90 && up[0] == first[0] && up[1] == -90, "\(down), \(up)")
  }
}

import Foundation
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
    let constraint = try #require(try run.json()["constraint"] as? [String: Any])
    #expect(constraint["moved"] as? Bool == false)
    // Once [74.92, 74.92] in latitude while the focus at 73 was kept: now the largest box of foci
    // that are kept, no line.
    let box = try #require(constraint["focusBounds"] as? [Double], "\(constraint)")
    #expect(box[3] - box[1] > 1 && box[2] - box[0] > 0.1, "\(box)")
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

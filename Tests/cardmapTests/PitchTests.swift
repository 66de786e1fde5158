import Foundation
import Testing

/// Pitched cameras through the command line: `fit --pitch`, its limits, `render` in perspective and
/// a pitched map manager in `replay`.
@Suite("cardmap: pitched cameras")
struct PitchTests {
  static let ferries = "--bbox=151.18,-33.87,151.28,-33.82"

  @Test("fit --pitch reports the pitch, a larger zoom than flat for far-placed content, and a trapezoid")
  func fitPitch() throws {
    let flat = try Run(["fit", Self.ferries, "--device", "iphone-17", "--bearing", "30"])
    let tilted = try Run(["fit", Self.ferries, "--device", "iphone-17", "--bearing", "30", "--pitch", "45"])
    #expect(flat.status == 0 && tilted.status == 0, "\(tilted.stderr)")
    let camera = try #require(try tilted.json()["camera"] as? [String: Any])
    let flatCamera = try #require(try flat.json()["camera"] as? [String: Any])
    #expect(camera["pitch"] as? Double == 45 && flatCamera["pitch"] as? Double == 0)
    let zoom = try #require(camera["zoom"] as? Double)
    let flatZoom = try #require(flatCamera["zoom"] as? Double)
    #expect(abs(zoom - flatZoom) > 0.01, "\(zoom) \(flatZoom)")
    let region = try #require(try tilted.json()["visibleRegion"] as? [String: Any])
    let polygon = try #require(region["polygon"] as? [[Double]])
    #expect(polygon.count == 4)
    // The far edge (the visible rect's top) spans more ground than the near one.
    func length(_ a: [Double], _ b: [Double]) -> Double { hypot(a[0] - b[0], a[1] - b[1]) }
    #expect(length(polygon[0], polygon[1]) > 1.2 * length(polygon[3], polygon[2]), "\(polygon)")
  }

  @Test(
    "a pitch beyond the max pitch is a usage error (64); a max pitch beyond 85 and a view reaching the horizon exit 65")
  func limits() throws {
    let beyond = try Run(["fit", Self.ferries, "--device", "iphone-17", "--pitch", "70"])
    #expect(beyond.status == 64 && beyond.stderr.contains("'--pitch 70' is above"), "\(beyond.stderr)")
    let allowed = try Run(["fit", Self.ferries, "--device", "iphone-17", "--pitch", "70", "--max-pitch", "85"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    let tooHigh = try Run(["fit", Self.ferries, "--device", "iphone-17", "--max-pitch", "86"])
    #expect(tooHigh.status == 65, "\(tooHigh.stderr)")
    let horizon = try Run([
      "fit", Self.ferries, "--viewport", "400x800", "--insets", "top=0,left=0,bottom=0,right=0", "--pitch", "85",
      "--max-pitch", "85",
    ])
    #expect(horizon.status == 65 && horizon.stderr.contains("horizon"), "\(horizon.stderr)")
  }

  @Test("render draws a pitched camera in perspective; replay tilts a map manager's camera")
  func renderAndReplay() throws {
    let ferries = Run.root.appending(path: "Data/samples/sydney-ferries.geojson").path
    let rendered = try Run(["render", ferries, "--device", "iphone-17", "--pitch", "50", "--output", "-"])
    #expect(rendered.status == 0 && rendered.stdout.contains("pitch 50"), "\(rendered.stderr)")
    let script = [
      #"{"event": "push", "card": {"id": "A", "mapManager": "m", "bbox": [151.18, -33.87, 151.28, -33.82], "pitch": 30}}"#,
      #"{"event": "push", "card": {"id": "B", "mapManager": "n", "bbox": [151.18, -33.87, 151.28, -33.82], "pitch": 80}}"#,
    ]
    let replay = try Run(["replay", "-", "--device", "iphone-17"], stdin: script.joined(separator: "\n"))
    #expect(replay.status == 0, "\(replay.stderr)")
    let lines = replay.stdout.split(separator: "\n").map { String($0) }
    let first = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let camera = try #require(first["camera"] as? [String: Any])
    #expect(camera["pitch"] as? Double == 30)
    let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    #expect((second["cameraError"] as? String)?.contains("pitch") == true, "\(second)")
  }
}

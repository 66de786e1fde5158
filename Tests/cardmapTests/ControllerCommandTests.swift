import Foundation
import Testing

/// `cardmap motion`, the controller's layout keys, and replay's motion and new events.
@Suite("cardmap motion and the controller's keys")
struct ControllerCommandTests {
  static func lines(_ run: Run) throws -> [[String: Any]] {
    try run.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test("motion: push, pop, snap and taps as data with samples; a kind is needed, --snap needs --y")
  func motion() throws {
    let push = try Run(["motion", "--push", "--device", "iphone-17", "--samples", "5"])
    #expect(push.status == 0, "\(push.stderr)")
    let json = try push.json()
    #expect(json["kind"] as? String == "push" && json["from"] as? Double == 874 && json["to"] as? Double == 457)
    #expect(json["duration"] as? Double == 0.25 && json["damping"] as? Double == 0.75)
    let samples = try #require(json["samples"] as? [[String: Any]])
    #expect(samples.count == 5 && samples.first?["y"] as? Double == 874 && samples.last?["y"] as? Double == 457)
    #expect(
      samples.allSatisfy {
        $0.keys.sorted() == ["buttonAlpha", "contentAlpha", "mapDimAlpha", "mapInsets", "t", "y"]
      })
    let snap = try Run(["motion", "--snap", "--y", "300", "--velocity", "-800", "--device", "iphone-17"])
    let snapped = try snap.json()
    #expect(
      snapped["kind"] as? String == "snap" && snapped["from"] as? Double == 300 && snapped["damping"] as? Double == 0.8)
    let tap = try Run(["motion", "--tap-title", "--device", "iphone-17", "--position", "collapsed"])
    #expect(try tap.json()["to"] as? Double == 457)
    #expect(try Run(["motion", "--device", "iphone-17"]).status == 64)
    #expect(try Run(["motion", "--push", "--pop", "--device", "iphone-17"]).status == 64)
    #expect(try Run(["motion", "--snap", "--device", "iphone-17"]).status == 64)
  }

  @Test("motion --bbox: every sample's insets are the layout's with the card at its y, its camera fit's at them")
  func motionCameras() throws {
    let bbox = "151.15,-33.92,151.3,-33.8"
    let run = try Run([
      "motion", "--snap", "--y", "300", "--velocity", "900", "--device", "iphone-17", "--bbox", bbox, "--samples", "4",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let samples = try #require(try run.json()["samples"] as? [[String: Any]])
    #expect(samples.count == 4)
    for sample in samples {
      let y = try #require(sample["y"] as? Double)
      let fit = try Run(["fit", "--bbox", bbox, "--device", "iphone-17", "--y", "\(y)"]).json()
      let layout = try #require(fit["layout"] as? [String: Any])
      #expect(
        NSDictionary(dictionary: try #require(sample["mapInsets"] as? [String: Any]))
          == NSDictionary(dictionary: try #require(layout["mapInsets"] as? [String: Any])), "y \(y)")
      #expect(
        NSDictionary(dictionary: try #require(sample["camera"] as? [String: Any]))
          == NSDictionary(dictionary: try #require(fit["camera"] as? [String: Any])), "y \(y)")
    }
    // Samples below peaking leave more of the map: the centre form moves with the card.
    let centers = samples.compactMap { ($0["camera"] as? [String: Any])?["center"] as? [Double] }
    #expect(Set(centers.map { $0[1] }).count > 1)
  }

  @Test("layout: floating toolbar, map buttons with roles, info view, overlays off, content scrolling")
  func layoutKeys() throws {
    let run = try Run([
      "layout", "--device", "iphone-17", "--position", "collapsed", "--floating-items", "2", "--compass",
      "--user-tracking", "--bearing", "30", "--info-view", "240x44", "--content-height", "40",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try run.json()
    #expect(json["floatingToolbar"] as? [String: Double] == ["x": 153, "y": 780, "width": 96, "height": 44])
    let items = try #require((json["buttons"] as? [String: Any])?["items"] as? [[String: Any]])
    #expect(items.map { $0["role"] as? String } == ["compass", "userTracking"])
    #expect((json["infoView"] as? [String: Double])?["y"] == 70)
    // Collapsed, the content area is 874 − 776 − 64 − 34 = 0 pt: 40 pt of content scrolls.
    #expect(json["cardAlpha"] as? Double == 1 && json["contentScrollable"] as? Bool == true)
    let hidden = try Run(["layout", "--device", "iphone-17", "--overlays-hidden"]).json()
    #expect(hidden["cardAlpha"] as? Double == 0 && hidden["draggable"] as? Bool == false)
    #expect(hidden["mapInsets"] as? [String: Double] == ["top": 0, "left": 0, "bottom": 0, "right": 0])
  }

  @Test("fit avoids the info view and a floating toolbar over the map")
  func fitAvoids() throws {
    let box = ["--bbox", "151.2,-33.9,151.3,-33.8", "--device", "ipad-11-landscape"]
    let plain = try Run(["fit"] + box).json()
    let covered = try Run(["fit"] + box + ["--info-view", "300x60", "--floating-items", "3"]).json()
    #expect(
      (plain["camera"] as? [String: Any])?["zoom"] as? Double != (covered["camera"] as? [String: Any])?["zoom"]
        as? Double)
  }

  @Test("replay: motion on every line, edge pan, overlays, VoiceOver")
  func replay() throws {
    let script = [
      #"{"event":"push","card":{"id":"A","mapManager":"m","bbox":[151.15,-33.92,151.3,-33.8]}}"#,
      #"{"event":"push","card":{"id":"B","mapManager":null}}"#,
      #"{"event":"edgePan"}"#,
      #"{"event":"tapTitle"}"#,
      #"{"event":"overlays","show":false}"#,
      #"{"event":"overlays","show":true}"#,
      #"{"event":"voiceOver","running":true}"#,
      #"{"event":"key","key":"ctrl+down"}"#,
      #"{"event":"voiceOverFocus","maxY":2000}"#,
      #"{"event":"drag","y":600,"velocity":1200}"#,
    ]
    let run = try Run(["replay", "-", "--device", "iphone-17"], stdin: script.joined(separator: "\n"))
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try Self.lines(run)
    let kinds = lines.map { ($0["motion"] as? [String: Any])?["kind"] as? String }
    #expect(kinds == [nil, "push", "pop", "titleTap", nil, nil, nil, "command", "command", "snap"], "\(kinds)")
    #expect(lines.allSatisfy { $0.keys.contains("motion") })
    #expect(lines[2]["stack"] as? [String] == ["A"])
    let hidden = try #require(lines[4]["layout"] as? [String: Any])
    #expect(hidden["cardAlpha"] as? Double == 0)
    let bad = try Run(
      ["replay", "-", "--device", "iphone-17"], stdin: script[0] + "\n" + #"{"event":"overlays","show":"no"}"#)
    #expect(bad.status == 65 && bad.stderr.contains("true or false"), "\(bad.stderr)")
  }
}

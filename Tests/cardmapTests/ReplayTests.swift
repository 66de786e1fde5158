import Foundation
import Testing

/// Every scenario of `CardStackTests` through `cardmap replay`, end to end.
@Suite("cardmap replay")
struct ReplayTests {
  struct Step {
    var stack: [String]
    var position: String
    var managers: [String]
    var page: Int?
  }

  func replay(_ events: [String], device: String = "iphone-14", os: String = "26") throws -> [Step] {
    let run = try Run(["replay", "-", "--device", device, "--os", os], stdin: events.joined(separator: "\n"))
    #expect(run.status == 0, "\(run.stderr)")
    return try run.stdout.split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let managerEvents = try #require(object["managerEvents"] as? [[String: String]])
      return Step(
        stack: try #require(object["stack"] as? [String]), position: try #require(object["position"] as? String),
        managers: managerEvents.map { "\($0["manager"] ?? "").\($0["call"] ?? "")" }, page: object["page"] as? Int)
    }
  }

  let home = #"{"event":"push","card":{"id":"A","mapManager":"home","bbox":[151.15,-33.92,151.3,-33.8]}}"#

  @Test("predict gives the end of a release and its camera, moves nothing, and the drag then matches it")
  func predict() throws {
    let run = try Run(
      ["replay", "-", "--device", "iphone-17"],
      stdin: [home, #"{"event":"predict","y":300,"velocity":-800}"#, #"{"event":"drag","y":300,"velocity":-800}"#]
        .joined(separator: "\n"))
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try run.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let predicted = try #require(lines[1]["predicted"] as? [String: Any])
    #expect(lines[1]["position"] as? String == "peaking" && predicted["position"] as? String == "extended")
    #expect(lines[2]["position"] as? String == "extended")
    let camera = try #require(predicted["camera"] as? [String: Any])
    let after = try #require(lines[2]["camera"] as? [String: Any])
    #expect(NSDictionary(dictionary: camera) == NSDictionary(dictionary: after))
    let layout = try #require(lines[2]["layout"] as? [String: Any])
    #expect(
      NSDictionary(dictionary: try #require(predicted["mapInsets"] as? [String: Any]))
        == NSDictionary(dictionary: try #require(layout["mapInsets"] as? [String: Any])))
  }

  @Test("a drag's samples give the engine's release velocity; velocity and samples exclude each other")
  func releaseSamples() throws {
    func last(_ drag: String) throws -> Run {
      try Run(["replay", "-", "--device", "iphone-17"], stdin: home + "\n" + drag)
    }
    // 300 pt up in the last 0.1 s: −800 pt/s over the last three samples, as velocity −800 gives.
    let sampled = try last(#"{"event":"drag","y":300,"samples":[[0,500],[0.05,380],[0.1,340],[0.15,300]]}"#)
    let given = try last(#"{"event":"drag","y":300,"velocity":-800}"#)
    #expect(sampled.status == 0 && given.status == 0, "\(sampled.stderr)")
    #expect(sampled.stdout.split(separator: "\n").last == given.stdout.split(separator: "\n").last)
    let both = try last(#"{"event":"drag","y":300,"velocity":1,"samples":[[0,1]]}"#)
    #expect(both.status == 65 && both.stderr.contains("either \"velocity\" or \"samples\""), "\(both.stderr)")
    let backwards = try last(#"{"event":"drag","y":300,"samples":[[1,1],[0,2]]}"#)
    #expect(backwards.status == 65 && backwards.stderr.contains("in time order"), "\(backwards.stderr)")
    let unknown = try last(#"{"event":"drag","y":300,"velocty":3}"#)
    #expect(unknown.status == 65 && unknown.stderr.contains("did you mean 'velocity'"), "\(unknown.stderr)")
  }

  @Test("push and pop restore positions, with hand-overs between different managers")
  func pushPop() throws {
    let steps = try replay([
      home, #"{"event":"tapTitle"}"#,
      #"{"event":"push","card":{"id":"B","position":"collapsed","mapManager":"route","bbox":[151.21,-33.86,151.28,-33.8]}}"#,
      #"{"event":"pop"}"#, #"{"event":"pop"}"#,
    ])
    #expect(steps.map(\.stack) == [["A"], ["A"], ["A", "B"], ["A"], ["A"]])
    #expect(steps.map(\.position) == ["peaking", "extended", "collapsed", "extended", "extended"])
    #expect(steps[2].managers == ["home.cleanUp", "route.takeCharge"])
    #expect(steps[3].managers == ["route.cleanUp", "home.takeCharge"])
    #expect(steps[4].managers.isEmpty)
  }

  @Test("a card without map content in the middle of a stack")
  func noContent() throws {
    let steps = try replay([
      home, #"{"event":"push","card":{"id":"settings","position":"collapsed"}}"#,
      #"{"event":"drag","y":700,"velocity":2000}"#, #"{"event":"pop"}"#,
    ])
    #expect(steps[1].position == "extended" && steps[1].managers == ["home.cleanUp"])
    #expect(steps[2].position == "extended")
    #expect(steps[3].managers == ["home.takeCharge"])
  }

  @Test("paging cards: one shared manager, then two")
  func paging() throws {
    let steps = try replay([
      home,
      #"{"event":"push","card":{"id":"P","pages":[{"id":"P1","mapManager":"home"},{"id":"P2","mapManager":"home"}]}}"#,
      #"{"event":"page","index":1}"#, #"{"event":"pop"}"#,
      #"{"event":"push","card":{"id":"Q","position":"peaking","pages":[{"id":"Q1","mapManager":"home"},{"id":"Q2","mapManager":"other","bbox":[151.2,-33.9,151.21,-33.89]}]}}"#,
      #"{"event":"page","index":1}"#,
    ])
    #expect(steps[1].managers.isEmpty && steps[2].managers.isEmpty && steps[2].page == 1)
    #expect(steps[5].managers == ["home.cleanUp", "other.takeCharge"] && steps[5].position == steps[4].position)
  }

  @Test("rotation and back, then a snapshot restored after a rotation")
  func rotation() throws {
    let steps = try replay(
      [
        home, #"{"event":"push","card":{"id":"B","position":"collapsed","mapManager":"home"}}"#,
        #"{"event":"snapshot"}"#, #"{"event":"resize","device":"iphone-17-landscape"}"#,
        #"{"event":"resize","device":"iphone-17"}"#, #"{"event":"pop"}"#, #"{"event":"restore"}"#,
      ], device: "iphone-17")
    #expect(steps[3].position == "extended")
    #expect(steps[4].position == "collapsed")
    #expect(steps[6].stack == ["A", "B"] && steps[6].position == "collapsed")
  }

  @Test("keyboard only: positions, paging, table highlight, close")
  func keyboard() throws {
    let steps = try replay([
      home, #"{"event":"key","key":"ctrl+up"}"#, #"{"event":"key","key":"ctrl+down"}"#,
      #"{"event":"push","card":{"id":"P","rows":3,"pages":[{"id":"P1","mapManager":"home"},{"id":"P2","mapManager":"home"}]}}"#,
      #"{"event":"key","key":"ctrl+right"}"#, #"{"event":"key","key":"cmd+down"}"#, #"{"event":"key","key":"cmd+w"}"#,
      #"{"event":"key","key":"cmd+w"}"#,
    ])
    #expect(steps[1].position == "extended" && steps[2].position == "peaking")
    #expect(steps[4].page == 1)
    #expect(steps[6].stack == ["A"] && steps[7].stack == ["A"])
  }

  @Test(
    "bad scripts: exit 65 naming the event",
    arguments: [
      (#"{"event":"pop"}"#, "push a root card first"),
      (#"{"event":"fly"}"#, #"event: expected 'push', 'pop', 'move'"#),
      ("{not json", "line 1"),
      (#"{"event":"push","card":{"id":"A","titleHeight":-1}}"#, "titleHeight"),
      (#"{"event":"push","card":{"id":"A"}}"# + "\n" + #"{"event":"key","key":"hyper+x"}"#, "event 2"),
      // Mistyped fields are errors, never silent defaults.
      (
        #"{"event":"push","card":{"id":"A","titleHeight":"abc"}}"#,
        #"card.titleHeight: expected a finite number, found "abc""#
      ),
      (#"{"event":"push","card":{"id":"A","rows":"5"}}"#, #"card.rows: expected a whole number, found "5""#),
      (#"{"event":"push","card":{"id":"A","rows":2.5}}"#, #"card.rows: expected a whole number, found 2.5"#),
      (
        #"{"event":"push","card":{"id":"A","position":5}}"#,
        #"card.position: expected 'collapsed', 'peaking' or 'extended', found 5"#
      ),
      (
        #"{"event":"push","card":{"id":"A","mapManager":"m","bbox":[0,100,1,101]}}"#,
        "card.bbox[1]: expected a south within ±90, found 100"
      ),
      (#"{"event":"push","card":{"id":"A","mapManager":"m","bbox":[0,10,1,5]}}"#, "south ≤ north"),
      (#"{"event":"push","card":{"id":"A","bbox":[0,1,2,3]}}"#, #"a "bbox" needs a "mapManager""#),
      (#"{"event":"push","card":{"id":"A","mapManager":"m"}}"# + "\n" + #"{"event":"drag","y":1e999}"#, "found 1e999"),
      (
        #"{"event":"push","card":{"id":"A"}}"# + "\n" + #"{"event":"drag","y":300,"velocty":5}"#,
        #"velocty: unknown member (did you mean 'velocity'?); expected only 'y', 'velocity' or 'samples'"#
      ),
      (#"{"event":"push","card":{"id":"A","mapManager":"m"}}"# + "\n" + #"{"event":"page","index":3}"#, "has no pages"),
      (
        #"{"event":"push","card":{"id":"P","pages":[{"id":"P1","mapManager":"m"}]}}"# + "\n"
          + #"{"event":"page","index":3}"#,
        "page 3 is out of range"
      ),
      ("[1]", "event 1 is not an object"),
      ("\u{FEFF}[]", "byte order mark"),
      (#"{"event":"pop","x":1e5}x"#, "line 1:24"),
    ])
  func badScripts(script: String, message: String) throws {
    let run = try Run(["replay", "-", "--device", "iphone-14"], stdin: script)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test("resize keeps the command line's ENV options: --os 26 stays classic")
  func resizeKeepsEnvironment() throws {
    let run = try Run(
      ["replay", "-", "--device", "iphone-17", "--os", "26"],
      stdin: home + "\n" + #"{"event":"resize","device":"iphone-17-landscape"}"# + "\n"
        + #"{"event":"resize","device":"iphone-17"}"#)
    #expect(run.status == 0, "\(run.stderr)")
    let presentations = try run.stdout.split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require((object["layout"] as? [String: Any])?["presentation"] as? String)
    }
    #expect(presentations == ["classic-bottom", "classic-side", "classic-bottom"])
  }

  @Test("restore reports the hand-overs it causes")
  func restoreEvents() throws {
    let steps = try replay([
      home, #"{"event":"snapshot"}"#,
      #"{"event":"push","card":{"id":"B","mapManager":"route","bbox":[151.21,-33.86,151.28,-33.8]}}"#,
      #"{"event":"restore"}"#,
    ])
    #expect(steps[3].managers == ["route.cleanUp", "home.takeCharge"])
    #expect(steps[3].stack == ["A"])
  }

  @Test("a fit that fails is reported on the line, with no camera")
  func cameraError() throws {
    let run = try Run(["replay", "-", "--device", "iphone-14"], stdin: home)
    let object = try run.json()
    #expect(object["cameraError"] is NSNull && object["camera"] is [String: Any])
  }

  @Test(
    "a pushed card takes what a layout's card shows (floating buttons, compass, bearing, info view…): its layout is cardmap layout's, kept through a snapshot"
  )
  func cardLook() throws {
    let card =
      #"{"id":"A","mapManager":"home","bbox":[151.15,-33.92,151.3,-33.8],"position":"collapsed","topButtons":2,"#
      + #""floatingItems":3,"floatingAlignment":"leading","compass":true,"userTracking":true,"bearing":30,"#
      + #""infoView":{"width":240,"height":40},"verticalBarActions":1}"#
    let events = [
      #"{"event":"push","card":\#(card)}"#, #"{"event":"snapshot"}"#, #"{"event":"key","key":"ctrl+up"}"#,
      #"{"event":"restore"}"#,
    ]
    for device in ["iphone-17", "ipad-11-landscape"] {
      let run = try Run(["replay", "-", "--device", device, "--os", "27"], stdin: events.joined(separator: "\n"))
      #expect(run.status == 0, "\(run.stderr)")
      // Each layout as canonical JSON text (sorted keys), read and written by Foundation alike.
      func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
      }
      let lines = try run.stdout.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      }
      // The same card through the command line's flags: another reader of the same card.
      let layout = try Run([
        "layout", "--device", device, "--os", "27", "--position", "collapsed", "--top-buttons", "2",
        "--floating-items", "3", "--floating-alignment", "leading", "--compass", "--user-tracking", "--bearing", "30",
        "--info-view", "240x40", "--bar-actions", "1",
      ])
      let expected = try canonical(try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)))
      #expect(try canonical(try #require(lines.first?["layout"])) == expected, "\(device): pushed")
      #expect(try canonical(try #require(lines.last?["layout"])) == expected, "\(device): restored")
      #expect(expected.contains(#""floatingToolbar":{"#) && expected.contains(#""role":"userTracking""#))
    }
  }

  @Test("the sample script runs and a JSON array works as well as lines")
  func sample() throws {
    let run = try Run(["replay", Run.root.appending(path: "Data/samples/replay.json").path, "--device", "iphone-17"])
    #expect(run.status == 0 && run.stdout.split(separator: "\n").count == 18)
  }
}

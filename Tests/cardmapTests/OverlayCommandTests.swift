import Foundation
import Testing

@Suite("cardmap overlay and fit --overlays")
struct OverlayCommandTests {
  @Test("modal: CardLayout's Other card systems's keys; a toast above the home indicator")
  func modal() throws {
    let run = try Run(["overlay", "modal", "--device", "iphone-14", "--style", "toast", "--content-height", "60"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try run.json()
    #expect(
      Set(json.keys) == [
        "anchor", "card", "content", "corners", "cornerRadius", "mapInsets", "translation", "hidden", "fades",
        "blocks", "show", "dismiss",
      ])
    #expect(json["anchor"] as? String == "bottom" && json["blocks"] as? Bool == false)
    #expect(json["card"] as? [String: Double] == ["x": 12, "y": 844 - 34 - 60, "width": 366, "height": 60])
    #expect(json["cornerRadius"] as? Double == 16)
    #expect(json["mapInsets"] as? [String: Double] == ["top": 47, "left": 0, "bottom": 94, "right": 0])
    let anchored = try Run([
      "overlay", "modal", "--device", "iphone-14", "--style", "notification", "--anchor", "bottom", "--content-height",
      "80",
    ])
    #expect((try anchored.json()["card"] as? [String: Double])?["y"] == 844 - 34 - 80)
    // The toast rests at y 750 and slides in from just below the screen: 844 − 750 = 94 pt, with a
    // push's timing (0.25 s, damping 0.75), and out with a pop's.
    #expect(json["hidden"] as? Double == 94 && json["fades"] as? Bool == false)
    let show = try #require(json["show"] as? [String: Any])
    #expect(show["from"] as? Double == 94 && show["to"] as? Double == 0 && show["duration"] as? Double == 0.25)
    // Swiped 25 pt down (less than half its 60 pt) at 400 pt/s: it springs back, the map beneath it
    // grows by the 25 pt; swiped 31 pt, or flicked at 1000 pt/s, it is dismissed.
    func swiped(_ translation: String, _ velocity: String) throws -> [String: Any] {
      try Run([
        "overlay", "modal", "--device", "iphone-14", "--style", "toast", "--content-height", "60", "--translation",
        translation, "--velocity", velocity,
      ]).json()
    }
    let back = try swiped("25", "400")
    #expect(back["dismisses"] as? Bool == false && (back["release"] as? [String: Any])?["to"] as? Double == 0)
    #expect((back["card"] as? [String: Double])?["y"] == 775)
    #expect((back["mapInsets"] as? [String: Double])?["bottom"] == 69)  // 94 − 25
    #expect(try swiped("31", "0")["dismisses"] as? Bool == true)
    #expect(try swiped("0", "1000")["dismisses"] as? Bool == true)
    // A top banner is swiped up; an alert fades.
    let banner = try Run([
      "overlay", "modal", "--device", "iphone-14", "--style", "banner", "--content-height", "100", "--translation",
      "40",
    ]).json()
    #expect((banner["card"] as? [String: Double])?["y"] == -40)
    let alert = try Run(["overlay", "modal", "--device", "iphone-14", "--style", "alert", "--content-size", "270x150"])
      .json()
    #expect(alert["fades"] as? Bool == true && alert["hidden"] as? Double == 0)
  }

  @Test("stack: one object per visible card, and the swipe decision")
  func stack() throws {
    let run = try Run([
      "overlay", "stack", "--viewport", "400x800", "--max-visible", "3", "--card-offset", "40", "--card-scale", "0.2",
      "--threshold", "0.1", "--translation", "31,0", "--area", "300x400",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try run.json()
    let cards = try #require(json["cards"] as? [[String: Any]])
    #expect(cards.count == 3 && cards[1]["scale"] as? Double == 0.8 && cards[2]["offset"] as? Double == 80)
    let swipe = try #require(json["swipe"] as? [String: Any])
    #expect(swipe["direction"] as? String == "right" && swipe["commits"] as? Bool == true)
    let up = try Run(["overlay", "stack", "--viewport", "400x800", "--translation", "0,-300"])
    #expect((try up.json()["swipe"] as? [String: Any])?["direction"] is NSNull)
  }

  @Test("stack: a release flies the card out past the screen's edge or springs it back; keys; the cards rising")
  func stackMotions() throws {
    // The 300 × 400 area centred on a 390 × 844 phone (centre 195, 422; half diagonal 250), dragged
    // 180, 20: 181.1 pt, past the threshold's 150. It flies on along the drag until its circle is past
    // the right edge: (390 + 250 − 195) / 0.99388 = 447.7 pt, with a pop's timing.
    func stack(_ words: String...) throws -> [String: Any] {
      try Run(["overlay", "stack", "--device", "iphone-14"] + words).json()
    }
    let flung = try #require(try stack("--translation", "180,20", "--release")["release"] as? [String: Any])
    let motion = try #require(flung["motion"] as? [String: Any])
    let distance = (180.0 * 180 + 20 * 20).squareRoot()
    #expect(flung["commits"] as? Bool == true && motion["kind"] as? String == "pop")
    #expect(abs((motion["from"] as? Double ?? 0) - distance) < 1e-9)
    #expect(abs((flung["flyOut"] as? Double ?? 0) - 445 / (180 / distance)) < 1e-9)
    // Short of the threshold: back to rest as a snap springs.
    let short = try #require(try stack("--translation", "100,0", "--release")["release"] as? [String: Any])
    #expect(short["commits"] as? Bool == false && (short["motion"] as? [String: Any])?["to"] as? Double == 0)
    // An arrow key swipes from rest, along its direction, when the direction function names it.
    let left = try #require(try stack("--key", "left")["release"] as? [String: Any])
    #expect(
      left["commits"] as? Bool == true && left["along"] as? [Double] == [-1, 0] && left["flyOut"] as? Double == 445)
    #expect((try stack("--key", "up")["release"] as? [String: Any])?["commits"] as? Bool == false)
    #expect(
      (try stack("--key", "up", "--directions", "four")["release"] as? [String: Any])?["commits"] as? Bool == true)
    // A direction function of the app's own: its answer stands for the named one's.
    #expect(
      (try stack("--translation", "0,-300", "--direction", "up")["swipe"] as? [String: Any])?["commits"] as? Bool
        == true)
    #expect(
      (try stack("--translation", "300,0", "--direction", "none")["swipe"] as? [String: Any])?["direction"] is NSNull)
    // Half way out, the card under the top one is half way up: depth 0.5, offset 5, scale 0.95.
    let rising = try #require(try stack("--advance", "0.5")["cards"] as? [[String: Any]])
    #expect(rising[1]["offset"] as? Double == 5 && rising[1]["scale"] as? Double == 0.95)
  }

  @Test("expanding: clamped heights and frames")
  func expanding() throws {
    let run = try Run([
      "overlay", "expanding", "--device", "iphone-14", "--count", "3", "--card-height", "30", "--expanded-height", "20",
      "--selected", "1",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try run.json()
    #expect(json["cardHeight"] as? Double == 44 && json["expandedHeight"] as? Double == 44)
    // 16 pt from the sides and below the safe area's top (47), 16 pt apart, each 44 tall.
    let frames = try #require(json["frames"] as? [[String: Double]])
    #expect(frames.map { $0["y"] ?? -1 } == [63, 123, 183])
    #expect(frames.allSatisfy { $0["x"] == 16 && $0["width"] == 390 - 32 && $0["height"] == 44 })
    // The open card dragged 60 pt down follows the finger, half way to closing (120 pt); a release
    // there closes it only at 1000 pt/s.
    func dragged(_ velocity: String) throws -> [String: Any] {
      try Run([
        "overlay", "expanding", "--device", "iphone-14", "--count", "3", "--selected", "1", "--drag", "60",
        "--velocity", velocity,
      ]).json()
    }
    let slow = try dragged("500")
    #expect(((slow["frames"] as? [[String: Double]])?[1])?["y"] == 319)  // 63 + 180 + 16 + 60
    #expect(slow["dismissProgress"] as? Double == 0.5 && slow["closes"] as? Bool == false)
    #expect(try dragged("1000")["closes"] as? Bool == true)
    // Half open (310 of 180 → 440) with 60 pt of drag left: the drag shrinks with it, to 30.
    let closing = try Run([
      "overlay", "expanding", "--device", "iphone-14", "--count", "3", "--selected", "1", "--height", "310", "--drag",
      "60",
    ]).json()
    let half = try #require(closing["frames"] as? [[String: Double]])
    #expect(half[1]["y"] == 63 + 180 + 16 + 30 && half[1]["height"] == 310 && half[2]["y"] == 63 + 180 + 16 + 310 + 16)
    #expect((closing["open"] as? [String: Any])?["from"] as? Double == 310)
    #expect((closing["close"] as? [String: Any])?["to"] as? Double == 180)
  }

  @Test("modal: a finger's drag moves the card by its part along the dismissal")
  func modalDrag() throws {
    let run = try Run([
      "overlay", "modal", "--device", "iphone-14", "--style", "toast", "--content-height", "60", "--drag", "10,50",
    ])
    #expect(try run.json()["translation"] as? Double == 50)
    let upward = try Run([
      "overlay", "modal", "--device", "iphone-14", "--style", "toast", "--content-height", "60", "--drag", "0,-50",
    ])
    #expect(try upward.json()["translation"] as? Double == 0)
  }

  @Test("a deck of 1000 visible cards lays out (occlusion is quadratic, not cubic)")
  func deepStack() throws {
    let run = try Run([
      "overlay", "stack", "--device", "iphone-14", "--count", "1000", "--max-visible", "1000", "--card-scale", "0.0005",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let cards = try #require(try run.json()["cards"] as? [[String: Any]])
    #expect(cards.count == 1000)
    #expect(cards.allSatisfy { (($0["frame"] as? [String: Double])?["width"] ?? 0) > 0 })
  }

  @Test("fit --overlays: the camera avoids a banner too")
  func fitOverlays() throws {
    let ferries = Run.root.appending(path: "Data/samples/sydney-ferries.geojson").path
    let plain = try Run(["fit", ferries, "--device", "iphone-14", "--os", "26"])
    let banner = try Run(["fit", ferries, "--device", "iphone-14", "--os", "26", "--overlays", "0,0,390,150"])
    #expect(plain.status == 0 && banner.status == 0, "\(banner.stderr)")
    let plainZoom = try #require((try plain.json()["camera"] as? [String: Any])?["zoom"] as? Double)
    let bannerZoom = try #require((try banner.json()["camera"] as? [String: Any])?["zoom"] as? Double)
    #expect(bannerZoom < plainZoom)
  }

  @Test(
    "bad overlay input",
    arguments: [
      (["overlay"], 64), (["overlay", "wheel", "--device", "iphone-14"], 64),
      (["overlay", "modal", "--device", "iphone-14"], 64),
      (["overlay", "modal", "--device", "iphone-14", "--style", "loud"], 64),
      (["overlay", "stack", "--device", "iphone-14", "--area", "0x10"], 65),
      (["fit", "--bbox", "0,0,1,1", "--device", "iphone-14", "--overlays", "1,2,3"], 64),
      // Scales that reach zero or below, and options that belong to another kind.
      (["overlay", "stack", "--device", "iphone-14", "--card-scale", "0.5"], 65),
      (["overlay", "stack", "--device", "iphone-14", "--card-scale", "0.25"], 65),
      (["overlay", "stack", "--device", "iphone-14", "--threshold", "-1"], 65),
      (["overlay", "modal", "--device", "iphone-14", "--style", "toast", "--count", "3"], 64),
      (["overlay", "expanding", "--device", "iphone-14", "--translation", "1,2"], 64),
      (["overlay", "stack", "--device", "iphone-14", "--selected", "1"], 64),
      (["overlay", "stack", "--device", "iphone-14", "--advance", "2"], 65),
      (["overlay", "stack", "--device", "iphone-14", "--key", "north"], 64),
      (["overlay", "modal", "--device", "iphone-14", "--style", "toast", "--drag", "1,2", "--translation", "3"], 64),
    ] as [([String], Int32)])
  func bad(arguments: [String], status: Int32) throws {
    let run = try Run(arguments)
    #expect(run.status == status, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("Error: "))
  }
}

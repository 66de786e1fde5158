import CardMap
import Foundation
import Testing

@testable import CardMapCLI

@Suite("cardmap layout and devices")
struct LayoutCommandTests {
  @Test("the reference screen, classic: keys in the documented order, numbers as JSON numbers")
  func reference() throws {
    let run = try Run([
      "layout", "--viewport", "390x844", "--safe-area", "top=47,bottom=34", "--os", "26", "--title-height", "76",
      "--position", "extended",
    ])
    #expect(run.status == 0 && run.stderr.isEmpty)
    let keys = [
      "presentation", "usesSystemSheet", "position", "positions", "card", "mapInsets", "visibleRect", "mapDimAlpha",
      "mapInteractive", "contentAlpha", "draggable", "buttons", "verticalBar",
    ]
    var last = run.stdout.startIndex
    for key in keys {
      let range = try #require(run.stdout.range(of: "\"\(key)\""), "missing \(key)")
      #expect(range.lowerBound > last)
      last = range.lowerBound
    }
    let json = try run.json()
    #expect(json["presentation"] as? String == "classic-bottom")
    #expect(json["usesSystemSheet"] as? Bool == false)
    let positions = try #require(json["positions"] as? [String: Double])
    #expect(positions == ["extended": 59, "peaking": 392.5, "collapsed": 734])
    let insets = try #require(json["mapInsets"] as? [String: Double])
    #expect(insets == ["top": 47, "left": 0, "bottom": 451.5, "right": 0])
    #expect(json["mapDimAlpha"] as? Double == 0.25)
    #expect(json["verticalBar"] is NSNull)
  }

  @Test("a device with a vertical bar reports its items")
  func verticalBar() throws {
    let run = try Run(["layout", "--device", "iphone-duo-outer", "--close-button", "--paging", "--bar-actions", "1"])
    #expect(run.status == 0)
    let bar = try #require(try run.json()["verticalBar"] as? [String: Any])
    #expect(bar["edge"] as? String == "trailing")
    let items = try #require(bar["items"] as? [[String: Any]])
    #expect(items.compactMap { $0["role"] as? String } == ["close", "previous", "next", "action"])
  }

  @Test("Data/devices.json is exactly what 'cardmap devices' prints")
  func devicesFile() throws {
    let run = try Run(["devices"])
    #expect(run.status == 0)
    let file = try String(contentsOf: Run.root.appending(path: "Data/devices.json"), encoding: .utf8)
    #expect(run.stdout == file, "run 'make devices' after changing DeviceProfile.catalog")
    let devices = try #require(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [[String: Any]])
    #expect(devices.count >= 15)
  }

  @Test("every device profile lays out at every position", arguments: ["collapsed", "peaking", "extended"])
  func everyDevice(position: String) throws {
    let devices = try #require(
      try JSONSerialization.jsonObject(with: Data(Run(["devices"]).stdout.utf8)) as? [[String: Any]])
    for device in devices {
      let name = try #require(device["name"] as? String)
      let run = try Run(["layout", "--device", name, "--position", position])
      #expect(run.status == 0, "\(name): \(run.stderr)")
      // The same layout as the library's for that profile, and the card where its position says.
      let profile = try #require(DeviceProfile.named(name))
      let state = try CardState(placement: .settled(try #require(CardPosition(rawValue: position))))
      let expected = JSONValue(ScreenLayout(environment: try profile.environment(), card: state)).jsonText(pretty: true)
      #expect(run.stdout == expected + "\n", "\(name)")
      let json = try run.json()
      let positions = try #require(json["positions"] as? [String: Double])
      let card = try #require(json["card"] as? [String: Double])
      let settled = json["position"] as? String ?? ""
      #expect(card["y"] == positions[settled], "\(name)")
      #expect(json["draggable"] as? Bool == true || settled == "extended", "\(name)")
    }
  }
}

import Foundation
import Testing

@testable import CardMapWire

/// Every wire type is declared once, in Swift: the JSON readers (`JSONFields`) and writers of
/// screens, cards, fit requests, layouts, cameras, fit answers and stack answers. The web engine's
/// TypeScript declarations (`cardmap.d.mts`) are held to them here, member for member, so that a
/// member added on one side and not the other fails `swift test`, not only `make web`.
@Suite("Wire types: one declaration, cardmap.d.mts held to it")
struct WireDeclarationTests {
  /// Each `export interface` of cardmap.d.mts: its members' names, in order.
  static let interfaces: [String: [String]] = {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Sources/CardMapWasm/js/cardmap.d.mts")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    var found: [String: [String]] = [:]
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("export interface "), let name = line.dropFirst(17).split(separator: " ").first {
        current = String(name)
        found[String(name)] = []
      } else if line.hasPrefix("}") {
        current = nil
      } else if let name = current, line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  /"),
        let member = line.dropFirst(2).split(separator: ":").first
      {
        found[name, default: []].append(String(member.hasSuffix("?") ? member.dropLast() : member))
      }
    }
    return found
  }()

  static func keys(_ value: JSONValue) -> [String] {
    if case .object(let members) = value { members.map(\.name) } else { [] }
  }

  static func phone() throws -> LayoutEnvironment {
    try LayoutEnvironment(
      width: 402, height: 874, safeArea: Insets(top: 62, bottom: 34), os: OSVersion(27, 1),
      verticalBar: VerticalBar(edge: .trailing, width: 56))
  }

  static func card() throws -> CardState {
    try CardState(
      placement: .dragging(y: 400), topButtons: 2, floatingItems: 2, bearing: 30,
      infoView: Size(width: 240, height: 44), contentHeight: 900)
  }

  static let ferries = GeoBounds(west: 151.2108, south: -33.8611, east: 151.2847, north: -33.8003)
  static let request = FitRequest(
    content: ferries,
    options: FitOptions(
      bearing: 30, pointZoom: 15, margin: 8, padding: Insets(top: 0, left: 4, bottom: 120, right: -2),
      projection: .mercator),
    overlays: [Rect(x: 10, y: 100, width: 120, height: 40)],
    maxBounds: GeoBounds(west: 150, south: -35, east: 152, north: -33),
    steady: FitRequest.Steady(anchor: Coordinate(lon: 151.22, lat: -33.85), from: .settled(.peaking)),
    selection: FitRequest.Selection(Coordinate(lon: 151.21, lat: -33.85)), exclusions: true)

  @Test("screen and card: the readers take exactly what the writers write and the declarations name")
  func screenAndCard() throws {
    let (phone, card) = (try Self.phone(), try Self.card())
    let environment = try LayoutEnvironment(json: try JSONFields(phone.json, path: "screen"))
    #expect(environment == phone)
    #expect(Self.keys(phone.json).sorted() == (Self.interfaces["Screen"] ?? []).sorted())
    let read = try CardState(json: try JSONFields(card.json, path: "card"))
    #expect(read == card)
    // The card's placement is one member: `y` here, `position` when settled.
    let settled = try CardState(placement: .settled(.extended))
    let written = Set(Self.keys(card.json) + Self.keys(settled.json))
    #expect(written.sorted() == (Self.interfaces["Card"] ?? []).sorted())
  }

  @Test("fit options and camera modes: read back equal, every member declared")
  func fitRequest() throws {
    let top: JSONValue = .object([
      ("bounds", .array(Self.ferries.array.map(JSONValue.number))), ("options", Self.request.optionsJSON),
    ])
    let read = try FitRequest(json: try JSONFields(top), bearing: 30)
    #expect(read == Self.request)
    #expect(Self.keys(Self.request.optionsJSON).sorted() == (Self.interfaces["FitOptions"] ?? []).sorted())
  }

  @Test("a map with no card: the view's members are the declaration's; the answer is fit's but the layout")
  func view() throws {
    let sides: JSONValue = .object([
      ("top", .number(10)), ("left", .number(0)), ("bottom", .number(20)), ("right", .number(0)),
    ])
    let view: JSONValue = .object([("width", .number(1024)), ("height", .number(768)), ("insets", sides)])
    #expect(Self.keys(view).sorted() == (Self.interfaces["View"] ?? []).sorted())
    #expect(Self.keys(sides) == Self.interfaces["Insets"])
    let bounds = JSONValue.array(Self.ferries.array.map(JSONValue.number))
    let options: JSONValue = .object([("bearing", .number(30)), ("padding", .object([("bottom", .number(400))]))])
    let answer = try FitCall.answer(.object([("view", view), ("bounds", bounds), ("options", options)]))
    #expect(Self.keys(answer) == (Self.interfaces["FitAnswer"] ?? []).filter { $0 != "layout" }.prefix(3).map { $0 })
    #expect(answer["camera"]?["bearing"] == .number(30))
    let misspelt: JSONValue = .object([("width", .number(1024)), ("hieght", .number(768))])
    #expect(throws: JSONInputError.self) {
      try FitCall.answer(.object([("view", misspelt), ("bounds", bounds)]))
    }
  }

  @Test("overlays: every declared option read, every answer's member declared, in order")
  func overlays() throws {
    let screen = try Self.phone().json
    let edge: JSONValue = .object([
      ("inset", .number(12)), ("condition", .string("safeArea(false)")), ("avoidance", .string("card")),
    ])
    #expect(Self.keys(edge) == Self.interfaces["ModalEdge"])
    let modal: JSONValue = .object([
      ("preset", .string("toast")), ("anchor", .string("bottom")), ("insets", .object([("top", edge)])),
      ("corners", .array([.string("topLeft")])), ("cornerRadius", .number(12)),
      ("content", .object([("width", .number(200)), ("height", .number(80))])), ("translation", .number(30)),
      ("velocity", .number(200)),
    ])
    // A finger's `drag` is the other form of `translation` (not both): its part along the dismissal.
    #expect(Self.keys(modal) + ["samples"] == Self.interfaces["ModalOptions"]?.filter { $0 != "drag" })
    let dragged = try OverlayCall.respond(
      to: .object([
        ("call", .string("modal")), ("screen", screen), ("preset", .string("toast")),
        ("content", .object([("height", .number(60))])), ("drag", .array([.number(-20), .number(25)])),
      ]))
    #expect(dragged["translation"] == .number(25))
    #expect(throws: JSONInputError.self) {
      try OverlayCall.respond(
        to: .object([
          ("call", .string("modal")), ("screen", screen), ("content", .object([("height", .number(60))])),
          ("translation", .number(3)), ("drag", .array([.number(0), .number(25)])),
        ]))
    }
    let modalAnswer = try OverlayCall.respond(
      to: .object([("call", .string("modal")), ("screen", screen)] + Self.members(modal)))
    #expect(Self.keys(modalAnswer) == Self.interfaces["ModalAnswer"])
    let deck: JSONValue = .object([
      ("count", .number(4)), ("maxVisible", .number(3)), ("cardOffset", .number(20)), ("cardScale", .number(0.1)),
      ("area", .object([("width", .number(300)), ("height", .number(400))])), ("threshold", .number(0.4)),
      ("directions", .string("four")), ("translation", .array([.number(80), .number(-10)])),
      ("direction", .string("right")), ("advance", .number(0.5)), ("release", .bool(true)), ("key", .string("left")),
    ])
    #expect(Self.keys(deck) == Self.interfaces["DeckOptions"])
    let deckAnswer = try OverlayCall.respond(
      to: .object([("call", .string("deck")), ("screen", screen)] + Self.members(deck)))
    #expect(Self.keys(deckAnswer) == Self.interfaces["DeckAnswer"])
    let expanding: JSONValue = .object([
      ("count", .number(4)), ("cardHeight", .number(120)), ("expandedHeight", .number(400)), ("selected", .number(1)),
      ("height", .number(300)), ("drag", .number(40)), ("velocity", .number(300)),
    ])
    #expect(Self.keys(expanding) + ["samples"] == Self.interfaces["ExpandingOptions"])
    // A release's samples instead of its velocity: the engine's velocity of them.
    let sampled = try OverlayCall.respond(
      to: .object([
        ("call", .string("expanding")), ("screen", screen), ("count", .number(3)), ("selected", .number(0)),
        ("drag", .number(30)),
        ("samples", .array([.array([.number(0), .number(0)]), .array([.number(0.05), .number(30)])])),
      ]))
    #expect(sampled["closes"] == .bool(false))
    let expandingAnswer = try OverlayCall.respond(
      to: .object([("call", .string("expanding")), ("screen", screen)] + Self.members(expanding)))
    #expect(Self.keys(expandingAnswer) == Self.interfaces["ExpandingAnswer"])
    // A member no declaration has is refused, naming it.
    #expect(throws: JSONInputError.self) {
      try OverlayCall.respond(to: .object([("call", .string("deck")), ("screen", screen), ("cout", .number(3))]))
    }
  }

  /// An object's members as name–value pairs.
  static func members(_ value: JSONValue) -> [(String, JSONValue)] {
    guard case .object(let members) = value else { return [] }
    return members.map { ($0.name, $0.value) }
  }

  @Test("layout, camera, fit answer, release and stack answer: the writers' members are the declarations'")
  func answers() throws {
    let (phone, card) = (try Self.phone(), try Self.card())
    let answer = try Self.request.answer(environment: phone, card: card)
    let json = answer.json()
    #expect(Self.keys(json) == Self.interfaces["FitAnswer"])
    #expect(Self.keys(json["layout"] ?? .null) == Self.interfaces["Layout"])
    let globe = try FitRequest(content: Self.ferries, options: FitOptions(projection: .globe))
      .answer(environment: phone, card: card)
    #expect(Self.keys(globe.json()["camera"] ?? .null) == Self.interfaces["Camera"])
    let release = try WebCall.release.answer(
      .object([("screen", phone.json), ("card", card.json), ("velocity", .number(-800))]))
    #expect(Self.keys(release) == Self.interfaces["Release"])
    var script = StackScript(environment: phone)
    let pushed = try script.apply(
      .object([
        ("event", .string("push")),
        (
          "card",
          .object([("id", .string("A")), ("mapManager", .string("m")), ("bbox", json["content"]?["bbox"] ?? .null)])
        ),
      ]))
    let declared = Self.interfaces["StackAnswer"] ?? []
    #expect(Self.keys(pushed) == Array(declared.prefix(Self.keys(pushed).count)))
    #expect(Set(["snap", "predicted", "snapshot"]).isSubset(of: Set(declared)))
  }

  @Test("the stack's events: one enum, each named in the replay article")
  func events() throws {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Sources/CardMapWire/StackScript.swift")
    let text = try String(contentsOf: url, encoding: .utf8)
    for event in StackScript.Event.allCases { #expect(text.contains("`\(event.rawValue)`"), "\(event)") }
  }
}

import CardMap

/// `cardmap replay SCRIPT.json [ENV]`: runs a card app's events through a card stack and prints one
/// JSON line per event.
///
/// The script is a JSON array of events, or one JSON object per line:
/// `{"event": "push", "card": {"id": "A", "position": "peaking", "mapManager": "m1", "bbox": [w,s,e,n],
/// "pitch": 45, "pages": [{"id": "A1", "mapManager": "m1"}], "rows": 5}}` (a `pitch` tilts the map
/// manager's camera, MapGeometry's Fitting a camera's Pitch), `{"event": "pop"}`,
/// `{"event": "drag", "y": 300, "velocity": -800}`, `{"event": "predict", "y": 300, "velocity": -800}`
/// (where that release would end and its camera, nothing moved), `{"event": "tapTitle"}`, `{"event": "tapMap"}`,
/// `{"event": "key", "key": "ctrl+up"}`, `{"event": "page", "index": 1}`,
/// `{"event": "resize", "device": "NAME"}`, `{"event": "snapshot"}`, `{"event": "restore"}`.
enum ReplayCommand: Command {
  static let name = "replay"
  static let abstract = "Replay card-stack events (push, pop, drag, taps, keys, pages, resize, restore) as JSON lines."
  static let arguments = [
    Positional(
      name: "<script>", help: "A JSON array of events, or one JSON object per line; '-' or none for stdin.",
      isOptional: true)
  ]
  static let oneOf = [options.screen]
  static let options = EnvironmentOptions()
  static let examples = ["cardmap replay Data/samples/replay.json --device iphone-17"]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let files = try args.positionals(atMost: 1)
    let environment = try LayoutOptions.environment(args)
    var input = try Input(files.first)
    let bytes = try input.readAll()
    input.finish()
    let events = try parseScript(bytes, name: input.name)
    var replay = Replay(environment: environment, arguments: args)
    for (number, event) in events.enumerated() {
      do throws(CLIError) {
        let line = try replay.apply(event)
        output.out(try line.output() + "\n")
      } catch {
        throw .data("\(input.name): event \(number + 1) (\(event["event"]?.string ?? "?")): \(error.message)")
      }
    }
  }

  /// The events of a script: a JSON array of objects, or one object per line, read with the
  /// project's own JSON reader (errors name the line, column and path).
  static func parseScript(_ bytes: [UInt8], name: String) throws(CLIError) -> [JSONValue] {
    let first = bytes.first { !JSONWhitespace.contains($0) }
    if first == UInt8(ascii: "[") || bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      let value: JSONValue
      do {
        value = try JSONValue.read(bytes)
      } catch {
        throw .data("\(name): \(error)")
      }
      guard case .array(let items) = value else { throw .data("\(name): expected a JSON array of events") }
      for (index, item) in items.enumerated() {
        guard case .object = item else { throw .data("\(name): event \(index + 1) is not an object") }
      }
      return items
    }
    var events: [JSONValue] = []
    var offset = 0
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      defer { offset += line.count + 1 }
      guard line.contains(where: { !JSONWhitespace.contains($0) }) else { continue }
      let value: JSONValue
      do {
        value = try JSONValue.read(Array(line), firstLine: index + 1, streamOffset: offset)
      } catch {
        throw .data("\(name): \(error)")
      }
      guard case .object = value else {
        throw .data("\(name): line \(index + 1): expected one JSON object per line, or a JSON array of events")
      }
      events.append(value)
    }
    return events
  }
}

/// The state of a replay: the stack, the managers by id, and the last snapshot.
struct Replay {
  var stack: CardStack?
  var managers: [String: MapManager] = [:]
  var snapshot: StackSnapshot?
  var environment: LayoutEnvironment
  /// The command line, whose ENV options also apply to the profile of a `resize`.
  let arguments: Arguments

  init(environment: LayoutEnvironment, arguments: Arguments) {
    self.environment = environment
    self.arguments = arguments
  }

  mutating func apply(_ event: JSONValue) throws(CLIError) -> JSONValue {
    let fields = Fields(event)
    let kind = try fields.string("event", required: true) ?? ""
    var step = StackStep()
    var predicted: JSONValue?
    switch kind {
    case "snapshot":
      snapshot = try current().snapshot()
    case "predict":
      // Where a release here would end, and its camera; nothing moves.
      let y = try fields.number("y", required: true) ?? 0
      let end = try current().predictedEnd(y: y, velocity: try fields.number("velocity") ?? 0)
      step.snap = end.snap
      predicted = .object([
        ("position", .string(end.layout.position.rawValue)), ("mapInsets", JSONValue(end.layout.mapInsets)),
        ("camera", end.fit.map { JSONValue(camera: $0) } ?? .null),
      ])
    case "restore":
      guard let snapshot else { throw .data("no snapshot to restore: take one first") }
      do {
        (stack, step.events) = try CardStack.restoring(snapshot, in: environment, managers: managers)
      } catch {
        throw .data("\(error)")
      }
    default:
      let command = try self.command(kind, fields)
      if var current = stack {
        do {
          step = try current.apply(command)
        } catch {
          throw .data("\(error)")
        }
        stack = current
      } else if case .push(let root) = command {
        (stack, step.events) = CardStack.presenting(root, in: environment)
      } else {
        throw .data("no card yet: push a root card first")
      }
    }
    try fields.checkNoOthers()
    var extra: [(String, JSONValue)] = []
    if let snap = step.snap {
      extra.append(
        ("snap", .object([("position", .string(snap.position.rawValue)), ("duration", .number(snap.duration))])))
    }
    if let predicted { extra.append(("predicted", predicted)) }
    return try line(kind, step.events, extra)
  }

  /// The stack command an event names, its members read and checked.
  mutating func command(_ kind: String, _ fields: Fields) throws(CLIError) -> StackCommand {
    switch kind {
    case "push":
      guard let object = fields.value("card"), case .object = object else {
        throw .data("expected a \"card\" object")
      }
      return .push(try makeCard(Fields(object)))
    case "pop": return .pop
    case "drag":
      let y = try fields.number("y", required: true) ?? 0
      return .drag(y: y, velocity: try releaseVelocity(fields))
    case "tapTitle": return .tapTitle
    case "tapMap": return .tapMap
    case "key":
      let name = try fields.string("key", required: true) ?? ""
      guard let key = KeyCommand(rawValue: name) else {
        throw .data("expected \"key\" to be one of \(KeyCommand.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .key(key)
    case "page":
      return .showPage(try fields.integer("index", required: true) ?? 0)
    case "resize":
      let name = try fields.string("device", required: true) ?? ""
      guard let device = DeviceProfile.named(name) else {
        throw .data(
          "expected \"device\" to name a device profile (see 'cardmap devices'), found \"\(GeoJSONError.excerpt(name))\""
        )
      }
      // The command line's ENV options (--os, --rtl, --header, …) apply to the new profile too.
      environment = try LayoutOptions.environment(arguments, profile: device)
      return .resize(environment)
    case "edgePan":
      let name = try fields.string("edge") ?? (environment.rtl ? "right" : "left")
      guard let edge = HorizontalScreenEdge(rawValue: name) else {
        throw .data("expected \"edge\" to be left or right, found \"\(GeoJSONError.excerpt(name))\"")
      }
      return .edgePan(edge)
    case "overlays": return .showOverlays(try fields.bool("show", required: true) ?? true)
    case "voiceOver": return .voiceOver(running: try fields.bool("running", required: true) ?? false)
    case "voiceOverFocus": return .voiceOverFocus(maxY: try fields.number("maxY", required: true) ?? 0)
    default: throw .data("unknown event \"\(kind)\"")
    }
  }

  /// A drag's release velocity: `"velocity"` in pt/s, or the engine's `ReleaseVelocity` of the
  /// pointer's `"samples"`, `[[seconds, y], …]` in time order, the last at the release (not both).
  func releaseVelocity(_ fields: Fields) throws(CLIError) -> Double {
    let velocity = try fields.number("velocity")
    guard let list = fields.value("samples") else { return velocity ?? 0 }
    guard velocity == nil else { throw .data("give either \"velocity\" or \"samples\", not both") }
    var samples: [(time: Double, y: Double)] = []
    if case .array(let items) = list {
      for item in items {
        guard case .array(let pair) = item, pair.count == 2, let time = pair[0].double, let y = pair[1].double,
          samples.last.map({ $0.time <= time }) ?? true
        else { break }
        samples.append((time, y))
      }
      if samples.count == items.count, !items.isEmpty { return ReleaseVelocity.velocity(of: samples) }
    }
    throw .data(
      "expected \"samples\" to be [[seconds, y], …] in time order, found \(GeoJSONError.excerpt(list.jsonText))")
  }

  /// The events whose line reports the card's motion; the others did not move it.
  static let movingEvents: Set<String> = [
    "push", "pop", "drag", "tapTitle", "tapMap", "key", "edgePan", "voiceOverFocus",
  ]

  /// The stack, once a root card was pushed.
  func current() throws(CLIError) -> CardStack {
    guard let stack else { throw .data("no card yet: push a root card first") }
    return stack
  }

  func line(_ kind: String, _ events: [StackEvent], _ extra: [(String, JSONValue)]) throws(CLIError) -> JSONValue {
    guard let stack else { throw .data("no card yet: push a root card first") }
    let managerEvents: [JSONValue] = events.compactMap { event in
      switch event {
      case .takeCharge(let id): .object([("manager", .string(id)), ("call", .string("takeCharge"))])
      case .cleanUp(let id): .object([("manager", .string(id)), ("call", .string("cleanUp"))])
      default: nil
      }
    }
    let appearance: [JSONValue] = events.compactMap { event in
      switch event {
      case .willAppear(let id): .object([("card", .string(id)), ("call", .string("willAppear"))])
      case .didAppear(let id): .object([("card", .string(id)), ("call", .string("didAppear"))])
      case .willDisappear(let id): .object([("card", .string(id)), ("call", .string("willDisappear"))])
      case .didDisappear(let id): .object([("card", .string(id)), ("call", .string("didDisappear"))])
      default: nil
      }
    }
    let layout = stack.layout
    let camera: JSONValue = stack.top.manager?.fit.map { JSONValue(camera: $0) } ?? .null
    var members: [(String, JSONValue)] = [
      ("event", .string(kind)),
      ("stack", .array(stack.ids.map(JSONValue.string))),
      ("page", stack.top.card.isPaging ? .number(Double(stack.top.page)) : .null),
      ("position", .string(layout.position.rawValue)),
      ("layout", JSONValue(layout)),
      ("camera", camera),
      ("cameraError", stack.top.manager?.fitError.map { .string("\($0)") } ?? .null),
      ("managerEvents", .array(managerEvents)),
      ("appearance", .array(appearance)),
      ("highlight", stack.top.highlight.index.map { .number(Double($0)) } ?? .null),
      ("motion", Self.movingEvents.contains(kind) ? stack.lastMotion.map(JSONValue.init(motion:)) ?? .null : .null),
    ]
    members += extra
    return .object(members)
  }

  /// A card from its JSON description; managers with the same id are one object.
  mutating func makeCard(_ fields: Fields) throws(CLIError) -> Card {
    let id = try fields.string("id", required: true) ?? ""
    var position: CardPosition?
    if let name = try fields.string("position") {
      guard let parsed = CardPosition(rawValue: name) else {
        throw .data(
          "expected \"position\" to be collapsed, peaking or extended, found \"\(GeoJSONError.excerpt(name))\"")
      }
      position = parsed
    }
    let manager = try self.manager(fields, bounds: try bbox(fields))
    var pages: [Card.Page] = []
    if let list = fields.value("pages") {
      guard case .array(let items) = list, !items.isEmpty else {
        throw .data("expected \"pages\" to be a non-empty array")
      }
      for item in items {
        guard case .object = item else { throw .data("expected each page to be an object") }
        let page = Fields(item)
        let pageID = try page.string("id", required: true) ?? ""
        pages.append(Card.Page(id: pageID, mapManager: try self.manager(page, bounds: try bbox(page))))
        try page.checkNoOthers()
      }
    }
    let rows = try fields.integer("rows") ?? 0
    let titleHeight = try fields.number("titleHeight") ?? CardState.defaultTitleHeight
    let topButtons = try fields.integer("topButtons") ?? 0
    let bottomButtons = try fields.integer("bottomButtons") ?? 0
    try fields.checkNoOthers()
    do {
      return try Card(
        id: id, preferredPosition: position, mapManager: manager, pages: pages, rows: rows, titleHeight: titleHeight,
        topButtons: topButtons, bottomButtons: bottomButtons)
    } catch {
      throw .data("card \"\(id)\": \(error)")
    }
  }

  mutating func manager(_ fields: Fields, bounds: GeoBounds?) throws(CLIError) -> MapManager? {
    // A pitch tilts this manager's camera from now on (a bad one is the camera's error, as any fit's).
    let pitch = try fields.number("pitch")
    guard let id = try fields.string("mapManager", nullable: true) else {
      if bounds != nil { throw .data("a \"bbox\" needs a \"mapManager\" to hold it") }
      return nil
    }
    let manager = managers[id] ?? MapManager(id: id, bounds: bounds)
    if let pitch { manager.fitOptions.pitch = pitch }
    if let bounds { manager.setContent(bounds) }
    managers[id] = manager
    return manager
  }

  /// `[west, south, east, north]`: finite, latitudes within ±90, south ≤ north (west > east
  /// crosses the antimeridian).
  func bbox(_ fields: Fields) throws(CLIError) -> GeoBounds? {
    guard let value = fields.value("bbox") else { return nil }
    guard case .array(let items) = value, items.count == 4, case let numbers = items.compactMap(\.double),
      numbers.count == 4, abs(numbers[1]) <= 90, abs(numbers[3]) <= 90, numbers[1] <= numbers[3]
    else {
      throw .data(
        "expected \"bbox\" to be [west, south, east, north] with latitudes within ±90 and south ≤ north, found \(GeoJSONError.excerpt(value.jsonText))"
      )
    }
    return GeoBounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
  }
}

/// An event's or a card's members, read by type: a member that is present with the wrong type is
/// an error naming it, never a silent default. The members its reader asks for are the ones it
/// allows (`checkNoOthers()`): the reading code is the one list of an event's members.
final class Fields {
  let members: [JSONValue.Member]
  /// The names asked for so far, present or not.
  private(set) var asked: Set<String> = []

  init(_ value: JSONValue) {
    if case .object(let members) = value { self.members = members } else { members = [] }
  }

  func value(_ name: String) -> JSONValue? {
    asked.insert(name)
    return members.first { $0.name == name }?.value
  }

  /// The member `name` converted by `convert`; nil when absent (an error when `required`), or null
  /// when `nullable`; an error naming it and what it holds when `convert` does not take it.
  private func read<T>(
    _ name: String, _ expected: String, required: Bool, nullable: Bool = false, _ convert: (JSONValue) -> T?
  ) throws(CLIError) -> T? {
    guard let found = value(name), !(nullable && found == .null) else {
      if required { throw .data("expected \(expected) \"\(name)\"") }
      return nil
    }
    guard let converted = convert(found) else {
      let expected = nullable ? "\(expected) or null" : expected
      throw .data("expected \"\(name)\" to be \(expected), found \(GeoJSONError.excerpt(found.jsonText))")
    }
    return converted
  }

  /// A string member.
  func string(_ name: String, required: Bool = false, nullable: Bool = false) throws(CLIError) -> String? {
    try read(name, "a string", required: required, nullable: nullable) { $0.string }
  }

  /// A finite number member.
  func number(_ name: String, required: Bool = false) throws(CLIError) -> Double? {
    try read(name, "a finite number", required: required) { $0.double }
  }

  /// A true-or-false member.
  func bool(_ name: String, required: Bool = false) throws(CLIError) -> Bool? {
    try read(name, "true or false", required: required) {
      if case .bool(let value) = $0 { value } else { nil }
    }
  }

  /// A whole-number member.
  func integer(_ name: String, required: Bool = false) throws(CLIError) -> Int? {
    try read(name, "a whole number", required: required) { $0.integer }
  }

  /// Fails on a member that is not `event` or one the reader asked for (a misspelt `"velocty"` would
  /// otherwise be ignored); call it once everything has been read.
  func checkNoOthers() throws(CLIError) {
    for member in members where member.name != "event" && !asked.contains(member.name) {
      let names = asked.subtracting(["event"]).sorted()
      let expected = names.isEmpty ? "no other members" : names.joined(separator: ", ")
      throw .data("unknown member \"\(member.name)\"; expected \(expected)")
    }
  }
}

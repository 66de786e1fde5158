import CardMap
import Foundation

/// `cardmap replay SCRIPT.json [ENV]`: runs a card app's events through a card stack and prints one
/// JSON line per event (issue 7).
///
/// The script is a JSON array of events, or one JSON object per line:
/// `{"event": "push", "card": {"id": "A", "position": "peaking", "mapManager": "m1", "bbox": [w,s,e,n],
/// "pages": [{"id": "A1", "mapManager": "m1"}], "rows": 5}}`, `{"event": "pop"}`,
/// `{"event": "drag", "y": 300, "velocity": -800}`, `{"event": "tapTitle"}`, `{"event": "tapMap"}`,
/// `{"event": "key", "key": "ctrl+up"}`, `{"event": "page", "index": 1}`,
/// `{"event": "resize", "device": "NAME"}`, `{"event": "snapshot"}`, `{"event": "restore"}`.
enum ReplayCommand: Command {
  static let name = "replay"
  static let abstract = "Replay card-stack events (push, pop, drag, taps, keys, pages, resize, restore) as JSON lines."
  static let usage = "<script> (--device <name> | --viewport <WxH>) [<env options>]"
  static let arguments = [("<script>", "A JSON array of events, or one JSON object per line; '-' for stdin.")]
  static let options = LayoutOptions.environment
  static let examples = ["cardmap replay Data/samples/replay.json --device iphone-17"]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let files = try args.positionals(atMost: 1)
    guard let path = files.first else { throw .usage("Missing '<script>'", command: name) }
    var environment = try LayoutOptions.environment(args)
    var input = try Input(path)
    let bytes = try input.readAll()
    input.finish()
    let events = try parseScript(bytes, name: input.name)
    var replay = Replay(environment: environment)
    for (number, event) in events.enumerated() {
      do throws(CLIError) {
        let line = try replay.apply(event, environment: &environment)
        output.out(line.rendered() + "\n")
      } catch {
        throw .data("\(input.name): event \(number + 1) (\(event["event"] as? String ?? "?")): \(error.message)")
      }
    }
  }

  /// The events of a script: a JSON array, or one object per line.
  static func parseScript(_ bytes: [UInt8], name: String) throws(CLIError) -> [[String: Any]] {
    let data = Data(bytes)
    if let array = try? JSONSerialization.jsonObject(with: data) as? [Any] {
      return try array.enumerated().map { (index, item) throws(CLIError) in
        guard let object = item as? [String: Any] else { throw .data("\(name): event \(index + 1) is not an object") }
        return object
      }
    }
    var events: [[String: Any]] = []
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
        throw .data("\(name): line \(index + 1): expected one JSON object per line, or a JSON array of events")
      }
      events.append(object)
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

  init(environment: LayoutEnvironment) {
    self.environment = environment
  }

  mutating func apply(_ event: [String: Any], environment env: inout LayoutEnvironment) throws(CLIError) -> JSON {
    guard let kind = event["event"] as? String else { throw .data("expected an \"event\" name") }
    var events: [StackEvent] = []
    var extra: [(String, JSON)] = []
    switch kind {
    case "push":
      guard let object = event["card"] as? [String: Any] else { throw .data("expected a \"card\" object") }
      let card = try makeCard(object)
      if stack == nil {
        stack = CardStack(environment: environment, root: card)
        events = [.willAppear(card: card.id)] + (card.manager(page: 0).map { [.takeCharge(manager: $0.id)] } ?? [])
        events.append(.didAppear(card: card.id))
      } else {
        events = try withStack { $0.push(card) }
      }
    case "pop":
      events = try withStack { $0.pop() }
    case "drag":
      guard let y = number(event["y"]) else { throw .data("expected a finite number \"y\"") }
      let velocity = number(event["velocity"]) ?? 0
      let snap = try withStack { $0.drag(y: y, velocity: velocity) }
      extra.append(
        ("snap", .object([("position", .string(snap.position.rawValue)), ("duration", .number(snap.duration))])))
    case "tapTitle":
      try withStack { $0.tapTitle() }
    case "tapMap":
      try withStack { $0.tapMap() }
    case "key":
      guard let name = event["key"] as? String, let key = KeyCommand(rawValue: name) else {
        throw .data("expected \"key\" to be one of \(KeyCommand.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      events = try withStack { $0.handle(key) }
    case "page":
      guard let index = event["index"] as? Int else { throw .data("expected a whole number \"index\"") }
      events = try withStack { $0.showPage(index) }
    case "resize":
      guard let name = event["device"] as? String, let device = DeviceProfile.named(name) else {
        throw .data("expected \"device\" to name a device profile (see 'cardmap devices')")
      }
      do {
        environment = try device.environment(rtl: environment.rtl)
      } catch {
        throw .data("\(error)")
      }
      env = environment
      let resized = environment
      try withStack { $0.resize(to: resized) }
    case "snapshot":
      snapshot = try withStack { $0.snapshot() }
    case "restore":
      guard let snapshot else { throw .data("no snapshot to restore: take one first") }
      for manager in managers.values { manager.cleanUp() }
      do {
        stack = try CardStack(restoring: snapshot, environment: environment, managers: managers)
      } catch {
        throw .data("\(error)")
      }
    default:
      throw .data("unknown event \"\(kind)\"")
    }
    return try line(kind, events, extra)
  }

  /// Runs `body` on the stack in place.
  mutating func withStack<T>(_ body: (inout CardStack) -> T) throws(CLIError) -> T {
    guard var current = stack else { throw .data("no card yet: push a root card first") }
    let result = body(&current)
    stack = current
    return result
  }

  func line(_ kind: String, _ events: [StackEvent], _ extra: [(String, JSON)]) throws(CLIError) -> JSON {
    guard let stack else { throw .data("no card yet: push a root card first") }
    let managerEvents: [JSON] = events.compactMap { event in
      switch event {
      case .takeCharge(let id): .object([("manager", .string(id)), ("call", .string("takeCharge"))])
      case .cleanUp(let id): .object([("manager", .string(id)), ("call", .string("cleanUp"))])
      default: nil
      }
    }
    let appearance: [JSON] = events.compactMap { event in
      switch event {
      case .willAppear(let id): .object([("card", .string(id)), ("call", .string("willAppear"))])
      case .didAppear(let id): .object([("card", .string(id)), ("call", .string("didAppear"))])
      case .willDisappear(let id): .object([("card", .string(id)), ("call", .string("willDisappear"))])
      case .didDisappear(let id): .object([("card", .string(id)), ("call", .string("didDisappear"))])
      default: nil
      }
    }
    let layout = stack.layout
    let camera: JSON =
      stack.camera.map { camera in
        .object([
          ("center", .array([.number(camera.center.lon), .number(camera.center.lat)])),
          ("focus", .array([.number(camera.focus.lon), .number(camera.focus.lat)])),
          ("zoom", .number(camera.zoom)), ("zoom256", .number(camera.zoom256)), ("bearing", .number(camera.bearing)),
        ])
      } ?? .null
    var members: [(String, JSON)] = [
      ("event", .string(kind)),
      ("stack", .array(stack.ids.map(JSON.string))),
      ("page", stack.top.card.isPaging ? .number(Double(stack.top.page)) : .null),
      ("position", .string(layout.position.rawValue)),
      ("layout", JSON(layout)),
      ("camera", camera),
      ("managerEvents", .array(managerEvents)),
      ("appearance", .array(appearance)),
      ("highlight", stack.top.highlight.index.map { .number(Double($0)) } ?? .null),
    ]
    members += extra
    return .object(members)
  }

  /// A card from its JSON description; managers with the same id are one object.
  mutating func makeCard(_ object: [String: Any]) throws(CLIError) -> Card {
    guard let id = object["id"] as? String else { throw .data("expected the card's \"id\" string") }
    var position: CardPosition?
    if let name = object["position"] as? String {
      guard let parsed = CardPosition(rawValue: name) else {
        throw .data("expected \"position\" to be collapsed, peaking or extended")
      }
      position = parsed
    }
    let bounds = try bbox(object["bbox"])
    let manager = try self.manager(object["mapManager"], bounds: bounds)
    var pages: [Card.Page] = []
    if let list = object["pages"] {
      guard let list = list as? [[String: Any]], !list.isEmpty else {
        throw .data("expected \"pages\" to be a non-empty array")
      }
      for page in list {
        guard let pageID = page["id"] as? String else { throw .data("expected each page's \"id\" string") }
        pages.append(
          Card.Page(id: pageID, mapManager: try self.manager(page["mapManager"], bounds: try bbox(page["bbox"]))))
      }
    }
    do {
      return try Card(
        id: id, preferredPosition: position, mapManager: manager, pages: pages, rows: object["rows"] as? Int ?? 0,
        titleHeight: number(object["titleHeight"]) ?? CardState.defaultTitleHeight,
        topButtons: object["topButtons"] as? Int ?? 0, bottomButtons: object["bottomButtons"] as? Int ?? 0)
    } catch {
      throw .data("card \"\(id)\": \(error)")
    }
  }

  mutating func manager(_ value: Any?, bounds: GeoBounds?) throws(CLIError) -> MapManager? {
    guard let value, !(value is NSNull) else { return nil }
    guard let id = value as? String else { throw .data("expected \"mapManager\" to be a string id or null") }
    let manager = managers[id] ?? MapManager(id: id, bounds: bounds)
    if let bounds { manager.setContent(bounds) }
    managers[id] = manager
    return manager
  }

  func bbox(_ value: Any?) throws(CLIError) -> GeoBounds? {
    guard let value else { return nil }
    guard let numbers = value as? [Double], numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
      throw .data("expected \"bbox\" to be [west, south, east, north]")
    }
    return GeoBounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
  }

  func number(_ value: Any?) -> Double? {
    guard let number = value as? Double, number.isFinite else { return nil }
    return number
  }
}

import CardMap

/// Why a `StackScript` event was refused: the message `cardmap replay` prints after the event's
/// number, naming the member at fault when one is.
public typealias StackScriptError = JSONInputError

/// A card stack driven by events, one JSON object each, as `cardmap replay` reads them from a
/// script and the web engine's stacks take them from JavaScript (CardMap's Stacks and managers article): the
/// stack, its map managers by id, and the last snapshot. Each event gives one JSON object: the stack,
/// the top card's position, layout and camera, the appearance and hand-over calls, the motion.
///
/// Events: `push` (with a `card`: `id`, `position`, `mapManager`, `bbox`, its fit's `pitch`, `margin`,
/// `pointZoom`, `minZoom` and `maxZoom`, `pages`, `rows`,
/// `titleHeight`, `topButtons`, `bottomButtons`, `verticalBarActions`, and what a layout's card shows
/// besides: `floatingItems`, `floatingAlignment`, `compass`, `userTracking`, `bearing`, `infoView`,
/// `contentHeight`), `pop`, `move` (a frame of a drag: the top card at
/// `y`, nothing changed), `drag` (its release: `y` and `velocity` or `samples`), `predict`, `tapTitle`,
/// `tapMap`, `key`, `page`, `swipePage` (a paging card's content swiped across: `dx` and `velocity`
/// or `samples` of x), `resize` (a `screen` as the web engine's, or a `device`), `keyboard` (the
/// on-screen keyboard's `height` on the same screen, 0 when it goes: the resize that moves the card
/// above it and back), `edgePan`, `overlays`,
/// `voiceOver`, `voiceOverFocus`, `fling` (the top card's content released scrolling: its `offset`, its
/// `maxOffset`, and `velocity` or the finger's `samples` of the offset; its line's `scroll` is the
/// content's motion, `ScrollMomentum`), `snapshot` (its line holds the snapshot's JSON form), `restore` (the
/// last snapshot, or the JSON form given as `snapshot`), `mapLimits` (the map's own `minZoom`, `maxZoom`
/// and `maxBounds`, which bound every manager's fit from then on: `MapLimits`). Every member is checked: a member of the
/// wrong type, or one the event does not take, is an error naming it.
public struct StackScript {
  public private(set) var stack: CardStack?
  public private(set) var managers: [MapManager] = []
  public private(set) var snapshot: StackSnapshot?
  public private(set) var environment: LayoutEnvironment
  /// The map's own limits, given to every manager (`mapLimits`).
  public private(set) var mapLimits = MapLimits.none
  /// The environment a `resize` to a device profile gives; nil: `resized(to:)`.
  let resize: ((DeviceProfile) throws(StackScriptError) -> LayoutEnvironment)?

  /// A script on `environment`; a `resize` gives the named profile's screen with `environment`'s OS,
  /// SDK, mode, header and direction, unless `resize` says otherwise.
  public init(
    environment: LayoutEnvironment, resize: ((DeviceProfile) throws(StackScriptError) -> LayoutEnvironment)? = nil
  ) {
    self.environment = environment
    self.resize = resize
  }

  /// `profile`'s screen with this environment's OS, SDK, mode, header and direction.
  func resized(to profile: DeviceProfile) throws(StackScriptError) -> LayoutEnvironment {
    do throws(LayoutError) {
      return try profile.environment(
        sdk: environment.sdk, mode: environment.mode, presentedFullScreen: environment.presentedFullScreen,
        header: environment.header, rtl: environment.rtl, os: environment.os)
    } catch {
      throw StackScriptError(error.description)
    }
  }

  /// Applies one event (a JSON object) and gives what it did.
  ///
  /// - Throws: `StackScriptError` for an event the stack cannot take or whose members are wrong;
  ///   the stack is then unchanged.
  public mutating func apply(_ event: JSONValue) throws(StackScriptError) -> JSONValue {
    let fields = try JSONFields(event, expected: "an event: a JSON object")
    guard let kind = try fields.choice("event", Event.self, required: true) else { throw JSONInputError("no event") }
    var step = StackStep()
    var predicted: JSONValue?
    var frame: DragFrame?
    var saved: JSONValue?
    var scroll: JSONValue?
    switch kind {
    case .move:
      // A frame of a drag: the top card at y and its camera there; nothing moves.
      frame = try current().dragFrame(y: try fields.number("y", required: true) ?? 0)
    case .snapshot:
      let taken = try current().snapshot()
      snapshot = taken
      saved = taken.json
    case .predict:
      // Where a release here would end, and its camera; nothing moves.
      let y = try fields.number("y", required: true) ?? 0
      let end = try current().predictedEnd(y: y, velocity: try fields.number("velocity") ?? 0)
      step.snap = end.snap
      predicted = .object([
        ("position", .string(end.layout.position.rawValue)), ("mapInsets", JSONValue(end.layout.mapInsets)),
        ("camera", end.fit.map { JSONValue(camera: $0) } ?? .null),
      ])
    case .restore:
      // The last snapshot, or one given in its JSON form (a `snapshot` line's, kept across runs).
      var chosen = snapshot
      if let given = fields.value("snapshot") {
        do throws(LayoutError) {
          chosen = try StackSnapshot(json: given)
        } catch {
          throw StackScriptError(error.description)
        }
      }
      guard let chosen else { throw StackScriptError("no snapshot to restore: take one first") }
      do throws(LayoutError) {
        (stack, step.events) = try CardStack.restoring(chosen, in: environment, managers: managers)
      } catch {
        throw StackScriptError(error.description)
      }
      snapshot = chosen
      bindLimits()
    case .fling:
      // The content scrolling on after the finger lifts; nothing of the stack changes.
      _ = try current()
      let offset = try fields.number("offset", "a finite offset ≥ 0", required: true, accepts: { $0 >= 0 }) ?? 0
      let maxOffset =
        try fields.number("maxOffset", "a finite number ≥ the offset", required: true, accepts: { $0 >= offset }) ?? 0
      let velocity = try fields.releaseVelocity() ?? 0
      scroll = WebCall.scroll(ScrollMomentum(from: offset, velocity: velocity, maxOffset: maxOffset))
    case .mapLimits:
      _ = try current()
      mapLimits = try Self.limits(fields)
      bindLimits()
      stack?.refit()
    default:
      let command = try self.command(kind, fields)
      // A key's table rows as they are now (the table's data may have changed since its push).
      let rows = kind == .key ? try fields.integer("rows", in: 0...Int(Int32.max)) : nil
      if var current = stack {
        if let rows { current.reloadRows(rows) }
        do {
          step = try current.apply(command)
        } catch {
          throw StackScriptError(error.description)
        }
        stack = current
      } else if case .push(let root) = command {
        (stack, step.events) = CardStack.presenting(root, in: environment)
      } else {
        throw StackScriptError("no card yet: push a root card first")
      }
    }
    try fields.checkNoOthers(except: ["event"])
    var extra: [(String, JSONValue)] = []
    if let snap = step.snap {
      extra.append(
        ("snap", .object([("position", .string(snap.position.rawValue)), ("duration", .number(snap.duration))])))
    }
    if let predicted { extra.append(("predicted", predicted)) }
    if let saved { extra.append(("snapshot", saved)) }
    if let scroll { extra.append(("scroll", scroll)) }
    return try line(kind, step.events, extra, frame: frame)
  }

  /// The stack command an event names, its members read and checked.
  mutating func command(_ kind: Event, _ fields: JSONFields) throws(StackScriptError) -> StackCommand {
    switch kind {
    case .push:
      guard let card = try fields.object("card") else { throw fields.failure("card", "an object") }
      return .push(try makeCard(card))
    case .pop: return .pop
    case .drag:
      let y = try fields.number("y", required: true) ?? 0
      // Neither a velocity nor samples: a release at rest.
      return .drag(y: y, velocity: try fields.releaseVelocity() ?? 0)
    case .tapTitle: return .tapTitle
    case .tapMap: return .tapMap
    case .key:
      return .key(try fields.choice("key", KeyCommand.self, required: true) ?? .escape)
    case .page:
      return .showPage(try fields.integer("index", required: true) ?? 0)
    case .swipePage:
      let dx = try fields.number("dx", required: true) ?? 0
      return .swipePage(translation: dx, velocity: try fields.releaseVelocity() ?? 0)
    case .resize:
      // A screen of its own (a window resized, a phone turned: the web's), or a device profile's.
      if let screen = try fields.object("screen") {
        guard fields.value("device") == nil else {
          throw StackScriptError(path: fields.path("device"), "give either \"screen\" or \"device\", not both")
        }
        environment = try LayoutEnvironment(json: screen)
        return .resize(environment)
      }
      let name = try fields.string("device", required: true) ?? ""
      guard let device = DeviceProfile.named(name) else {
        throw StackScriptError(
          "expected 'device' to name a device profile (see 'cardmap devices'), found \"\(GeoJSONError.excerpt(name))\""
        )
      }
      if let resize { environment = try resize(device) } else { environment = try resized(to: device) }
      return .resize(environment)
    case .keyboard:
      let height = try fields.number("height", "a finite height ≥ 0", required: true, accepts: { $0 >= 0 }) ?? 0
      do throws(LayoutError) {
        environment = try environment.with(keyboard: height)
      } catch {
        throw StackScriptError(path: fields.path("height"), error.reason)
      }
      return .resize(environment)
    case .edgePan:
      return .edgePan(try fields.choice("edge", HorizontalScreenEdge.self) ?? (environment.rtl ? .right : .left))
    case .overlays: return .showOverlays(try fields.bool("show", required: true) ?? true)
    case .voiceOver: return .voiceOver(running: try fields.bool("running", required: true) ?? false)
    case .voiceOverFocus: return .voiceOverFocus(maxY: try fields.number("maxY", required: true) ?? 0)
    case .move, .snapshot, .predict, .restore, .mapLimits, .fling:
      throw JSONInputError("internal error: \(kind.rawValue) is no stack command")
    }
  }

  /// The events a script takes (`"event"`), each described above.
  public enum Event: String, CaseIterable, Sendable {
    case push, pop, move, drag, predict, tapTitle, tapMap, key, page, swipePage, resize, keyboard, edgePan, overlays
    case voiceOver, voiceOverFocus, snapshot, restore, mapLimits, fling

    /// Whether the event's line reports the card's motion; the others did not move it.
    var moves: Bool {
      switch self {
      case .push, .pop, .drag, .tapTitle, .tapMap, .key, .edgePan, .voiceOverFocus, .resize, .keyboard: true
      default: false
      }
    }
  }

  /// A `mapLimits` event's limits: zooms within `FitOptions.zoomRange` (`maxZoom` at least
  /// `minZoom`), `maxBounds` a box or null.
  static func limits(_ fields: JSONFields) throws(StackScriptError) -> MapLimits {
    let zooms = FitOptions.zoomRange
    let top = JSONValue.format(zooms.upperBound)
    let zoom = "a zoom from \(JSONValue.format(zooms.lowerBound)) to \(top)"
    let minZoom = try fields.number("minZoom", zoom, accepts: { zooms.contains($0) }) ?? zooms.lowerBound
    let above = "a zoom from minZoom (\(JSONValue.format(minZoom))) to \(top)"
    let maxZoom =
      try fields.number("maxZoom", above, accepts: { zooms.contains($0) && $0 >= minZoom }) ?? zooms.upperBound
    return MapLimits(minZoom: minZoom, maxZoom: maxZoom, maxBounds: try fields.bounds("maxBounds", nullable: true))
  }

  /// Every manager of the stack, and every one made so far, bound by the map's limits.
  func bindLimits() {
    for manager in managers { manager.limits = mapLimits }
    for entry in stack?.entries ?? [] {
      for page in 0..<max(1, entry.card.pages.count) { entry.card.manager(page: page)?.limits = mapLimits }
    }
  }

  /// The stack, once a root card was pushed.
  func current() throws(StackScriptError) -> CardStack {
    guard let stack else { throw StackScriptError("no card yet: push a root card first") }
    return stack
  }

  func line(_ kind: Event, _ events: [StackEvent], _ extra: [(String, JSONValue)], frame: DragFrame? = nil)
    throws(StackScriptError) -> JSONValue
  {
    guard let stack else { throw StackScriptError("no card yet: push a root card first") }
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
    let layout = frame?.layout ?? stack.layout
    let fit = frame.map { $0.fit } ?? stack.top.manager?.fit
    let camera: JSONValue = fit.map { JSONValue(camera: $0) } ?? .null
    var members: [(String, JSONValue)] = [
      ("event", .string(kind.rawValue)),
      ("stack", .array(stack.ids.map(JSONValue.string))),
      ("page", stack.top.card.isPaging ? .number(Double(stack.top.page)) : .null),
      ("position", .string(layout.position.rawValue)),
      ("layout", JSONValue(layout)),
      ("camera", camera),
      ("cameraError", stack.top.manager?.fitError.map { .string($0.description) } ?? .null),
      ("managerEvents", .array(managerEvents)),
      ("appearance", .array(appearance)),
      ("highlight", stack.top.highlight.index.map { .number(Double($0)) } ?? .null),
      ("motion", kind.moves ? stack.lastMotion.map(JSONValue.init(motion:)) ?? .null : .null),
      ("coveredDim", coveredDim(kind, stack)),
      ("shownCards", .array(stack.shownCards.map(JSONValue.string))),
    ]
    members += extra
    return .object(members)
  }

  /// The black dim over the card below during a push or pop motion, `{from, to}` (0 → 0.25 as a
  /// card is pushed over it, back as it pops); null for every other line.
  func coveredDim(_ kind: Event, _ stack: CardStack) -> JSONValue {
    guard kind.moves, let motion = stack.lastMotion, motion.kind == .push || motion.kind == .pop,
      let dim = stack.lastTransitionDim
    else { return .null }
    return .object([("from", .number(dim.from)), ("to", .number(dim.to))])
  }

  /// A card from its JSON description; managers with the same id are one object.
  mutating func makeCard(_ fields: JSONFields) throws(StackScriptError) -> Card {
    let id = try fields.string("id", required: true) ?? ""
    let position = try fields.choice("position", CardPosition.self)
    let manager = try self.manager(fields, bounds: try bbox(fields))
    var pages: [Card.Page] = []
    if let list = fields.value("pages") {
      guard case .array(let items) = list, !items.isEmpty else { throw fields.failure("pages", "a non-empty array") }
      for (index, item) in items.enumerated() {
        let page = try JSONFields(item, path: fields.path("pages") + "[\(index)]")
        let pageID = try page.string("id", required: true) ?? ""
        pages.append(Card.Page(id: pageID, mapManager: try self.manager(page, bounds: try bbox(page))))
        try page.checkNoOthers()
      }
    }
    let rows = try fields.integer("rows") ?? 0
    let titleHeight = try fields.number("titleHeight") ?? CardState.defaultTitleHeight
    let topButtons = try fields.integer("topButtons") ?? 0
    let bottomButtons = try fields.integer("bottomButtons") ?? 0
    let actions = try fields.integer("verticalBarActions") ?? 0
    let look = try CardLook(json: fields)
    try fields.checkNoOthers()
    do throws(LayoutError) {
      return try Card(
        id: id, preferredPosition: position, mapManager: manager, pages: pages, rows: rows, titleHeight: titleHeight,
        topButtons: topButtons, bottomButtons: bottomButtons, verticalBarActions: actions,
        floatingItems: look.floatingItems, floatingAlignment: look.floatingAlignment, showsCompass: look.compass,
        showsUserTracking: look.userTracking, bearing: look.bearing, infoView: look.infoView,
        contentHeight: look.contentHeight)
    } catch {
      throw StackScriptError("card \"\(id)\": " + error.description)
    }
  }

  mutating func manager(_ fields: JSONFields, bounds: GeoBounds?) throws(StackScriptError) -> MapManager? {
    // A pitch tilts this manager's camera from now on, a margin keeps its content that far inside
    // what the card leaves visible, and the zooms bound its fits (a bad one is the camera's error,
    // as any fit's); the map's bearing (the card's `bearing`) turns them.
    let pitch = try fields.number("pitch")
    let margin = try fields.number("margin")
    let zooms = FitOptions.zoomRange
    let zoom = "a zoom from \(JSONValue.format(zooms.lowerBound)) to \(JSONValue.format(zooms.upperBound))"
    let pointZoom = try fields.number("pointZoom", zoom, accepts: { zooms.contains($0) })
    let minZoom = try fields.number("minZoom", zoom, accepts: { zooms.contains($0) })
    let maxZoom = try fields.number(
      "maxZoom", zoom, accepts: { zooms.contains($0) && $0 >= (minZoom ?? zooms.lowerBound) })
    let bearing = try fields.number("bearing")
    guard let id = try fields.string("mapManager", nullable: true) else {
      if bounds != nil {
        throw StackScriptError(path: fields.path("bbox"), "a \"bbox\" needs a \"mapManager\" to hold it")
      }
      return nil
    }
    let known = managers.first(id: id)
    let manager = known ?? MapManager(id: id, bounds: bounds)
    if let pitch { manager.fitOptions.pitch = pitch }
    if let margin { manager.fitOptions.margin = margin }
    if let pointZoom { manager.fitOptions.pointZoom = pointZoom }
    if let minZoom { manager.fitOptions.minZoom = minZoom }
    if let maxZoom { manager.fitOptions.maxZoom = maxZoom }
    if let bearing { manager.fitOptions.bearing = bearing }
    manager.limits = mapLimits
    if let bounds { manager.setContent(bounds) }
    if known == nil { managers.append(manager) }
    return manager
  }

  /// `[west, south, east, north]`: finite, latitudes within ±90, south ≤ north (west > east
  /// crosses the antimeridian).
  func bbox(_ fields: JSONFields) throws(StackScriptError) -> GeoBounds? {
    try fields.bounds("bbox")
  }
}

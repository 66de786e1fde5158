import CardMap

/// The other card systems' cards (modal cards, swipe decks, expanding cards) as JSON (CardLayout's Other card systems): the answers `cardmap overlay`
/// prints and the web engine's overlay calls (`OverlayCall`) give, written here once, and the calls'
/// readers.
public enum OverlayJSON {
  /// A modal card laid out with its content, moved `translation` points along its dismissal: its `anchor`, `card`,
  /// `content`, `corners`, `cornerRadius`, `mapInsets` (what the moved card leaves), `translation`;
  /// `hidden` (how far it travels to leave the view), `fades`, `blocks`, and the engine's `show` and `dismiss`
  /// motions (`JSONValue(motion:)`: the translation, or a centred card's alpha, over time); with a
  /// release `velocity` (pt/s along the dismissal), whether it `dismisses` and the motion it then
  /// makes (`release`: on out, or back to rest).
  public static func modal(
    _ card: ModalCard, in environment: LayoutEnvironment, contentSize: (Double?, Double), translation: Double,
    velocity: Double?
  ) -> JSONValue {
    let (width, height) = (environment.width, environment.height)
    let rest = card.layout(width: width, height: height, safeArea: environment.safeArea, contentSize: contentSize)
    let moved = max(translation, 0)
    let layout = card.layout(
      width: width, height: height, safeArea: environment.safeArea, contentSize: contentSize, translation: moved)
    let hidden = card.hiddenTranslation(of: rest, width: width, height: height)
    var members: [(String, JSONValue)] = [
      ("anchor", .string(card.anchor.rawValue)), ("card", JSONValue(layout.card)),
      ("content", JSONValue(layout.content)),
      ("corners", .array(layout.corners.names.map(JSONValue.string))), ("cornerRadius", .number(layout.cornerRadius)),
      ("mapInsets", JSONValue(layout.mapInsets)), ("translation", .number(moved)), ("hidden", .number(hidden)),
      ("fades", .bool(card.fades)), ("blocks", .bool(card.blocks)),
      ("show", JSONValue(motion: card.showing(hidden: hidden))),
      ("dismiss", JSONValue(motion: card.dismissing(from: moved, hidden: hidden))),
    ]
    if let velocity {
      let dismisses = ModalCard.swipeDismisses(translation: moved, velocity: velocity, size: card.size(of: rest))
      members.append(("dismisses", .bool(dismisses)))
      let release = dismisses ? card.dismissing(from: moved, hidden: hidden) : card.springingBack(from: moved)
      members.append(("release", JSONValue(motion: release)))
    }
    return .object(members)
  }

  /// A swipe deck in `area` (centred in the view) dragged by `translation`: its visible `cards`
  /// (`depth`, `frame`, `offset`, `scale`; the cards under the top one risen `advance` of the way to
  /// their next places while it leaves), what the drag means (`swipe`: `angle`, `direction`,
  /// `commits`, `rotation`), and `mapInsets`. On a `release` of the drag, or a `key` swipe (a unit
  /// direction: the top card sent along it, from rest, as far as it takes to leave the view), what
  /// follows (`release`: whether it `commits`, the unit direction it moves `along`, `flyOut` (how
  /// far along it the card leaves the view) and the `motion` of its distance along it: on out, or
  /// back to rest).
  public static func deck(
    _ deck: SwipeDeck, in environment: LayoutEnvironment, translation: (Double, Double),
    directions: (Double) -> String?, advance: Double = 0, release: Bool = false, key: (Double, Double)? = nil
  ) -> JSONValue {
    var drag = translation
    var along = (0.0, 0.0)
    var distance = (drag.0 * drag.0 + drag.1 * drag.1).squareRoot()
    if distance > 0 { along = (drag.0 / distance, drag.1 / distance) }
    var flyOut = deck.flyOutDistance(along: along.0, along.1, width: environment.width, height: environment.height)
    if let key {
      along = key
      flyOut = deck.flyOutDistance(along: key.0, key.1, width: environment.width, height: environment.height)
      drag = (key.0 * flyOut, key.1 * flyOut)
      distance = 0
    }
    let swipe = deck.swipe(dx: drag.0, dy: drag.1, directions: directions)
    let cards = deck.visibleCards(advancing: advance)
    let list: [JSONValue] = cards.map {
      .object([
        ("depth", .number(Double($0.depth))), ("frame", JSONValue($0.frame)), ("offset", .number($0.offset)),
        ("scale", .number($0.scale)),
      ])
    }
    var members: [(String, JSONValue)] = [
      ("cards", .array(list)),
      (
        "swipe",
        .object([
          ("angle", .number(swipe.angle)), ("direction", swipe.direction.map(JSONValue.string) ?? .null),
          ("commits", .bool(swipe.commits)), ("rotation", .number(swipe.rotation)),
        ])
      ),
      ("mapInsets", JSONValue(environment.insets(leftBy: cards.map { $0.frame }))),
    ]
    if release || key != nil {
      let motion =
        swipe.commits
        ? SwipeDeck.flyingOut(from: distance, to: max(flyOut, distance)) : SwipeDeck.springingBack(from: distance)
      members.append(
        (
          "release",
          .object([
            ("commits", .bool(swipe.commits)), ("along", .array([.number(along.0), .number(along.1)])),
            ("flyOut", .number(flyOut)), ("motion", JSONValue(motion: motion)),
          ])
        ))
    }
    return .object(members)
  }

  /// Expanding cards, the open one `height` tall (nil: all the way open) and dragged `drag` points
  /// down: `cardHeight`, `expandedHeight`, `height`, `frames`, `cornerRadius`, `mapInsets`, `dismissProgress` (0…1
  /// of the way to closing), the engine's `open` and `close` motions (the open card's height over
  /// time); with a release `velocity`, whether it `closes` and the motion it then makes (`release`:
  /// its height down to a closed card's, or the drag back to 0).
  public static func expanding(
    _ cards: ExpandingCards, in environment: LayoutEnvironment, drag: Double, height: Double? = nil,
    velocity: Double?
  ) -> JSONValue {
    let open = min(max(height ?? cards.expandedHeight, cards.cardHeight), cards.expandedHeight)
    let frames = cards.frames(width: environment.width, top: environment.safeArea.top, drag: drag, height: open)
    var members: [(String, JSONValue)] = [
      ("cardHeight", .number(cards.cardHeight)), ("expandedHeight", .number(cards.expandedHeight)),
      ("height", .number(open)), ("frames", .array(frames.map(JSONValue.init))),
      ("cornerRadius", .number(ExpandingCards.cornerRadius)),
      ("mapInsets", JSONValue(environment.insets(leftBy: frames))),
      ("dismissProgress", .number(cards.dismissProgress(drag: drag))),
      ("open", JSONValue(motion: cards.opening(from: open))), ("close", JSONValue(motion: cards.closing(from: open))),
    ]
    if let velocity {
      let closes = ExpandingCards.closes(drag: max(drag, 0), velocity: velocity)
      members.append(("closes", .bool(closes)))
      let release = closes ? cards.closing(from: open) : ExpandingCards.springingBack(from: max(drag, 0))
      members.append(("release", JSONValue(motion: release)))
    }
    return .object(members)
  }
}

extension LayoutEnvironment {
  /// The map insets that overlays leave: the largest rect within the safe area that none of them
  /// covers, as insets of the view. Overlays are fitted around within the safe area, as the TG
  /// card's insets are (CardLayout's Layout rules, Map insets).
  public func insets(leftBy overlays: [Rect]) -> Insets {
    let free = Occlusion.largestUnobscuredRect(in: safeArea.rect(inWidth: width, height: height), avoiding: overlays)
    return Occlusion.insets(of: free, in: Rect(x: 0, y: 0, width: width, height: height))
  }
}

extension OverlayJSON {
  /// `{screen, preset, anchor, insets, corners, cornerRadius, content, translation, velocity}`: a
  /// modal card from a preset (`defaultModal` when left out), with its anchor, each edge's rule in
  /// `insets` (`{top: {inset, condition, avoidance}, …}`, an edge given replacing the preset's), its
  /// corners and radius replaced when given; `content` `{width, height}` (width for side and centre
  /// anchors); a swipe's `translation` along the dismissal, or the finger's `drag` `[dx, dy]` (its
  /// part along the dismissal), and a release `velocity` (or `samples`) along it.
  static func modal(_ top: JSONFields) throws(JSONInputError) -> JSONValue {
    let environment = try WebCall.screen(top)
    let presets = ModalCard.presets
    let preset = try top.choice("preset", among: presets.map { $0.name }).map { presets[$0] } ?? presets[0]
    var card = preset.card
    if let anchor = try top.choice("anchor", ModalCard.Anchor.self) { card.anchor = anchor }
    if let insets = try top.object("insets") {
      for edge in ModalCard.Edge.allCases {
        guard let rule = try insets.object(edge.rawValue) else { continue }
        card.set(try edgeRule(rule), for: [edge])
      }
      try insets.checkNoOthers()
    }
    if let corners = try top.read(
      "corners", "an array of corner names",
      { value -> [String]? in
        guard case .array(let items) = value else { return nil }
        let names = items.compactMap { $0.string }
        return names.count == items.count ? names : nil
      })
    {
      var set = ModalCard.Corners()
      for name in corners {
        guard let corner = ModalCard.Corners.named(name) else {
          throw JSONInputError(
            path: top.path("corners"),
            "expected 'topLeft', 'topRight', 'bottomLeft' or 'bottomRight', found \"\(name)\"")
        }
        set.insert(corner)
      }
      card.corners = set
    }
    let nonNegative = "a finite number ≥ 0"
    if let radius = try top.number("cornerRadius", nonNegative, accepts: { $0 >= 0 }) { card.cornerRadius = radius }
    guard let content = try top.object("content") else { throw top.failure("content", "an object {width, height}") }
    let width = try content.number("width", nonNegative, accepts: { $0 >= 0 })
    let height = try content.number("height", nonNegative, required: true, accepts: { $0 >= 0 }) ?? 0
    try content.checkNoOthers()
    // Below 0 (a spring's overshoot past rest) is rest: the card never leaves it the other way.
    var translation = try top.number("translation") ?? 0
    if let drag = try top.numbers("drag", count: 2) {
      if top.value("translation") != nil { throw top.failure("drag", "either translation or drag, not both") }
      translation = card.translation(ofDrag: drag[0], drag[1])
    }
    let velocity = try top.releaseVelocity()  // nil: a drag under way, no release
    try top.checkNoOthers()
    return modal(card, in: environment, contentSize: (width, height), translation: translation, velocity: velocity)
  }

  /// `{inset, condition, avoidance}`: an edge's rule, each member defaulting as `EdgeRule()` does.
  static func edgeRule(_ fields: JSONFields) throws(JSONInputError) -> ModalCard.EdgeRule {
    let inset = try fields.number("inset", "a finite number ≥ 0", accepts: { $0 >= 0 }) ?? 0
    let conditions: [ModalCard.Condition] = [.always, .safeArea(false), .safeArea(true), .safeAreaLegacyStatusBar]
    let names = ["always", "safeArea(false)", "safeArea(true)", "safeAreaLegacyStatusBar"]
    let condition = try fields.choice("condition", among: names).map { conditions[$0] } ?? .always
    let avoidance = try fields.choice("avoidance", ModalCard.Avoidance.self) ?? ModalCard.Avoidance.none
    try fields.checkNoOthers()
    return ModalCard.EdgeRule(inset: inset, condition: condition, avoidance: avoidance)
  }

  /// `{screen, count, maxVisible, cardOffset, cardScale, area, threshold, directions, direction,
  /// translation, advance, release, key}`: a swipe deck (`cardmap overlay stack`'s options, its
  /// defaults), `area` `{width, height}` centred in the view, `translation` `[dx, dy]` the top card's
  /// drag; `direction` (a name, or null for none) the answer of a direction function of the app's
  /// own for the drag's angle, in place of `directions`; `advance` (0…1) how far the cards under the
  /// top one have risen; `release` true for a released drag; `key` (`left`, `right`, `up`, `down`) a
  /// swipe by a key.
  static func deck(_ top: JSONFields) throws(JSONInputError) -> JSONValue {
    let environment = try WebCall.screen(top)
    let count = try top.integer("count", in: 0...10_000) ?? 5
    let maxVisible = try top.integer("maxVisible", in: 0...1000) ?? 5
    let offset = try top.number("cardOffset") ?? 10
    let scale = try top.number("cardScale") ?? 0.1
    let threshold = try top.number("threshold", "a fraction ≥ 0", accepts: { $0 >= 0 }) ?? 0.5
    var size = (300.0, 400.0)
    if let area = try top.object("area") {
      let positive = "a finite number > 0"
      size.0 = try area.number("width", positive, required: true, accepts: { $0 > 0 }) ?? 0
      size.1 = try area.number("height", positive, required: true, accepts: { $0 > 0 }) ?? 0
      try area.checkNoOthers()
    }
    let kinds = ["left-right", "four", "eight"]
    let kind = kinds[try top.choice("directions", among: kinds) ?? 0]
    let named = SwipeDirections.named(kind) ?? SwipeDirections.leftRight
    let translation = try top.numbers("translation", count: 2) ?? [0, 0]
    let advance = try top.number("advance", "a fraction from 0 to 1", accepts: { (0...1).contains($0) }) ?? 0
    let release = try top.bool("release") ?? false
    let key = try top.choice("key", among: SwipeDeck.keyDirections.map { $0.name }).map {
      SwipeDeck.keyDirections[$0].direction
    }
    var custom: String?? = nil
    if let given = top.value("direction") {
      guard given == .null || given.string != nil else { throw top.failure("direction", "a direction's name, or null") }
      custom = .some(given.string)
    }
    try top.checkNoOthers()
    let (width, height) = (environment.width, environment.height)
    let area = Rect(x: (width - size.0) / 2, y: (height - size.1) / 2, width: size.0, height: size.1)
    let stack = SwipeDeck(
      count: count, area: area, maxVisibleCards: maxVisible, swipeThreshold: threshold, cardOffset: offset,
      cardScale: scale)
    if let card = stack.visibleCards.first(where: { !($0.scale > 0) }) {
      throw JSONInputError(
        path: top.path("cardScale"),
        "card \(card.depth) would be scaled by \(JSONValue.format(card.scale)); expected cardScale × (cards shown − 1) < 1"
      )
    }
    let directions: (Double) -> String? = custom.map { answer in { _ in answer } } ?? named
    return deck(
      stack, in: environment, translation: (translation[0], translation[1]), directions: directions, advance: advance,
      release: release, key: key)
  }

  /// `{screen, count, cardHeight, expandedHeight, selected, height, drag, velocity}`: expanding cards
  /// (`cardmap overlay expanding`'s options and defaults), the open one `height` tall while it opens
  /// or closes and dragged `drag` points down.
  static func expanding(_ top: JSONFields) throws(JSONInputError) -> JSONValue {
    let environment = try WebCall.screen(top)
    let count = try top.integer("count", in: 0...10_000) ?? 5
    let cardHeight = try top.number("cardHeight") ?? ExpandingCards.defaultCardHeight
    let expandedHeight = try top.number("expandedHeight") ?? ExpandingCards.defaultExpandedHeight
    let selected = try top.read("selected", "a whole number from 0 to 10000, or null", nullable: true) {
      $0.integer.flatMap { (0...10_000).contains($0) ? $0 : nil }
    }
    let height = try top.number("height")
    let drag = try top.number("drag") ?? 0
    let velocity = try top.releaseVelocity()  // nil: a drag under way, no release
    try top.checkNoOthers()
    let cards = ExpandingCards(count: count, cardHeight: cardHeight, expandedHeight: expandedHeight, selected: selected)
    return expanding(cards, in: environment, drag: drag, height: height, velocity: velocity)
  }
}

/// The web engine's overlay calls, in the whole engine only (the card controller's module has no use for them):
/// `modal`, `deck` and `expanding` take the options `OverlayJSON`'s readers name and answer
/// `cardmap overlay modal`, `stack` and `expanding`'s objects.
public enum OverlayCall: String, CaseIterable, Sendable {
  case modal, deck, expanding

  /// The answer to the overlay call `input`'s `call` member names, with the rest of `input`.
  ///
  /// - Throws: `JSONInputError` naming the member at fault.
  public static func respond(to input: JSONValue) throws(JSONInputError) -> JSONValue {
    let top = try JSONFields(input, expected: "a call: an object with a \"call\" member")
    switch try top.choice("call", OverlayCall.self, required: true) {
    case .modal?: return try OverlayJSON.modal(top)
    case .deck?: return try OverlayJSON.deck(top)
    case .expanding?: return try OverlayJSON.expanding(top)
    case nil: throw top.failure("call", "modal, deck or expanding")
    }
  }
}

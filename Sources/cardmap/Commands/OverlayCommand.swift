import CardMapWire

// `cardmap overlay modal|stack|expanding [ENV] …`: the other card systems of the seeds (CardLayout's
// Other card systems), one subcommand each with only its own options.

/// `cardmap overlay modal`: a modal card (a sheet, a toast, an alert) and the map insets it leaves.
enum OverlayModalCommand: Command {
  static let name = "overlay modal"
  static let abstract = "Lay out a modal card (a preset style) and the map insets it leaves."
  static let exclusive = [[options.contentHeight.spec, options.contentSize.spec]]
  static let oneOf = [options.environment.screen]
  static let options = Options()

  struct Options: OptionGroup {
    let style = Option<String>.choice(
      "style", "name", ModalCard.presets.map(\.name),
      "defaultModal, system, notification, banner, toast or alert."
    ).required
    let anchor = Option<ModalCard.Anchor>.choice(
      "anchor", "anchor", "Top, bottom, left, right or center, instead of the style's.")
    let contentHeight = Option<Double>.number("content-height", "height", "The content's height.")
      .defaulting(to: 200)
    let contentSize = Option<(Double, Double)>(
      "content-size", "WxH", expected: "WIDTHxHEIGHT, e.g. 270x150",
      help: "The content's size (side and centre anchors).", read: LayoutOptions.parseSize)
    let environment = EnvironmentOptions()
  }
  static let examples = ["cardmap overlay modal --device iphone-17 --style toast --content-height 60"]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    let environment = try LayoutOptions.environment(args)
    output.out(try modal(args, environment).output(pretty: true) + "\n")
  }

  static func modal(_ args: Arguments, _ env: LayoutEnvironment) throws(CLIError) -> JSONValue {
    let o = options
    let style = try args.required(o.style)
    guard var card = ModalCard.presets.first(where: { $0.name == style })?.card else { throw .failure("no preset") }
    if let anchor = args[o.anchor] { card.anchor = anchor }
    let size = args[o.contentSize]
    let contentHeight = size?.1 ?? args[o.contentHeight]
    guard contentHeight >= 0, (size?.0 ?? 0) >= 0 else { throw .data("Invalid content size: expected sizes ≥ 0") }
    let layout = card.layout(
      width: env.width, height: env.height, safeArea: env.safeArea, contentSize: (size?.0, contentHeight))
    return .object([
      ("card", JSONValue(layout.card)), ("content", JSONValue(layout.content)),
      ("corners", .array(layout.corners.names.map(JSONValue.string))), ("cornerRadius", .number(layout.cornerRadius)),
      ("mapInsets", JSONValue(layout.mapInsets)),
    ])
  }
}

/// `cardmap overlay stack`: a swipe stack of cards and the map insets it leaves.
enum OverlayStackCommand: Command {
  static let name = "overlay stack"
  static let abstract = "Lay out a swipe stack of cards, its swipe, and the map insets it leaves."
  static let oneOf = [options.environment.screen]
  static let options = Options()

  struct Options: OptionGroup {
    let count = Option<Int>.integer("count", "n", 0...10_000, "How many cards.").defaulting(to: 5)
    let maxVisible = Option<Int>.integer("max-visible", "n", 0...1000, "Cards shown.").defaulting(to: 5)
    let cardOffset = Option<Double>.number("card-offset", "points", "Offset per depth.").defaulting(to: 10)
    let cardScale = Option<Double>.number("card-scale", "fraction", "Scale step per depth.").defaulting(to: 0.1)
    let area = Option<(Double, Double)>(
      "area", "WxH", expected: "WIDTHxHEIGHT, e.g. 300x400", help: "The stack's area, centred in the view.",
      read: LayoutOptions.parseSize
    ).defaulting(to: (300, 400), shown: "300x400")
    let threshold = Option<Double>.number("threshold", "fraction", "Swipe threshold.").defaulting(to: 0.5)
    let directions = Option<String>.choice(
      "directions", "kind", ["left-right", "four", "eight"], "Left-right, four or eight."
    ).defaulting(to: "left-right")
    let translation = Option<(Double, Double)>(
      "translation", "dx,dy", expected: "two numbers DX,DY, e.g. 120,-10", help: "The top card's drag.",
      read: { parseNumbers($0, count: 2).map { ($0[0], $0[1]) } }
    ).defaulting(to: (0, 0), shown: "0,0")
    let environment = EnvironmentOptions()
  }
  static let examples = [
    "cardmap overlay stack --device iphone-17 --max-visible 3 --card-offset 40 --card-scale 0.2 --translation 120,10"
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    output.out(try stack(args, try LayoutOptions.environment(args)).output(pretty: true) + "\n")
  }

  static func stack(_ args: Arguments, _ env: LayoutEnvironment) throws(CLIError) -> JSONValue {
    let o = options
    let areaSize = args[o.area]
    guard areaSize.0 > 0, areaSize.1 > 0 else { throw .data("Invalid area: expected a positive size") }
    let area = Rect(
      x: (env.width - areaSize.0) / 2, y: (env.height - areaSize.1) / 2, width: areaSize.0, height: areaSize.1)
    let deck = SwipeDeck(
      count: args[o.count], area: area, maxVisibleCards: args[o.maxVisible], swipeThreshold: args[o.threshold],
      cardOffset: args[o.cardOffset], cardScale: args[o.cardScale])
    guard deck.swipeThreshold >= 0 else { throw .data("Invalid threshold: expected a fraction ≥ 0") }
    if let card = deck.visibleCards.first(where: { !($0.scale > 0) }) {
      throw .data(
        "Invalid card scale: card \(card.depth) would be scaled by \(JSONValue.format(card.scale)); "
          + "expected card-scale × (cards shown − 1) < 1")
    }
    let directions = SwipeDirections.named(args[o.directions]) ?? SwipeDirections.leftRight
    let translation = args[o.translation]
    let swipe = deck.swipe(dx: translation.0, dy: translation.1, directions: directions)
    let cards = deck.visibleCards
    return .object([
      (
        "cards",
        .array(
          cards.map {
            .object([
              ("depth", .number(Double($0.depth))), ("frame", JSONValue($0.frame)), ("offset", .number($0.offset)),
              ("scale", .number($0.scale)),
            ])
          })
      ),
      (
        "swipe",
        .object([
          ("angle", .number(swipe.angle)), ("direction", swipe.direction.map(JSONValue.string) ?? .null),
          ("commits", .bool(swipe.commits)), ("rotation", .number(swipe.rotation)),
        ])
      ),
      ("mapInsets", JSONValue(env.insets(leftBy: cards.map(\.frame)))),
    ])
  }
}

/// `cardmap overlay expanding`: a list of cards of which one is open, and the map insets it leaves.
enum OverlayExpandingCommand: Command {
  static let name = "overlay expanding"
  static let abstract = "Lay out expanding cards (one open) and the map insets they leave."
  static let oneOf = [options.environment.screen]
  static let options = Options()

  struct Options: OptionGroup {
    let count = Option<Int>.integer("count", "n", 0...10_000, "How many cards.").defaulting(to: 5)
    let cardHeight = Option<Double>.number("card-height", "height", "The cards' height (at least 44).")
      .defaulting(to: ExpandingCards.defaultCardHeight)
    let expandedHeight = Option<Double>.number("expanded-height", "height", "The open card's height.")
      .defaulting(to: ExpandingCards.defaultExpandedHeight)
    let selected = Option<Int>.integer("selected", "index", 0...10_000, "The open card.")
    let environment = EnvironmentOptions()
  }
  static let examples = ["cardmap overlay expanding --device iphone-17 --count 4 --selected 1"]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    output.out(try expanding(args, try LayoutOptions.environment(args)).output(pretty: true) + "\n")
  }

  static func expanding(_ args: Arguments, _ env: LayoutEnvironment) throws(CLIError) -> JSONValue {
    let o = options
    let cards = ExpandingCards(
      count: args[o.count], cardHeight: args[o.cardHeight], expandedHeight: args[o.expandedHeight],
      selected: args[o.selected])
    let frames = cards.frames(width: env.width, top: env.safeArea.top)
    return .object([
      ("cardHeight", .number(cards.cardHeight)), ("expandedHeight", .number(cards.expandedHeight)),
      ("frames", .array(frames.map(JSONValue.init))),
      ("mapInsets", JSONValue(env.insets(leftBy: frames))),
    ])
  }
}

extension LayoutEnvironment {
  /// The map insets that overlays leave: the largest rect within the safe area that none of them
  /// covers, as insets of the view. Overlays are fitted around within the safe area, as the TG
  /// card's insets are (CardLayout's Layout rules, Map insets).
  func insets(leftBy overlays: [Rect]) -> Insets {
    let free = Occlusion.largestUnobscuredRect(in: safeArea.rect(inWidth: width, height: height), avoiding: overlays)
    return Occlusion.insets(of: free, in: Rect(x: 0, y: 0, width: width, height: height))
  }
}

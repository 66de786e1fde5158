import CardMap

/// `cardmap overlay modal|stack|expanding [ENV] …`: the other card systems of the seeds (SPEC §13).
enum OverlayCommand: Command {
  static let name = "overlay"
  static let abstract = "Lay out a modal card, a swipe stack or expanding cards, and the map insets they leave."
  static let usage = "(modal | stack | expanding) (--device <name> | --viewport <WxH>) [<env options>] [<options>]"
  static let arguments = [("modal|stack|expanding", "Which card system.")]
  static let exclusive = [["device", "viewport"], ["content-height", "content-size"]]
  static let options: [OptionSpec] =
    [
      .option(
        "style", "name", .choice(ModalCard.presets.map(\.name)),
        "modal: defaultModal, system, notification, banner, toast or alert."),
      .option(
        "anchor", "anchor", .choice(ModalCard.Anchor.allCases.map(\.rawValue)),
        "modal: top, bottom, left, right or center, instead of the style's."),
      .option("content-height", "height", .number, "modal: the content's height (default 200)."),
      .option("content-size", "WxH", .size, "modal: the content's size (side and centre anchors)."),
      .option("count", "n", .integer(0...10_000), "stack, expanding: how many cards (default 5)."),
      .option("max-visible", "n", .integer(0...1000), "stack: cards shown (default 5)."),
      .option("card-offset", "points", .number, "stack: offset per depth (default 10)."),
      .option("card-scale", "fraction", .number, "stack: scale step per depth (default 0.1)."),
      .option("area", "WxH", .size, "stack: the stack's area, centred in the view (default 300x400)."),
      .option("threshold", "fraction", .number, "stack: swipe threshold (default 0.5)."),
      .option(
        "directions", "kind", .choice(["left-right", "four", "eight"]),
        "stack: left-right, four or eight (default left-right)."),
      .option("translation", "dx,dy", .pair, "stack: the top card's drag (default 0,0)."),
      .option("card-height", "height", .number, "expanding: the cards' height (default 180, at least 44)."),
      .option("expanded-height", "height", .number, "expanding: the open card's height (default 440)."),
      .option("selected", "index", .integer(0...10_000), "expanding: the open card."),
    ] + LayoutOptions.environment
  static let examples = [
    "cardmap overlay modal --device iphone-17 --style toast --content-height 60",
    "cardmap overlay stack --device iphone-17 --max-visible 3 --card-offset 40 --card-scale 0.2 --translation 120,10",
    "cardmap overlay expanding --device iphone-17 --count 4 --selected 1",
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let words = try args.positionals(atMost: 1)
    guard let kind = words.first else { throw .usage("Missing 'modal', 'stack' or 'expanding'", command: name) }
    guard let own = Self.kindOptions[kind] else {
      throw .usage("Unknown overlay '\(kind)': expected modal, stack or expanding", command: name)
    }
    // An option of another kind would be ignored: say so instead.
    let environmentNames = Set(LayoutOptions.environment.map(\.name))
    for given in args.givenNames.sorted() where !own.contains(given) && !environmentNames.contains(given) {
      throw .usage("The option '--\(given)' does not apply to 'overlay \(kind)'", command: name)
    }
    if kind == "modal" && args.string("style") == nil { throw .usage("Missing '--style <name>'", command: name) }
    let environment = try LayoutOptions.environment(args)
    // Overlays are fitted around within the safe area, as the TG card's insets are (SPEC §5).
    let view = environment.safeArea.rect(inWidth: environment.width, height: environment.height)
    let json: JSON
    switch kind {
    case "modal": json = try modal(args, environment)
    case "stack": json = try stack(args, environment, view)
    case "expanding": json = try expanding(args, environment, view)
    default: throw .usage("Unknown overlay '\(kind)': expected modal, stack or expanding", command: name)
    }
    output.out(try json.output(pretty: true) + "\n")
  }

  /// The options each kind reads, besides the environment's.
  static let kindOptions: [String: Set<String>] = [
    "modal": ["style", "anchor", "content-height", "content-size"],
    "stack": ["count", "max-visible", "card-offset", "card-scale", "area", "threshold", "directions", "translation"],
    "expanding": ["count", "card-height", "expanded-height", "selected"],
  ]

  static func modal(_ args: Arguments, _ env: LayoutEnvironment) throws(CLIError) -> JSON {
    let names = ModalCard.presets.map(\.name)
    guard let style = try args.choice("style", names) else { throw .usage("Missing '--style <name>'", command: name) }
    guard var card = ModalCard.presets.first(where: { $0.name == style })?.card else { throw .failure("no preset") }
    if let anchor = try args.choice("anchor", ModalCard.Anchor.allCases.map(\.rawValue)).flatMap(ModalCard.Anchor.init)
    {
      card.anchor = anchor
    }
    let size = try args.value("content-size", expected: "WIDTHxHEIGHT, e.g. 270x150", LayoutOptions.parseSize)
    let height = try args.number("content-height")
    let contentHeight = size?.1 ?? height ?? 200
    guard contentHeight >= 0, (size?.0 ?? 0) >= 0 else { throw .data("Invalid content size: expected sizes ≥ 0") }
    let layout = card.layout(
      width: env.width, height: env.height, safeArea: env.safeArea, contentSize: (size?.0, contentHeight))
    return .object([
      ("card", JSON(layout.card)), ("content", JSON(layout.content)),
      ("corners", .array(layout.corners.names.map(JSON.string))), ("cornerRadius", .number(layout.cornerRadius)),
      ("mapInsets", JSON(layout.mapInsets)),
    ])
  }

  static func stack(_ args: Arguments, _ env: LayoutEnvironment, _ view: Rect) throws(CLIError) -> JSON {
    let areaSize = try args.value("area", expected: "WIDTHxHEIGHT, e.g. 300x400", LayoutOptions.parseSize) ?? (300, 400)
    guard areaSize.0 > 0, areaSize.1 > 0 else { throw .data("Invalid area: expected a positive size") }
    let area = Rect(
      x: (env.width - areaSize.0) / 2, y: (env.height - areaSize.1) / 2, width: areaSize.0, height: areaSize.1)
    let deck = SwipeDeck(
      count: try args.integer("count", in: 0...10_000) ?? 5, area: area,
      maxVisibleCards: try args.integer("max-visible", in: 0...1000) ?? 5,
      swipeThreshold: try args.number("threshold") ?? 0.5, cardOffset: try args.number("card-offset") ?? 10,
      cardScale: try args.number("card-scale") ?? 0.1)
    guard deck.swipeThreshold >= 0 else { throw .data("Invalid threshold: expected a fraction ≥ 0") }
    if let card = deck.visibleCards.first(where: { !($0.scale > 0) }) {
      throw .data(
        "Invalid card scale: card \(card.depth) would be scaled by \(JSON.format(card.scale)); "
          + "expected card-scale × (cards shown − 1) < 1")
    }
    let kind = try args.choice("directions", ["left-right", "four", "eight"]) ?? "left-right"
    let directions = SwipeDirections.named(kind) ?? SwipeDirections.leftRight
    let translation =
      try args.value("translation", expected: "DX,DY, e.g. 120,-10") { text -> (Double, Double)? in
        parseNumbers(text, count: 2).map { ($0[0], $0[1]) }
      } ?? (0, 0)
    let swipe = deck.swipe(dx: translation.0, dy: translation.1, directions: directions)
    let cards = deck.visibleCards
    let free = Occlusion.largestUnobscuredRect(in: view, avoiding: cards.map(\.frame))
    return .object([
      (
        "cards",
        .array(
          cards.map {
            .object([
              ("depth", .number(Double($0.depth))), ("frame", JSON($0.frame)), ("offset", .number($0.offset)),
              ("scale", .number($0.scale)),
            ])
          })
      ),
      (
        "swipe",
        .object([
          ("angle", .number(swipe.angle)), ("direction", swipe.direction.map(JSON.string) ?? .null),
          ("commits", .bool(swipe.commits)), ("rotation", .number(swipe.rotation)),
        ])
      ),
      ("mapInsets", JSON(Occlusion.insets(of: free, in: Rect(x: 0, y: 0, width: env.width, height: env.height)))),
    ])
  }

  static func expanding(_ args: Arguments, _ env: LayoutEnvironment, _ view: Rect) throws(CLIError) -> JSON {
    let cards = ExpandingCards(
      count: try args.integer("count", in: 0...10_000) ?? 5,
      cardHeight: try args.number("card-height") ?? ExpandingCards.defaultCardHeight,
      expandedHeight: try args.number("expanded-height") ?? ExpandingCards.defaultExpandedHeight,
      selected: try args.integer("selected", in: 0...10_000))
    let frames = cards.frames(width: env.width, top: env.safeArea.top)
    let free = Occlusion.largestUnobscuredRect(in: view, avoiding: frames)
    return .object([
      ("cardHeight", .number(cards.cardHeight)), ("expandedHeight", .number(cards.expandedHeight)),
      ("frames", .array(frames.map(JSON.init))),
      ("mapInsets", JSON(Occlusion.insets(of: free, in: Rect(x: 0, y: 0, width: env.width, height: env.height)))),
    ])
  }
}

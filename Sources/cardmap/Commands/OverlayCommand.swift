import CardMapWire

// `cardmap overlay modal|stack|expanding [ENV] …`: the other card systems: modal cards, swipe decks and expanding cards (CardLayout's
// Other card systems), one subcommand each with only its own options.

/// `--samples T:V,T:V,…`: a finger's samples (seconds, the value it moved), in time order, whose
/// release velocity the engine takes (`ReleaseVelocity`), as the web engine's `samples` member.
let releaseSamples = Option<Double>(
  "samples", "t:v,…", expected: "samples SECONDS:VALUE in time order, e.g. 0:0,0.05:30",
  help: "A release's samples (seconds:points), whose velocity the engine takes, instead of --velocity.",
  read: { text in
    var samples: [(time: Double, y: Double)] = []
    for pair in text.split(separator: ",") {
      guard let numbers = parseNumbers(pair, count: 2, separator: ":"),
        samples.last.map({ $0.time <= numbers[0] }) ?? true
      else { return nil }
      samples.append((numbers[0], numbers[1]))
    }
    return samples.isEmpty ? nil : ReleaseVelocity.velocity(of: samples)
  })

/// `cardmap overlay modal`: a modal card (a sheet, a toast, an alert) and the map insets it leaves.
enum OverlayModalCommand: Command {
  static let name = "overlay modal"
  static let abstract = "Lay out a modal card (a preset style) and the map insets it leaves."
  static let exclusive = [
    [options.contentHeight.spec, options.contentSize.spec], [options.translation.spec, options.drag.spec],
    [options.velocity.spec, options.samples.spec],
  ]
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
    let translation = Option<Double>.number(
      "translation", "points", "How far a swipe has moved the card towards dismissing it."
    ).defaulting(to: 0)
    let drag = Option<(Double, Double)>(
      "drag", "dx,dy", expected: "two numbers DX,DY, e.g. 0,90",
      help: "A finger's drag: the card moves by its part towards dismissing.",
      read: { parseNumbers($0, count: 2).map { ($0[0], $0[1]) } })
    let velocity = Option<Double>.number(
      "velocity", "pt/s", "Release the swipe at this speed towards dismissing: whether it dismisses.")
    let samples = releaseSamples
    let environment = EnvironmentOptions()
  }
  static let examples = [
    "cardmap overlay modal --device iphone-17 --style toast --content-height 60",
    "cardmap overlay modal --device iphone-17 --style defaultModal --translation 90 --velocity 400",
  ]

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
    let translation = args[o.drag].map { card.translation(ofDrag: $0.0, $0.1) } ?? args[o.translation]
    return OverlayJSON.modal(
      card, in: env, contentSize: (size?.0, contentHeight), translation: translation,
      velocity: args[o.velocity] ?? args[o.samples])
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
    let direction = Option<String>.text(
      "direction", "name", "The drag's direction as a function of the app's own names it (none: no direction).")
    let advance = Option<Double>.number(
      "advance", "fraction", "How far (0 to 1) the cards under the top one have risen while it leaves."
    ).defaulting(to: 0)
    let release = Flag("release", "The drag released: whether the card flies out or springs back, and how.")
    let key = Option<String>.choice(
      "key", "arrow", SwipeDeck.keyDirections.map(\.name), "An arrow key's swipe of the top card, from rest.")
    let environment = EnvironmentOptions()
  }
  static let examples = [
    "cardmap overlay stack --device iphone-17 --max-visible 3 --card-offset 40 --card-scale 0.2 --translation 120,10",
    "cardmap overlay stack --device iphone-17 --translation 180,20 --release",
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
    var directions = SwipeDirections.named(args[o.directions]) ?? SwipeDirections.leftRight
    if let name = args[o.direction] {
      let custom = name == "none" ? nil : name
      directions = { _ in custom }
    }
    let advance = args[o.advance]
    guard (0...1).contains(advance) else { throw .data("Invalid advance: expected a fraction from 0 to 1") }
    let key = args[o.key].flatMap(SwipeDeck.keyDirection(named:))
    return OverlayJSON.deck(
      deck, in: env, translation: args[o.translation], directions: directions, advance: advance,
      release: args[o.release],
      key: key)
  }
}

/// `cardmap overlay expanding`: a list of cards of which one is open, and the map insets it leaves.
enum OverlayExpandingCommand: Command {
  static let name = "overlay expanding"
  static let abstract = "Lay out expanding cards (one open) and the map insets they leave."
  static let exclusive = [[options.velocity.spec, options.samples.spec]]
  static let oneOf = [options.environment.screen]
  static let options = Options()

  struct Options: OptionGroup {
    let count = Option<Int>.integer("count", "n", 0...10_000, "How many cards.").defaulting(to: 5)
    let cardHeight = Option<Double>.number("card-height", "height", "The cards' height (at least 44).")
      .defaulting(to: ExpandingCards.defaultCardHeight)
    let expandedHeight = Option<Double>.number("expanded-height", "height", "The open card's height.")
      .defaulting(to: ExpandingCards.defaultExpandedHeight)
    let selected = Option<Int>.integer("selected", "index", 0...10_000, "The open card.")
    let height = Option<Double>.number("height", "height", "The open card's height while it opens or closes.")
    let drag = Option<Double>.number("drag", "points", "How far the open card is dragged down.").defaulting(to: 0)
    let velocity = Option<Double>.number(
      "velocity", "pt/s", "Release the drag at this speed (down positive): whether it closes the card.")
    let samples = releaseSamples
    let environment = EnvironmentOptions()
  }
  static let examples = [
    "cardmap overlay expanding --device iphone-17 --count 4 --selected 1",
    "cardmap overlay expanding --device iphone-17 --count 4 --selected 1 --drag 80 --velocity 1200",
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    output.out(try expanding(args, try LayoutOptions.environment(args)).output(pretty: true) + "\n")
  }

  static func expanding(_ args: Arguments, _ env: LayoutEnvironment) throws(CLIError) -> JSONValue {
    let o = options
    let cards = ExpandingCards(
      count: args[o.count], cardHeight: args[o.cardHeight], expandedHeight: args[o.expandedHeight],
      selected: args[o.selected])
    return OverlayJSON.expanding(
      cards, in: env, drag: args[o.drag], height: args[o.height], velocity: args[o.velocity] ?? args[o.samples])
  }
}

import CardMapWire

/// `cardmap layout [ENV] [CARD]`: the card's frame, the map's insets and the rest (CardMap's article The cardmap command).
enum LayoutCommand: Command {
  static let name = "layout"
  static let abstract = "Lay out a card on a screen: presentation, frame, map insets, alphas, buttons."
  static let exclusive = [options.card.exclusive]
  static let oneOf = [options.environment.screen]
  static let options = Options()

  struct Options: OptionGroup {
    let environment = EnvironmentOptions()
    let card = CardOptions()
  }
  static let examples = [
    "cardmap layout --device iphone-14 --position peaking",
    "cardmap layout --viewport 390x844 --safe-area top=47,bottom=34 --os 26 --y 300 --title-height 76",
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    let environment = try LayoutOptions.environment(args)
    let card = try LayoutOptions.card(args)
    let layout = LayoutOptions.layout(args, environment: environment, card: card, output: &output)
    output.out(try JSONValue(layout).output(pretty: true) + "\n")
  }
}

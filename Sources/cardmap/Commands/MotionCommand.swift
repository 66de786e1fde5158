import CardMapWire

/// `cardmap motion (--push|--pop|--snap --y Y --velocity V|--tap-title|--tap-map) [ENV] [CARD]`: a card's
/// transition as data, and samples of it with what follows the card (CardLayout's Controller rules, Motion).
enum MotionCommand: Command {
  static let name = "motion"
  static let abstract = "Describe a push, pop, snap or tap as data (from, to, duration, damping) with samples."
  static let exclusive = [options.card.exclusive]
  static let oneOf = [
    [options.push.spec, options.pop.spec, options.snap.spec, options.tapTitle.spec, options.tapMap.spec],
    options.environment.screen,
  ]
  static let options = Options()
  static let examples = [
    "cardmap motion --push --device iphone-17 --position peaking",
    "cardmap motion --snap --y 300 --velocity -800 --device iphone-17 --samples 5",
    "cardmap motion --snap --y 300 --velocity 900 --device iphone-17 --bbox 151.15,-33.92,151.3,-33.8",
    "cardmap motion --snap --y 300 --velocity 900 --device iphone-17 --bbox 151.15,-33.92,151.3,-33.8 --anchor 151.21,-33.86",
  ]

  struct Options: OptionGroup {
    let push = Flag("push", "The card pushed: up from the map's bottom edge to its position.")
    let pop = Flag("pop", "The card popped: down from its position to the map's bottom edge.")
    let snap = Flag("snap", "The card released at --y with --velocity, to where it snaps.")
    let tapTitle = Flag("tap-title", "A tap on the card's title.")
    let tapMap = Flag("tap-map", "A tap on the map.")
    let velocity = Option<Double>.number("velocity", "pt/s", "The release velocity, down positive (--snap).")
      .defaulting(to: 0)
    let samples = Option<Int>.integer("samples", "n", 2...1000, "How many samples, from 0 to the duration.")
      .defaulting(to: 11)
    let bbox = Option<GeoBounds>(
      "bbox", "w,s,e,n", expected: "four numbers w,s,e,n with latitudes within ±90 and s ≤ n",
      help: "Content: each sample then has the camera fitted to its insets (w > e crosses the antimeridian).",
      read: parseBBox)
    let anchor = CameraOptions.anchor(
      "Hold this point steady (with --bbox): each sample's camera keeps it where the first shows it.")
    let fit = FitOptionGroup()
    let environment = EnvironmentOptions()
    let card = CardOptions()
  }

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    let o = options
    // Usage first: a command line that cannot run is 64 whatever its values say.
    if args[o.snap], args[o.card.y] == nil {
      throw .usage("'--snap' needs '--y <y>', where the card is released", command: name)
    }
    if args[o.anchor] != nil, args[o.bbox] == nil {
      throw .usage("'--anchor' needs '--bbox', the content whose fit the motion starts from", command: name)
    }
    let fitOptions = try o.fit.read(args)
    let environment = try LayoutOptions.environment(args)
    var card = try LayoutOptions.card(args)
    let layout = ScreenLayout(environment: environment, card: card)
    let height = environment.height
    func top(at position: CardPosition) -> Double {
      var state = card
      state.placement = .settled(position)
      return ScreenLayout(environment: environment, card: state).card.minY
    }
    let motion: CardMotion
    if args[o.push] {
      motion = .push(to: layout.card.minY, viewHeight: height)
    } else if args[o.pop] {
      motion = .pop(from: layout.card.minY, viewHeight: height)
    } else if args[o.snap], let y = args[o.card.y] {
      motion = Release(y: y, velocity: args[o.velocity], dragged: layout, vertical: environment.vertical).motion
    } else if args[o.tapTitle] {
      motion = .tap(.titleTap, from: layout.card.minY, to: top(at: layout.afterTitleTap))
    } else {
      motion = .tap(.mapTap, from: layout.card.minY, to: top(at: layout.afterMapTap))
    }
    card.placement = .settled(layout.position)
    let request = FitRequest(content: args[o.bbox], options: fitOptions)
    let anchor = args[o.anchor]
    var first: MapFit?
    var samples: [JSONValue] = []
    for sample in motion.samples(args[o.samples], environment: environment, card: card) {
      var members: [(String, JSONValue)] = [
        ("t", .number(sample.t)), ("y", .number(sample.y)), ("mapDimAlpha", .number(sample.mapDimAlpha)),
        ("contentAlpha", .number(sample.contentAlpha)), ("buttonAlpha", .number(sample.buttonAlpha)),
        ("mapInsets", JSONValue(sample.mapInsets)),
      ]
      if request.content != nil {
        // The camera of this frame: the content fitted to the insets the card leaves at `y`; with an
        // anchor, the first sample's fit places it and every sample then holds it there.
        do throws(FitError) {
          var fit = try MapFit(content: request.content, layout: sample.layout, options: fitOptions)
          if let anchor {
            let start = first ?? fit
            first = start
            fit = try FitRequest.holding(anchor, from: start, in: sample.layout)
          }
          members.append(("camera", JSONValue(camera: fit)))
        } catch {
          throw .data("the sample at t = \(JSONValue.format(sample.t)): \(error)")
        }
      }
      samples.append(.object(members))
    }
    guard case .object(var members) = JSONValue(motion: motion) else { throw .failure("internal error: motion JSON") }
    members.append(JSONValue.Member("samples", .array(samples)))
    output.out(try JSONValue.object(members).output(pretty: true) + "\n")
  }
}

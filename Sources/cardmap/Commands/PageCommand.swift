import CardMap

/// `cardmap page [FILE] [ENV] [CARD] --output page.html`: one HTML file in which the card can be
/// dragged over a MapLibre GL JS map that refits live. All geometry comes from the engine and is
/// precomputed into the page: the layout and camera at every y, the snap target and motion for a grid
/// of release points and velocities, and the settled layouts. The page's script only looks them up.
enum PageCommand: Command {
  static let name = "page"
  static let abstract = "Write an interactive HTML page: drag the card over a MapLibre map that refits live."
  static let arguments = [
    Positional(name: "<file>", help: "GeoJSON to show (document or sequence); '-' for stdin.", isOptional: true)
  ]
  static let exclusive = [options.card.exclusive]
  static let oneOf = [options.environment.screen]
  static let options = Options()
  static let examples = [
    "cardmap page Data/samples/sydney-ferries.geojson --device iphone-17 --output ferries.html"
  ]

  struct Options: OptionGroup {
    let output = Option<String>.text("output", "file.html", "Where to write the page (written whole); '-' for stdout.")
      .required
    let maplibre = Option<String>.text(
      "maplibre", "url|path", "Where the page loads MapLibre GL JS from."
    ).defaulting(to: PageCommand.defaultMapLibre)
    let fit = FitOptionGroup()
    let environment = EnvironmentOptions()
    let card = CardOptions()
  }

  /// MapLibre GL JS 5 from its official CDN.
  static let defaultMapLibre = "https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js"
  /// Release points every this many points, and velocities from −3000 to 3000 pt/s in these steps.
  static let snapStep = 8.0
  static let velocityStep = 250.0
  /// Samples per snap motion.
  static let motionSamples = 16

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let o = options
    let files = try args.positionals(atMost: 1)
    let (document, bounds) = try ContentReader.content(files.first, crs: args[o.fit.from], command: name)
    let environment = try LayoutOptions.environment(args)
    let card = try LayoutOptions.card(args)
    let fitOptions = o.fit.read(args)
    let data = try pageData(
      environment: environment, card: card, bounds: bounds, document: document, fitOptions: fitOptions)
    let html = PageTemplate.html(data: try data.output(), maplibre: args[o.maplibre])
    let path = try args.required(o.output)
    if path == "-" { output.out(html) } else { try AtomicFile.write(html, to: path) }
  }

  /// Everything the page shows, computed by the engine.
  static func pageData(
    environment: LayoutEnvironment, card: CardState, bounds: GeoBounds?, document: GeoJSONDocument?,
    fitOptions: FitOptions
  ) throws(CLIError) -> JSONValue {
    func frame(_ state: CardState) -> JSONValue {
      let layout = ScreenLayout(environment: environment, card: state)
      let fit = try? MapFit(content: bounds, layout: layout, options: fitOptions)
      return .object([
        ("position", .string(layout.position.rawValue)), ("card", JSONValue(layout.card)),
        ("insets", JSONValue(layout.mapInsets)),
        ("visibleRect", JSONValue(layout.visibleRect)), ("mapDimAlpha", .number(layout.mapDimAlpha)),
        ("contentAlpha", .number(layout.contentAlpha)), ("buttonAlpha", .number(layout.buttonAlpha)),
        ("topToolbar", JSONValue(layout.topToolbar)), ("bottomToolbar", JSONValue(layout.bottomToolbar)),
        ("floatingToolbar", JSONValue(layout.floatingToolbar)), ("infoView", JSONValue(layout.infoView)),
        (
          "camera",
          fit.map {
            .object([
              ("focus", .array([.number($0.camera.focus.lon), .number($0.camera.focus.lat)])),
              ("zoom", .number($0.camera.zoom)), ("bearing", .number($0.camera.bearing)),
              ("pitch", .number($0.camera.pitch)), ("padding", JSONValue($0.insets)),
            ])
          } ?? .null
        ),
      ])
    }
    let settledLayout = ScreenLayout(environment: environment, card: card)
    var settled: [(String, JSONValue)] = []
    for position in CardPosition.allCases {
      var state = card
      state.placement = .settled(position)
      settled.append((position.rawValue, frame(state)))
    }
    var frames: [JSONValue] = []
    var snaps: [JSONValue] = []
    var ys: [Double] = []
    let velocities = Array(stride(from: -3000.0, through: 3000, by: velocityStep))
    if settledLayout.draggable {
      for y in 0...Int(environment.height) {
        var state = card
        state.placement = .dragging(y: Double(y))
        frames.append(frame(state))
      }
      ys = Array(stride(from: 0.0, through: environment.height, by: snapStep))
      for y in ys {
        var state = card
        state.placement = .dragging(y: y)
        let layout = ScreenLayout(environment: environment, card: state)
        snaps.append(
          .array(
            velocities.map { velocity in
              let snap = Snap(y: y, velocity: velocity, layout: layout, vertical: environment.vertical)
              let motion = CardMotion.snap(from: y, snap, positions: layout.positions)
              let path = (0..<motionSamples).map {
                motion.y(at: motion.duration * Double($0) / Double(motionSamples - 1))
              }
              return .object([
                ("position", .string(snap.position.rawValue)), ("duration", .number(snap.duration)),
                ("ys", .array(path.map(JSONValue.number))),
              ])
            }))
      }
    }
    var content: JSONValue = .null
    if let document {
      content = .string(GeoJSONWriter().write(document))
    }
    return .object([
      ("width", .number(environment.width)), ("height", .number(environment.height)),
      ("safeArea", JSONValue(environment.safeArea)), ("presentation", .string(settledLayout.presentation.rawValue)),
      ("start", .string(settledLayout.position.rawValue)), ("draggable", .bool(settledLayout.draggable)),
      ("settled", .object(settled)), ("frames", .array(frames)),
      ("snapYs", .array(ys.map(JSONValue.number))), ("snapVelocities", .array(velocities.map(JSONValue.number))),
      ("snaps", .array(snaps)), ("content", content), ("countries", .string(BasemapData.countries)),
    ])
  }
}

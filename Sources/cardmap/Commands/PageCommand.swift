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
    "cardmap page Data/samples/sydney-ferries.geojson --device iphone-17 --output ferries.html",
    "cardmap page Data/samples/sydney-ferries.geojson --device iphone-17 --select 151.2108,-33.8568 --output ferries.html",
  ]

  struct Options: OptionGroup {
    let output = Option<String>.text("output", "file.html", "Where to write the page (written whole); '-' for stdout.")
      .required
    let maplibre = Option<String>.text(
      "maplibre", "url|path",
      "Where the page loads MapLibre GL JS from: a URL, or a local copy (linked from the page's folder; inlined on stdout)."
    ).defaulting(to: PageCommand.defaultMapLibre)
    let from = FitOptionGroup.contentCRS()
    let fit = FitOptionGroup()
    let camera = CameraOptions()
    let anchor = CameraOptions.anchor(
      "A point the 'steady focus' mode holds in place while the card moves (default: the fit's focus).")
    let testHook = Flag("test-hook", "Add window.cardmapTest, the hook the browser tests drive the page through.")
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
    try o.fit.refuseOnGlobe(
      args,
      [
        ("anchor", args[o.anchor] != nil), ("select", args[o.camera.select] != nil),
        ("max-bounds", args[o.camera.maxBounds] != nil), ("pitch", args[o.fit.pitch] > 0),
      ], command: name)
    try o.camera.checkCombinations(args, pitch: args[o.fit.pitch], command: name)
    let (document, bounds) = try ContentReader.content(files.first, crs: args[o.from], command: name)
    let environment = try LayoutOptions.environment(args)
    let card = try LayoutOptions.card(args)
    let fitOptions = try o.fit.read(args)
    let modes = Modes(
      anchor: args[o.anchor], selection: args[o.camera.select], callout: o.camera.callout(args),
      maxBounds: args[o.camera.maxBounds])
    let data = try pageData(
      environment: environment, card: card, bounds: bounds, document: document, fitOptions: fitOptions, modes: modes)
    let path = try args.required(o.output)
    let maplibre = try MapLibreSource.source(args[o.maplibre], output: path)
    let html = PageTemplate.html(data: try data.output(), maplibre: maplibre, testHook: args[o.testHook])
    if path == "-" { output.out(html) } else { try AtomicFile.write(html, to: path) }
  }

  /// What the page's camera modes follow besides the content's fit (MapGeometry's Cameras that move
  /// with the card).
  struct Modes {
    /// The point the steady-focus mode holds; nil: the start fit's focus.
    var anchor: Coordinate?
    /// The selection the keep-clear mode keeps clear, and its callout; nil: no such mode.
    var selection: Coordinate?
    var callout: Callout
    /// Bounds every fit is kept inside (measured on the visible rect).
    var maxBounds: GeoBounds?
  }

  /// A camera as the page sets it: the focus form with its padding.
  static func pageCamera(_ fit: MapFit) -> JSONValue {
    .object([
      ("focus", .array([.number(fit.camera.focus.lon), .number(fit.camera.focus.lat)])),
      ("zoom", .number(fit.camera.zoom)), ("bearing", .number(fit.camera.bearing)),
      ("pitch", .number(fit.camera.pitch)), ("padding", JSONValue(fit.insets)),
    ])
  }

  /// Everything the page shows, computed by the engine.
  static func pageData(
    environment: LayoutEnvironment, card: CardState, bounds: GeoBounds?, document: GeoJSONDocument?,
    fitOptions: FitOptions, modes: Modes = Modes(anchor: nil, selection: nil, callout: Callout(width: 0, height: 0))
  ) throws(CLIError) -> JSONValue {
    let (width, height) = (environment.width, environment.height)
    /// The content's fit at `layout`, kept inside the max bounds if any.
    func contentFit(_ layout: ScreenLayout) -> MapFit? {
      guard let fit = try? MapFit(content: bounds, layout: layout, options: fitOptions) else { return nil }
      guard let maxBounds = modes.maxBounds else { return fit }
      return try? CameraOptions.constrained(fit, to: maxBounds, content: bounds).0
    }
    // The steady focus starts from the fit at the card's start position.
    let start = ScreenLayout(environment: environment, card: card)
    let steady = contentFit(start).flatMap { fit in
      SteadyFocus(
        anchor: modes.anchor ?? fit.camera.focus, camera: fit.camera, width: width, height: height, insets: fit.insets)
    }
    func frame(_ state: CardState) -> JSONValue {
      let layout = ScreenLayout(environment: environment, card: state)
      let fit = contentFit(layout)
      let insets = MapFit.insets(layout: layout)
      let held = steady.flatMap { $0.camera(width: width, height: height, insets: insets) }.map {
        MapFit(camera: $0, width: width, height: height, insets: insets)
      }
      var clear: JSONValue = .null
      if let fit, let selection = modes.selection,
        let cleared = try? fit.transform.mercator(for: "a selection kept clear").keepingClear(
          selection, callout: modes.callout, in: layout, maxZoom: fitOptions.maxZoom)
      {
        let moved = MapFit(camera: cleared.camera, width: width, height: height, insets: insets)
        clear = .object([("camera", pageCamera(moved)), ("callout", JSONValue(cleared.callout))])
      }
      return .object([
        ("position", .string(layout.position.rawValue)), ("card", JSONValue(layout.card)),
        ("insets", JSONValue(layout.mapInsets)),
        ("visibleRect", JSONValue(layout.visibleRect)), ("mapDimAlpha", .number(layout.mapDimAlpha)),
        ("contentAlpha", .number(layout.contentAlpha)), ("buttonAlpha", .number(layout.buttonAlpha)),
        ("topToolbar", JSONValue(layout.topToolbar)), ("bottomToolbar", JSONValue(layout.bottomToolbar)),
        ("floatingToolbar", JSONValue(layout.floatingToolbar)), ("infoView", JSONValue(layout.infoView)),
        ("camera", fit.map(pageCamera) ?? .null), ("steady", held.map(pageCamera) ?? .null), ("clear", clear),
        ("exclusions", fit.flatMap { try? ExclusionZone.geoJSON($0.exclusionZones(in: layout)) } ?? .null),
      ])
    }
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
    if start.draggable {
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
      ("safeArea", JSONValue(environment.safeArea)), ("presentation", .string(start.presentation.rawValue)),
      ("start", .string(start.position.rawValue)), ("draggable", .bool(start.draggable)),
      ("settled", .object(settled)), ("frames", .array(frames)),
      ("snapYs", .array(ys.map(JSONValue.number))), ("snapVelocities", .array(velocities.map(JSONValue.number))),
      // The engine's release-velocity rule's numbers (CardLayout's ReleaseVelocity).
      (
        "release",
        .object([
          ("window", .number(ReleaseVelocity.window)), ("count", .number(Double(ReleaseVelocity.count))),
        ])
      ),
      ("snaps", .array(snaps)), ("content", content), ("countries", .string(BasemapData.countries)),
      ("projection", .string(fitOptions.projection.rawValue)),
      ("anchor", steady.map { .array([.number($0.anchor.lon), .number($0.anchor.lat)]) } ?? .null),
      ("selection", modes.selection.map { .array([.number($0.lon), .number($0.lat)]) } ?? .null),
      ("maxBounds", modes.maxBounds.map { .array($0.array.map(JSONValue.number)) } ?? .null),
      ("cardContent", cardContent(document)), ("controls", controls(start, card: card)),
    ])
  }

  /// What the card lists (the same as `render`'s card): its title and a row per feature.
  static func cardContent(_ document: GeoJSONDocument?) -> JSONValue {
    let content = CardContent(document: document)
    return .object([
      ("title", .string(content.title)),
      (
        "rows",
        .array(
          content.rows.map {
            .object([("kind", .string($0.kind)), ("name", .string($0.name)), ("detail", .string($0.detail))])
          })
      ),
      (
        "icons",
        .object(
          ["point", "line", "area"].map { kind in
            (kind, .string(Icons.markup(size: 32) { ScreenRenderer.rowIcon(kind, x: 16, y: 16, into: &$0) }))
          })
      ),
    ])
  }

  /// The buttons as `render` draws them: each map button's glyph and place in its toolbar (the same
  /// in every frame: the toolbars move, their items with them), and the floating buttons' glyphs.
  static func controls(_ layout: ScreenLayout, card: CardState) -> JSONValue {
    let items: [JSONValue] = zip(layout.toolbarItems, Icons.glyphs(of: layout.toolbarItems)).compactMap {
      item, name in
      let inTop = layout.topToolbar.map { item.frame.intersection($0) != nil } ?? false
      guard let frame = inTop ? layout.topToolbar : layout.bottomToolbar else { return nil }
      let glyph = Icons.markup(size: 44) { Icons.drawMapButton(name, x: 22, y: 22, bearing: card.bearing, into: &$0) }
      return .object([
        ("toolbar", .string(inTop ? "top" : "bottom")), ("x", .number(item.frame.x - frame.x)),
        ("y", .number(item.frame.y - frame.y)), ("role", .string(item.role.rawValue)), ("glyph", .string(glyph)),
      ])
    }
    let floating = (0..<card.floatingItems).map { index in
      JSONValue.string(
        Icons.markup(size: 44) {
          Icons.draw(
            Icons.floatingButton(index), x: 22, y: 22, colour: "#ffffff", into: &$0)
        })
    }
    return .object([("toolbarItems", .array(items)), ("floating", .array(floating))])
  }
}

import CardMap

/// `cardmap page [FILE] [ENV] [CARD] --output page.html`: one HTML file in which the card can be
/// dragged over a MapLibre GL JS map that refits live. The page carries the engine itself (`make
/// wasm`'s core module and cardmap.mjs, see `WebEngine`) and computes the layout, the cameras, the
/// snap and the motion at every pointer move; this command gives it the screen, the card, the
/// content and what is drawn the same in every frame (the card's rows, the buttons' glyphs).
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
    let threads = ContentReader.threadsOption()
    let fit = FitOptionGroup()
    let camera = CameraOptions()
    let anchor = CameraOptions.anchor(
      "A point the 'steady focus' mode holds in place while the card moves (default: the fit's focus).")
    let engine = Option<String>.text(
      "engine", "folder",
      "Where the web engine is (cardmap-core.wasm and cardmap.mjs, from make wasm); default: beside the command.")
    let testHook = Flag("test-hook", "Add window.cardmapTest, the hook the browser tests drive the page through.")
    let environment = EnvironmentOptions()
    let card = CardOptions()
  }

  /// MapLibre GL JS 5 from its official CDN.
  static let defaultMapLibre = "https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js"
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
    let (document, bounds) = try ContentReader.content(
      files.first, crs: args[o.from], command: name, threads: ContentReader.threads(args, o.threads))
    let environment = try LayoutOptions.environment(args)
    let card = try LayoutOptions.card(args)
    let fitOptions = try o.fit.read(args)
    let modes = Modes(
      anchor: args[o.anchor], selection: args[o.camera.select], callout: o.camera.callout(args),
      maxBounds: args[o.camera.maxBounds])
    let data = pageData(
      environment: environment, card: card, bounds: bounds, document: document, fitOptions: fitOptions, modes: modes)
    let path = try args.required(o.output)
    let maplibre = try MapLibreSource.source(args[o.maplibre], output: path)
    let engine = try WebEngine.load(args[o.engine])
    let html = PageTemplate.html(
      data: try data.output(), engine: engine, maplibre: maplibre, testHook: args[o.testHook])
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

  /// What the page gives its engine, in the names of cardmap.mjs's API: the screen, the card (where
  /// it starts: a position or a y), the content's bounds and the fit's options with the camera modes;
  /// and what stays the same in every frame.
  static func pageData(
    environment: LayoutEnvironment, card: CardState, bounds: GeoBounds?, document: GeoJSONDocument?,
    fitOptions: FitOptions, modes: Modes = Modes(anchor: nil, selection: nil, callout: Callout(width: 0, height: 0))
  ) -> JSONValue {
    let start = ScreenLayout(environment: environment, card: card)
    func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    func point(_ value: Coordinate?) -> JSONValue { value.map { .array([.number($0.lon), .number($0.lat)]) } ?? .null }
    let screen: JSONValue = .object([
      ("width", .number(environment.width)), ("height", .number(environment.height)),
      ("safeArea", JSONValue(environment.safeArea)), ("horizontal", .string(environment.horizontal.rawValue)),
      ("vertical", .string(environment.vertical.rawValue)), ("idiom", .string(environment.idiom.rawValue)),
      ("os", .string(environment.os.description)), ("sdk", .string(environment.sdk.description)),
      ("mode", .string(environment.mode.rawValue)), ("fullScreen", .bool(environment.presentedFullScreen)),
      ("header", number(environment.header)),
      (
        "verticalBar",
        environment.verticalBar.map {
          .object([("edge", .string($0.edge.rawValue)), ("width", .number($0.width))])
        } ?? .null
      ),
      ("rtl", .bool(environment.rtl)),
    ])
    var placement: (String, JSONValue) {
      switch card.placement {
      case .settled(let position): ("position", .string(position.rawValue))
      case .dragging(let y): ("y", .number(y))
      }
    }
    let cardJSON: JSONValue = .object([
      placement, ("titleHeight", .number(card.titleHeight)), ("hasMapContent", .bool(card.hasMapContent)),
      ("topButtons", .number(Double(card.topButtons))), ("bottomButtons", .number(Double(card.bottomButtons))),
      ("closeButton", .bool(card.showsCloseButton)), ("paging", .bool(card.isPaging)),
      ("verticalBarActions", .number(Double(card.verticalBarActions))),
      ("floatingItems", .number(Double(card.floatingItems))),
      ("floatingAlignment", .string(card.floatingAlignment.rawValue)), ("compass", .bool(card.showsCompass)),
      ("userTracking", .bool(card.showsUserTracking)), ("bearing", .number(card.bearing)),
      (
        "infoView",
        card.infoView.map { .object([("width", .number($0.width)), ("height", .number($0.height))]) } ?? .null
      ),
      ("overlaysHidden", .bool(card.overlaysHidden)), ("contentHeight", number(card.contentHeight)),
    ])
    let options: JSONValue = .object([
      ("minZoom", .number(fitOptions.minZoom)), ("maxZoom", .number(fitOptions.maxZoom)),
      ("zoomSnap", .number(fitOptions.zoomSnap)), ("pointZoom", number(fitOptions.pointZoom)),
      ("margin", .number(fitOptions.margin)), ("markerRadius", .number(fitOptions.markerRadius)),
      ("pitch", .number(fitOptions.pitch)), ("maxPitch", .number(fitOptions.maxPitch)),
      ("projection", .string(fitOptions.projection.rawValue)),
      ("maxBounds", modes.maxBounds.map { .array($0.array.map(JSONValue.number)) } ?? .null),
      ("callout", .object([("width", .number(modes.callout.width)), ("height", .number(modes.callout.height))])),
    ])
    return .object([
      ("screen", screen), ("card", cardJSON),
      ("bounds", bounds.map { .array($0.array.map(JSONValue.number)) } ?? .null), ("options", options),
      ("anchor", bounds == nil ? .null : point(modes.anchor)), ("hasAnchor", .bool(bounds != nil)),
      ("selection", point(modes.selection)),
      // The engine's release-velocity rule's numbers (CardLayout's ReleaseVelocity).
      (
        "release",
        .object([
          ("window", .number(ReleaseVelocity.window)), ("count", .number(Double(ReleaseVelocity.count))),
        ])
      ),
      ("content", document.map { .string(GeoJSONWriter().write($0)) } ?? .null),
      ("land", Basemap.compactLand),
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

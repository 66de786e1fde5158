import CardMapWire

/// `cardmap page [FILE] [ENV] [CARD] --output page.html`: one HTML file in which the card can be
/// dragged over a MapLibre GL JS map that refits live. The page carries the engine itself (`make
/// wasm`'s `cardmap.wasm` and cardmap-page.mjs, see `WebEngine`): its card is the package's
/// `<cardmap-cards>` with one card, on the device's screen, and the map is fitted in each frame the
/// card moves; this command gives it the screen, the card, the content and what is drawn the same in
/// every frame (the card's rows, the buttons' glyphs). A card given as a `y` starts where a release
/// there at rest settles; the page's card is a stack's root, so it has no close button, pages or hidden overlays.
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
      "Where the web engine is (cardmap.wasm and cardmap-page.mjs, from make wasm); default: beside the command.")
    let testHook = Flag("test-hook", "Add window.cardmapTest, the hook the browser tests drive the page through.")
    let environment = EnvironmentOptions()
    let card = CardOptions()
  }

  /// MapLibre GL JS 5 from its official CDN.
  static let defaultMapLibre = "https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js"
  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let o = options
    let files = try args.positionals(atMost: 1)
    let request = try o.camera.request(args, options: try o.fit.read(args), command: name)
    // The page's own pieces first: a MapLibre or an engine that is not there is a usage error, found
    // before the content and the screen are read.
    let path = try args.required(o.output)
    let maplibre = try MapLibreSource.source(args[o.maplibre], output: path)
    let engine = try WebEngine.load(args[o.engine])
    let (document, bounds) = try ContentReader.content(
      files.first, crs: args[o.from], command: name, threads: ContentReader.threads(args, o.threads))
    let environment = try LayoutOptions.environment(args)
    let card = try LayoutOptions.card(args)
    let data = pageData(
      environment: environment, card: card, bounds: bounds, document: document, request: request,
      anchor: args[o.anchor])
    let html = PageTemplate.html(
      data: MapLibreSource.base64(try gzipped(Array(try data.output().utf8))), engine: engine, maplibre: maplibre,
      testHook: args[o.testHook])
    if path == "-" { output.out(html) } else { try AtomicFile.write(html, to: path) }
  }

  /// What the page gives its engine, in the members of cardmap.mjs's calls: the screen, the card
  /// (where it starts: a position or a y), the content's bounds, the fit's options and, apart, the
  /// camera modes it offers (the steady focus's anchor, nil: the start fit's focus; the selection and
  /// its callout); and what stays the same in every frame.
  static func pageData(
    environment: LayoutEnvironment, card: CardState, bounds: GeoBounds?, document: GeoJSONDocument?,
    request: FitRequest, anchor: Coordinate? = nil
  ) -> JSONValue {
    let start = ScreenLayout(environment: environment, card: card)
    func point(_ value: Coordinate?) -> JSONValue { value.map { .array([.number($0.lon), .number($0.lat)]) } ?? .null }
    var fit = request
    fit.selection = nil
    let callout = request.selection?.callout ?? FitRequest.Selection.defaultCallout
    return .object([
      ("screen", environment.json), ("card", card.json),
      ("bounds", bounds.map { .array($0.array.map(JSONValue.number)) } ?? .null), ("options", fit.optionsJSON),
      ("anchor", bounds == nil ? .null : point(anchor)), ("hasAnchor", .bool(bounds != nil)),
      ("selection", point(request.selection?.coordinate)),
      ("callout", .object([("width", .number(callout.width)), ("height", .number(callout.height))])),
      ("content", document.map { .string(GeoJSONWriter().write($0)) } ?? .null),
      ("land", Basemap.compactLand),
      // Sydney Harbour's shoreline (GSHHG), where the content reaches its region.
      ("harbour", bounds.map { Harbour.meets($0.array) ? Harbour.compact : .null } ?? .null),
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

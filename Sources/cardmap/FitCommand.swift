import CardMap

/// `cardmap fit [FILE|-] [ENV] [CARD] …`: the camera that shows GeoJSON content in the part of the
/// map the card leaves visible (SPEC §9, §12).
enum FitCommand: Command {
  static let name = "fit"
  static let abstract = "Fit a camera to GeoJSON content in the map area a card leaves visible."
  static let usage =
    "[<file>] (--device <name> | --viewport <WxH>) [<env options>] [<card options>] [--bbox w,s,e,n] "
    + "[--insets top=..,left=..,bottom=..,right=..] [--bearing D] [--min-zoom Z] [--max-zoom Z] [--zoom-snap S] "
    + "[--point-zoom Z] [--overlays x,y,w,h;…]"
  static let arguments = [("<file>", "GeoJSON in lon/lat (document or sequence); '-' or none for stdin.")]
  static let exclusive = LayoutOptions.exclusive
  static let options: [OptionSpec] =
    [
      .option(
        "bbox", "w,s,e,n", .parsed("four numbers w,s,e,n with latitudes within ±90 and s ≤ n", FitCommand.parseBBox),
        "Fit this box instead of reading a file (w > e crosses the antimeridian)."),
      .option("insets", "insets", .insets, "top=..,left=..,bottom=..,right=..: use these instead of a layout."),
      .option("bearing", "degrees", .number, "The compass direction the top of the view faces (default 0)."),
      .option("min-zoom", "zoom", .number, "The least zoom (default 0)."),
      .option("max-zoom", "zoom", .number, "The greatest zoom (default 22)."),
      .option("zoom-snap", "step", .number, "Snap the zoom down to a multiple of this (default 0: none)."),
      .option("point-zoom", "zoom", .number, "The zoom for content that is one point (default: the max zoom)."),
      .option(
        "overlays", "rects", .parsed("rects 'x,y,w,h;x,y,w,h' with sizes ≥ 0", FitCommand.parseRects),
        "More overlays the map must avoid, 'x,y,w,h;x,y,w,h' (a toast, a banner)."),
    ] + LayoutOptions.environment + LayoutOptions.card
  static let examples = [
    "cardmap fit Data/samples/sydney-ferries.geojson --device iphone-17 --position peaking",
    "cardmap fit --bbox 175.8,-20.2,-178.3,-15.4 --viewport 512x512 --insets top=10,left=25,bottom=50,right=75",
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let files = try args.positionals(atMost: 1)
    let box = try args.value("bbox", expected: "four numbers w,s,e,n", parseBBox)
    if box != nil, !files.isEmpty { throw .usage("Give either a file or '--bbox', not both", command: name) }
    let environment = try LayoutOptions.environment(args)
    let explicitInsets = try args.value(
      "insets", expected: "top=..,left=..,bottom=..,right=..", LayoutOptions.parseInsets)
    let overlays = try args.value("overlays", expected: "rects 'x,y,w,h;x,y,w,h'", parseRects) ?? []
    let layout =
      explicitInsets == nil ? ScreenLayout(environment: environment, card: try LayoutOptions.card(args)) : nil
    let content: ContentReader.Content
    if let box {
      content = ContentReader.Content(bounds: box, features: 0, positions: 0)
    } else {
      content = try ContentReader.extent(files.first)
    }
    let options = FitOptions(
      bearing: try args.number("bearing") ?? 0, minZoom: try args.number("min-zoom") ?? FitOptions.defaultMinZoom,
      maxZoom: try args.number("max-zoom") ?? FitOptions.defaultMaxZoom, zoomSnap: try args.number("zoom-snap") ?? 0,
      pointZoom: try args.number("point-zoom"))
    let fit: MapFit
    do throws(FitError) {
      if let layout {
        fit = try MapFit(content: content.bounds, layout: layout, overlays: overlays, options: options)
      } else {
        fit = try MapFit(
          content: content.bounds, width: environment.width, height: environment.height,
          insets: explicitInsets ?? .zero,
          overlays: overlays, options: options)
      }
    } catch {
      throw .data("cannot fit a camera: \(error)")
    }
    let camera = fit.camera
    let region = fit.visibleRegion
    var members: [(String, JSON)] = []
    if let layout { members.append(("layout", JSON(layout))) }
    members += [
      (
        "content",
        .object([
          ("features", .number(Double(content.features))), ("positions", .number(Double(content.positions))),
          ("bbox", content.bounds.map { .array($0.array.map(JSON.number)) } ?? .null),
        ])
      ),
      (
        "camera",
        .object([
          ("center", .array([.number(camera.center.lon), .number(camera.center.lat)])),
          ("focus", .array([.number(camera.focus.lon), .number(camera.focus.lat)])),
          ("zoom", .number(camera.zoom)), ("zoom256", .number(camera.zoom256)), ("bearing", .number(camera.bearing)),
        ])
      ),
      (
        "visibleRegion",
        .object([
          ("bbox", .array(region.bounds.array.map(JSON.number))),
          ("polygon", .array(region.polygon.map { .array([.number($0.lon), .number($0.lat)]) })),
        ])
      ),
    ]
    output.out(try JSON.object(members).output(pretty: true) + "\n")
  }

  /// `x,y,w,h;x,y,w,h` → rects with non-negative sizes.
  static func parseRects(_ text: String) -> [Rect]? {
    var rects: [Rect] = []
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      guard let n = parseNumbers(part, count: 4), n[2] >= 0, n[3] >= 0 else { return nil }
      rects.append(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
    }
    return rects.isEmpty ? nil : rects
  }

  /// `w,s,e,n` → bounds; finite, latitudes within ±90 and south ≤ north.
  static func parseBBox(_ text: String) -> GeoBounds? {
    guard let numbers = parseNumbers(text, count: 4), abs(numbers[1]) <= 90, abs(numbers[3]) <= 90,
      numbers[1] <= numbers[3]
    else { return nil }
    return GeoBounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
  }
}

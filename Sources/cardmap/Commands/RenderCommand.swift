import CardMapWire

/// `cardmap render [FILE|-] [ENV] [CARD] --output FILE.svg`: a picture of the screen at scale,
/// or with `--all-devices` a contact sheet of every device profile at every position.
enum RenderCommand: Command {
  static let name = "render"
  static let abstract = "Draw the screen as SVG: map content at the fitted camera, card, insets, toolbars, bar."
  static let arguments = [
    Positional(
      name: "<file>", help: "GeoJSON in lon/lat to draw (document or sequence); '-' for stdin.", isOptional: true)
  ]
  static let exclusive = [options.card.exclusive]
  static let oneOf = [options.environment.screen + [options.allDevices.spec]]
  static let options = Options()

  struct Options: OptionGroup {
    let output = Option<String>.text(
      "output", "file.svg",
      "Where to write the SVG, or a PNG for a name ending .png (rsvg-convert); written whole; '-' for stdout."
    ).required
    let scale = Option<Double>.number(
      "scale", "factor", "Pixels a point in a PNG: 2 and 3 as on a phone's screen (1 to 4; default 1).")
    let allDevices = Flag("all-devices", "A contact sheet: every device profile at every position.")
    let from = FitOptionGroup.contentCRS()
    let threads = ContentReader.threadsOption()
    let fit = FitOptionGroup()
    let environment = EnvironmentOptions()
    let card = CardOptions()
  }
  static let examples = [
    "cardmap render Data/samples/sydney-ferries.geojson --device iphone-17 --position peaking --output ferries.svg",
    "cardmap render Data/samples/sydney-ferries.geojson --all-devices --output contact-sheet.svg",
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let files = try args.positionals(atMost: 1)
    let path = try args.required(options.output)
    let kind = try outputKind(path, scale: args[options.scale])
    let fitOptions = try options.fit.read(args)
    let (document, bounds) = try ContentReader.content(
      files.first, crs: args[options.from], command: name, threads: ContentReader.threads(args, options.threads))
    let text: String
    if args[options.allDevices] {
      text = try contactSheet(document: document, bounds: bounds, fitOptions: fitOptions, args: args)
    } else {
      let environment = try LayoutOptions.environment(args)
      let card = try LayoutOptions.card(args)
      let layout = LayoutOptions.layout(args, environment: environment, card: card, output: &output)
      let renderer = ScreenRenderer(
        environment: environment, layout: layout, card: card,
        fit: try fit(bounds, environment: environment, layout: layout, fitOptions: fitOptions), document: document
      )
      var svg = SVG()
      renderer.draw(into: &svg)
      text = svg.document(width: environment.width, height: environment.height + renderer.legendHeight())
    }
    switch kind {
    case .standardOutput: output.out(text)
    case .png(let scale): try AtomicFile.write(try Rasterizer.png(from: text, scale: scale), to: path)
    case .svg: try AtomicFile.write(text, to: path)
    }
  }

  /// What `--output` names: SVG on stdout (`-`), an SVG file, or a PNG at `--scale`.
  enum OutputKind: Equatable {
    case standardOutput, svg
    case png(scale: Double)
  }

  /// The output `path` asks for, by its extension: `.png`, else SVG (`.svg`, or a name without
  /// one such as `/dev/stdout`).
  ///
  /// - Throws: a usage error for any other extension (a `.jpg` would get SVG text), and for a
  ///   `--scale` outside 1…4 or given for SVG, which has no pixels.
  static func outputKind(_ path: String, scale: Double?) throws(CLIError) -> OutputKind {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let fileExtension = file.contains(".") ? file.split(separator: ".").last.map { $0.lowercased() } : nil
    guard path == "-" || [nil, "svg", "png"].contains(fileExtension) else {
      throw .usage(
        "'--output \(path)': expected a name ending .svg or .png (or none, for SVG), or '-' for SVG on stdout",
        command: name)
    }
    let kind: OutputKind = path == "-" ? .standardOutput : fileExtension == "png" ? .png(scale: scale ?? 1) : .svg
    if let scale {
      guard case .png = kind else {
        throw .usage("'--scale' is for PNG output (a name ending .png): an SVG scales without it", command: name)
      }
      guard scale >= 1, scale <= 4 else {
        throw .usage("'--scale \(JSONValue.format(scale))': expected a factor from 1 to 4", command: name)
      }
    }
    return kind
  }

  /// The fit of the content at this layout; nil without content.
  ///
  /// - Throws: bad data when no camera can be fitted (content with no positions, insets that leave
  ///   no visible area): the picture would otherwise silently lack its content.
  static func fit(_ bounds: GeoBounds?, environment: LayoutEnvironment, layout: ScreenLayout, fitOptions: FitOptions)
    throws(CLIError) -> MapFit?
  {
    guard let bounds else { return nil }
    do throws(FitError) {
      return try MapFit(content: bounds, layout: layout, options: fitOptions)
    } catch {
      throw .data(
        "cannot fit a camera at \(layout.position.rawValue) on \(environment.width)x\(environment.height): \(error)")
    }
  }

  /// Every device profile at every position, scaled into a grid of labelled panels; the ENV and
  /// CARD options given apply to every profile (as they override one profile's values).
  static func contactSheet(document: GeoJSONDocument?, bounds: GeoBounds?, fitOptions: FitOptions, args: Arguments)
    throws(CLIError) -> String
  {
    let card = try LayoutOptions.card(args)
    // Panels at 40 %, so that the widest profile's three positions fit a screen; 16 pt between them.
    let scale = 0.4
    let gap = 16.0
    let cellWidth = DeviceProfile.catalog.map(\.screen.width).max().map { $0 * scale + gap } ?? 0
    var y = gap
    var svg = SVG()
    for device in DeviceProfile.catalog {
      let environment = try LayoutOptions.environment(args, profile: device)
      var rowHeight = 0.0
      for (column, position) in CardPosition.allCases.enumerated() {
        var state = card
        state.placement = .settled(position)
        let layout = ScreenLayout(environment: environment, card: state)
        let renderer = ScreenRenderer(
          environment: environment, layout: layout, card: state,
          fit: try fit(bounds, environment: environment, layout: layout, fitOptions: fitOptions),
          document: document)
        let label = "\(device.name)-\(position.rawValue)"
        svg.open(
          "g",
          [
            ("id", "panel-\(label)"),
            (
              "transform", "translate(\(SVG.number(Double(column) * cellWidth + gap)),\(SVG.number(y))) scale(\(scale))"
            ),
          ])
        renderer.draw(into: &svg, label: label)
        svg.close("g")
        rowHeight = max(rowHeight, device.screen.height + renderer.legendHeight(label: label))
      }
      y += rowHeight * scale + gap
    }
    return svg.document(width: cellWidth * 3 + gap, height: y)
  }
}

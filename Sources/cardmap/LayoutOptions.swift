import CardMap

/// The ENV and CARD options of SPEC §12, shared by `layout`, `fit` and the overlay commands.
enum LayoutOptions {
  static let environment: [OptionSpec] = [
    .option("device", "name", .text, "A device profile (see 'cardmap devices')."),
    .option("viewport", "WxH", .size, "The view's size in points, e.g. 390x844."),
    .option("safe-area", "insets", .insets, "top=..,left=..,bottom=..,right=.. (missing edges are 0)."),
    .option(
      "horizontal", "class", .choice(SizeClass.allCases.map(\.rawValue)),
      "Horizontal size class: compact or regular (derived if absent)."),
    .option(
      "vertical", "class", .choice(SizeClass.allCases.map(\.rawValue)),
      "Vertical size class: compact or regular (derived if absent)."),
    .option(
      "idiom", "idiom", .choice(Idiom.allCases.map(\.rawValue)), "phone, pad, mac or vision (derived if absent)."),
    .option("os", "version", .version, "The OS version running (default 27.0)."),
    .option("sdk", "version", .version, "The SDK the app was built with (default: the OS)."),
    .option("mode", "mode", .choice(CardMode.allCases.map(\.rawValue)), "floating or sidebar (default floating)."),
    .flag("not-full-screen", "The card controller is itself presented, not full screen."),
    .option("header", "height", .number, "A header's content height (e.g. a paging card's header)."),
    .option(
      "vertical-bar", "edge:width", .parsed("leading:WIDTH or trailing:WIDTH", LayoutOptions.parseBar),
      "A vertical bar, e.g. trailing:56 (iOS 27.1+)."),
    .flag("rtl", "Right-to-left: leading is the right edge."),
  ]

  /// The options of ENV and CARD that exclude each other.
  static let exclusive = [["device", "viewport"], ["position", "y"]]

  static let card: [OptionSpec] = [
    .option(
      "position", "position", .choice(CardPosition.allCases.map(\.rawValue)),
      "collapsed, peaking or extended (default peaking)."),
    .option("y", "y", .number, "The card's top edge during a drag, instead of --position."),
    .option("title-height", "height", .number, "The card's title height (default 64)."),
    .flag("no-map-content", "The card has no map content: always extended."),
    .option("top-buttons", "n", .integer(0...64), "Map buttons in the top toolbar (default 0)."),
    .option("bottom-buttons", "n", .integer(0...64), "Map buttons in the bottom toolbar (default 0)."),
    .flag("close-button", "The card shows a close button (it is not the root)."),
    .flag("paging", "The card is a paging card (previous/next in the vertical bar)."),
    .option("bar-actions", "n", .integer(0...64), "The card's vertical-bar actions (default 0)."),
  ]

  /// The environment the options describe.
  ///
  /// - Throws: a usage error for malformed or conflicting options or an unknown device; a data
  ///   error for values the layout engine rejects (e.g. a safe area larger than the view).
  ///
  /// - Parameter profile: the device to start from instead of `--device`/`--viewport` (a contact
  ///   sheet's every profile in turn).
  static func environment(_ args: Arguments, profile given: DeviceProfile? = nil) throws(CLIError)
    -> LayoutEnvironment
  {
    let sizeClasses = SizeClass.allCases.map(\.rawValue)
    let horizontal = try args.choice("horizontal", sizeClasses).flatMap(SizeClass.init(rawValue:))
    let vertical = try args.choice("vertical", sizeClasses).flatMap(SizeClass.init(rawValue:))
    let idiom = try args.choice("idiom", Idiom.allCases.map(\.rawValue)).flatMap(Idiom.init(rawValue:))
    let os = try args.value("os", expected: "a version such as 27 or 27.1", OSVersion.init)
    let sdk = try args.value("sdk", expected: "a version such as 27 or 27.1", OSVersion.init)
    let mode = try args.choice("mode", CardMode.allCases.map(\.rawValue)).flatMap(CardMode.init(rawValue:)) ?? .floating
    let header = try args.number("header")
    let safeArea = try args.value("safe-area", expected: "top=..,left=..,bottom=..,right=..", parseInsets)
    let bar = try args.value("vertical-bar", expected: "leading:WIDTH or trailing:WIDTH", parseBar)
    let viewport = try args.value("viewport", expected: "WIDTHxHEIGHT, e.g. 390x844", parseSize)
    do {
      if given != nil || args.string("device") != nil {
        let name = args.string("device") ?? ""
        guard var profile = given ?? DeviceProfile.named(name) else {
          throw CLIError.usage(
            "Unknown device '\(name)'; known devices: \(DeviceProfile.catalog.map(\.name).joined(separator: ", "))",
            command: args.command)
        }
        if let safeArea { profile.safeArea = safeArea }
        if let horizontal { profile.horizontal = horizontal }
        if let vertical { profile.vertical = vertical }
        if let idiom { profile.idiom = idiom }
        if let bar { profile.verticalBar = bar }
        return try profile.environment(
          sdk: sdk, mode: mode, presentedFullScreen: !args.flag("not-full-screen"), header: header,
          rtl: args.flag("rtl"), os: os)
      }
      guard let viewport else {
        throw CLIError.usage("Missing '--device <name>' or '--viewport <WxH>'", command: args.command)
      }
      return try LayoutEnvironment(
        width: viewport.0, height: viewport.1, safeArea: safeArea ?? .zero, horizontal: horizontal,
        vertical: vertical, idiom: idiom, os: os ?? OSVersion(27), sdk: sdk, mode: mode,
        presentedFullScreen: !args.flag("not-full-screen"), header: header, verticalBar: bar,
        rtl: args.flag("rtl"))
    } catch let error as CLIError {
      throw error
    } catch let error as LayoutError {
      throw .data("Invalid layout input: \(error)")
    } catch {
      throw .failure("\(error)")
    }
  }

  /// The card state the options describe.
  static func card(_ args: Arguments) throws(CLIError) -> CardState {
    let position = try args.choice("position", CardPosition.allCases.map(\.rawValue)).flatMap(
      CardPosition.init(rawValue:))
    let y = try args.number("y")
    let placement: CardPlacement = y.map { .dragging(y: $0) } ?? .settled(position ?? .peaking)
    do {
      return try CardState(
        placement: placement, titleHeight: try args.number("title-height") ?? CardState.defaultTitleHeight,
        hasMapContent: !args.flag("no-map-content"),
        topButtons: try args.integer("top-buttons", in: 0...64) ?? 0,
        bottomButtons: try args.integer("bottom-buttons", in: 0...64) ?? 0,
        showsCloseButton: args.flag("close-button"), isPaging: args.flag("paging"),
        verticalBarActions: try args.integer("bar-actions", in: 0...64) ?? 0)
    } catch let error as CLIError {
      throw error
    } catch let error as LayoutError {
      throw .data("Invalid card input: \(error)")
    } catch {
      throw .failure("\(error)")
    }
  }

  /// `390x844` → (390, 844); any finite numbers (the engine checks their signs).
  static func parseSize(_ text: String) -> (Double, Double)? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
      return nil
    }
    return (w, h)
  }

  /// `top=47,bottom=34` → insets; each edge at most once, missing edges 0.
  static func parseInsets(_ text: String) -> Insets? {
    var insets = Insets()
    var seen: Set<Substring> = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", omittingEmptySubsequences: false)
      guard pair.count == 2, let value = Double(pair[1]), value.isFinite, seen.insert(pair[0]).inserted else {
        return nil
      }
      switch pair[0] {
      case "top": insets.top = value
      case "left": insets.left = value
      case "bottom": insets.bottom = value
      case "right": insets.right = value
      default: return nil
      }
    }
    return seen.isEmpty ? nil : insets
  }

  /// `trailing:56` → a bar.
  static func parseBar(_ text: String) -> VerticalBar? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let edge = HorizontalEdge(rawValue: String(parts[0])),
      let width = Double(parts[1]), width.isFinite
    else { return nil }
    return VerticalBar(edge: edge, width: width)
  }
}

extension ValueKind {
  /// `WIDTHxHEIGHT`, finite numbers.
  static let size = ValueKind.parsed("WIDTHxHEIGHT, e.g. 390x844", LayoutOptions.parseSize)
  /// `top=..,left=..,bottom=..,right=..`, each edge at most once.
  static let insets = ValueKind.parsed("top=..,left=..,bottom=..,right=..", LayoutOptions.parseInsets)
  /// `DX,DY`.
  static let pair = ValueKind.parsed("two numbers DX,DY, e.g. 120,-10") { parseNumbers($0, count: 2) }
  /// `27`, `27.1`.
  static let version = ValueKind.parsed("a version such as 27 or 27.1", OSVersion.init)
}

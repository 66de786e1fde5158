import CardMapWire

/// The ENV options of CardMap's article The cardmap command: the screen a layout is made for. Shared by `layout`, `fit`,
/// `render`, `replay` and `overlay`.
struct EnvironmentOptions: OptionGroup {
  let device = Option<String>.text("device", "name", "A device profile (see 'cardmap devices').")
  let viewport = Option<(Double, Double)>(
    "viewport", "WxH", expected: "WIDTHxHEIGHT, e.g. 390x844", help: "The view's size in points, e.g. 390x844.",
    read: LayoutOptions.parseSize)
  let safeArea = Option<Insets>.insets("safe-area", "top=..,left=..,bottom=..,right=.. (missing edges are 0).")
  let horizontal = Option<SizeClass>.choice(
    "horizontal", "class", "Horizontal size class: compact or regular (derived if absent).")
  let vertical = Option<SizeClass>.choice(
    "vertical", "class", "Vertical size class: compact or regular (derived if absent).")
  let idiom = Option<Idiom>.choice("idiom", "idiom", "phone, pad, mac or vision (derived if absent).")
  let os = Option<OSVersion>.version("os", "The OS version running.").defaulting(
    to: OSVersion(27), shown: "27.0, or the device's")
  let sdk = Option<OSVersion>.version("sdk", "The SDK the app was built with (default: the OS).")
  let mode = Option<CardMode>.choice("mode", "mode", "floating or sidebar.").defaulting(to: .floating)
  let notFullScreen = Flag("not-full-screen", "The card controller is itself presented, not full screen.")
  let header = Option<Double>.number("header", "height", "A header's content height (e.g. a paging card's header).")
  let verticalBar = Option<VerticalBar>(
    "vertical-bar", "edge:width", expected: "leading:WIDTH or trailing:WIDTH",
    help: "A vertical bar, e.g. trailing:56 (iOS 27.1+).", read: LayoutOptions.parseBar)
  let rtl = Flag("rtl", "Right-to-left: leading is the right edge.")
  let keyboard = Option<Double>.number(
    "keyboard", "height", "The on-screen keyboard's height: the card and the visible rect lie above it.")

  /// `--device` and `--viewport`: one of them is needed.
  var screen: [OptionSpec] { [device.spec, viewport.spec] }
}

/// The CARD options of CardMap's article The cardmap command: the card's state. Shared by `layout`, `fit` and `render`.
struct CardOptions: OptionGroup {
  let position = Option<CardPosition>.choice("position", "position", "collapsed, peaking or extended.")
    .defaulting(to: .peaking)
  let y = Option<Double>.number("y", "y", "The card's top edge during a drag, instead of --position.")
  let titleHeight = Option<Double>.number("title-height", "height", "The card's title height.")
    .defaulting(to: CardState.defaultTitleHeight, shown: "64")
  let noMapContent = Flag("no-map-content", "The card has no map content: always extended.")
  let topButtons = Option<Int>.integer("top-buttons", "n", 0...64, "Map buttons in the top toolbar.").defaulting(to: 0)
  let bottomButtons = Option<Int>.integer("bottom-buttons", "n", 0...64, "Map buttons in the bottom toolbar.")
    .defaulting(to: 0)
  let closeButton = Flag("close-button", "The card shows a close button (it is not the root).")
  let paging = Flag("paging", "The card is a paging card (previous/next in the vertical bar).")
  let barActions = Option<Int>.integer("bar-actions", "n", 0...64, "The card's vertical-bar actions.").defaulting(to: 0)
  let bearing = Option<Double>.number(
    "bearing", "degrees",
    "The map's bearing: the compass direction the top of the view faces; the compass shows unless 0."
  ).defaulting(to: 0)
  let floatingItems = Option<Int>.integer("floating-items", "n", 0...64, "The card's floating buttons.").defaulting(
    to: 0)
  let floatingAlignment = Option<FloatingAlignment>.choice(
    "floating-alignment", "alignment", "The floating buttons' row: center, leading, trailing or fill."
  ).defaulting(to: .center)
  let compass = Flag("compass", "A compass first in the top toolbar (it hides while the bearing is 0).")
  let userTracking = Flag("user-tracking", "A user-tracking button in the top toolbar, after the compass.")
  let infoView = Option<Size>(
    "info-view", "WxH", expected: "WIDTHxHEIGHT, e.g. 240x44", help: "The app's info banner over the map.",
    read: { LayoutOptions.parseSize($0).flatMap { $0.0 >= 0 && $0.1 >= 0 ? Size(width: $0.0, height: $0.1) : nil } })
  let overlaysHidden = Flag("overlays-hidden", "Map overlays off: card and buttons hidden, the whole map visible.")
  let contentHeight = Option<Double>.number(
    "content-height", "height", "The card content's height: it scrolls only when taller than the card shows.")

  /// `--position` and `--y` exclude each other.
  var exclusive: [OptionSpec] { [position.spec, y.spec] }
}

/// Reading the ENV and CARD options into a layout environment and a card state.
enum LayoutOptions {
  /// The environment the options describe.
  ///
  /// - Throws: a usage error for an unknown device; a data error for values the layout engine
  ///   rejects (e.g. a safe area larger than the view).
  ///
  /// - Parameter profile: the device to start from instead of `--device`/`--viewport` (a contact
  ///   sheet's every profile in turn).
  static func environment(_ args: Arguments, profile given: DeviceProfile? = nil) throws(CLIError)
    -> LayoutEnvironment
  {
    let o = EnvironmentOptions()
    do {
      if given != nil || args[o.device] != nil {
        let name = args[o.device] ?? ""
        guard var profile = given ?? DeviceProfile.named(name) else {
          throw CLIError.usage(
            "Unknown device '\(name)'; known devices: \(DeviceProfile.catalog.map(\.name).joined(separator: ", "))",
            command: args.command)
        }
        if let safeArea = args[o.safeArea] { profile.screen.safeArea = safeArea }
        if let horizontal = args[o.horizontal] { profile.screen.horizontal = horizontal }
        if let vertical = args[o.vertical] { profile.screen.vertical = vertical }
        if let idiom = args[o.idiom] { profile.screen.idiom = idiom }
        if let bar = args[o.verticalBar] { profile.screen.verticalBar = bar }
        return try profile.environment(
          sdk: args[o.sdk], mode: args[o.mode], presentedFullScreen: !args[o.notFullScreen], header: args[o.header],
          rtl: args[o.rtl], os: args[o.os.option], keyboard: args[o.keyboard] ?? 0)
      }
      let viewport = try args.required(o.viewport)
      return try LayoutEnvironment(
        width: viewport.0, height: viewport.1, safeArea: args[o.safeArea] ?? .zero, horizontal: args[o.horizontal],
        vertical: args[o.vertical], idiom: args[o.idiom], os: args[o.os], sdk: args[o.sdk], mode: args[o.mode],
        presentedFullScreen: !args[o.notFullScreen], header: args[o.header], verticalBar: args[o.verticalBar],
        rtl: args[o.rtl], keyboard: args[o.keyboard] ?? 0)
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
    let o = CardOptions()
    let placement: CardPlacement = args[o.y].map { .dragging(y: $0) } ?? .settled(args[o.position])
    do {
      return try CardState(
        placement: placement, titleHeight: args[o.titleHeight], hasMapContent: !args[o.noMapContent],
        topButtons: args[o.topButtons], bottomButtons: args[o.bottomButtons], showsCloseButton: args[o.closeButton],
        isPaging: args[o.paging], verticalBarActions: args[o.barActions], floatingItems: args[o.floatingItems],
        floatingAlignment: args[o.floatingAlignment], showsCompass: args[o.compass],
        showsUserTracking: args[o.userTracking], bearing: args[o.bearing], infoView: args[o.infoView],
        overlaysHidden: args[o.overlaysHidden], contentHeight: args[o.contentHeight])
    } catch {
      throw .data("Invalid card input: \(error)")
    }
  }

  /// The layout of `card` in `environment`, with a note for stderr (after the result) when the card
  /// is not at the `--position` asked.
  static func layout(_ args: Arguments, environment: LayoutEnvironment, card: CardState, output: inout Output)
    -> ScreenLayout
  {
    let layout = ScreenLayout(environment: environment, card: card)
    note(args, environment: environment, card: card, layout: layout, output: &output)
    return layout
  }

  /// The note on stderr when the card of `layout` is not at the `--position` asked.
  static func note(
    _ args: Arguments, environment: LayoutEnvironment, card: CardState, layout: ScreenLayout, output: inout Output
  ) {
    if let note = positionNote(args, environment: environment, card: card, layout: layout) { output.note(note) }
  }

  /// Why a card is not at the `--position` asked, for a note on stderr; nil when it is (or none was
  /// asked). A card that cannot be dragged is always extended (CardLayout's Layout rules).
  private static func positionNote(
    _ args: Arguments, environment: LayoutEnvironment, card: CardState, layout: ScreenLayout
  )
    -> String?
  {
    guard let asked = args[CardOptions().position.option], asked != layout.position else { return nil }
    let why =
      environment.vertical == .compact
      ? "with compact height (a phone in landscape) a card cannot be dragged"
      : layout.presentation == .sidebar
        ? "a sidebar cannot be dragged"
        : !card.hasMapContent
          ? "a card without map content ('--no-map-content') cannot be dragged"
          : card.overlaysHidden ? "with the overlays hidden the card cannot be dragged" : "the card cannot be dragged"
    return "note: the card is \(layout.position.rawValue), not \(asked.rawValue): \(why) and is always "
      + "\(layout.position.rawValue)\n"
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

extension Option<Insets> {
  /// `top=..,left=..,bottom=..,right=..`, each edge at most once.
  static func insets(_ name: String, _ help: String) -> Option<Insets> {
    Option(name, "insets", expected: "top=..,left=..,bottom=..,right=..", help: help, read: LayoutOptions.parseInsets)
  }
}

extension Option<OSVersion> {
  /// `27`, `27.1`.
  static func version(_ name: String, _ help: String) -> Option<OSVersion> {
    Option(name, "version", expected: "a version such as 27 or 27.1", help: help, read: OSVersion.init)
  }
}

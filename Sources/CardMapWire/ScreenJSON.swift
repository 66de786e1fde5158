import CardMap

/// A screen and a card from their JSON form: the web engine's `screen` and `card` (CardMap's article
/// On the web names each member). Each member is checked for type and range where it is read, with
/// its path; what the layout engine itself refuses (a safe area larger than the view) is named too.
extension LayoutEnvironment {
  /// The screen `fields` describes: `width` and `height` (required), `safeArea`, `os`, `sdk`, `mode`,
  /// `fullScreen`, `header`, `rtl`, `horizontal`, `vertical`, `idiom`, `verticalBar` and `keyboard` (the
  /// on-screen keyboard's height, 0 by default).
  public init(json fields: JSONFields) throws(JSONInputError) {
    let positive = "a finite number > 0"
    let width = try fields.number("width", positive, required: true, accepts: { $0 > 0 }) ?? 0
    let height = try fields.number("height", positive, required: true, accepts: { $0 > 0 }) ?? 0
    let safeArea = try fields.insets("safeArea") ?? .zero
    var bar: VerticalBar?
    if let object = try fields.object("verticalBar", nullable: true) {
      bar = VerticalBar(
        edge: try object.choice("edge", HorizontalEdge.self) ?? .leading,
        width: try object.number("width", positive, required: true, accepts: { $0 > 0 }) ?? 0)
      try object.checkNoOthers()
    }
    let (horizontal, vertical) = (
      try fields.choice("horizontal", SizeClass.self), try fields.choice("vertical", SizeClass.self)
    )
    let (idiom, os, sdk) = (try fields.choice("idiom", Idiom.self), try fields.version("os"), try fields.version("sdk"))
    let mode = try fields.choice("mode", CardMode.self) ?? .floating
    let fullScreen = try fields.bool("fullScreen") ?? true
    let header = try fields.number("header", "a finite number ≥ 0 or null", nullable: true, accepts: { $0 >= 0 })
    let rtl = try fields.bool("rtl") ?? false
    let keyboard = try fields.number("keyboard", "a finite height ≥ 0", accepts: { $0 >= 0 }) ?? 0
    try fields.checkNoOthers()
    do throws(LayoutError) {
      self = try LayoutEnvironment(
        width: width, height: height, safeArea: safeArea, horizontal: horizontal, vertical: vertical, idiom: idiom,
        os: os ?? OSVersion(27), sdk: sdk, mode: mode, presentedFullScreen: fullScreen, header: header,
        verticalBar: bar, rtl: rtl, keyboard: keyboard)
    } catch {
      throw JSONInputError(path: fields.path(error.input), error.reason)
    }
  }
}

extension LayoutEnvironment {
  /// The screen as `init(json:)` reads it, every member written (the traits as derived).
  public var json: JSONValue {
    .object([
      ("width", .number(width)), ("height", .number(height)), ("safeArea", JSONValue(safeArea)),
      ("horizontal", .string(horizontal.rawValue)), ("vertical", .string(vertical.rawValue)),
      ("idiom", .string(idiom.rawValue)), ("os", .string(os.description)), ("sdk", .string(sdk.description)),
      ("mode", .string(mode.rawValue)), ("fullScreen", .bool(presentedFullScreen)),
      ("header", header.map(JSONValue.number) ?? .null),
      (
        "verticalBar",
        verticalBar.map { .object([("edge", .string($0.edge.rawValue)), ("width", .number($0.width))]) } ?? .null
      ),
      ("rtl", .bool(rtl)), ("keyboard", .number(keyboard)),
    ])
  }
}

extension CardState {
  /// The card as `init(json:)` reads it, every member written.
  public var json: JSONValue {
    var placement: (String, JSONValue) {
      switch self.placement {
      case .settled(let position): ("position", .string(position.rawValue))
      case .dragging(let y): ("y", .number(y))
      }
    }
    let members: [(String, JSONValue)] = [
      placement, ("titleHeight", .number(titleHeight)), ("hasMapContent", .bool(hasMapContent)),
      ("topButtons", .number(Double(topButtons))), ("bottomButtons", .number(Double(bottomButtons))),
      ("closeButton", .bool(showsCloseButton)), ("paging", .bool(isPaging)),
      ("verticalBarActions", .number(Double(verticalBarActions))), ("overlaysHidden", .bool(overlaysHidden)),
    ]
    return .object(members + CardLook(self).members)
  }
}

extension CardState {
  /// The card `fields` describes: settled at `position` (default peaking) or dragged with its top at
  /// `y` (not both), its title, buttons, bearing, info view and the rest.
  public init(json fields: JSONFields) throws(JSONInputError) {
    let position = try fields.choice("position", CardPosition.self)
    let y = try fields.number("y")
    if position != nil, y != nil {
      throw JSONInputError(path: fields.path("y"), "give either \"position\" or \"y\", not both")
    }
    let count = 0...64
    // (The ranges are the layout engine's to check, in its words: the command line's.)
    let titleHeight = try fields.number("titleHeight")
    let hasMapContent = try fields.bool("hasMapContent") ?? true
    let top = try fields.integer("topButtons", in: count) ?? 0
    let bottom = try fields.integer("bottomButtons", in: count) ?? 0
    let (close, paging) = (try fields.bool("closeButton") ?? false, try fields.bool("paging") ?? false)
    let actions = try fields.integer("verticalBarActions", in: count) ?? 0
    let look = try CardLook(json: fields)
    let hidden = try fields.bool("overlaysHidden") ?? false
    try fields.checkNoOthers()
    do throws(LayoutError) {
      self = try CardState(
        placement: y.map { .dragging(y: $0) } ?? .settled(position ?? .peaking),
        titleHeight: titleHeight ?? CardState.defaultTitleHeight, hasMapContent: hasMapContent, topButtons: top,
        bottomButtons: bottom, showsCloseButton: close, isPaging: paging, verticalBarActions: actions,
        floatingItems: look.floatingItems, floatingAlignment: look.floatingAlignment, showsCompass: look.compass,
        showsUserTracking: look.userTracking, bearing: look.bearing, infoView: look.infoView, overlaysHidden: hidden,
        contentHeight: look.contentHeight)
    } catch {
      throw JSONInputError(path: fields.path(error.input), error.reason)
    }
  }
}

/// What a card shows besides its title, toolbars and vertical-bar actions, as JSON members, read and
/// written alike in a layout's card (`CardState`), a stack's pushed card (`StackScript`) and a
/// snapshot's entry: `floatingItems`, `floatingAlignment`, `compass`, `userTracking`, `bearing`,
/// `infoView` (`{width, height}` or null) and `contentHeight` (a number or null). `floatingItems` is
/// read as a whole number from 0 to 64, as a layout's card always read it; the other ranges are the
/// layout engine's to check (`CardState`, `Card`), in its words.
struct CardLook {
  var floatingItems = 0
  var floatingAlignment = FloatingAlignment.center
  var compass = false
  var userTracking = false
  var bearing = 0.0
  var infoView: Size?
  var contentHeight: Double?

  init(
    floatingItems: Int, floatingAlignment: FloatingAlignment, compass: Bool, userTracking: Bool, bearing: Double,
    infoView: Size?, contentHeight: Double?
  ) {
    (self.floatingItems, self.floatingAlignment, self.compass, self.userTracking) = (
      floatingItems, floatingAlignment, compass, userTracking
    )
    (self.bearing, self.infoView, self.contentHeight) = (bearing, infoView, contentHeight)
  }

  init(_ state: CardState) {
    self.init(
      floatingItems: state.floatingItems, floatingAlignment: state.floatingAlignment, compass: state.showsCompass,
      userTracking: state.showsUserTracking, bearing: state.bearing, infoView: state.infoView,
      contentHeight: state.contentHeight)
  }

  /// The members of `fields` (each may be left out).
  init(json fields: JSONFields) throws(JSONInputError) {
    floatingItems = try fields.integer("floatingItems", in: 0...64) ?? 0
    floatingAlignment = try fields.choice("floatingAlignment", FloatingAlignment.self) ?? .center
    (compass, userTracking) = (try fields.bool("compass") ?? false, try fields.bool("userTracking") ?? false)
    bearing = try fields.number("bearing") ?? 0
    if let object = try fields.object("infoView", nullable: true) {
      infoView = Size(
        width: try object.number("width", required: true) ?? 0, height: try object.number("height", required: true) ?? 0
      )
      try object.checkNoOthers()
    }
    contentHeight = try fields.number("contentHeight", "a finite number or null", nullable: true)
  }

  /// Every member, in that order.
  var members: [(String, JSONValue)] {
    [
      ("floatingItems", .number(Double(floatingItems))), ("floatingAlignment", .string(floatingAlignment.rawValue)),
      ("compass", .bool(compass)), ("userTracking", .bool(userTracking)), ("bearing", .number(bearing)),
      ("infoView", infoView.map { .object([("width", .number($0.width)), ("height", .number($0.height))]) } ?? .null),
      ("contentHeight", contentHeight.map(JSONValue.number) ?? .null),
    ]
  }
}

extension JSONFields {
  /// An OS or SDK version: a string such as `"27"` or `"26.1"`, or the number 27 or 26.1 as written.
  func version(_ name: String) throws(JSONInputError) -> OSVersion? {
    try read(name, "a version such as \"27\" or \"26.1\"") { value in
      switch value {
      case .string(let text), .number(let text): OSVersion(text)
      default: nil
      }
    }
  }
}

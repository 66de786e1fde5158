import CardMap

/// A screen and a card from their JSON form: the web engine's `screen` and `card` (CardMap's article
/// On the web names each member). Each member is checked for type and range where it is read, with
/// its path; what the layout engine itself refuses (a safe area larger than the view) is named too.
extension LayoutEnvironment {
  /// The screen `fields` describes: `width` and `height` (required), `safeArea`, `os`, `sdk`, `mode`,
  /// `fullScreen`, `header`, `rtl`, `horizontal`, `vertical`, `idiom` and `verticalBar`.
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
    try fields.checkNoOthers()
    do throws(LayoutError) {
      self = try LayoutEnvironment(
        width: width, height: height, safeArea: safeArea, horizontal: horizontal, vertical: vertical, idiom: idiom,
        os: os ?? OSVersion(27), sdk: sdk, mode: mode, presentedFullScreen: fullScreen, header: header,
        verticalBar: bar, rtl: rtl)
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
      ("rtl", .bool(rtl)),
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
    return .object([
      placement, ("titleHeight", .number(titleHeight)), ("hasMapContent", .bool(hasMapContent)),
      ("topButtons", .number(Double(topButtons))), ("bottomButtons", .number(Double(bottomButtons))),
      ("closeButton", .bool(showsCloseButton)), ("paging", .bool(isPaging)),
      ("verticalBarActions", .number(Double(verticalBarActions))), ("floatingItems", .number(Double(floatingItems))),
      ("floatingAlignment", .string(floatingAlignment.rawValue)), ("compass", .bool(showsCompass)),
      ("userTracking", .bool(showsUserTracking)), ("bearing", .number(bearing)),
      ("infoView", infoView.map { .object([("width", .number($0.width)), ("height", .number($0.height))]) } ?? .null),
      ("overlaysHidden", .bool(overlaysHidden)), ("contentHeight", contentHeight.map(JSONValue.number) ?? .null),
    ])
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
    var info: Size?
    if let object = try fields.object("infoView", nullable: true) {
      info = Size(
        width: try object.number("width", required: true) ?? 0, height: try object.number("height", required: true) ?? 0
      )
      try object.checkNoOthers()
    }
    // (The ranges are the layout engine's to check, in its words: the command line's.)
    let titleHeight = try fields.number("titleHeight")
    let hasMapContent = try fields.bool("hasMapContent") ?? true
    let top = try fields.integer("topButtons", in: count) ?? 0
    let bottom = try fields.integer("bottomButtons", in: count) ?? 0
    let (close, paging) = (try fields.bool("closeButton") ?? false, try fields.bool("paging") ?? false)
    let actions = try fields.integer("verticalBarActions", in: count) ?? 0
    let floating = try fields.integer("floatingItems", in: count) ?? 0
    let alignment = try fields.choice("floatingAlignment", FloatingAlignment.self) ?? .center
    let (compass, tracking) = (try fields.bool("compass") ?? false, try fields.bool("userTracking") ?? false)
    let bearing = try fields.number("bearing") ?? 0
    let hidden = try fields.bool("overlaysHidden") ?? false
    let contentHeight = try fields.number("contentHeight", "a finite number or null", nullable: true)
    try fields.checkNoOthers()
    do throws(LayoutError) {
      self = try CardState(
        placement: y.map { .dragging(y: $0) } ?? .settled(position ?? .peaking),
        titleHeight: titleHeight ?? CardState.defaultTitleHeight, hasMapContent: hasMapContent, topButtons: top,
        bottomButtons: bottom, showsCloseButton: close, isPaging: paging, verticalBarActions: actions,
        floatingItems: floating, floatingAlignment: alignment, showsCompass: compass, showsUserTracking: tracking,
        bearing: bearing, infoView: info, overlaysHidden: hidden, contentHeight: contentHeight)
    } catch {
      throw JSONInputError(path: fields.path(error.input), error.reason)
    }
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

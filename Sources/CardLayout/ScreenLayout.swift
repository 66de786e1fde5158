/// Where everything is on screen for one environment and card state (<doc:LayoutRules>).
///
/// All rects are in view coordinates (origin top-left, y down); under RTL every horizontal rule is
/// mirrored.
///
/// ```swift
/// let env = try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26))
/// let layout = ScreenLayout(environment: env, card: try CardState(titleHeight: 76))
/// layout.mapInsets.bottom  // 451.5
/// ```
public struct ScreenLayout: Hashable, Sendable {
  public var presentation: Presentation
  public var usesSystemSheet: Bool
  /// The position the card is at, or counts as during a drag.
  public var position: CardPosition
  /// E, P and C; all three E when the card cannot be dragged.
  public var positions: CardPositions
  /// Whether the card can be dragged: not with compact height, in a sidebar, or without map content.
  public var draggable: Bool
  public var card: Rect
  /// The header's frame, or nil without a header.
  public var header: Rect?
  /// The map's insets: absolute distances from the view's edges (<doc:LayoutRules#Map-insets-and-the-visible-rect>).
  public var mapInsets: Insets
  /// The view minus `mapInsets`.
  public var visibleRect: Rect
  /// The whole view, `{0, 0, W, H}`.
  public var view: Rect
  /// The black layer over the map: 0.25 while a classic bottom card is extended (<doc:LayoutRules#Dimming-alphas-and-buttons>).
  public var mapDimAlpha: Double
  /// Whether the map takes touches (not while dimmed).
  public var mapInteractive: Bool
  /// The card content's alpha: `clamp((C − y)/(C − P), 0, 1)` in bottom layouts, else 1.
  public var contentAlpha: Double
  /// The map buttons' alpha (<doc:LayoutRules#Dimming-alphas-and-buttons>).
  public var buttonAlpha: Double
  public var topToolbar: Rect?
  public var bottomToolbar: Rect?
  /// What the toolbars hold, from which `toolbarItems` is made when asked: a drag lays out every
  /// frame, and most frames need only the toolbars' rects.
  var toolbarContents: ToolbarContents
  /// Every item of both toolbars with its role: the persistent compass and user-tracking buttons
  /// first in the top toolbar, then the card's (<doc:ControllerRules#Map-buttons>).
  public var toolbarItems: [ToolbarItem] { toolbarContents.items(top: topToolbar, bottom: bottomToolbar) }
  /// The card's floating toolbar, or nil (<doc:ControllerRules#Floating-card-toolbar>).
  public var floatingToolbar: Rect?
  /// Its items' frames, leading first (right to left in a right-to-left layout); made when asked,
  /// not with every layout (a frame's layout needs none).
  public var floatingItems: [Rect] {
    let items = FloatingToolbar.items(floatingItemCount, along: floatingToolbar)
    return floatingItemsMirrored ? items.reversed() : items
  }
  /// How many items the floating toolbar has, and whether they run right to left.
  let floatingItemCount: Int
  let floatingItemsMirrored: Bool
  /// The app's info banner, or nil (<doc:ControllerRules#Info-view>).
  public var infoView: Rect?
  /// The card's alpha: 0 while the map overlays are hidden, else 1 (<doc:ControllerRules#Map-overlays-off>).
  public var cardAlpha: Double
  /// The height the card shows its content in at this position: `H − top − titleHeight − sB`, at
  /// least 0 (<doc:ControllerRules#Content-size>).
  public var contentAreaHeight: Double
  /// Whether the card's content scrolls: only when it is taller than `contentAreaHeight`; nil when
  /// the content's height is not known. Content that does not scroll gives `ScrollHandoff` a
  /// `maxOffset` of 0, so a drag always moves the card.
  public var contentScrollable: Bool?
  public var verticalBar: VerticalBarLayout?
  /// Whether the card's vertical-bar actions show in the bar, so its content leaves them out.
  public var showsVerticalBarActions: Bool { verticalBar != nil }

  /// Whether a bearing is 0 up to whole turns (the compass hides).
  static func facesNorth(_ bearing: Double) -> Bool { bearing.truncatingRemainder(dividingBy: 360) == 0 }

  /// The black layer's alpha over the map while a classic bottom card is extended.
  public static let extendedDimAlpha = 0.25

  /// Lays out `card` in `env`. Never fails: both inputs were checked when they were made.
  ///
  /// A drag's `y` outside the view is clamped to `0...H`. With an on-screen keyboard, everything is
  /// laid out above it (`LayoutEnvironment.aboveKeyboard`) and the map's bottom inset, measured in the
  /// whole view, includes it (<doc:LayoutRules#The-on-screen-keyboard>).
  public init(environment given: LayoutEnvironment, card state: CardState) {
    let env = given.aboveKeyboard
    let presentation = env.presentation
    let natural = CardPositions(environment: given, titleHeight: state.titleHeight)
    let draggable =
      env.vertical == .regular && presentation != .sidebar && state.hasMapContent && !state.overlaysHidden
    var position: CardPosition = .extended
    var top = natural.extended
    if draggable {
      switch state.placement {
      case .settled(let settled):
        position = settled
        top = natural[settled]
      case .dragging(let y):
        top = clamp(y, 0, env.height)
        position = natural.classify(top)
      }
    }
    let card = env.logicalCardFrame(top: top)
    let headerMovesItems = env.header != nil && presentation.isBottom
    // The compass takes no space while the map faces north: it hides itself and its slot collapses.
    let contents = ToolbarContents(
      compass: state.showsCompass && !Self.facesNorth(state.bearing), userTracking: state.showsUserTracking,
      topCards: state.topButtons, bottomCards: state.bottomButtons, topMovedToBottom: headerMovesItems,
      mirrored: env.rtl)
    let topItems = contents.topCount
    let bottomItems = contents.bottomCount
    let insets =
      state.overlaysHidden
      ? Insets.zero
      : env.logicalMapInsets(card: card, positions: natural, bottomToolbarItems: bottomItems)
        .clamped(width: env.width, height: env.height)

    self.presentation = presentation
    usesSystemSheet = env.usesSystemSheet
    self.position = position
    positions =
      draggable
      ? natural : CardPositions(extended: natural.extended, peaking: natural.extended, collapsed: natural.extended)
    self.draggable = draggable
    mapDimAlpha = presentation == .classicBottom && position == .extended ? Self.extendedDimAlpha : 0
    mapInteractive = mapDimAlpha == 0
    if state.overlaysHidden {
      contentAlpha = 0
      buttonAlpha = 0
    } else if presentation.isBottom {
      let span = natural.collapsed - natural.peaking
      contentAlpha = span > 0 ? clamp((natural.collapsed - top) / span, 0, 1) : 1
      buttonAlpha = Toolbars.alpha(y: top, positions: natural)
    } else {
      contentAlpha = 1
      buttonAlpha = 1
    }
    cardAlpha = state.overlaysHidden ? 0 : 1
    let area = max(env.height - top - state.titleHeight - env.safeArea.bottom, 0)
    contentAreaHeight = area
    contentScrollable = state.contentHeight.map { $0 > area }
    let width = env.width
    let mirror = env.rtl
    func screen(_ rect: Rect) -> Rect { mirror ? rect.mirrored(in: width) : rect }
    self.card = screen(card)
    header = env.logicalHeaderFrame(card: card).map(screen)
    var whole = mirror ? insets.mirrored : insets
    whole.bottom += given.keyboard
    mapInsets = whole
    visibleRect = whole.rect(inWidth: given.width, height: given.height)
    view = Rect(x: 0, y: 0, width: given.width, height: given.height)
    let logicalTop = env.logicalTopToolbar(items: topItems)
    let logicalBottom = env.logicalBottomToolbar(items: bottomItems, cardTop: top)
    topToolbar = logicalTop.map(screen)
    bottomToolbar = logicalBottom.map(screen)
    toolbarContents = contents
    let floating = FloatingToolbar.frame(
      items: state.floatingItems, alignment: state.floatingAlignment, card: card, viewHeight: env.height,
      safeBottom: env.safeArea.bottom)
    floatingToolbar = floating.map(screen)
    (floatingItemCount, floatingItemsMirrored) = (state.floatingItems, mirror)
    let toolbarEdge = logicalTop?.minX ?? (env.width - env.obstruction(.trailing))
    infoView = InfoView.frame(
      size: state.infoView, left: presentation.isBottom ? env.obstruction(.leading) : card.maxX, right: toolbarEdge,
      top: env.safeArea.top
    ).map(screen)
    let bar = VerticalBarLayout(env: env, card: state)
    verticalBar = mirror ? bar?.mirrored(in: width) : bar
  }
}

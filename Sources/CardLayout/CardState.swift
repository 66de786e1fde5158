import JSONValues

/// A settled card position (<doc:LayoutRules#Card-positions>).
public enum CardPosition: String, Hashable, Sendable, CaseIterable {
  /// Only the title shows.
  case collapsed
  /// About half the card shows, with the map above it.
  case peaking
  /// The card shows fully; a little of the map above it.
  case extended

  /// One step up: collapsed → peaking → extended; extended stays (title tap, ⌃↑; <doc:Gestures>).
  public var expanded: CardPosition {
    switch self {
    case .collapsed: .peaking
    case .peaking, .extended: .extended
    }
  }

  /// One step down: extended → peaking → collapsed; collapsed stays (⌃↓; <doc:Gestures>).
  public var collapsedOneStep: CardPosition {
    switch self {
    case .extended: .peaking
    case .peaking, .collapsed: .collapsed
    }
  }
}

/// Where the card is: settled at a position, or its top edge at `y` during a drag.
public enum CardPlacement: Hashable, Sendable {
  case settled(CardPosition)
  case dragging(y: Double)
}

/// The card's side of the layout inputs (<doc:LayoutRules#Inputs>).
public struct CardState: Hashable, Sendable {
  public var placement: CardPlacement
  /// The card's header (grab handle + title) height.
  public var titleHeight: Double
  /// Whether the top card has map content; without it the card is always extended (<doc:LayoutRules#Card-positions>).
  public var hasMapContent: Bool
  /// Number of 44×44 map buttons in the top toolbar.
  public var topButtons: Int
  /// Number of 44×44 map buttons in the bottom toolbar.
  public var bottomButtons: Int
  /// Whether the card shows a close button (every card but the root, CardMap's Card stacks and map managers).
  public var showsCloseButton: Bool
  /// Whether the card is a paging card (previous/next buttons in the vertical bar).
  public var isPaging: Bool
  /// The card's vertical-bar actions, shown icon-only at the bottom of the bar.
  public var verticalBarActions: Int
  /// The card's own floating buttons (<doc:ControllerRules#Floating-card-toolbar>): how many, and how the row sits.
  public var floatingItems: Int
  public var floatingAlignment: FloatingAlignment
  /// Persistent map buttons at the start of the top toolbar (<doc:ControllerRules#Map-buttons>): the compass,
  /// shown only while `bearing` is not 0, and the user-tracking button.
  public var showsCompass: Bool
  public var showsUserTracking: Bool
  /// The map's bearing, for the compass.
  public var bearing: Double
  /// The size of the app's info banner over the map, or nil for none (<doc:ControllerRules#Info-view>).
  public var infoView: Size?
  /// The card and every button hidden, the whole map visible (<doc:ControllerRules#Map-overlays-off>).
  public var overlaysHidden: Bool
  /// The height of the card's content, or nil when unknown (<doc:ControllerRules#Content-size>).
  public var contentHeight: Double?

  /// The card's header (grab handle and title) height when none is given.
  public static let defaultTitleHeight = 64.0

  public init(
    placement: CardPlacement = .settled(.peaking), titleHeight: Double = CardState.defaultTitleHeight,
    hasMapContent: Bool = true, topButtons: Int = 0, bottomButtons: Int = 0,
    showsCloseButton: Bool = false, isPaging: Bool = false, verticalBarActions: Int = 0, floatingItems: Int = 0,
    floatingAlignment: FloatingAlignment = .center, showsCompass: Bool = false, showsUserTracking: Bool = false,
    bearing: Double = 0, infoView: Size? = nil, overlaysHidden: Bool = false, contentHeight: Double? = nil
  ) throws(LayoutError) {
    if case .dragging(let y) = placement, !y.isFinite {
      throw LayoutError(input: "y", reason: "expected a finite number, got \(y)")
    }
    guard titleHeight.isFinite, titleHeight > 0 else {
      throw LayoutError(input: "titleHeight", reason: "expected a positive finite height, got \(titleHeight)")
    }
    for (name, count) in [
      ("topButtons", topButtons), ("bottomButtons", bottomButtons), ("verticalBarActions", verticalBarActions),
      ("floatingItems", floatingItems),
    ] where !(0...64).contains(count) {
      throw LayoutError(input: name, reason: "expected a count from 0 to 64, got \(count)")
    }
    guard bearing.isFinite else {
      throw LayoutError(input: "bearing", reason: "expected a finite number, got \(bearing)")
    }
    if let infoView,
      !(infoView.width.isFinite && infoView.height.isFinite && infoView.width >= 0 && infoView.height >= 0)
    {
      throw LayoutError(input: "infoView", reason: "expected a finite size ≥ 0, got \(infoView)")
    }
    if let contentHeight, !(contentHeight.isFinite && contentHeight >= 0) {
      throw LayoutError(input: "contentHeight", reason: "expected a finite height ≥ 0, got \(contentHeight)")
    }
    self.placement = placement
    self.titleHeight = titleHeight
    self.hasMapContent = hasMapContent
    self.topButtons = topButtons
    self.bottomButtons = bottomButtons
    self.showsCloseButton = showsCloseButton
    self.isPaging = isPaging
    self.verticalBarActions = verticalBarActions
    self.floatingItems = floatingItems
    self.floatingAlignment = floatingAlignment
    self.showsCompass = showsCompass
    self.showsUserTracking = showsUserTracking
    self.bearing = bearing
    self.infoView = infoView
    self.overlaysHidden = overlaysHidden
    self.contentHeight = contentHeight
  }
}

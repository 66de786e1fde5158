/// A card in a stack (<doc:StacksAndManagers>): what it shows on the map and how it wants to sit.
public struct Card {
  public var id: String
  /// The position the card asks for when pushed; nil keeps the current one.
  public var preferredPosition: CardPosition?
  /// The card's map manager, or nil for a card without map content (always extended).
  public var mapManager: MapManager?
  /// The children of a paging card, on one level; empty for other cards.
  public var pages: [Page]
  /// Rows of a table card, for the keyboard highlight; 0 for other cards.
  public var rows: Int
  /// The card's checked layout inputs (title height, toolbar buttons, vertical-bar actions, floating
  /// buttons, compass, bearing, info view…); the stack sets its placement, close button, paging, map
  /// content and whether overlays are hidden.
  public private(set) var state: CardState

  public var titleHeight: Double { state.titleHeight }
  public var topButtons: Int { state.topButtons }
  public var bottomButtons: Int { state.bottomButtons }
  /// Actions the card puts in the vertical bar.
  public var verticalBarActions: Int { state.verticalBarActions }

  /// A child of a paging card.
  public struct Page {
    public var id: String
    public var mapManager: MapManager?

    public init(id: String, mapManager: MapManager?) {
      self.id = id
      self.mapManager = mapManager
    }
  }

  /// A card with its title, toolbars and vertical-bar actions, and the rest of what a layout's card
  /// shows (`CardState`'s members of the same names): its floating buttons and their alignment, the
  /// compass and the user-tracking button, the map's bearing, an info view and its content's height.
  ///
  /// - Throws: `LayoutError` for a title height that is not positive and finite, counts out of
  ///   range, or a bearing, info view or content height that is not finite (as `CardState`).
  public init(
    id: String, preferredPosition: CardPosition? = nil, mapManager: MapManager? = nil, pages: [Page] = [],
    rows: Int = 0, titleHeight: Double = CardState.defaultTitleHeight, topButtons: Int = 0, bottomButtons: Int = 0,
    verticalBarActions: Int = 0, floatingItems: Int = 0, floatingAlignment: FloatingAlignment = .center,
    showsCompass: Bool = false, showsUserTracking: Bool = false, bearing: Double = 0, infoView: Size? = nil,
    contentHeight: Double? = nil
  ) throws(LayoutError) {
    guard rows >= 0 else { throw LayoutError(input: "rows", reason: "expected a count ≥ 0, got \(rows)") }
    self.id = id
    self.preferredPosition = preferredPosition
    self.mapManager = mapManager
    self.pages = pages
    self.rows = rows
    state = try CardState(
      titleHeight: titleHeight, topButtons: topButtons, bottomButtons: bottomButtons,
      isPaging: !pages.isEmpty, verticalBarActions: verticalBarActions, floatingItems: floatingItems,
      floatingAlignment: floatingAlignment, showsCompass: showsCompass, showsUserTracking: showsUserTracking,
      bearing: bearing, infoView: infoView, contentHeight: contentHeight)
  }

  public var isPaging: Bool { !pages.isEmpty }

  /// The manager in use with `page` showing: a paging card uses its current child's (<doc:StacksAndManagers>).
  public func manager(page: Int) -> MapManager? {
    guard isPaging else { return mapManager }
    return pages[min(max(page, 0), pages.count - 1)].mapManager
  }
}

/// Cards in a column that open one at a time into a taller detail card (<doc:OtherCardSystems>).
///
/// `cardHeight = max(44, cardHeight)` (default 180), `expandedHeight = max(cardHeight,
/// expandedHeight)` (default 440). This project's own choices, as the expanding-cards design leaves them open: cards
/// are 16 pt apart and 16 pt from the sides and the safe area's top, corner radius 24; the open
/// card grows in place and pushes the cards below it down; a downward drag of 120 pt (or a flick at
/// 1000 pt/s) closes it, and `dismissProgress` runs 0 → 1 over that distance.
public struct ExpandingCards: Hashable, Sendable {
  public var count: Int
  public let cardHeight: Double
  public let expandedHeight: Double
  /// The open card, or nil.
  public private(set) var selected: Int?

  /// A closed card's height when none is given.
  public static let defaultCardHeight = 180.0
  /// The open card's height when none is given.
  public static let defaultExpandedHeight = 440.0
  /// The least card height: one touch target.
  public static let minimumCardHeight = 44.0
  /// The gap between two cards (this project's choice).
  public static let spacing = 16.0
  /// The gap from the view's sides and the safe area's top (this project's choice).
  public static let margin = 16.0
  /// Every card's corner radius (this project's choice).
  public static let cornerRadius = 24.0
  /// How far a downward drag must go to close the open card; a flick at
  /// `ModalCard.dismissVelocity` closes it too (this project's choice).
  public static let dismissDistance = 120.0

  public init(
    count: Int, cardHeight: Double = ExpandingCards.defaultCardHeight,
    expandedHeight: Double = ExpandingCards.defaultExpandedHeight, selected: Int? = nil
  ) {
    self.count = max(count, 0)
    let card = cardHeight.isFinite ? max(Self.minimumCardHeight, cardHeight) : Self.defaultCardHeight
    self.cardHeight = card
    self.expandedHeight = expandedHeight.isFinite ? max(card, expandedHeight) : max(card, Self.defaultExpandedHeight)
    self.selected = selected.flatMap { (0..<self.count).contains($0) ? $0 : nil }
  }

  /// Opens card `index` (closing any other: one selection at a time); nil or out of range closes.
  public mutating func select(_ index: Int?) {
    selected = index.flatMap { (0..<count).contains($0) ? $0 : nil }
  }

  /// The cards' frames in a view `width` wide whose safe area starts at `top`; the open card moved
  /// `drag` points down (a drag towards closing it under way; never up), `height` tall (nil: open
  /// all the way, `expandedHeight`; between `cardHeight` and it while it opens or closes). A drag
  /// left as the card closes shrinks with it, in proportion to how open it still is, so that the
  /// card lands in its place in the column.
  public func frames(width: Double, top: Double, drag: Double = 0, height: Double? = nil) -> [Rect] {
    let open = min(max(height ?? expandedHeight, cardHeight), expandedHeight)
    let openness = expandedHeight > cardHeight ? (open - cardHeight) / (expandedHeight - cardHeight) : 1
    var y = top + Self.margin
    return (0..<count).map { index in
      let height = index == selected ? open : cardHeight
      var frame = Rect(x: Self.margin, y: y, width: max(width - 2 * Self.margin, 0), height: height)
      y += height + Self.spacing
      if index == selected { frame.y += max(drag, 0) * openness }
      return frame
    }
  }

  /// The selected card opening from `height` (a closed card's, `cardHeight`, when it starts) to
  /// `expandedHeight`, with a push's timing (the cards below make room as it grows).
  public func opening(from height: Double) -> CardMotion {
    CardMotion(
      kind: .push, from: height, to: expandedHeight, duration: CardMotion.pushDuration, damping: CardMotion.popDamping)
  }

  /// The open card closing from `height` to `cardHeight`, with a pop's timing.
  public func closing(from height: Double) -> CardMotion {
    CardMotion(
      kind: .pop, from: height, to: cardHeight, duration: CardMotion.popDuration, damping: CardMotion.popDamping)
  }

  /// A drag of the open card released short of closing: back from `drag` to 0, as a snap springs.
  public static func springingBack(from drag: Double) -> CardMotion {
    CardMotion(kind: .snap, from: drag, to: 0, duration: CardMotion.pushDuration, damping: CardMotion.snapDamping)
  }

  /// Whether releasing a drag of the open card `drag` points down at `velocity` (pt/s, down
  /// positive) closes it: far enough, or fast enough.
  public static func closes(drag: Double, velocity: Double) -> Bool {
    drag >= dismissDistance || velocity >= ModalCard.dismissVelocity
  }

  /// How far a downward drag of the open card has gone towards closing it, 0…1.
  public func dismissProgress(drag: Double) -> Double {
    min(max(drag / Self.dismissDistance, 0), 1)
  }

  /// Releases a drag of the open card: far enough, or fast enough, closes it.
  public mutating func release(drag: Double, velocity: Double) {
    if Self.closes(drag: drag, velocity: velocity) { selected = nil }
  }
}

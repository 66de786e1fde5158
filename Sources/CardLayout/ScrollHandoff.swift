/// Who moves when a finger drags inside a card's scrolling content (<doc:Gestures>).
///
/// Below extended, the card moves with the finger (and once it reaches extended, the rest of an
/// upward drag scrolls the content). At extended, the content scrolls; a downward drag with the
/// content at its top hands the rest of the gesture to the card, whose top follows the overscroll.
public struct ScrollHandoff: Hashable, Sendable {
  /// The card's top edge.
  public var cardY: Double
  /// The content's scroll offset, 0 at its top.
  public var contentOffset: Double

  public init(cardY: Double, contentOffset: Double) {
    self.cardY = cardY
    self.contentOffset = max(contentOffset, 0)
  }

  /// Applies a finger movement of `translation` pt (positive is down) in a card whose extended
  /// top is `extended` and whose content can scroll down by at most `maxOffset`.
  public mutating func drag(by translation: Double, extended: Double, maxOffset: Double = .infinity) {
    guard translation.isFinite else { return }
    if translation < 0 {
      // Up: the card rises to extended first, then the content scrolls.
      let cardRoom = max(cardY - extended, 0)
      let cardMove = min(-translation, cardRoom)
      cardY -= cardMove
      contentOffset = min(contentOffset + (-translation - cardMove), max(maxOffset, 0))
    } else {
      // Down: the content scrolls back to its top first, then the card follows the overscroll.
      let scroll = min(translation, contentOffset)
      contentOffset -= scroll
      cardY += translation - scroll
    }
  }
}

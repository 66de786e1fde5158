/// Modal cards presented one at a time, in order (beyond Cardboard: its own TODO list).
///
/// Each level (the whole window, or one view) shows at most one card; cards enqueued while one is
/// showing wait their turn, first in first out. Levels are independent, so a window-level
/// notification can show over a view's card.
///
/// ```swift
/// var queue = ModalQueue<String>()
/// queue.enqueue("first", level: .window)   // shows "first"
/// queue.enqueue("second", level: .window)  // waits
/// queue.dismiss(level: .window)            // shows "second"
/// ```
public struct ModalQueue<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Where a card is presented.
  public enum Level: Hashable, Sendable {
    case window
    case view(String)
  }

  private var showing: [Level: Item] = [:]
  private var waiting: [Level: [Item]] = [:]

  public init() {}

  /// Presents `item` now if its level is free, else queues it. Returns whether it shows now.
  @discardableResult
  public mutating func enqueue(_ item: Item, level: Level) -> Bool {
    guard showing[level] == nil else {
      waiting[level, default: []].append(item)
      return false
    }
    showing[level] = item
    return true
  }

  /// The card showing at `level`, or nil.
  public func current(level: Level) -> Item? { showing[level] }

  /// Cards waiting at `level`, in order.
  public func pending(level: Level) -> [Item] { waiting[level] ?? [] }

  /// Dismisses the card at `level` and shows the next one; returns it, or nil when none waits.
  @discardableResult
  public mutating func dismiss(level: Level) -> Item? {
    showing[level] = nil
    guard var queue = waiting[level], !queue.isEmpty else { return nil }
    let next = queue.removeFirst()
    waiting[level] = queue.isEmpty ? nil : queue
    showing[level] = next
    return next
  }
}

/// A semi-modal card's two sizes (beyond Cardboard: the system share sheet's collapsed and expanded
/// states). The content height passed to `ModalCard.layout` is the one for the current state.
public struct SemiModalSize: Hashable, Sendable {
  public var collapsed: Double
  public var expanded: Double
  public var isExpanded: Bool

  /// `expanded` is at least `collapsed`.
  public init(collapsed: Double, expanded: Double, isExpanded: Bool = false) {
    self.collapsed = max(collapsed, 0)
    self.expanded = max(expanded, self.collapsed)
    self.isExpanded = isExpanded
  }

  /// The content height now.
  public var height: Double { isExpanded ? expanded : collapsed }

  /// After a vertical drag of `translation` (pt, down positive) released at `velocity`: up past half
  /// the difference (or a fast flick up) expands, down the same way collapses.
  public mutating func release(translation: Double, velocity: Double) {
    let half = (expanded - collapsed) / 2
    if translation < -half || velocity <= -ModalCard.dismissVelocity { isExpanded = true }
    if translation > half || velocity >= ModalCard.dismissVelocity { isExpanded = false }
  }
}

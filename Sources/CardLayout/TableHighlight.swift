/// The keyboard highlight in a table card (<doc:Gestures>): ↑/↓ move it, ⌘↑/⌘↓ go to the ends,
/// Space/Return select, Esc clears.
public struct TableHighlight: Hashable, Sendable {
  /// Rows in the table.
  public var count: Int
  /// The highlighted row, or nil.
  public var index: Int?
  /// The row selected by the last Space or Return, or nil.
  public var selected: Int?

  public init(count: Int, index: Int? = nil) {
    self.count = max(count, 0)
    self.index = index.flatMap { (0..<self.count).contains($0) ? $0 : nil }
  }

  /// Applies a key. ↓ with nothing highlighted starts at the first row, ↑ at the last; both stop
  /// at the ends. Keys that are not table keys change nothing.
  public mutating func apply(_ key: KeyCommand) {
    guard count > 0 else { return }
    switch key {
    case .previousItem: index = index.map { max($0 - 1, 0) } ?? count - 1
    case .nextItem: index = index.map { min($0 + 1, count - 1) } ?? 0
    case .firstItem: index = 0
    case .lastItem: index = count - 1
    case .space, .returnKey: selected = index
    case .escape: index = nil
    default: break
    }
  }
}

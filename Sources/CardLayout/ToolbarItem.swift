/// One 44 × 44 item of a map toolbar and what it is (<doc:ControllerRules#Map-buttons>).
public struct ToolbarItem: Hashable, Sendable {
  public enum Role: String, Hashable, Sendable, CaseIterable {
    /// The compass: shown only while the map is rotated.
    case compass
    /// The user-tracking button.
    case userTracking
    /// One of the card's own map buttons.
    case card
  }

  public var role: Role
  public var frame: Rect

  public init(role: Role, frame: Rect) {
    self.role = role
    self.frame = frame
  }

  /// The items along a toolbar's frame, 1 pt apart: down a vertical one, across a horizontal one
  /// (from its right end when `fromEnd`, as a right-to-left layout mirrors it).
  static func items(_ roles: [Role], along toolbar: Rect?, fromEnd: Bool) -> [ToolbarItem] {
    guard let toolbar else { return [] }
    let vertical = toolbar.height > toolbar.width
    let size = Toolbars.itemSize
    return roles.enumerated().map { index, role in
      let offset = Double(index) * (size + Toolbars.separator)
      let frame =
        vertical
        ? Rect(x: toolbar.minX, y: toolbar.minY + offset, width: size, height: size)
        : Rect(
          x: fromEnd ? toolbar.maxX - size - offset : toolbar.minX + offset, y: toolbar.minY, width: size, height: size)
      return ToolbarItem(role: role, frame: frame)
    }
  }
}

/// What the two toolbars hold: the persistent items first in the top one, then the card's; with a
/// header in a bottom layout, the top items move to the end of the bottom toolbar.
struct ToolbarContents: Hashable, Sendable {
  var compass: Bool
  var userTracking: Bool
  var topCards: Int
  var bottomCards: Int
  var topMovedToBottom: Bool
  var mirrored: Bool

  /// How many items each toolbar holds (counted without making the lists).
  var topCount: Int { topMovedToBottom ? 0 : topItemCount }
  var bottomCount: Int { bottomCards + (topMovedToBottom ? topItemCount : 0) }
  private var topItemCount: Int { (compass ? 1 : 0) + (userTracking ? 1 : 0) + topCards }

  /// What the top items are, wherever they show.
  private var topItemRoles: [ToolbarItem.Role] {
    (compass ? [.compass] : []) + (userTracking ? [.userTracking] : [])
      + Array(repeating: .card, count: topCards)
  }
  var topRoles: [ToolbarItem.Role] { topMovedToBottom ? [] : topItemRoles }
  var bottomRoles: [ToolbarItem.Role] {
    Array(repeating: .card, count: bottomCards) + (topMovedToBottom ? topItemRoles : [])
  }

  /// The items along the toolbars' (screen) frames.
  func items(top: Rect?, bottom: Rect?) -> [ToolbarItem] {
    ToolbarItem.items(topRoles, along: top, fromEnd: false)
      + ToolbarItem.items(bottomRoles, along: bottom, fromEnd: mirrored)
  }
}

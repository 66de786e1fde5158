/// One 44 × 44 item of a map toolbar and what it is (<doc:ControllerRules#Map-buttons>).
public struct ToolbarItem: Hashable, Sendable {
  public enum Role: String, Hashable, Sendable, CaseIterable, Codable {
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

  /// The items along a toolbar's frame, 1 pt apart: down a vertical one, across a horizontal one.
  static func items(_ roles: [Role], along toolbar: Rect?) -> [ToolbarItem] {
    guard let toolbar else { return [] }
    let vertical = toolbar.height > toolbar.width
    return roles.enumerated().map { index, role in
      let offset = Double(index) * (Toolbars.itemSize + Toolbars.separator)
      let frame =
        vertical
        ? Rect(x: toolbar.minX, y: toolbar.minY + offset, width: Toolbars.itemSize, height: Toolbars.itemSize)
        : Rect(x: toolbar.minX + offset, y: toolbar.minY, width: Toolbars.itemSize, height: Toolbars.itemSize)
      return ToolbarItem(role: role, frame: frame)
    }
  }
}

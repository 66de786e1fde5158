/// The vertical bar and its items (iOS 27.1+, <doc:LayoutRules#Inputs>; <doc:LayoutRules#Card-frame>), like Mail's on an outer display.
///
/// The top card's close button goes to the top of the bar, followed by the previous and next page
/// buttons of a paging card; the card's vertical-bar actions go to the bottom, icon-only. Items are
/// 44 × 44, centred across the bar, 8 pt apart; the top ones start 8 pt below the safe area's top,
/// the bottom ones end `max(sB, 8)` above the bottom edge (this project's choice: the platform gives no
/// spacing). They stay in the bar at every card height.
public struct VerticalBarLayout: Hashable, Sendable {
  /// What an item does.
  public enum Role: String, Hashable, Sendable {
    case close, previous, next, action
  }

  public struct Item: Hashable, Sendable {
    public var role: Role
    public var frame: Rect
  }

  public var edge: HorizontalEdge
  /// The bar's frame: the full height on its edge.
  public var frame: Rect
  public var items: [Item]

  /// The spacing between items.
  public static let spacing = 8.0

  /// The bar for `card` in `env`, leading-is-left, or nil without an active bar.
  init?(env: LayoutEnvironment, card: CardState) {
    guard let bar = env.activeVerticalBar else { return nil }
    let x = bar.edge == .leading ? 0 : env.width - bar.width
    let size = Toolbars.itemSize
    let itemX = x + (bar.width - size) / 2
    var items: [Item] = []
    var roles: [Role] = card.showsCloseButton ? [.close] : []
    if card.isPaging { roles += [.previous, .next] }
    var y = env.safeArea.top + Self.spacing
    for role in roles {
      items.append(Item(role: role, frame: Rect(x: itemX, y: y, width: size, height: size)))
      y += size + Self.spacing
    }
    let bottom = env.height - max(env.safeArea.bottom, Self.spacing)
    for index in 0..<card.verticalBarActions {
      let fromBottom = Double(card.verticalBarActions - index)
      let itemY = bottom - fromBottom * size - (fromBottom - 1) * Self.spacing
      items.append(Item(role: .action, frame: Rect(x: itemX, y: itemY, width: size, height: size)))
    }
    self.edge = bar.edge
    self.frame = Rect(x: x, y: 0, width: bar.width, height: env.height)
    self.items = items
  }

  func mirrored(in width: Double) -> VerticalBarLayout {
    var copy = self
    copy.frame = frame.mirrored(in: width)
    copy.items = items.map { Item(role: $0.role, frame: $0.frame.mirrored(in: width)) }
    return copy
  }
}

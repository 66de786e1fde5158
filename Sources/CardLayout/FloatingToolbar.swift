/// How a card's floating toolbar sits across the card (<doc:ControllerRules#Floating-card-toolbar>).
public enum FloatingAlignment: String, Hashable, Sendable, CaseIterable {
  /// Centred on the card.
  case center
  /// At the card's leading edge, 16 pt in.
  case leading
  /// At the card's trailing edge, 16 pt in.
  case trailing
  /// Pinned to both edges, 16 pt in; the items spread across.
  case fill
}

/// A card's own floating buttons (TGCardViewController's "floaty" buttons): a row of 44 × 44 items,
/// 8 pt apart, its bottom 16 pt above the safe area's bottom, kept 16 pt inside the card's leading and
/// trailing edges (<doc:ControllerRules#Floating-card-toolbar>). It covers the map wherever it lies
/// over it, and the fit avoids it.
public enum FloatingToolbar {
  /// The gap between two items.
  public static let spacing = 8.0
  /// The gap from the safe area's bottom and from the card's sides.
  public static let inset = 16.0

  /// The row's frame for `items` items on a card whose frame is `card`, leading-is-left; nil
  /// without items.
  static func frame(items: Int, alignment: FloatingAlignment, card: Rect, viewHeight: Double, safeBottom: Double)
    -> Rect?
  {
    guard items > 0 else { return nil }
    let natural = Double(items) * Toolbars.itemSize + Double(items - 1) * spacing
    let room = max(card.width - 2 * inset, 0)
    let width = alignment == .fill ? room : min(natural, room)
    let x: Double
    switch alignment {
    case .leading, .fill: x = card.minX + inset
    case .trailing: x = card.maxX - inset - width
    case .center: x = card.midX - width / 2
    }
    return Rect(x: x, y: viewHeight - safeBottom - inset - Toolbars.itemSize, width: width, height: Toolbars.itemSize)
  }

  /// The frames of `items` items along `row`, left to right: at its ends, the rest evenly between
  /// (8 pt apart in a natural row; further apart when it fills).
  static func items(_ items: Int, along row: Rect?) -> [Rect] {
    guard let row, items > 0 else { return [] }
    let step = items > 1 ? (row.width - Toolbars.itemSize) / Double(items - 1) : 0
    return (0..<items).map {
      Rect(x: row.minX + Double($0) * step, y: row.minY, width: Toolbars.itemSize, height: Toolbars.itemSize)
    }
  }
}

/// The map buttons' toolbars (<doc:LayoutRules#Dimming-alphas-and-buttons>): 44×44 items with 1 pt separators, 8 pt from the edges.
public enum Toolbars {
  /// An item's side.
  public static let itemSize = 44.0
  /// The separator between items.
  public static let separator = 1.0
  /// The gap to the trailing obstruction, to the safe area's top, and above the card.
  public static let margin = 8.0
  /// Button alpha reaches 0 this fraction of (P − E) above peaking (<doc:LayoutRules#Dimming-alphas-and-buttons>).
  public static let fadeFraction = 0.3

  /// The length of a toolbar of `items` along its axis: `n·44 + (n − 1)·1`.
  public static func length(_ items: Int) -> Double {
    items > 0 ? Double(items) * itemSize + Double(items - 1) * separator : 0
  }

  /// The button alpha in bottom layouts (<doc:LayoutRules#Dimming-alphas-and-buttons>): 1 for `y ≥ P`, else
  /// `1 − clamp((P − y) / (0.3·(P − E)), 0, 1)`. Reference: 0 from y = 292.45 up.
  public static func alpha(y: Double, positions: CardPositions) -> Double {
    let p = positions.peaking
    guard y < p else { return 1 }
    let span = fadeFraction * (p - positions.extended)
    guard span > 0 else { return 0 }
    return 1 - clamp((p - y) / span, 0, 1)
  }
}

extension LayoutEnvironment {
  /// The vertical top toolbar (<doc:LayoutRules#Dimming-alphas-and-buttons>), leading-is-left: at `x = W − R − 8 − 44`, `y = sT + 8`.
  func logicalTopToolbar(items: Int) -> Rect? {
    guard items > 0 else { return nil }
    let x = width - obstruction(.trailing) - Toolbars.margin - Toolbars.itemSize
    return Rect(x: x, y: safeArea.top + Toolbars.margin, width: Toolbars.itemSize, height: Toolbars.length(items))
  }

  /// The horizontal bottom toolbar (<doc:LayoutRules#Dimming-alphas-and-buttons>), leading-is-left: at `x = W − R − 8 − width`; its
  /// bottom 8 pt above the card in bottom layouts, else at `y = H − max(sB, 8) − 44`.
  func logicalBottomToolbar(items: Int, cardTop: Double) -> Rect? {
    guard items > 0 else { return nil }
    let length = Toolbars.length(items)
    let x = width - obstruction(.trailing) - Toolbars.margin - length
    let y =
      presentation.isBottom
      ? cardTop - Toolbars.margin - Toolbars.itemSize
      : height - max(safeArea.bottom, Toolbars.margin) - Toolbars.itemSize
    return Rect(x: x, y: y, width: length, height: Toolbars.itemSize)
  }
}

/// `value` limited to `low...high`.
@inline(__always)
func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
  min(max(value, low), high)
}

extension LayoutEnvironment {
  /// The side card's width (<doc:LayoutRules#Card-frame>): 360 when horizontal is regular, else `min(0.38·W, 414)`.
  public var sideCardWidth: Double {
    horizontal == .regular
      ? Self.regularSideCardWidth : min(Self.compactSideCardWidthRatio * width, Self.maximumSideCardWidth)
  }

  /// A side card's width when the horizontal size class is regular (an iPad, a wide window).
  public static let regularSideCardWidth = 360.0
  /// A side card's share of the view's width when the horizontal size class is compact (an iPhone
  /// in landscape), up to `maximumSideCardWidth`.
  public static let compactSideCardWidthRatio = 0.38
  /// The widest a side card gets in a compact width.
  public static let maximumSideCardWidth = 414.0
  /// The system sheet's width on the leading edge (<doc:LayoutRules#Presentation>; <doc:LayoutRules#Card-frame>).
  public static let leadingSheetWidth = 400.0
  /// The gap between a floating card and the leading obstruction (<doc:LayoutRules#Card-frame>).
  public static let floatingCardMargin = 8.0

  /// The card's frame with its top edge at `top`, in leading-is-left coordinates (<doc:LayoutRules#Card-frame>).
  ///
  /// - Bottom layouts: from the leading obstruction to the trailing one (the vertical bar's width
  ///   on its edge, else 0), from `top` to the bottom edge.
  /// - `classic-side`: `sideCardWidth` wide at the leading obstruction + 8.
  /// - `sidebar`: `sideCardWidth` wide at the leading obstruction (`top` is E).
  /// - `sheet-leading`: `min(400, W − sL − sR − 16)` wide at the leading obstruction + 8.
  func logicalCardFrame(top: Double) -> Rect {
    let frame = unclampedCardFrame(top: top)
    // On a view too small for a card, the frame keeps its origin and never gets a negative size.
    return Rect(x: frame.x, y: frame.y, width: max(frame.width, 0), height: max(frame.height, 0))
  }

  private func unclampedCardFrame(top: Double) -> Rect {
    let leading = obstruction(.leading)
    switch presentation {
    case .classicBottom, .sheetBottom:
      let x = barWidth(.leading)
      return Rect(x: x, y: top, width: width - x - barWidth(.trailing), height: height - top)
    case .classicSide:
      return Rect(x: leading + Self.floatingCardMargin, y: top, width: sideCardWidth, height: height - top)
    case .sidebar:
      return Rect(x: leading, y: top, width: sideCardWidth, height: height - top)
    case .sheetLeading:
      let sheetWidth = min(
        Self.leadingSheetWidth, width - safeArea.left - safeArea.right - 2 * Self.floatingCardMargin)
      return Rect(x: leading + Self.floatingCardMargin, y: top, width: sheetWidth, height: height - top)
    }
  }

  /// The header's frame in leading-is-left coordinates (<doc:LayoutRules#Card-positions>), or nil without a header: the full
  /// width from y = 0, `header + sT` high, in bottom layouts; over the card column at `sT + 20`,
  /// `header` high, in side layouts.
  func logicalHeaderFrame(card: Rect) -> Rect? {
    guard let header else { return nil }
    if presentation.isBottom {
      return Rect(x: 0, y: 0, width: width, height: header + safeArea.top)
    }
    return Rect(x: card.x, y: safeArea.top + Self.sideHeaderGap, width: card.width, height: header)
  }
}

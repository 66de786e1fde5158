extension LayoutEnvironment {
  /// The map's insets in leading-is-left coordinates (`left` is leading), <doc:LayoutRules#Map-insets-and-the-visible-rect>.
  ///
  /// Start from the safe area, the vertical bar's edge taking `max(safe inset, bar width)`.
  /// - Bottom layouts: `bottom = H − max(cardTop, P)` (above peaking counts as peaking),
  ///   `top = max(sT, hdrB)`, and with items in the bottom toolbar the trailing inset is
  ///   `obstruction + 8 + toolbar width`.
  /// - Side layouts: the larger unobscured area of two candidates, the leading inset at the card's
  ///   trailing edge or the bottom inset at `H − cardTop`; on a tie, and always in a sidebar, the
  ///   leading one.
  func logicalMapInsets(card: Rect, positions: CardPositions, bottomToolbarItems: Int) -> Insets {
    var insets = Insets(
      top: safeArea.top, left: obstruction(.leading), bottom: safeArea.bottom, right: obstruction(.trailing))
    let presentation = presentation
    if presentation.isBottom {
      insets.bottom = height - max(card.minY, positions.peaking)
      insets.top = max(safeArea.top, headerBottom)
      if bottomToolbarItems > 0 {
        insets.right = obstruction(.trailing) + Toolbars.margin + Toolbars.length(bottomToolbarItems)
      }
      return insets
    }
    var beside = insets
    beside.left = card.maxX
    if presentation == .sidebar { return beside }
    var above = insets
    above.bottom = height - card.minY
    let besideArea = beside.rect(inWidth: width, height: height).area
    let aboveArea = above.rect(inWidth: width, height: height).area
    return aboveArea > besideArea ? above : beside
  }
}

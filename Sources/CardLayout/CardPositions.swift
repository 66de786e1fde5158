/// The top edges of the card at its three positions (<doc:LayoutRules#Card-positions>), and how a drag is classified.
///
/// - E (extended) = `extendedMinY` = `sT + (sB > 0 ? 12 : 50)` (`sT` in a sidebar), or
///   `max(extendedMinY, hdrB + 8)` while a header shows.
/// - C (collapsed) = `H − sB − max(29.04, titleHeight)`.
/// - P (peaking): classic `(H − extendedMinY) / 2`; sheets the medium detent
///   `H − sB − (H − sB − E) / 2`; then kept in order, `min(max(P, E + 1), C − 1)`.
/// - Order for any title or header size (where <doc:LayoutRules#Card-positions> is silent): with `lowest = H − sB − 29.04`,
///   the lowest a collapsed card's top can be, E is at most `lowest − 2` (a header taller than the
///   screen does not push the card off it) and C is within `[E + 2, lowest]` (a title taller than
///   the screen does not lift the collapsed card above the extended one). So `E < P < C` always,
///   and ordinary sizes are untouched.
///
/// Reference (390×844, sT 47, sB 34, title 76): E 59, C 734, P 392.5 classic, 434.5 sheet.
public struct CardPositions: Hashable, Sendable {
  public var extended: Double
  public var peaking: Double
  public var collapsed: Double

  /// The gap between the status bar and the extended card with a home indicator (<doc:LayoutRules#Card-positions>).
  public static let extendedGapWithHomeIndicator = 12.0
  /// The gap without a home indicator (no bottom safe area).
  public static let extendedGapWithoutHomeIndicator = 50.0
  /// The extended card stops this far below a header.
  public static let gapBelowHeader = 8.0
  /// The least visible height of a collapsed card.
  public static let minimumCollapsedHeight = 29.04
  /// How far above the next position a drag still counts as that position (<doc:LayoutRules#Card-positions>).
  public static let classificationMargin = 44.0

  public init(extended: Double, peaking: Double, collapsed: Double) {
    self.extended = extended
    self.peaking = peaking
    self.collapsed = collapsed
  }

  /// The positions for a card of `titleHeight` in `environment`. With an on-screen keyboard, E is
  /// the screen's (the keyboard does not move the extended card, and covering the home indicator
  /// does not take it away) and the rest are laid out above the keyboard (`H` and `sB` of
  /// `LayoutEnvironment.aboveKeyboard`; <doc:LayoutRules#The-on-screen-keyboard>).
  public init(environment screen: LayoutEnvironment, titleHeight: Double) {
    let env = screen.aboveKeyboard
    let sT = env.safeArea.top
    let sB = env.safeArea.bottom
    let presentation = env.presentation
    let extendedMinY =
      presentation == .sidebar
      ? sT
      : sT + (screen.safeArea.bottom > 0 ? Self.extendedGapWithHomeIndicator : Self.extendedGapWithoutHomeIndicator)
    var e = extendedMinY
    if env.header != nil { e = max(extendedMinY, env.headerBottom + Self.gapBelowHeader) }
    let lowest = env.height - sB - Self.minimumCollapsedHeight
    e = min(e, lowest - 2)
    let c = min(max(env.height - sB - max(Self.minimumCollapsedHeight, titleHeight), e + 2), lowest)
    var p =
      presentation.isSheet
      ? env.height - sB - (env.height - sB - e) / 2
      : (env.height - extendedMinY) / 2
    p = min(max(p, e + 1), c - 1)
    self.init(extended: e, peaking: p, collapsed: c)
  }

  /// The top edge at a settled position.
  public subscript(position: CardPosition) -> Double {
    switch position {
    case .extended: extended
    case .peaking: peaking
    case .collapsed: collapsed
    }
  }

  /// The position a dragged card at `y` counts as (<doc:LayoutRules#Card-positions>): extended if `y ≤ max(E, P − 44)`,
  /// else peaking if `y ≤ max(P, C − 44)`, else collapsed.
  public func classify(_ y: Double) -> CardPosition {
    if y <= max(extended, peaking - Self.classificationMargin) { return .extended }
    if y <= max(peaking, collapsed - Self.classificationMargin) { return .peaking }
    return .collapsed
  }
}

extension LayoutEnvironment {
  /// The header's bottom edge, `hdrB` (<doc:LayoutRules#Card-positions>): `header + sT` in bottom layouts (the header
  /// spans the width from y = 0), `sT + 20 + header` in side layouts (it floats over the card
  /// column); 0 without a header.
  public var headerBottom: Double {
    guard let header else { return 0 }
    return presentation.isBottom ? header + safeArea.top : safeArea.top + Self.sideHeaderGap + header
  }

  /// How far below the safe area a header floats in side layouts (<doc:LayoutRules#Card-positions>).
  public static let sideHeaderGap = 20.0
}

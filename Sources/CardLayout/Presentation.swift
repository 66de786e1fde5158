/// How the card is presented (<doc:LayoutRules#Presentation>).
public enum Presentation: String, Hashable, Sendable, CaseIterable {
  /// The classic card at the bottom, full width (iPhone portrait before iOS 27).
  case classicBottom = "classic-bottom"
  /// The classic card floating on the leading side (iPad, iPhone landscape).
  case classicSide = "classic-side"
  /// A fixed sidebar on the leading side (`mode == sidebar`).
  case sidebar
  /// The iOS 27 system sheet at the bottom, full width (compact width, regular height).
  case sheetBottom = "sheet-bottom"
  /// The iOS 27 system sheet on the leading edge, 400 pt wide.
  case sheetLeading = "sheet-leading"

  /// Whether the card spans the width at the bottom (`classic-bottom`, `sheet-bottom`).
  public var isBottom: Bool { self == .classicBottom || self == .sheetBottom }
  /// Whether the card is a system sheet.
  public var isSheet: Bool { self == .sheetBottom || self == .sheetLeading }
}

extension LayoutEnvironment {
  /// Whether cards live in a system sheet (<doc:LayoutRules#Presentation>): OS and SDK 27 or later, not Mac Catalyst
  /// or visionOS, floating mode, and the card controller presented full screen.
  public var usesSystemSheet: Bool {
    os >= .systemSheets && sdk >= .systemSheets && idiom != .mac && idiom != .vision
      && mode == .floating && presentedFullScreen
  }

  /// The presentation (<doc:LayoutRules#Presentation>): with system sheets, `sheet-bottom` for compact width and regular
  /// height, else `sheet-leading`; classic: `sidebar` in sidebar mode, `classic-side` when height
  /// is compact or width regular, else `classic-bottom`.
  public var presentation: Presentation {
    if usesSystemSheet {
      return horizontal == .compact && vertical == .regular ? .sheetBottom : .sheetLeading
    }
    if mode == .sidebar { return .sidebar }
    return vertical == .compact || horizontal == .regular ? .classicSide : .classicBottom
  }
}

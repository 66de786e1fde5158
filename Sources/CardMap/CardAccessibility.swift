/// What VoiceOver is told about the top card and the map (TGCardViewController's VoiceOver support).
///
/// The card's value names its position: "minimised" (collapsed), "half screen" (peaking), "full
/// screen" (extended). Its custom actions are "Expand" and "Collapse" where a step is possible. Map
/// buttons that have faded out, and a map that takes no touches (dimmed), are hidden from it.
public struct CardAccessibility: Hashable, Sendable {
  public var positionLabel: String
  public var actions: [String]
  public var mapIsAccessible: Bool
  public var buttonsAreAccessible: Bool

  public init(layout: ScreenLayout) {
    switch layout.position {
    case .collapsed: positionLabel = "minimised"
    case .peaking: positionLabel = "half screen"
    case .extended: positionLabel = "full screen"
    }
    var actions: [String] = []
    if layout.draggable {
      if layout.position != .extended { actions.append("Expand") }
      if layout.position != .collapsed { actions.append("Collapse") }
    }
    self.actions = actions
    mapIsAccessible = layout.mapInteractive
    buttonsAreAccessible = layout.buttonAlpha > 0 && (layout.topToolbar != nil || layout.bottomToolbar != nil)
  }
}

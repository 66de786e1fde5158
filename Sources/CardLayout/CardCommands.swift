/// A keyboard command (<doc:Gestures>), named as `cardmap replay` spells keys: `ctrl+up`, `cmd+w`, …
public enum KeyCommand: String, Hashable, Sendable, CaseIterable {
  /// ⌃↑: expand the card one step.
  case expand = "ctrl+up"
  /// ⌃↓: collapse the card one step.
  case collapse = "ctrl+down"
  /// ⌘W: pop the top card (never the root) or dismiss what is presented.
  case close = "cmd+w"
  /// ↑ in a table card: highlight the previous item.
  case previousItem = "up"
  /// ↓: highlight the next item.
  case nextItem = "down"
  /// ⌘↑: highlight the first item.
  case firstItem = "cmd+up"
  /// ⌘↓: highlight the last item.
  case lastItem = "cmd+down"
  /// Space: select the highlighted item.
  case space = "space"
  /// Return: select the highlighted item.
  case returnKey = "return"
  /// Esc: clear the highlight.
  case escape = "esc"
  /// ⌃←: previous page of a paging card.
  case previousPage = "ctrl+left"
  /// ⌃→: next page.
  case nextPage = "ctrl+right"
}

extension ScreenLayout {
  /// The position after a tap on the card's title (<doc:Gestures>): collapsed → peaking → extended.
  public var afterTitleTap: CardPosition {
    draggable ? position.expanded : .extended
  }

  /// The position after a tap on the map (<doc:LayoutRules#Dimming-alphas-and-buttons>): a dimmed (extended classic bottom) card goes
  /// to peaking; otherwise the tap belongs to the map and the card stays.
  public var afterMapTap: CardPosition {
    draggable && mapDimAlpha > 0 ? .peaking : position
  }

  /// The position after ⌃↑ or ⌃↓ (<doc:Gestures>); other keys leave it.
  public func after(_ key: KeyCommand) -> CardPosition {
    guard draggable else { return .extended }
    switch key {
    case .expand: return position.expanded
    case .collapse: return position.collapsedOneStep
    default: return position
    }
  }
}

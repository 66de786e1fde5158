/// Something the card stack tells the cards and map managers, in order (<doc:StacksAndManagers>).
public enum StackEvent: Hashable, Sendable, CustomStringConvertible {
  case willAppear(card: String)
  case didAppear(card: String)
  case willDisappear(card: String)
  case didDisappear(card: String)
  /// A map manager starts driving the map.
  case takeCharge(manager: String)
  /// A map manager stops.
  case cleanUp(manager: String)

  public var description: String {
    switch self {
    case .willAppear(let card): "\(card).willAppear"
    case .didAppear(let card): "\(card).didAppear"
    case .willDisappear(let card): "\(card).willDisappear"
    case .didDisappear(let card): "\(card).didDisappear"
    case .takeCharge(let manager): "\(manager).takeCharge"
    case .cleanUp(let manager): "\(manager).cleanUp"
    }
  }
}

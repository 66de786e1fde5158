/// A size class, as UIKit's trait collection reports it (<doc:LayoutRules#Inputs>).
public enum SizeClass: String, Hashable, Sendable, CaseIterable {
  case compact, regular
}

/// The kind of device (<doc:LayoutRules#Inputs>): `pad` when the shorter side is at least 600 pt, else `phone`,
/// unless given.
public enum Idiom: String, Hashable, Sendable, CaseIterable {
  case phone, pad, mac, vision
}

/// The card controller's mode (<doc:LayoutRules#Inputs>): floating cards, or a fixed sidebar.
public enum CardMode: String, Hashable, Sendable, CaseIterable {
  case floating, sidebar
}

/// A horizontal edge named by reading direction: leading is left, or right under RTL.
public enum HorizontalEdge: String, Hashable, Sendable, CaseIterable {
  case leading, trailing
}

/// A vertical bar on one edge of the screen (iOS 27.1+, e.g. a phone's outer display), <doc:LayoutRules#Inputs>.
public struct VerticalBar: Hashable, Sendable {
  public var edge: HorizontalEdge
  public var width: Double

  public init(edge: HorizontalEdge, width: Double) {
    self.edge = edge
    self.width = width
  }
}

import PlatformMath

/// CardStack-style swipeable cards (<doc:OtherCardSystems>): directions from a swipe angle, the
/// decision to commit a swipe, and the transforms of the cards underneath.
public enum SwipeDirections {
  /// The swipe angle of a translation in degrees, in [0, 360): 0 is up, 90 right, 180 down
  /// (`atan2(dx, −dy)`).
  public static func angle(dx: Double, dy: Double) -> Double {
    var degrees = atan2(dx, -dy) * 180 / Double.pi
    if degrees < 0 { degrees += 360 }
    return degrees >= 360 ? degrees - 360 : degrees
  }

  /// Left/right: [45, 135) right, [225, 315) left, else none.
  public static func leftRight(_ angle: Double) -> String? {
    switch angle {
    case 45..<135: "right"
    case 225..<315: "left"
    default: nil
    }
  }

  /// Four: [45, 135) right, [135, 225) bottom, [225, 315) left, else top.
  public static func four(_ angle: Double) -> String? {
    switch angle {
    case 45..<135: "right"
    case 135..<225: "bottom"
    case 225..<315: "left"
    default: "top"
    }
  }

  /// Eight 45° sectors centred on 0, 45, …, 315; a boundary at 22.5 + 45k belongs to the next
  /// sector clockwise.
  public static func eight(_ angle: Double) -> String? {
    let names = ["top", "topRight", "right", "bottomRight", "bottom", "bottomLeft", "left", "topLeft"]
    var shifted = angle + 22.5
    if shifted >= 360 { shifted -= 360 }
    return names[min(Int(shifted / 45), 7)]
  }

  /// The named direction functions; any `(Double) -> String?` closure works as a custom one.
  /// (Matched as UTF-8: a `switch` on a `String` would link Unicode's tables into the web engine.)
  public static func named(_ name: String) -> ((Double) -> String?)? {
    let named: [(String, (Double) -> String?)] = [("left-right", leftRight), ("four", four), ("eight", eight)]
    return named.first { $0.0.utf8.elementsEqual(name.utf8) }?.1
  }
}

/// A swipeable stack of cards in an area: which show, where, and what a drag does (CardStack's).
///
/// Defaults as the component: 5 visible cards, threshold 0.5, offset 10, scale 0.1.
public struct SwipeDeck: Hashable, Sendable {
  public var count: Int
  /// The card on top; cards before it were swiped away.
  public private(set) var index: Int
  public var maxVisibleCards: Int
  public var swipeThreshold: Double
  public var cardOffset: Double
  public var cardScale: Double
  /// The stack's area (the top card's frame).
  public var area: Rect

  /// How far the dragged card rotates at a drag of the area's full width, in degrees.
  public static let rotationPerWidth = 25.0

  public init(
    count: Int, area: Rect, maxVisibleCards: Int = 5, swipeThreshold: Double = 0.5, cardOffset: Double = 10,
    cardScale: Double = 0.1
  ) {
    self.count = max(count, 0)
    self.index = 0
    self.area = area
    self.maxVisibleCards = max(maxVisibleCards, 0)
    self.swipeThreshold = swipeThreshold
    self.cardOffset = cardOffset
    self.cardScale = cardScale
  }

  /// A visible card: its depth (0 = top), offset, scale and the frame they give.
  public struct Card: Hashable, Sendable {
    public var depth: Int
    public var offset: Double
    public var scale: Double
    public var frame: Rect
  }

  /// The cards shown: depth i < maxVisibleCards, offset down by i·cardOffset and scaled by
  /// 1 − cardScale·i about the bottom edge of the unoffset frame (its visible bottom moves by
  /// scale·offset).
  public var visibleCards: [Card] { visibleCards(advancing: 0) }

  /// The cards shown while the top card leaves, `progress` (0…1) of the way: the top card keeps its
  /// frame (its drag moves it), and each card under it rises from depth i towards i − 1 (fractional
  /// depths take the same offset and scale rule), the card at depth `maxVisibleCards` coming into
  /// view as it rises; at 1 they are where `advance()` puts them.
  public func visibleCards(advancing progress: Double) -> [Card] {
    let p = min(max(progress, 0), 1)
    let remaining = max(count - index, 0)
    let last = min(remaining, maxVisibleCards + (p > 0 ? 1 : 0))
    return (0..<last).compactMap { depth in
      let place = depth == 0 ? 0 : Double(depth) - p
      guard place < Double(maxVisibleCards) else { return nil }
      let offset = place * cardOffset
      let scale = 1 - cardScale * place
      let width = area.width * scale
      let height = area.height * scale
      let frame = Rect(
        x: area.midX - width / 2, y: area.maxY - height + scale * offset, width: width, height: height)
      return Card(depth: depth, offset: offset, scale: scale, frame: frame)
    }
  }

  /// What a drag of the top card by (dx, dy) means.
  public struct Swipe: Hashable, Sendable {
    public var angle: Double
    public var direction: String?
    /// Whether releasing here swipes the card away.
    public var commits: Bool
    /// The dragged card's rotation in degrees: dx / areaWidth · 25.
    public var rotation: Double
  }

  /// A swipe commits when its direction is not none and its distance is strictly greater than
  /// `swipeThreshold · min(areaWidth, areaHeight)`.
  public func swipe(dx: Double, dy: Double, directions: (Double) -> String?) -> Swipe {
    let angle = SwipeDirections.angle(dx: dx, dy: dy)
    let direction = directions(angle)
    let distance = (dx * dx + dy * dy).squareRoot()
    let commits = direction != nil && distance > swipeThreshold * min(area.width, area.height)
    let rotation = area.width > 0 ? dx / area.width * Self.rotationPerWidth : 0
    return Swipe(angle: angle, direction: direction, commits: commits, rotation: rotation)
  }

  /// How far the top card travels from rest along the unit direction (`ux`, `uy`) to leave a view
  /// `width` × `height` whole, turned as it may be: its circumscribed circle (centre the area's, radius
  /// half its diagonal) past the nearer edge it heads for; 0 for no direction.
  public func flyOutDistance(along ux: Double, _ uy: Double, width: Double, height: Double) -> Double {
    let radius = (area.width * area.width + area.height * area.height).squareRoot() / 2
    var distances: [Double] = []
    if ux > 0 { distances.append((width + radius - area.midX) / ux) }
    if ux < 0 { distances.append((area.midX + radius) / -ux) }
    if uy > 0 { distances.append((height + radius - area.midY) / uy) }
    if uy < 0 { distances.append((area.midY + radius) / -uy) }
    return max(distances.min() ?? 0, 0)
  }

  /// A committed swipe: the top card from `distance` on to `flyOut` along its direction, with a
  /// pop's timing (a card leaving), while the cards under it rise.
  public static func flyingOut(from distance: Double, to flyOut: Double) -> CardMotion {
    CardMotion(kind: .pop, from: distance, to: flyOut, duration: CardMotion.popDuration, damping: CardMotion.popDamping)
  }

  /// A swipe released short of committing: the top card back from `distance` to rest along its
  /// direction, as a snap springs.
  public static func springingBack(from distance: Double) -> CardMotion {
    CardMotion(
      kind: .snap, from: distance, to: 0, duration: CardMotion.pushDuration, damping: CardMotion.snapDamping)
  }

  /// The arrow keys by name and the unit direction each swipes the top card along (x right, y down).
  public static let keyDirections: [(name: String, direction: (Double, Double))] = [
    ("left", (-1, 0)), ("right", (1, 0)), ("up", (0, -1)), ("down", (0, 1)),
  ]

  /// The arrow key named `name`'s unit direction (compared as UTF-8), or nil for another name.
  public static func keyDirection(named name: String) -> (Double, Double)? {
    keyDirections.first { $0.name.utf8.elementsEqual(name.utf8) }?.direction
  }

  /// Swipes the top card away (after a committing swipe); the next card comes up.
  public mutating func advance() {
    if index < count { index += 1 }
  }

  /// Appends cards at the end; the card on top stays the same.
  public mutating func append(_ more: Int) {
    count += max(more, 0)
  }

  /// Replaces all the cards (the component is rebuilt with a new id): back to the first card.
  public mutating func reload(count: Int) {
    self.count = max(count, 0)
    index = 0
  }
}

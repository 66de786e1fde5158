/// When a finger on a card stops being a tap (<doc:Gestures#Taps>): once it has moved `distance`
/// points from where it went down, it is a drag (of the card, its content or its pages) and no
/// longer a tap, as a pan gesture recogniser's hysteresis in UIKit.
public enum TouchSlop {
  /// Points the finger may move and still tap.
  public static let distance = 10.0

  /// Whether a finger `dx`, `dy` points from where it went down is dragging.
  public static func isDragging(dx: Double, dy: Double) -> Bool {
    (dx * dx + dy * dy).squareRoot() >= distance
  }

  /// Whether a drag that began `dx`, `dy` points from where it went down runs across (it pages a
  /// paging card's content) rather than along the card's axis (it moves the card).
  public static func isHorizontal(dx: Double, dy: Double) -> Bool {
    abs(dx) > abs(dy)
  }
}

/// Where a horizontal swipe on a paging card's content goes (<doc:Gestures#Paging>), as a paging
/// scroll view decides: released past half the card's width, or flicked at `flickVelocity` or
/// faster in the swipe's direction, it turns one page; otherwise the page springs back. A swipe
/// toward the leading edge shows the next page (the trailing one in right-to-left).
///
/// ```swift
/// PageSwipe.step(translation: -220, velocity: 0, width: 390, rtl: false)    // 1: the next page
/// PageSwipe.step(translation: -40, velocity: -900, width: 390, rtl: false)  // 1: flicked
/// PageSwipe.step(translation: 60, velocity: 0, width: 390, rtl: false)      // 0: springs back
/// ```
public enum PageSwipe {
  /// The release velocity (pt/s) that turns a page however short the swipe.
  public static let flickVelocity = 300.0

  /// The pages to move by, −1, 0 or 1, for a swipe of `translation` points (positive toward the
  /// right) released at `velocity` pt/s on a card `width` points wide.
  public static func step(translation: Double, velocity: Double, width: Double, rtl: Bool) -> Int {
    guard translation.isFinite, velocity.isFinite, width > 0 else { return 0 }
    let far = abs(translation) > width / 2 && (velocity == 0 || (velocity < 0) == (translation < 0))
    let flicked = abs(velocity) >= flickVelocity && (velocity < 0) == (translation < 0) && translation != 0
    guard far || flicked else { return 0 }
    let towardLeft = translation < 0
    return towardLeft != rtl ? 1 : -1
  }
}

/// The app's info banner over the map (<doc:ControllerRules#Info-view>): its top 8 pt below the safe
/// area's top, centred between the card's trailing edge and the top toolbar's leading edge in side
/// layouts, and between the view's leading edge and the top toolbar in bottom layouts. It keeps 8 pt
/// from its neighbours (narrowed when it would not fit), fades in and out in 0.25 s, and the fit
/// avoids it.
public enum InfoView {
  /// The gap to the safe area's top and to each neighbour.
  public static let margin = 8.0
  /// Its fade in and out, in seconds.
  public static let fadeDuration = 0.25

  /// The banner's frame, leading-is-left, between `left` and `right` (x), or nil without one.
  static func frame(size: Size?, left: Double, right: Double, top: Double) -> Rect? {
    guard let size else { return nil }
    let room = max(right - left - 2 * margin, 0)
    let width = min(size.width, room)
    return Rect(x: left + (right - left - width) / 2, y: top + margin, width: width, height: size.height)
  }
}

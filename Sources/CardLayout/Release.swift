/// A drag let go (<doc:Gestures#Snapping-after-a-drag>): where the card snaps, and the spring that
/// takes it there from where it shows at the release. The stack's drag, the web engine's `release`
/// and `cardmap motion --snap` all release through this one rule.
///
/// ```swift
/// let dragged = ScreenLayout(environment: phone, card: try CardState(placement: .dragging(y: 300)))
/// let release = Release(y: 300, velocity: -800, dragged: dragged, vertical: phone.vertical)
/// release.snap.position    // .extended
/// release.motion.from      // 300: the card's top where it shows
/// ```
public struct Release: Hashable, Sendable {
  /// Where the card snaps, and how long it takes.
  public var snap: Snap
  /// The spring from the card's top at the release to the snap's position.
  public var motion: CardMotion

  /// The release of a card dragged to `y` (its layout there `dragged`) at `velocity` pt/s (+ is down).
  public init(y: Double, velocity: Double, dragged: ScreenLayout, vertical: SizeClass) {
    snap = Snap(y: y, velocity: velocity, layout: dragged, vertical: vertical)
    motion = .snap(from: dragged.card.minY, snap, positions: dragged.positions)
  }
}

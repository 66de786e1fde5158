/// Where a released card goes, and how long it takes (<doc:Gestures>).
public struct Snap: Hashable, Sendable {
  public var position: CardPosition
  /// The animation's duration in seconds.
  public var duration: Double

  /// How far a released card travels on its own, per pt/s of velocity.
  public static let projectionFactor = 0.499
  /// Half the width of the bands around E and C that capture the projected end.
  public static let edgeBand = 22.0
  /// Half the width of the band around P (vertical regular only).
  public static let peakingBand = 44.0
  /// The shortest snap animation, in seconds: the duration is `|Δy| / |velocity|` kept within
  /// `minimumDuration…maximumDuration`.
  public static let minimumDuration = 0.4
  /// The longest snap animation, in seconds.
  public static let maximumDuration = 1.3

  /// Snaps a card released at `y` with velocity `velocity` (pt/s, positive is down).
  ///
  /// `n = y + 0.499·vy`. If `n` is in `[E−22, E+22)` → extended; in `[P−44, P+44)` with vertical
  /// regular → peaking; in `[C−22, C+22)` → collapsed. Otherwise moving up (vy < 0) → extended if
  /// vertical is compact or `n < P`, else peaking; moving down or still → collapsed if vertical is
  /// compact or `n > P`, else peaking. Duration `clamp(|Δy| / |vy|, 0.4, 1.3)` s, 1.3 s at rest.
  ///
  /// A card that cannot be dragged always snaps to extended.
  public init(y: Double, velocity: Double, layout: ScreenLayout, vertical: SizeClass) {
    let positions = layout.positions
    let (e, p, c) = (positions.extended, positions.peaking, positions.collapsed)
    let n = y + Self.projectionFactor * velocity
    let compact = vertical == .compact
    let target: CardPosition
    if !layout.draggable {
      target = .extended
    } else if n >= e - Self.edgeBand && n < e + Self.edgeBand {
      target = .extended
    } else if !compact && n >= p - Self.peakingBand && n < p + Self.peakingBand {
      target = .peaking
    } else if n >= c - Self.edgeBand && n < c + Self.edgeBand {
      target = .collapsed
    } else if velocity < 0 {
      target = compact || n < p ? .extended : .peaking
    } else {
      target = compact || n > p ? .collapsed : .peaking
    }
    let distance = abs(positions[target] - y)
    let speed = abs(velocity)
    let raw = speed > 0 ? distance / speed : (distance > 0 ? .infinity : 0)
    position = target
    duration = clamp(raw, Self.minimumDuration, Self.maximumDuration)
  }
}

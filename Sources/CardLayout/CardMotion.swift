import PlatformMath

/// A card's transition as data: from where to where, how long, and how springy
/// (<doc:ControllerRules#Motion>), with the spring it samples.
///
/// TGCardViewController's numbers: a push slides the new card up from the map's bottom edge in
/// 0.25 s with damping ratio 0.75; a pop slides it back down in 0.3125 s (1.25 × push), damping 1; a
/// snap after a drag runs for the snap's duration (<doc:Gestures>) with damping 0.8; title and map taps
/// take 0.25 s, easing out (damping 1). UIKit does not publish its spring curve, so the model is a
/// damped harmonic oscillator released at rest, whose stiffness is chosen so that it is within 0.5 pt
/// of its target at the duration (and exactly there after it).
///
/// ```swift
/// let motion = CardMotion.push(to: 434.5, viewHeight: 874)
/// motion.y(at: 0.1)         // on its way up
/// motion.overshoot          // how far past 434.5 it swings, in points
/// ```
public struct CardMotion: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case push, pop, snap, titleTap, mapTap
    /// A key command or VoiceOver moving the card: as a tap.
    case command
    /// The on-screen keyboard coming or going moving the card: as a tap (iOS moves the keyboard in
    /// the same 0.25 s).
    case keyboard
  }

  public var kind: Kind
  /// The card's top edge at the start and at the end.
  public var from: Double
  public var to: Double
  /// In seconds.
  public var duration: Double
  /// The spring's damping ratio: 1 never overshoots, less swings past the target.
  public var damping: Double

  /// A push's duration and damping.
  public static let pushDuration = 0.25
  public static let pushDamping = 0.75
  /// A pop's: 1.25 × the push's, no overshoot.
  public static let popDuration = 0.3125
  public static let popDamping = 1.0
  /// A snap's damping; its duration is the snap's.
  public static let snapDamping = 0.8
  /// A title or map tap's duration (easing out: damping 1).
  public static let tapDuration = 0.25
  /// How close to its target the spring is at the duration, in points.
  public static let settleTolerance = 0.5

  public init(kind: Kind, from: Double, to: Double, duration: Double, damping: Double) {
    self.kind = kind
    self.from = from
    self.to = to
    self.duration = duration
    self.damping = damping
  }

  /// The new card sliding up from the map's bottom edge to `y`.
  public static func push(to y: Double, viewHeight: Double) -> CardMotion {
    CardMotion(kind: .push, from: viewHeight, to: y, duration: pushDuration, damping: pushDamping)
  }

  /// The popped card sliding down from `y` to the map's bottom edge.
  public static func pop(from y: Double, viewHeight: Double) -> CardMotion {
    CardMotion(kind: .pop, from: y, to: viewHeight, duration: popDuration, damping: popDamping)
  }

  /// A released card going from `y` to where `snap` sends it.
  public static func snap(from y: Double, _ snap: Snap, positions: CardPositions) -> CardMotion {
    CardMotion(kind: .snap, from: y, to: positions[snap.position], duration: snap.duration, damping: snapDamping)
  }

  /// A tap on the title or the map moving the card from `y` to `target`.
  public static func tap(_ kind: Kind, from y: Double, to target: Double) -> CardMotion {
    CardMotion(kind: kind, from: y, to: target, duration: tapDuration, damping: 1)
  }

  /// The spring's natural frequency (rad/s): the one that leaves it `settleTolerance` from the
  /// target at the duration, by the envelope `|Δ|·e^(−ζωt)/√(1−ζ²)` (ζ < 1) or `|Δ|(1 + ωt)e^(−ωt)` (ζ = 1).
  var frequency: Double {
    let distance = abs(from - to)
    let tolerance = Self.settleTolerance
    guard distance > tolerance, duration > 0 else { return 10 / max(duration, 1e-3) }
    if damping < 1 {
      let ratio = distance / (tolerance * (1 - damping * damping).squareRoot())
      return log(ratio) / (damping * duration)
    }
    // (1 + u)·e^(−u) = tolerance / distance, for u = ωT: bisection (the left side falls from 1).
    let target = tolerance / distance
    var low = 0.0
    var high = 1.0
    while (1 + high) * exp(-high) > target { high *= 2 }
    for _ in 0..<80 {
      let mid = (low + high) / 2
      if (1 + mid) * exp(-mid) > target { low = mid } else { high = mid }
    }
    return high / duration
  }

  /// The card's top edge `t` seconds in: `from` before the start, `to` from the duration on.
  public func y(at t: Double) -> Double {
    guard t > 0 else { return from }
    guard t < duration, from != to else { return to }
    let delta = from - to
    let omega = frequency
    if damping < 1 {
      let root = (1 - damping * damping).squareRoot()
      let wd = omega * root
      return to + delta * exp(-damping * omega * t) * (cos(wd * t) + damping / root * sin(wd * t))
    }
    return to + delta * (1 + omega * t) * exp(-omega * t)
  }

  /// How far past `to` the card swings, in points: `|Δ|·e^(−ζπ/√(1−ζ²))` at the first peak, when
  /// that comes before the duration; 0 for damping 1.
  public var overshoot: Double {
    guard damping < 1, from != to else { return 0 }
    let root = (1 - damping * damping).squareRoot()
    let peak = Double.pi / (frequency * root)
    return peak < duration ? abs(from - to) * exp(-damping * Double.pi / root) : 0
  }

  /// `count` evenly spaced samples from 0 to the duration: the card's top edge and what follows it
  /// (dim, content and button alpha), laid out in `environment` with `card` dragged to each y.
  public func samples(_ count: Int, environment: LayoutEnvironment, card: CardState) -> [Sample] {
    let count = max(count, 2)
    return (0..<count).map { index in
      let t = duration * Double(index) / Double(count - 1)
      let y = self.y(at: t)
      var state = card
      state.placement = .dragging(y: y)
      let layout = ScreenLayout(environment: environment, card: state)
      return Sample(
        t: t, y: y, mapDimAlpha: layout.mapDimAlpha, contentAlpha: layout.contentAlpha, buttonAlpha: layout.buttonAlpha,
        layout: layout)
    }
  }

  /// One moment of a motion.
  public struct Sample: Hashable, Sendable {
    public var t: Double
    public var y: Double
    public var mapDimAlpha: Double
    public var contentAlpha: Double
    public var buttonAlpha: Double
    /// The screen with the card at `y`: a camera fitted to it at every frame (its `mapInsets`)
    /// keeps the content in what the moving card leaves visible.
    public var layout: ScreenLayout
    /// The map's insets with the card at `y`.
    public var mapInsets: Insets { layout.mapInsets }
  }
}

/// The screen's left or right edge, where an edge pan starts.
public enum HorizontalScreenEdge: String, Hashable, Sendable, CaseIterable {
  case left, right
}

import PlatformMath

/// A card's content flung by a finger (<doc:Gestures#Momentum>): once the finger lifts, the content
/// scrolls on at the release's speed, slowed as UIScrollView's normal deceleration slows it (the
/// speed times ``decelerationRate`` every millisecond), and stops at the content's edges (the card
/// does not move: no bounce, no hand-off) or once slower than ``restingSpeed``.
///
/// The speed `t` seconds on is `velocity · r^(1000 t)`; the offset, its integral,
/// `from + velocity · (r^(1000 t) − 1) / (1000 ln r)`: a fling at 1000 pt/s travels 499.5 pt.
///
/// ```swift
/// let fling = ScrollMomentum(from: 120, velocity: 1500, maxOffset: 2000)
/// fling.duration  // 3.65 s, until it is slower than 1 pt/s
/// fling.to        // 868.75: 1500 pt/s carries the content 748.75 pt further
/// ```
public struct ScrollMomentum: Hashable, Sendable {
  /// UIScrollView's normal deceleration rate: the speed kept after each millisecond.
  public static let decelerationRate = 0.998
  /// The speed, in pt/s, below which the content has come to rest.
  public static let restingSpeed = 1.0

  /// The content's offset at the release (0 at its top).
  public let from: Double
  /// The release's speed, in pt/s: positive scrolls further into the content (the finger moving up).
  public let velocity: Double
  /// The furthest the content scrolls.
  public let maxOffset: Double

  /// A fling from `from` at `velocity`, in content that scrolls `maxOffset` at most; a speed that
  /// is not finite is none.
  public init(from: Double, velocity: Double, maxOffset: Double) {
    self.maxOffset = max(maxOffset.isFinite ? maxOffset : 0, 0)
    self.from = min(max(from.isFinite ? from : 0, 0), self.maxOffset)
    self.velocity = velocity.isFinite ? velocity : 0
  }

  /// ln of the rate, per millisecond.
  static let decay = log(decelerationRate)

  /// Where the content would stop with no edge in the way.
  var unbounded: Double { from - velocity / (1000 * Self.decay) }

  /// Seconds until the speed falls to `speed`.
  static func time(slowingFrom velocity: Double, to speed: Double) -> Double {
    guard abs(velocity) > speed else { return 0 }
    return log(speed / abs(velocity)) / (1000 * decay)
  }

  /// When it reaches the edge it moves towards, if it does before coming to rest.
  var edgeTime: Double? {
    guard velocity != 0 else { return nil }
    let edge = velocity > 0 ? maxOffset : 0
    let fraction = 1 + (edge - from) * 1000 * Self.decay / velocity
    guard fraction > 0, fraction < 1 else { return edge == from ? 0 : nil }
    let t = log(fraction) / (1000 * Self.decay)
    return t < Self.time(slowingFrom: velocity, to: Self.restingSpeed) ? t : nil
  }

  /// How long it scrolls: until slower than ``restingSpeed``, or until it reaches an edge.
  public var duration: Double { edgeTime ?? Self.time(slowingFrom: velocity, to: Self.restingSpeed) }

  /// Where it stops: the edge it reaches, or where it comes to rest.
  public var to: Double {
    guard edgeTime == nil else { return velocity > 0 ? maxOffset : 0 }
    return offset(at: duration)
  }

  /// The offset `t` seconds after the release, within the content's edges (at ``to`` from
  /// ``duration`` on).
  public func offset(at t: Double) -> Double {
    let end = duration
    if t >= end, edgeTime != nil { return velocity > 0 ? maxOffset : 0 }
    let time = min(max(t.isFinite ? t : 0, 0), end)
    // (r^(1000 t) as exp(1000 t ln r): the springs' exp, not a pow of its own in the web engine.)
    let travelled = velocity * (exp(1000 * time * Self.decay) - 1) / (1000 * Self.decay)
    return min(max(from + travelled, 0), maxOffset)
  }
}

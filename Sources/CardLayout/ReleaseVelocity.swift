/// The velocity at which a finger lets go of a card (<doc:Gestures#The-release-velocity>): what a
/// drag's `Snap` is given, from the pointer's samples rather than its last two moves.
///
/// Of the samples taken within `window` seconds before the release (the release itself the last),
/// the last `count` are kept, and the velocity is the distance between the first and the last of
/// them over their time: a finger that rested before lifting releases at rest (its recent samples
/// do not move), and one jitter of the last move does not decide the snap. One sample, or none
/// within the window, is a release at rest.
///
/// ```swift
/// let samples = [(time: 0.0, y: 500.0), (time: 0.05, y: 470), (time: 0.1, y: 440)]
/// ReleaseVelocity.velocity(of: samples)   // −600 pt/s: flicked up
/// ```
public enum ReleaseVelocity {
  /// How long before the release a sample counts, in seconds.
  public static let window = 0.1
  /// How many of the latest samples in the window count.
  public static let count = 3

  /// The release velocity, in points per second (positive is down), of `samples` in time order,
  /// the last taken at the release; 0 for fewer than two in the window or no time between them.
  public static func velocity(of samples: [(time: Double, y: Double)]) -> Double {
    guard let release = samples.last else { return 0 }
    let recent = samples.filter { release.time - $0.time <= window }.suffix(count)
    guard let first = recent.first, let last = recent.last, last.time > first.time else { return 0 }
    let velocity = (last.y - first.y) / (last.time - first.time)
    return velocity.isFinite ? velocity : 0
  }
}

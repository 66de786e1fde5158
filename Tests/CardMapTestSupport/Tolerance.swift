// What tests share: the platform's C maths (sin, cos, atan2 in reference computations), closeness
// within a tolerance, and unwrapping an optional as a test failure rather than a trap.
@_exported import PlatformMath

/// `a ≈ b` within `tolerance` (absolute).
public func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

extension Optional {
  /// The value an optional must hold here.
  public struct Missing: Error {}

  /// The wrapped value, or a thrown `Missing` that fails the test instead of trapping.
  public func unwrap() throws -> Wrapped {
    guard let self else { throw Missing() }
    return self
  }
}

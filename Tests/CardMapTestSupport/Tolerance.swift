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

/// The rounding a screen point carries when it is computed from unit Mercator coordinates (a
/// camera's latitude and longitude there and back) in a world `world` points wide: 16 ulps of a
/// unit coordinate, scaled to the world, and a billionth of a point. At zoom 20 that is 2e-6 pt: a
/// test that allows it still fails on any real misplacement.
public func screenRounding(world: Double) -> Double {
  1e-9 + world * 16 * Double.ulpOfOne
}

/// A claim an example makes (a value in its comment), checked when the example runs: a false one
/// prints the message and ends the run with status 1, so `make snippets` fails.
public func check(_ claim: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
  guard !claim else { return }
  let text = "example's claim at line \(line) is false: \(message())\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

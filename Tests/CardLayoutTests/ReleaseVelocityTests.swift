import CardLayout
import Testing

/// The release velocity (CardLayout's Gestures, The release velocity): from the pointer's samples in
/// the last 0.1 s, the last three, first to last.
@Suite("Release velocity from pointer samples")
struct ReleaseVelocityTests {
  @Test("a steady flick gives its speed; a rest before lifting releases at rest; too few samples rest")
  func rule() {
    let flick = [(time: 0.0, y: 500.0), (time: 0.05, y: 470), (time: 0.1, y: 440)]
    #expect(abs(ReleaseVelocity.velocity(of: flick) + 600) < 1e-9)
    // Moved fast, then held still for 0.15 s before lifting.
    let rested = [(time: 0.0, y: 500.0), (time: 0.02, y: 300), (time: 0.17, y: 300)]
    #expect(ReleaseVelocity.velocity(of: rested) == 0)
    #expect(ReleaseVelocity.velocity(of: []) == 0 && ReleaseVelocity.velocity(of: [(time: 1, y: 2)]) == 0)
    // Only the last three samples in the window count.
    let long = (0...10).map { (time: Double($0) * 0.01, y: Double($0 * $0)) }
    #expect(abs(ReleaseVelocity.velocity(of: long) - (100 - 64) / 0.02) < 1e-6)
    // Two samples at one instant: no time between them, at rest rather than infinite.
    #expect(ReleaseVelocity.velocity(of: [(time: 1, y: 0), (time: 1, y: 50)]) == 0)
  }
}

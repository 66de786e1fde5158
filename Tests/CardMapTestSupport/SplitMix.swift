/// A small deterministic generator (SplitMix64), so that property tests, generators and benchmark
/// inputs are the same on every run and every machine.
public struct SplitMix: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(state: UInt64) { self.state = state }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A double in `range`, from the top 53 bits.
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
  }
}

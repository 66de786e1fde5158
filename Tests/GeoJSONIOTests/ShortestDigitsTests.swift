import CardMapTestSupport
import Testing

@testable import GeoJSONIO
@testable import JSONValues

/// The writer's number printer against the standard library's `Double.description` (an
/// independent shortest round-trip algorithm), character for character, and against reading back.
@Suite("Numbers are written shortest and exact")
struct ShortestDigitsTests {
  func text(_ value: Double) -> String {
    String(unsafeUninitializedCapacity: ShortestDigits.maxLength) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return ShortestDigits.write(value, to: base)
    }
  }

  @Test("random bit patterns and coordinates print as Double.description does, and read back")
  func random() {
    var random = SplitMix(state: 2018)
    var mismatches: [String] = []
    for index in 0..<400_000 * testScale {
      let value: Double =
        switch index % 4 {
        case 0: Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF | (random.next() & (1 << 63)))
        case 1: random.uniform(-180...180)
        case 2: random.uniform(-20_037_508...20_037_508)
        default: (random.uniform(-1000...1000) * 1e7).rounded() / 1e7
        }
      guard value.isFinite else { continue }
      let written = text(value)
      if written != value.description || Double(written)?.bitPattern != value.bitPattern {
        mismatches.append("\(value.description) → \(written)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count), first \(mismatches.prefix(5))")
  }

  @Test("whole numbers below 10¹⁵ are written bare, every length, as Int64's description")
  func wholeNumbers() {
    var random = SplitMix(state: 15)
    for index in 0..<100_000 {
      let digits = index % 16
      var limit: Int64 = 1
      for _ in 0..<digits { limit *= 10 }
      let whole = Int64(random.next() % UInt64(limit)) * (index % 3 == 0 ? -1 : 1)
      #expect(JSONValue.format(Double(whole)) == String(whole), "\(whole)")
    }
  }

  @Test(
    "edges: zeros, subnormals, the largest double, powers of ten, the notation's switch points",
    arguments: [
      0.0, -0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1, 10, 0.1, 0.3, 1e-4, 9e-5, 1e15, 1e16,
      9_007_199_254_740_992, 9_007_199_254_740_994, 123_456_789_012_345_680, 1e21, 1e22, 1e23, 2e-7, 4.35, 0.000123,
      151.2093, -33.8688, 179.99999999999997, 2.5, 1.5e300, 1e-300,
    ])
  func edges(_ value: Double) {
    #expect(text(value) == value.description)
  }

  @Test("a Double in the package's messages reads as Double.description, NaN and infinities too")
  func interpolation() {
    var random = SplitMix(state: 27)
    var values: [Double] = [0, -0.0, .nan, -.nan, .infinity, -.infinity, 5, 0.1, 1e-5, 1e21, 5e-324]
    for _ in 0..<10_000 { values.append(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)) }
    for value in values {
      // (This module sees the package's interpolation of a Double, as CardLayout's messages do.)
      let message = "got \(value)"
      #expect(message == "got " + value.description, "\(value.bitPattern)")
    }
  }

  /// An unsigned integer of any size in 32-bit limbs, least significant first: just enough
  /// arithmetic to compute Ryū's multipliers exactly, independently of the table they come from.
  struct Exact {
    var limbs: [UInt32]

    init(powerOfTwo k: Int) {
      limbs = Array(repeating: 0, count: k / 32 + 1)
      limbs[k / 32] = 1 << UInt32(k % 32)
    }

    var bitLength: Int {
      guard let top = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
      return top * 32 + 32 - limbs[top].leadingZeroBitCount
    }

    mutating func multiply(by factor: UInt32) {
      var carry: UInt64 = 0
      for index in limbs.indices {
        let product = UInt64(limbs[index]) * UInt64(factor) + carry
        limbs[index] = UInt32(truncatingIfNeeded: product)
        carry = product >> 32
      }
      if carry != 0 { limbs.append(UInt32(carry)) }
    }

    /// ⌊self / divisor⌋.
    mutating func divide(by divisor: UInt32) {
      var remainder: UInt64 = 0
      for index in limbs.indices.reversed() {
        let current = remainder << 32 | UInt64(limbs[index])
        limbs[index] = UInt32(current / UInt64(divisor))
        remainder = current % UInt64(divisor)
      }
    }

    /// The bits from `shift` up (a negative shift moves left), as (low 64, high 64).
    func words(from shift: Int) -> (UInt64, UInt64) {
      func bit(_ index: Int) -> UInt64 {
        index < 0 || index / 32 >= limbs.count ? 0 : UInt64(limbs[index / 32] >> UInt32(index % 32) & 1)
      }
      var low: UInt64 = 0
      var high: UInt64 = 0
      for index in 0..<64 {
        low |= bit(shift + index) << UInt64(index)
        high |= bit(shift + 64 + index) << UInt64(index)
      }
      return (low, high)
    }
  }

  @Test("the multipliers cut from the reader's table are Ryū's: 5^i to 125 bits, 2^k / 5^q + 1")
  func multipliers() {
    var power = Exact(powerOfTwo: 0)
    for i in 0...325 {
      let expected = power.words(from: power.bitLength - 125)
      #expect(ShortestDigits.powerOfFive(i) == expected, "5^\(i)")
      power.multiply(by: 5)
    }
    for q in 0...341 {
      // ⌊2^k / 5^q⌋ by q divisions by 5 (⌊⌊x⌋ / 5⌋ = ⌊x / 5⌋), then one more.
      var quotient = Exact(powerOfTwo: ShortestDigits.pow5Bits(q) - 1 + 125)
      for _ in 0..<q { quotient.divide(by: 5) }
      var (low, high) = quotient.words(from: 0)
      low &+= 1
      if low == 0 { high += 1 }
      #expect(quotient.bitLength <= 126 && ShortestDigits.inversePowerOfFive(q) == (low, high), "5^-\(q)")
    }
  }
}

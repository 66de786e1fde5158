/// The shortest decimal that reads back as the same double, and the closest of those to it: the
/// Ryū algorithm (Adams, "Ryū: fast float-to-string conversion", PLDI 2018), writing into a byte
/// buffer without allocating. `ShortestDigitsTests` holds it to `Double.description` character for
/// character.
///
/// The interval of decimals that round to the double is scaled by a power of ten held to 125 bits
/// (`powerOfFive`, `inversePowerOfFive`: the 128 bits of the reader's table, `powersOfFive`, cut to
/// 125, one table for both directions), and digits are removed from its ends while they differ.
@usableFromInline package enum ShortestDigits {
  /// The decimal digits of a positive finite double and the power of ten of the last one.
  @inlinable @inline(__always)
  static func decimal(_ value: Double) -> (digits: UInt64, exponent: Int) {
    let bits = value.bitPattern
    let ieeeMantissa = bits & ((1 << 52) - 1)
    let ieeeExponent = Int((bits >> 52) & 0x7FF)
    let e2: Int
    let m2: UInt64
    if ieeeExponent == 0 {
      e2 = 1 - 1023 - 52 - 2
      m2 = ieeeMantissa
    } else {
      e2 = ieeeExponent - 1023 - 52 - 2
      m2 = (1 << 52) | ieeeMantissa
    }
    let acceptBounds = m2 & 1 == 0
    // The double is 4·m2·2^e2; the interval of its decimals is (4·m2 − 1 − mmShift, 4·m2 + 2).
    let mv = 4 * m2
    let mmShift: UInt64 = ieeeMantissa != 0 || ieeeExponent <= 1 ? 1 : 0
    var vr: UInt64
    var vp: UInt64
    var vm: UInt64
    var e10: Int
    var vmIsTrailingZeros = false
    var vrIsTrailingZeros = false
    if e2 >= 0 {
      let q = log10Pow2(e2) - (e2 > 3 ? 1 : 0)
      e10 = q
      let k = 125 + pow5Bits(q) - 1
      let i = -e2 + q + k
      let multiplier = inversePowerOfFive(q)
      vr = mulShift(mv, multiplier, i)
      vp = mulShift(mv + 2, multiplier, i)
      vm = mulShift(mv - 1 - mmShift, multiplier, i)
      if q <= 21 {
        // Only some of the values can be multiples of 5^q: when one is, its digits end in zeros.
        if mv % 5 == 0 {
          vrIsTrailingZeros = isMultiple(ofPowerOfFive: q, mv)
        } else if acceptBounds {
          vmIsTrailingZeros = isMultiple(ofPowerOfFive: q, mv - 1 - mmShift)
        } else if isMultiple(ofPowerOfFive: q, mv + 2) {
          vp -= 1
        }
      }
    } else {
      let q = log10Pow5(-e2) - (-e2 > 1 ? 1 : 0)
      e10 = q + e2
      let i = -e2 - q
      let k = pow5Bits(i) - 125
      let j = q - k
      let multiplier = powerOfFive(i)
      vr = mulShift(mv, multiplier, j)
      vp = mulShift(mv + 2, multiplier, j)
      vm = mulShift(mv - 1 - mmShift, multiplier, j)
      if q <= 1 {
        // mv has at least q trailing zero bits: so has vr.
        vrIsTrailingZeros = true
        if acceptBounds {
          vmIsTrailingZeros = mmShift == 1
        } else {
          vp -= 1
        }
      } else if q < 63 {
        vrIsTrailingZeros = mv & ((1 << UInt64(q)) - 1) == 0
      }
    }
    // Remove digits while the interval's ends still differ in them.
    var removed = 0
    var lastRemovedDigit: UInt64 = 0
    let output: UInt64
    if vmIsTrailingZeros || vrIsTrailingZeros {
      // The rare general case (about 0.7 % of doubles), which tracks exact ties.
      while vp / 10 > vm / 10 {
        vmIsTrailingZeros = vmIsTrailingZeros && vm % 10 == 0
        vrIsTrailingZeros = vrIsTrailingZeros && lastRemovedDigit == 0
        lastRemovedDigit = dropDigit(&vr, &vp, &vm)
        removed += 1
      }
      if vmIsTrailingZeros {
        while vm % 10 == 0 {
          vrIsTrailingZeros = vrIsTrailingZeros && lastRemovedDigit == 0
          lastRemovedDigit = dropDigit(&vr, &vp, &vm)
          removed += 1
        }
      }
      if vrIsTrailingZeros && lastRemovedDigit == 5 && vr % 2 == 0 {
        lastRemovedDigit = 4  // an exact tie: round to even
      }
      let roundUp = (vr == vm && (!acceptBounds || !vmIsTrailingZeros)) || lastRemovedDigit >= 5
      output = vr + (roundUp ? 1 : 0)
    } else {
      var roundUp = false
      if vp / 100 > vm / 100 {
        roundUp = vr % 100 >= 50
        vr /= 100
        vp /= 100
        vm /= 100
        removed += 2
      }
      while vp / 10 > vm / 10 {
        roundUp = dropDigit(&vr, &vp, &vm) >= 5
        removed += 1
      }
      output = vr + (vr == vm || roundUp ? 1 : 0)
    }
    return (output, e10 + removed)
  }

  /// How many decimal digits `value` has (1 for 0), for values below 10¹⁹.
  @inlinable @inline(__always)
  static func decimalLength(_ value: UInt64) -> Int {
    // ⌊log₁₀ 2^bits⌋ from the bit length (1233/4096 ≈ log₁₀ 2), then one comparison.
    let estimate = ((64 - value.leadingZeroBitCount) &* 1233) >> 12
    return max(estimate + (value >= wholePowersOfTen[estimate] ? 1 : 0), 1)
  }

  /// Writes the `count` digits of `value` (< 10^count, count ≤ 17) at `p`, two at a time and in two
  /// independent halves, so that the divisions by 100 do not wait on each other digit by digit.
  @inlinable @inline(__always)
  static func writeDigits(_ value: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) {
    var end = p + count
    var high = value
    if count > 8 {
      let low = UInt32(truncatingIfNeeded: value % 100_000_000)
      high = value / 100_000_000
      let upper = low / 10000
      let lower = low % 10000
      writePair(upper / 100, to: end - 8)
      writePair(upper % 100, to: end - 6)
      writePair(lower / 100, to: end - 4)
      writePair(lower % 100, to: end - 2)
      end -= 8
    }
    var rest = UInt32(truncatingIfNeeded: high)  // at most nine digits
    while rest >= 100 {
      end -= 2
      writePair(rest % 100, to: end)
      rest /= 100
    }
    if rest >= 10 {
      writePair(rest, to: end - 2)
    } else {
      (end - 1).pointee = UInt8(truncatingIfNeeded: rest) &+ 0x30
    }
  }

  /// Writes the two digits of `pair` (< 100) at `p`: tens by a multiplication and a shift
  /// (⌊d·103/1024⌋ = ⌊d/10⌋ for d < 100), both bytes in one store.
  @inlinable @inline(__always)
  static func writePair(_ pair: UInt32, to p: UnsafeMutablePointer<UInt8>) {
    let tens = (pair &* 103) >> 10
    let ones = pair &- tens &* 10
    UnsafeMutableRawPointer(p).storeBytes(
      of: UInt16(truncatingIfNeeded: (tens &+ 0x30) | ((ones &+ 0x30) << 8)).littleEndian, as: UInt16.self)
  }

  /// Removes the last digit of the value and of both ends of its interval; returns the value's.
  @inlinable @inline(__always)
  static func dropDigit(_ vr: inout UInt64, _ vp: inout UInt64, _ vm: inout UInt64) -> UInt64 {
    let digit = vr % 10
    vr /= 10
    vp /= 10
    vm /= 10
    return digit
  }

  /// ⌊e·log₁₀2⌋ for 0 ≤ e ≤ 1650.
  @inlinable @inline(__always) static func log10Pow2(_ e: Int) -> Int { (e &* 78913) >> 18 }
  /// ⌊e·log₁₀5⌋ for 0 ≤ e ≤ 2620.
  @inlinable @inline(__always) static func log10Pow5(_ e: Int) -> Int { (e &* 732_923) >> 20 }
  /// ⌈log₂5^e⌉ for 1 ≤ e ≤ 3528 (1 for e = 0).
  @inlinable @inline(__always) static func pow5Bits(_ e: Int) -> Int { ((e &* 1_217_359) >> 19) &+ 1 }

  /// 5^i to 125 bits, truncated, for i in 0…325, as (low, high): the table's 128 bits of 5^i
  /// (truncated too) without their last 3.
  @inlinable @inline(__always)
  static func powerOfFive(_ i: Int) -> (UInt64, UInt64) {
    let high = powersOfFive[(342 &+ i) &* 2]
    let low = powersOfFive[(342 &+ i) &* 2 &+ 1]
    return (low >> 3 | high << 61, high >> 3)
  }

  /// ⌊2^(pow5Bits(q) − 1 + 125) / 5^q⌋ + 1 for q in 0…341, as (low, high): never below the true
  /// value. The table holds ⌊2^(pow5Bits(q) + 127) / 5^q⌋ + 1 for 5^−q (q ≥ 1), and ⌊⌊x⌋ / 8⌋ is
  /// ⌊x / 8⌋; 2^125 + 1 for q = 0. `ShortestDigitsTests` checks every q against exact arithmetic.
  @inlinable @inline(__always)
  static func inversePowerOfFive(_ q: Int) -> (UInt64, UInt64) {
    guard q != 0 else { return (1, 1 << 61) }
    let high = powersOfFive[(342 &- q) &* 2]
    let low = powersOfFive[(342 &- q) &* 2 &+ 1]
    // (entry − 1) / 8 + 1; the entry's low word is never 0 (checked with the rest), so no borrow.
    let floorLow = (low &- 1) >> 3 | high << 61
    return (floorLow &+ 1, high >> 3 &+ (floorLow == .max ? 1 : 0))
  }

  /// Whether 5^p divides `value`.
  @inlinable @inline(__always)
  static func isMultiple(ofPowerOfFive p: Int, _ value: UInt64) -> Bool {
    var value = value
    var count = 0
    while value > 0, value % 5 == 0 {
      value /= 5
      count += 1
    }
    return count >= p
  }

  /// ⌊m·multiplier / 2^shift⌋ for a 125-bit multiplier (low, high) and shift > 64.
  @inlinable @inline(__always)
  static func mulShift(_ m: UInt64, _ multiplier: (UInt64, UInt64), _ shift: Int) -> UInt64 {
    let (lowHigh, _) = m.multipliedFullWidth(by: multiplier.0)
    let (highHigh, highLow) = m.multipliedFullWidth(by: multiplier.1)
    let (sum, carry) = highLow.addingReportingOverflow(lowHigh)
    let high = highHigh &+ (carry ? 1 : 0)
    let s = UInt64(shift - 64)
    return (sum >> s) | (high << (64 - s))
  }

  /// `write(_:to:)` compiled once, for the callers off the GeoJSON writer's hot path (an answer's
  /// numbers, a message's), rather than inlined into each.
  @usableFromInline @inline(never)
  static func writeOnce(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int { write(value, to: p) }

  /// The most bytes `write(_:to:)` writes: `-2.2250738585072014e-308`.
  package static let maxLength = 24

  /// Writes `value` as `Double.description` spells it, at `p`, and returns how many bytes (at most
  /// `maxLength`): the shortest digits that read back as `value`, in positional notation from
  /// 10⁻⁴ up to 2⁵³ and in exponential notation outside (`1e-05`, `1.5e+16`). Not for NaN or
  /// infinity.
  @inlinable @inline(__always)
  static func write(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
    var q = p
    if value.sign == .minus {
      q.pointee = UInt8(ascii: "-")
      q += 1
    }
    guard value != 0 else {
      q[0] = 0x30
      q[1] = 0x2E
      q[2] = 0x30
      return q + 3 - p
    }
    let (digits, exponent) = decimal(value.magnitude)
    let count = decimalLength(digits)
    let point = count + exponent  // digits before the decimal point
    let magnitude = value.magnitude
    if magnitude < 1e-4 || magnitude > 9_007_199_254_740_992 {
      // d.ddde±XX: the digits at q + 1, the first moved left over q[0] and the point after it.
      writeDigits(digits, count: count, to: q + 1)
      q[0] = q[1]
      var end = q + 1
      if count > 1 {
        q[1] = UInt8(ascii: ".")
        end = q + count + 1
      }
      let e = point - 1
      end[0] = UInt8(ascii: "e")
      end[1] = e < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
      end += 2
      let magnitudeE = abs(e)
      if magnitudeE >= 100 {
        end.pointee = UInt8(truncatingIfNeeded: magnitudeE / 100) &+ 0x30
        end += 1
      }
      end[0] = UInt8(truncatingIfNeeded: magnitudeE / 10 % 10) &+ 0x30
      end[1] = UInt8(truncatingIfNeeded: magnitudeE % 10) &+ 0x30
      return end + 2 - p
    }
    if point <= 0 {
      // 0.000ddd
      let zeros = -point
      q[0] = 0x30
      q[1] = UInt8(ascii: ".")
      for k in 0..<zeros { q[2 + k] = 0x30 }
      writeDigits(digits, count: count, to: q + 2 + zeros)
      return q + 2 + zeros + count - p
    }
    if point >= count {
      // ddd[000].0
      writeDigits(digits, count: count, to: q)
      for k in count..<point { q[k] = 0x30 }
      q[point] = UInt8(ascii: ".")
      q[point + 1] = 0x30
      return q + point + 2 - p
    }
    // ddd.ddd: the digits at q + 1, which puts the fraction's in place; the integer part moves one
    // place left over q[0], byte by byte (a byte load from a digit pair just stored is forwarded
    // from the store; a word load across several such stores would wait for them to be written).
    writeDigits(digits, count: count, to: q + 1)
    for k in 0..<point { q[k] = q[k + 1] }
    q[point] = UInt8(ascii: ".")
    return q + count + 1 - p
  }
}

/// 10^n for n in 0…19, for `decimalLength`. A literal table is laid out by the compiler (no lazy
/// initialisation) and costs a load, where a `switch` over n compiled to a jump table there, whose
/// indirect branch missed whenever the length changed from one number to the next.
@usableFromInline let wholePowersOfTen: [UInt64] = [
  1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
  100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
  10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]

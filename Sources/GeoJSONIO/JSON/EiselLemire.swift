extension Scanner {
  /// w·10^q correctly rounded to a double by the Eisel–Lemire method (Lemire, "Number Parsing at a
  /// Gigabyte per Second", 2021), or nil where it cannot decide from 128 bits of 5^q: a product
  /// too close to a rounding boundary, a subnormal or overflowing result, q beyond the table.
  /// Those few go to the exact (and slow) conversion.
  ///
  /// w is normalised to 64 significant bits and multiplied by the table's 5^q (`powersOfFive`);
  /// the top 54 bits of the product are the mantissa and a rounding bit, and its exponent is
  /// ⌊q·log₂10⌋ from a fixed-point product.
  @inline(__always)
  static func eiselLemire(_ digits: UInt64, _ q: Int) -> Double? {
    guard digits != 0 else { return 0 }
    guard q >= -342, q <= 308 else { return nil }
    let shift = digits.leadingZeroBitCount
    let w = digits << shift
    let index = (q + 342) &* 2
    var (upper, lower) = w.multipliedFullWidth(by: powersOfFive[index])
    if upper & 0x1FF == 0x1FF {
      // The low half of 5^q may carry into the bits that decide: add w times it.
      let (carryWord, _) = w.multipliedFullWidth(by: powersOfFive[index &+ 1])
      let (sum, overflow) = lower.addingReportingOverflow(carryWord)
      lower = sum
      if overflow { upper &+= 1 }
      if upper & 0x1FF == 0x1FF && lower == .max { return nil }
    }
    let upperBit = Int(upper >> 63)
    var mantissa = upper >> UInt64(upperBit &+ 9)
    // Exactly halfway between two doubles (nothing below the rounding bit): ties-to-even needs the
    // exact value.
    let below = upper & ((1 << UInt64(upperBit &+ 9)) &- 1)
    if below == 0 && lower <= 1 && mantissa & 1 == 1 { return nil }
    var exponent = ((217_706 &* q) >> 16) &+ 63 &+ upperBit &- shift &+ 1023
    mantissa = (mantissa &+ (mantissa & 1)) >> 1
    if mantissa >= 1 << 53 {
      mantissa = 1 << 52
      exponent &+= 1
    }
    guard exponent >= 1, exponent <= 2046 else { return nil }
    return Double(bitPattern: UInt64(exponent) << 52 | (mantissa & ((1 << 52) - 1)))
  }
}

// Numbers: SWAR digit runs, Clinger's fast path and Eisel–Lemire, correctly rounded (RFC 8259 §6).
extension Scanner {
  /// Reads a JSON number as a Double (correctly rounded).
  ///
  /// - Throws: for NaN/Infinity literals, malformed numbers, and numbers beyond Double's range.
  @inline(__always)
  mutating func readNumber() throws(GeoJSONError) -> Double {
    skipWhitespace()
    var p = base + index
    guard let value = Scanner.parseNumber(&p, end: base + count) else { return try readNumberExactly() }
    index = p - base
    return value
  }

  /// The numbers `parseNumber` leaves: malformed ones (the error says where and why), those beyond
  /// a Double's range, and the rare ones its 19 digits and 128 bits cannot decide (`strtod`).
  private mutating func readNumberExactly() throws(GeoJSONError) -> Double {
    let start = index
    try readNumberText()
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      // (Cut as UTF-8, the number's ASCII: a String's characters would link Unicode's tables in WebAssembly.)
      let shown = text.utf8.count > 24 ? String(decoding: text.utf8.prefix(20), as: UTF8.self) + "…" : text
      throw error("the number \(shown) is beyond a Double's range", at: start)
    }
    return value
  }

  /// Parses the JSON number at `p` (no whitespace before it) and moves `p` past it, or returns nil,
  /// with `p` anywhere, for a malformed number and for the few the fast paths cannot decide.
  ///
  /// Up to 19 significant digits are kept in a whole number w, read eight digits at a time
  /// (`digitRun`), and w·10^q is rounded by Clinger's exact fast path (w < 2^53, |q| ≤ 22) or by
  /// Eisel–Lemire. A pointer in a register, no stores: the position reader calls it twice in a row.
  @inline(__always)
  static func parseNumber(_ p: inout UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Double? {
    if end - p >= 24, let (value, length) = parseShortNumber(p) {
      p += length
      return value
    }
    guard p < end else { return nil }
    let negative = p.pointee == UInt8(ascii: "-")
    p += negative ? 1 : 0
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    // Integer part: no leading zeros (RFC 8259 §6).
    guard p < end else { return nil }
    if p.pointee == UInt8(ascii: "0") {
      p += 1
    } else if p.pointee &- 0x31 < 9 {
      // A run of up to seven digits in one step (coordinates' integer parts); longer ones below.
      if end - p >= 8, case (let n, let value) = digitRun(p), n < 8 {
        mantissa = value
        digits = n
        p += n
      }
      while p < end, case let digit = p.pointee &- 0x30, digit < 10 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(digit)
        } else {
          exponent += 1
        }
        digits += 1
        p += 1
      }
    } else {
      return nil
    }
    if p < end && p.pointee == UInt8(ascii: ".") {
      p += 1
      let fractionStart = p
      // Runs of up to eight digits at a time while all of them are kept (coordinates have 6–17).
      while mantissa != 0, end - p >= 8 {
        let (n, value) = digitRun(p)
        guard n > 0, digits + n <= 19 else { break }
        mantissa = mantissa &* powerOfTen(digits: n) &+ value
        exponent -= n
        digits += n
        p += n
        if n < 8 { break }
      }
      while p < end, case let digit = p.pointee &- 0x30, digit < 10 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(digit)
          exponent -= 1
          if mantissa != 0 { digits += 1 }
        } else {
          digits += 1
        }
        p += 1
      }
      guard p > fractionStart else { return nil }
    }
    if p < end && (p.pointee | 0x20) == UInt8(ascii: "e") {
      p += 1
      var exponentNegative = false
      if p < end && (p.pointee == UInt8(ascii: "+") || p.pointee == UInt8(ascii: "-")) {
        exponentNegative = p.pointee == UInt8(ascii: "-")
        p += 1
      }
      guard p < end, p.pointee &- 0x30 < 10 else { return nil }
      var value = 0
      while p < end, case let digit = p.pointee &- 0x30, digit < 10 {
        if value < 100_000 { value = value * 10 + Int(digit) }
        p += 1
      }
      exponent += exponentNegative ? -value : value
    }
    guard digits <= 19 else { return nil }
    // Clinger's fast path: exact when the mantissa fits 53 bits and 10^|e| is exact.
    if mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
      let value = Double(mantissa)
      return signed(exponent < 0 ? value / powerOfTen(-exponent) : value * powerOfTen(exponent), negative: negative)
    }
    return eiselLemire(mantissa, exponent).map { signed($0, negative: negative) }
  }

  /// The common shapes, `-?d{1,6}` and `-?d{1,6}.d{1,15}` (no exponent, at most 19 digits), read
  /// from words: the sign and the integer part from the first eight bytes, the fraction from the
  /// next eight or sixteen, each run's end found in its word rather than by loading its byte. Nil
  /// for any other shape (and for the few Eisel–Lemire leaves), which `parseNumber` reads digit by
  /// digit. `p` must have 24 readable bytes.
  @inline(__always)
  static func parseShortNumber(_ p: UnsafePointer<UInt8>) -> (value: Double, length: Int)? {
    let first = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self).littleEndian
    let negative = UInt8(truncatingIfNeeded: first) == UInt8(ascii: "-")
    let sign: Int = negative ? 1 : 0
    let integerWord = first >> UInt64(8 &* sign)
    let (integerDigits, integer) = digitRun(word: integerWord)
    // One to six digits, no leading zero (RFC 8259 §6), and the byte after them in the word.
    guard (1...6).contains(integerDigits), integerDigits == 1 || UInt8(truncatingIfNeeded: integerWord) != 0x30 else {
      return nil
    }
    let next = UInt8(truncatingIfNeeded: integerWord >> UInt64(8 &* integerDigits))
    if next != UInt8(ascii: ".") {
      guard next | 0x20 != UInt8(ascii: "e") else { return nil }
      return (signed(Double(integer), negative: negative), sign &+ integerDigits)
    }
    let fraction = p + (sign &+ integerDigits &+ 1)
    let (firstDigits, firstRun) = digitRun(fraction)
    guard firstDigits > 0 else { return nil }
    var mantissa = integer &* powerOfTen(digits: firstDigits) &+ firstRun
    var fractionDigits = firstDigits
    var after: UInt8
    if firstDigits < 8 {
      after = fraction[firstDigits]
    } else {
      let (secondDigits, secondRun) = digitRun(fraction + 8)
      guard secondDigits < 8, integerDigits &+ 8 &+ secondDigits <= 19 else { return nil }
      mantissa = mantissa &* powerOfTen(digits: secondDigits) &+ secondRun
      fractionDigits &+= secondDigits
      after = fraction[fractionDigits]
    }
    guard after | 0x20 != UInt8(ascii: "e") else { return nil }
    let length = sign &+ integerDigits &+ 1 &+ fractionDigits
    if mantissa < 1 << 53 && fractionDigits <= 22 {
      return (signed(Double(mantissa) / powerOfTen(fractionDigits), negative: negative), length)
    }
    let exponent: Int = 0 &- fractionDigits
    guard let value = eiselLemire(mantissa, exponent) else { return nil }
    return (signed(value, negative: negative), length)
  }

  /// `value` with its sign bit set when `negative`, without a branch (coordinates' signs are as
  /// unpredictable as coin flips).
  @inline(__always)
  static func signed(_ value: Double, negative: Bool) -> Double {
    Double(bitPattern: value.bitPattern | UInt64(negative ? 1 : 0) << 63)
  }

  /// How many ASCII digits begin the eight bytes at `p` (0 to 8), and their value: one word,
  /// tested for digits byte by byte at once, padded with leading zeros to eight digits and combined
  /// in three multiplications (Lemire, "Number Parsing at a Gigabyte per Second", 2021, section 6).
  @inline(__always)
  static func digitRun(_ p: UnsafePointer<UInt8>) -> (count: Int, value: UInt64) {
    digitRun(word: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self).littleEndian)
  }

  /// The digits that begin `word`'s bytes, first byte lowest: how many (0 to 8) and their value.
  @inline(__always)
  static func digitRun(word: UInt64) -> (count: Int, value: UInt64) {
    let zeros: UInt64 = 0x3030_3030_3030_3030
    let offsets = word ^ zeros  // a digit's byte becomes 0…9
    // A byte's top bit is set when it is not a digit (a carry out of one only reaches later bytes).
    let nonDigits = ((offsets &+ 0x7676_7676_7676_7676) | offsets) & 0x8080_8080_8080_8080
    let count = nonDigits == 0 ? 8 : nonDigits.trailingZeroBitCount / 8
    guard count > 0 else { return (0, 0) }
    let padded = count == 8 ? word : (word << UInt64(8 * (8 - count))) | (zeros >> UInt64(8 * count))
    var value = padded &- zeros
    value = value &* 10 &+ (value >> 8)  // pairs of digits
    let low = (value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32))
    let high = ((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))
    return (count, (low &+ high) >> 32)
  }

  /// 10^n for n in 0…19, as a whole number (the reader's digit runs; LLVM makes the switch a table).
  @inline(__always)
  static func powerOfTen(digits n: Int) -> UInt64 {
    switch n {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// Reads `e`/`E`, an optional sign and digits, and adds the exponent to `exponent`.
  private mutating func readExponent(into exponent: inout Int) throws(GeoJSONError) {
    index += 1
    var exponentNegative = false
    if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
      exponentNegative = base[index] == UInt8(ascii: "-")
      index += 1
    }
    let exponentStart = index
    var value = 0
    while index < count {
      let byte = base[index]
      guard byte >= 0x30 && byte <= 0x39 else { break }
      if value < 100_000 { value = value * 10 + Int(byte &- 0x30) }
      index += 1
    }
    guard index > exponentStart else { throw error("expected a digit in a number's exponent", at: index) }
    exponent += exponentNegative ? -value : value
  }

  /// 10^e for e in 0…22, exactly (a switch: no global table to look up on every number).
  @inline(__always)
  static func powerOfTen(_ e: Int) -> Double {
    switch e {
    case 0: 1
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }

  func numberError(_ start: Int) -> GeoJSONError {
    if start < count {
      let rest = start + 1 < count && base[start] == UInt8(ascii: "-") ? start + 1 : start
      if rest < count && (base[rest] == UInt8(ascii: "N") || base[rest] == UInt8(ascii: "I")) {
        return error("NaN and Infinity are not JSON numbers (RFC 8259 §6)", at: start)
      }
    }
    var copy = self
    copy.index = start
    return error("expected a number, found \(copy.found())", at: start)
  }

  /// Checks a number's syntax without converting it (properties keep the text).
  mutating func readNumberText() throws(GeoJSONError) {
    let start = index
    if index < count && base[index] == UInt8(ascii: "-") { index += 1 }
    guard index < count, base[index] >= 0x30 && base[index] <= 0x39 else { throw numberError(start) }
    if base[index] == 0x30 {
      index += 1
    } else {
      while index < count && base[index] >= 0x30 && base[index] <= 0x39 { index += 1 }
    }
    if index < count && base[index] == UInt8(ascii: ".") {
      index += 1
      let s = index
      while index < count && base[index] >= 0x30 && base[index] <= 0x39 { index += 1 }
      guard index > s else { throw error("expected a digit after '.' in a number") }
    }
    if index < count && (base[index] | 0x20) == UInt8(ascii: "e") {
      var unused = 0
      try readExponent(into: &unused)
    }
  }
}

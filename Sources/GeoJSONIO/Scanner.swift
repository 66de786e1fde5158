/// The byte-level JSON scanner under the GeoJSON reader (RFC 8259): whitespace, literals, numbers,
/// strings and generic values, with error locations. Foundation's JSON is about 10 MB/s on Linux;
/// this reads bytes in place and builds nothing it does not need.
struct Scanner {
  let base: UnsafePointer<UInt8>
  let count: Int
  var index = 0
  /// Object keys and array indices from the root to the value being read.
  var path: [PathComponent] = []
  /// Indices inside `coordinates`, outermost first, `coordinateDepth` of them in use. Plain fields,
  /// not an array: one is written for every position, and an array write checks uniqueness.
  var coordinateIndices = CoordinateIndices()
  var coordinateDepth = 0

  /// The indices of the (at most three) nested lists around a position.
  struct CoordinateIndices {
    var first = 0
    var second = 0
    var third = 0
    static let capacity = 3

    subscript(level: Int) -> Int {
      get { level == 0 ? first : level == 1 ? second : third }
      set {
        switch level {
        case 0: first = newValue
        case 1: second = newValue
        default: third = newValue
        }
      }
    }
  }
  /// Nesting of arrays and objects, bounded by `maxDepth`.
  var depth = 0
  let maxDepth: Int
  /// Where this buffer starts in the whole stream (sequences), for offsets, lines and records.
  let streamOffset: Int
  let firstLine: Int
  /// Bytes on the first line that come before this buffer (leading whitespace not kept).
  let firstColumnOffset: Int
  let record: Int?

  enum PathComponent {
    case key(String)
    case index(Int)
  }

  init(
    _ base: UnsafePointer<UInt8>, count: Int, maxDepth: Int, streamOffset: Int = 0, firstLine: Int = 1,
    firstColumnOffset: Int = 0, record: Int? = nil
  ) {
    self.base = base
    self.count = count
    self.maxDepth = maxDepth
    self.streamOffset = streamOffset
    self.firstLine = firstLine
    self.firstColumnOffset = firstColumnOffset
    self.record = record
  }

  // MARK: Errors

  /// An error at the current byte (or at `at`), with the current path.
  func error(_ message: String, at position: Int? = nil, extraPath: [Int] = []) -> GeoJSONError {
    let position = min(position ?? index, count)
    var line = firstLine
    var lineStart = -firstColumnOffset
    for i in 0..<position where base[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return GeoJSONError(
      offset: streamOffset + position, line: line, column: position - lineStart + 1,
      path: pathString(extra: extraPath), message: message, record: record)
  }

  func pathString(extra: [Int] = []) -> String {
    var text = ""
    for component in path {
      switch component {
      case .key(let name): text += text.isEmpty ? name : "." + name
      case .index(let i): text += "[\(i)]"
      }
    }
    for i in 0..<coordinateDepth { text += "[\(coordinateIndices[i])]" }
    for i in extra { text += "[\(i)]" }
    return text
  }

  /// What is at the current byte, for messages: `'x'`, or "the end of the input".
  func found() -> String {
    guard index < count else { return "the end of the input" }
    let byte = base[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16)
  }

  // MARK: Structure

  @inline(__always)
  mutating func skipWhitespace() {
    while index < count {
      let byte = base[index]
      guard JSONWhitespace.contains(byte) else { return }
      index += 1
    }
  }

  /// The next non-whitespace byte, not consumed; nil at the end.
  @inline(__always)
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return index < count ? base[index] : nil
  }

  @inline(__always)
  mutating func expect(_ byte: UInt8, _ what: String) throws(GeoJSONError) {
    skipWhitespace()
    guard index < count, base[index] == byte else { throw error("expected \(what), found \(found())") }
    index += 1
  }

  mutating func enter() throws(GeoJSONError) {
    depth += 1
    if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
  }

  // MARK: Scalars

  /// Reads `null` and returns true, or returns false without consuming anything else.
  mutating func readNull() throws(GeoJSONError) -> Bool {
    guard peek() == UInt8(ascii: "n") else { return false }
    try readLiteral("null")
    return true
  }

  mutating func readLiteral(_ word: StaticString) throws(GeoJSONError) {
    let start = index
    let length = word.utf8CodeUnitCount
    guard index + length <= count else { throw error("expected \(word), found the end of the input") }
    for k in 0..<length where base[index + k] != word.utf8Start[k] {
      throw error("expected \(word)", at: start)
    }
    index += length
  }

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
      throw error(
        "the number \(text.count > 24 ? String(text.prefix(20)) + "…" : text) is beyond a Double's range", at: start)
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

  /// Reads a string literal, validating UTF-8 and decoding escapes.
  mutating func readString() throws(GeoJSONError) -> String {
    try expect(UInt8(ascii: "\""), "'\"' (a string)")
    let start = index
    var ascii = true
    while index < count {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        let bytes = UnsafeBufferPointer(start: base + start, count: index - start)
        index += 1
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        guard let string = String(validating: bytes, as: UTF8.self) else {
          throw error("invalid UTF-8 in a string", at: start + Scanner.firstInvalidUTF8(bytes))
        }
        return string
      }
      if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
      if byte < 0x20 { throw error("a control character must be escaped in a string") }
      if byte >= 0x80 { ascii = false }
      index += 1
    }
    throw error("unterminated string (truncated?)", at: start - 1)
  }

  private mutating func readEscapedString(from start: Int) throws(GeoJSONError) -> String {
    var bytes = Array(UnsafeBufferPointer(start: base + start, count: index - start))
    while index < count {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        guard let string = String(validating: bytes, as: UTF8.self) else {
          throw error("invalid UTF-8 in a string", at: start)
        }
        return string
      }
      if byte < 0x20 { throw error("a control character must be escaped in a string") }
      guard byte == UInt8(ascii: "\\") else {
        bytes.append(byte)
        index += 1
        continue
      }
      guard index + 1 < count else { break }
      let escape = base[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
      case UInt8(ascii: "b"): bytes.append(0x08)
      case UInt8(ascii: "f"): bytes.append(0x0C)
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "r"): bytes.append(0x0D)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4()
        if (0xD800..<0xDC00).contains(scalar) {
          guard index + 1 < count, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
            throw error("a high surrogate \\u escape must be followed by a low one")
          }
          index += 2
          let low = try readHex4()
          guard (0xDC00..<0xE000).contains(low) else { throw error("expected a low surrogate \\u escape") }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
          throw error("a lone low surrogate \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
        bytes.append(contentsOf: String(Character(unicode)).utf8)
      default:
        index -= 1
        throw error("an invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
      }
    }
    throw error("unterminated string (truncated?)", at: start - 1)
  }

  private mutating func readHex4() throws(GeoJSONError) -> UInt32 {
    guard index + 4 <= count else { throw error("expected 4 hex digits after \\u") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw error("expected 4 hex digits after \\u, found \(found())")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return offset
      case .error: return offset
      }
    }
  }

  // MARK: Generic values

  /// Reads any JSON value, keeping numbers as text.
  mutating func readValue() throws(GeoJSONError) -> JSONValue {
    guard let byte = peek() else { throw error("expected a value, found the end of the input (truncated?)") }
    switch byte {
    case UInt8(ascii: "{"):
      var members: [JSONValue.Member] = []
      try readObject { (scanner, name) throws(GeoJSONError) in
        members.append(JSONValue.Member(name, try scanner.readValue()))
      }
      return .object(members)
    case UInt8(ascii: "["):
      var items: [JSONValue] = []
      try readArray { (scanner, _) throws(GeoJSONError) in items.append(try scanner.readValue()) }
      return .array(items)
    case UInt8(ascii: "\""):
      return .string(try readString())
    case UInt8(ascii: "t"):
      try readLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try readLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try readLiteral("null")
      return .null
    default:
      let start = index
      try readNumberText()
      return .number(String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self))
    }
  }

  /// Checks a number's syntax without converting it (properties keep the text).
  private mutating func readNumberText() throws(GeoJSONError) {
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

/// Anything that reads through a `Scanner`: the scanner itself, and the GeoJSON parser, whose
/// member and element callbacks also need the rest of its state.
protocol ScannerOwner {
  var scanner: Scanner { get set }
}

extension Scanner: ScannerOwner {
  var scanner: Scanner {
    get { self }
    _modify { yield &self }
    set { self = newValue }
  }
}

extension ScannerOwner {
  /// Reads `{`, then calls `member` for each name with the scanner at its value, then `}`.
  /// Duplicate names are an error.
  mutating func readObject(_ member: (inout Self, String) throws(GeoJSONError) -> Void) throws(GeoJSONError) {
    try scanner.expect(UInt8(ascii: "{"), "'{' (an object)")
    try scanner.enter()
    defer { scanner.depth -= 1 }
    var seen = MemberNames()
    if scanner.peek() == UInt8(ascii: "}") {
      scanner.index += 1
      return
    }
    while true {
      scanner.skipWhitespace()
      guard scanner.index < scanner.count, scanner.base[scanner.index] == UInt8(ascii: "\"") else {
        throw scanner.error("expected a member name in double quotes, found \(scanner.found())")
      }
      let nameStart = scanner.index
      let name = try scanner.readString()
      guard seen.insert(name) else { throw scanner.error("duplicate member name \"\(name)\"", at: nameStart) }
      try scanner.expect(UInt8(ascii: ":"), "':' after a member name")
      scanner.path.append(.key(name))
      try member(&self, name)
      scanner.path.removeLast()
      scanner.skipWhitespace()
      guard scanner.index < scanner.count else {
        throw scanner.error("expected ',' or '}', found the end of the input (truncated?)")
      }
      let byte = scanner.base[scanner.index]
      scanner.index += 1
      if byte == UInt8(ascii: "}") { return }
      guard byte == UInt8(ascii: ",") else {
        scanner.index -= 1
        throw scanner.error("expected ',' or '}' in an object, found \(scanner.found())")
      }
    }
  }

  /// Reads `[`, then calls `element` with each index with the scanner at the element, then `]`.
  mutating func readArray(_ element: (inout Self, Int) throws(GeoJSONError) -> Void) throws(GeoJSONError) {
    try scanner.expect(UInt8(ascii: "["), "'[' (an array)")
    try scanner.enter()
    defer { scanner.depth -= 1 }
    if scanner.peek() == UInt8(ascii: "]") {
      scanner.index += 1
      return
    }
    var i = 0
    while true {
      scanner.path.append(.index(i))
      try element(&self, i)
      scanner.path.removeLast()
      i += 1
      scanner.skipWhitespace()
      guard scanner.index < scanner.count else {
        throw scanner.error("expected ',' or ']', found the end of the input (truncated?)")
      }
      let byte = scanner.base[scanner.index]
      scanner.index += 1
      if byte == UInt8(ascii: "]") { return }
      guard byte == UInt8(ascii: ",") else {
        scanner.index -= 1
        throw scanner.error("expected ',' or ']' in an array, found \(scanner.found())")
      }
    }
  }

}

/// The member names of one object seen so far, for the duplicate check: a short array while the
/// object is small (a Feature has four or five), a hash set past that, so that an object with n
/// members costs O(n) time and memory rather than O(n²).
struct MemberNames {
  private var few: [String] = []
  private var many: Set<String>?
  private static var arrayLimit: Int { 16 }

  /// Adds `name`; false when it was there already.
  mutating func insert(_ name: String) -> Bool {
    if many != nil { return many?.insert(name).inserted ?? false }
    if few.contains(name) { return false }
    few.append(name)
    if few.count > Self.arrayLimit {
      many = Set(few)
      few = []
    }
    return true
  }
}

/// JSON's whitespace (RFC 8259 §2): space, tab, line feed and carriage return.
public enum JSONWhitespace {
  @inline(__always)
  public static func contains(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

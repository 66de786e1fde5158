// Strings: UTF-8 validated in place, escapes decoded (RFC 8259 §7).
extension Scanner {
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
}

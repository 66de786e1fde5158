/// The byte-level JSON scanner under the GeoJSON reader (RFC 8259): whitespace, literals, numbers,
/// strings and generic values, with error locations. It reads bytes in place and builds nothing it
/// does not need (its speed beside Foundation's `JSONSerialization` and simdjson: Benchmarks/README.md).
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

  /// After a member or an element: consumes the ',' before another one (false) or the `closing`
  /// byte (true); anything else is an error saying where (`place`: "in an object").
  @inline(__always)
  mutating func readSeparator(closing: UInt8, _ place: String) throws(GeoJSONError) -> Bool {
    let byte = peek()
    if byte == closing {
      index += 1
      return true
    }
    guard byte == UInt8(ascii: ",") else { throw separatorError(closing: closing, place) }
    index += 1
    return false
  }

  /// `readSeparator`'s error at the current byte, neither ',' nor `closing` (its message built here
  /// once, not at every place the separator is read: the hot path stays small).
  @inline(never)
  func separatorError(closing: UInt8, _ place: String) -> GeoJSONError {
    let expected = "expected ',' or '\(Character(Unicode.Scalar(closing)))'"
    guard index < count else { return error(expected + ", found the end of the input (truncated?)") }
    return error(expected + " \(place), found \(found())")
  }

  @inline(__always)
  mutating func expect(_ byte: UInt8, _ what: String) throws(GeoJSONError) {
    skipWhitespace()
    guard index < count, base[index] == byte else { throw expectationError(what) }
    index += 1
  }

  /// `expect`'s error at the current byte (built out of line, as `separatorError`).
  @inline(never)
  func expectationError(_ what: String) -> GeoJSONError { error("expected \(what), found \(found())") }

  /// A member name seen before in its object, at `position` (built out of line, as `separatorError`).
  @inline(never)
  func duplicateError(_ name: String, at position: Int) -> GeoJSONError {
    error("duplicate member name '\(name)'", at: position)
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
}

/// JSON's whitespace (RFC 8259 §2): space, tab, line feed and carriage return.
public enum JSONWhitespace {
  @inline(__always)
  public static func contains(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

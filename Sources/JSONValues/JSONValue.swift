/// A JSON value kept as read, for GeoJSON `properties`, `id` and foreign members (RFC 7946 §3.2,
/// §6.1), so that writing it back gives the same JSON.
///
/// Numbers keep their source text (`1.0` stays `1.0`, a 30-digit integer stays exact); object
/// members keep their order. Two values are equal when they write the same JSON text: strings and
/// member names compared by their UTF-8, as JSON and JavaScript compare them (a `String`'s `==`
/// would take "é" and "e" with a combining accent for one), numbers by their text, members in order.
public indirect enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number as its JSON text.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([Member])

  /// An object member: a name and its value, in source order.
  public struct Member: Hashable, Sendable {
    public var name: String
    public var value: JSONValue

    public init(_ name: String, _ value: JSONValue) {
      self.name = name
      self.value = value
    }

    public static func == (a: Member, b: Member) -> Bool {
      a.name.utf8.elementsEqual(b.name.utf8) && a.value == b.value
    }

    public func hash(into hasher: inout Hasher) {
      JSONValue.hashUTF8(name, into: &hasher)
      hasher.combine(value)
    }
  }

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x), .number(let y)), (.string(let x), .string(let y)): x.utf8.elementsEqual(y.utf8)
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)): x == y
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let x): hasher.combine(x)
    case .number(let x):
      hasher.combine(2)
      Self.hashUTF8(x, into: &hasher)
    case .string(let x):
      hasher.combine(3)
      Self.hashUTF8(x, into: &hasher)
    case .array(let x): hasher.combine(x)
    case .object(let x):
      hasher.combine(5)
      hasher.combine(x)
    }
  }

  /// `text`'s UTF-8 and its length into `hasher`.
  static func hashUTF8(_ text: String, into hasher: inout Hasher) {
    hasher.combine(text.utf8.count)
    for byte in text.utf8 { hasher.combine(byte) }
  }

  /// The member named `name` of an object, or nil. Names are the same when their UTF-8 is, as every
  /// reader of the package compares them (and JSON and JavaScript do): "é" and "e" with a combining
  /// accent are two names.
  public subscript(name: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.name.utf8.elementsEqual(name.utf8) }?.value
  }

  /// The JSON text, compact.
  public var jsonText: String {
    var text = ""
    write(to: &text)
    return text
  }

  /// Writes the JSON text: compact, or (`pretty`) indented by two spaces, an array of scalars on
  /// one line (`[151.2, -33.8]`) and one holding arrays or objects an element a line.
  package func write(to text: inout String, pretty: Bool = false, indent: Int = 0) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let raw): text += raw
    case .string(let value): JSONValue.quote(value, into: &text)
    case .array(let items):
      let broken =
        pretty && items.contains { if case .array = $0 { true } else if case .object = $0 { true } else { false } }
      text += "["
      for (index, item) in items.enumerated() {
        if index > 0 { text += pretty && !broken ? ", " : "," }
        if broken { Self.newline(&text, indent + 1) }
        item.write(to: &text, pretty: pretty, indent: indent + 1)
      }
      if broken { Self.newline(&text, indent) }
      text += "]"
    case .object(let members):
      let broken = pretty && !members.isEmpty
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        if broken { Self.newline(&text, indent + 1) }
        JSONValue.quote(member.name, into: &text)
        text += pretty ? ": " : ":"
        member.value.write(to: &text, pretty: pretty, indent: indent + 1)
      }
      if broken { Self.newline(&text, indent) }
      text += "}"
    }
  }

  private static func newline(_ text: inout String, _ indent: Int) {
    text += "\n" + String(repeating: "  ", count: indent)
  }

  /// A number's JSON text, the one number format of CardMap's output: whole numbers below 10¹⁵
  /// without a fraction (`59`, `-0` as `0`), others the shortest text that reads back to the same
  /// Double (`0.1`, `1e-07`). JSON has no NaN or infinity (RFC 8259 §6): they read as `null`, and
  /// output that must not hold them checks before it writes.
  public static func format(_ value: Double) -> String {
    String(unsafeUninitializedCapacity: ShortestDigits.maxLength) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return format(value, to: base, digits: ShortestDigits.writeOnce)
    }
  }

  /// Writes `format(value)` at `p` and returns how many bytes, at most `ShortestDigits.maxLength`
  /// (the writer's hot path: no string or array per number), the digits of a number with a fraction
  /// written by `digits` (`ShortestDigits.write`, inlined here; off the hot path, its one compiled copy).
  @inlinable @inline(__always)
  package static func format(
    _ value: Double, to p: UnsafeMutablePointer<UInt8>,
    digits: (Double, UnsafeMutablePointer<UInt8>) -> Int = ShortestDigits.write
  ) -> Int {
    guard value.isFinite else {
      p[0] = UInt8(ascii: "n")
      p[1] = UInt8(ascii: "u")
      p[2] = UInt8(ascii: "l")
      p[3] = UInt8(ascii: "l")
      return 4
    }
    // A whole number, tested by a round trip through Int64 (`rounded(.towardZero)` is a call to
    // libm's trunc on the baseline x86-64 target, once per number).
    guard value.magnitude < 1e15, case var whole = Int64(value), Double(whole) == value else {
      return digits(value, p)
    }
    // Its digits, with no fraction ("0" for both zeros).
    var q = p
    if whole < 0 {
      q.pointee = UInt8(ascii: "-")
      q += 1
      whole = -whole
    }
    let count = ShortestDigits.decimalLength(UInt64(whole))
    ShortestDigits.writeDigits(UInt64(whole), count: count, to: q)
    return q + count - p
  }

  /// Appends `string` as a JSON string literal (RFC 8259 §7), cut and counted as UTF-8 (a String's
  /// characters would link Unicode's tables into the WebAssembly engine).
  public static func quote(_ string: String, into text: inout String) {
    text += "\""
    var plainStart = string.utf8.startIndex
    var index = plainStart
    let utf8 = string.utf8
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
        text += String(decoding: utf8[plainStart..<index], as: UTF8.self)
        switch byte {
        case UInt8(ascii: "\""): text += "\\\""
        case UInt8(ascii: "\\"): text += "\\\\"
        case 0x0A: text += "\\n"
        case 0x0D: text += "\\r"
        case 0x09: text += "\\t"
        default:
          let hex = String(byte, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.utf8.count) + hex
        }
        plainStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    text += String(decoding: utf8[plainStart..<utf8.endIndex], as: UTF8.self)
    text += "\""
  }
}

extension JSONValue {
  /// The number's value, when this is a number that a Double holds finitely.
  public var double: Double? {
    guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// The number's value, when this is a whole number that an Int holds (`5`, `5.0`, `5e0`).
  public var integer: Int? {
    guard let value = double, value == value.rounded(), abs(value) < 9.0e15 else { return nil }
    return Int(value)
  }

  /// The string, when this is a string.
  public var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }
}

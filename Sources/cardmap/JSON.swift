import CardMap

/// A JSON value with its object keys in the order they were written, for output whose key order
/// follows the README's command line exactly.
indirect enum JSON: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  static func == (a: JSON, b: JSON) -> Bool { a.rendered() == b.rendered() }

  /// A rect `{"x":…,"y":…,"width":…,"height":…}`.
  static func rect(x: Double, y: Double, width: Double, height: Double) -> JSON {
    .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))])
  }

  /// The JSON text for output, after checking that every number is finite.
  ///
  /// - Throws: a failure (exit 1) naming the first non-finite number's path: a bug to report,
  ///   never `null` or NaN printed as if it were an answer.
  func output(pretty: Bool = false) throws(CLIError) -> String {
    if let path = firstNonFinite(at: "") {
      throw .failure("internal error: no finite value for \(path.isEmpty ? "the result" : path); please report it")
    }
    return rendered(pretty: pretty)
  }

  /// The path of the first number that is NaN or infinite, or nil.
  func firstNonFinite(at path: String) -> String? {
    switch self {
    case .number(let value): return value.isFinite ? nil : path
    case .array(let items):
      for (i, item) in items.enumerated() {
        if let found = item.firstNonFinite(at: "\(path)[\(i)]") { return found }
      }
      return nil
    case .object(let members):
      for (key, value) in members {
        if let found = value.firstNonFinite(at: path.isEmpty ? key : "\(path).\(key)") { return found }
      }
      return nil
    case .null, .bool, .string: return nil
    }
  }

  /// The JSON text: compact on one line, or indented by two spaces.
  func rendered(pretty: Bool = false) -> String {
    var text = ""
    write(to: &text, pretty: pretty, indent: 0)
    return text
  }

  private func write(to text: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value): text += JSONValue.format(value)
    case .string(let value): JSONValue.quote(value, into: &text)
    case .array(let items):
      guard !items.isEmpty else {
        text += "[]"
        return
      }
      let scalars = items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
      text += "["
      for (i, item) in items.enumerated() {
        if i > 0 { text += pretty && scalars ? ", " : "," }
        if pretty && !scalars { newline(&text, indent + 1) }
        item.write(to: &text, pretty: pretty, indent: indent + 1)
      }
      if pretty && !scalars { newline(&text, indent) }
      text += "]"
    case .object(let members):
      guard !members.isEmpty else {
        text += "{}"
        return
      }
      text += "{"
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { text += "," }
        if pretty { newline(&text, indent + 1) }
        JSONValue.quote(key, into: &text)
        text += pretty ? ": " : ":"
        value.write(to: &text, pretty: pretty, indent: indent + 1)
      }
      if pretty { newline(&text, indent) }
      text += "}"
    }
  }

  private func newline(_ text: inout String, _ indent: Int) {
    text += "\n" + String(repeating: "  ", count: indent)
  }
}

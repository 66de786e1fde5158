import CardMap

/// Building JSON to write (every answer of the command line and the web engine): numbers from Doubles in the one number
/// format (`JSONValue.format`), members from name–value pairs, and text compact or indented.
extension JSONValue {
  /// A number in the one number format. A NaN or infinity, which JSON cannot hold (RFC 8259 §6),
  /// is kept as `NaN`, `Infinity` or `-Infinity`, text that `firstNonFinite(at:)` finds before any
  /// output is written.
  public static func number(_ value: Double) -> JSONValue {
    guard value.isFinite else { return .number(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity") }
    return .number(format(value))
  }

  /// An object from name–value pairs, in their order.
  public static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
    .object(pairs.map { Member($0.0, $0.1) })
  }

  /// The path (`cameras[2].zoom`) of the first number that `number(_:)` built from a NaN or an
  /// infinity, or nil when every number is one JSON holds.
  public func firstNonFinite(at path: String = "") -> String? {
    switch self {
    case .number(let text): return text == "NaN" || text.hasSuffix("Infinity") ? path : nil
    case .array(let items):
      for (i, item) in items.enumerated() {
        if let found = item.firstNonFinite(at: "\(path)[\(i)]") { return found }
      }
      return nil
    case .object(let members):
      for member in members {
        if let found = member.value.firstNonFinite(at: path.isEmpty ? member.name : "\(path).\(member.name)") {
          return found
        }
      }
      return nil
    case .null, .bool, .string: return nil
    }
  }

  /// The JSON text: compact on one line, or indented by two spaces, with arrays of scalars on one
  /// line (`[151.2, -33.8]`).
  public func jsonText(pretty: Bool) -> String {
    var text = ""
    write(to: &text, pretty: pretty)
    return text
  }
}

/// Malformed GeoJSON, with where and what (<doc:GeoJSONRules>): the byte offset, line and column, the JSON
/// path (`features[12].geometry.coordinates[3]`), and what was expected.
public struct GeoJSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Byte offset from the start of the input (of the whole stream, for sequences).
  public var offset: Int
  /// 1-based line.
  public var line: Int
  /// 1-based column, in bytes.
  public var column: Int
  /// Where in the document, e.g. `features[12].geometry.coordinates[3]`; empty at the top.
  public var path: String
  /// What was wrong and what was expected.
  public var message: String
  /// The 1-based record number in a sequence, or nil for a single document.
  public var record: Int?

  public init(offset: Int, line: Int, column: Int, path: String, message: String, record: Int? = nil) {
    self.offset = offset
    self.line = line
    self.column = column
    self.path = path
    self.message = message
    self.record = record
  }

  public var description: String {
    var text = "line \(line):\(column) (byte \(offset))"
    if let record { text = "record \(record), " + text }
    if !path.isEmpty { text += " at \(path)" }
    return text + ": " + message
  }
}

extension GeoJSONError {
  /// `text` for a message: whole when short, else its first 40 code points and an ellipsis, so that
  /// a megabyte-long name does not become a megabyte-long message. (Code points, not characters:
  /// those would link Unicode's tables into the WebAssembly engine.)
  public static func excerpt(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > 48 else { return text }
    return String(String.UnicodeScalarView(scalars.prefix(40))) + "…"
  }
}

/// Malformed GeoJSON, with where and what (<doc:GeoJSONRules>): the byte offset, line and column, the JSON
/// path (`features[12].geometry.coordinates[3]`), and what was expected. An immutable object rather
/// than a value: the parser's every reading function hands its error on as one reference, not six
/// fields (`Benchmarks/README.md`, *Why the code is as it is*). Equal when every field is.
public final class GeoJSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Byte offset from the start of the input (of the whole stream, for sequences).
  public let offset: Int
  /// 1-based line.
  public let line: Int
  /// 1-based column, in bytes.
  public let column: Int
  /// Where in the document, e.g. `features[12].geometry.coordinates[3]`; empty at the top.
  public let path: String
  /// What was wrong and what was expected.
  public let message: String
  /// The 1-based record number in a sequence, or nil for a single document.
  public let record: Int?

  public init(offset: Int, line: Int, column: Int, path: String, message: String, record: Int? = nil) {
    self.offset = offset
    self.line = line
    self.column = column
    self.path = path
    self.message = message
    self.record = record
  }

  public static func == (a: GeoJSONError, b: GeoJSONError) -> Bool {
    (a.offset, a.line, a.column, a.record) == (b.offset, b.line, b.column, b.record) && a.path == b.path
      && a.message == b.message
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(offset)
    hasher.combine(message)
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
    // Code points counted and cut on the UTF-8, where each starts at a byte that is not 10xxxxxx.
    var count = 0
    var cut = 0
    for (offset, byte) in text.utf8.enumerated() where byte & 0xC0 != 0x80 {
      if count == 40 { cut = offset }
      count += 1
      if count > 48 { return String(decoding: text.utf8.prefix(cut), as: UTF8.self) + "…" }
    }
    return text
  }
}

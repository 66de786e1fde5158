import JSONValues

extension JSONValue {
  /// Reads one JSON text (RFC 8259) with the GeoJSON reader's scanner: numbers kept as text,
  /// member order kept, duplicate names an error.
  ///
  /// - Throws: `GeoJSONError` naming the byte, line:column and path, and what was expected.
  ///
  /// - Parameters:
  ///   - bytes: the JSON text, UTF-8.
  ///   - firstLine: the line `bytes` starts on in its file, for error locations.
  ///   - streamOffset: the byte `bytes` starts at in its file.
  ///   - maxDepth: the deepest nesting accepted; deeper is an error, never a stack overflow.
  public static func read(_ bytes: [UInt8], firstLine: Int = 1, streamOffset: Int = 0, maxDepth: Int = 128)
    throws(GeoJSONError) -> JSONValue
  {
    let empty: [UInt8] = [0]
    return try bytes.withUnsafeBufferPointer { (buffer) throws(GeoJSONError) -> JSONValue in
      try empty.withUnsafeBufferPointer { (fallback) throws(GeoJSONError) -> JSONValue in
        var scanner = Scanner(
          buffer.baseAddress ?? fallback.baseAddress.unsafelyUnwrapped, count: buffer.count, maxDepth: maxDepth,
          streamOffset: streamOffset, firstLine: firstLine)
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
          throw scanner.error("a byte order mark is not allowed before JSON text (RFC 8259 §8.1)")
        }
        let value = try scanner.readValue()
        scanner.skipWhitespace()
        guard scanner.index == scanner.count else {
          throw scanner.error("expected the end of the JSON text, found \(scanner.found())")
        }
        return value
      }
    }
  }
}

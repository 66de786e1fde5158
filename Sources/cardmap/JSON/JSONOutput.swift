import CardMap

/// The command line's JSON output: `JSONValue`s built in the order the cardmap command article shows their keys.
extension JSONValue {
  /// The JSON text for output, after checking that every number is finite.
  ///
  /// - Throws: a failure (exit 1) naming the first non-finite number's path: a bug to report,
  ///   never `null` or NaN printed as if it were an answer.
  func output(pretty: Bool = false) throws(CLIError) -> String {
    if let path = firstNonFinite() {
      throw .failure("internal error: no finite value for \(path.isEmpty ? "the result" : path); please report it")
    }
    return jsonText(pretty: pretty)
  }
}

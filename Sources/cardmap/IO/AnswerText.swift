import CardMapWire

extension JSONValue {
  /// The command's JSON output: the answer's text, or a failure (exit 1) when it holds a number
  /// JSON cannot (`answerText`).
  func output(pretty: Bool = false) throws(CLIError) -> String {
    do throws(NonFiniteAnswer) { return try answerText(pretty: pretty) } catch { throw .failure(error.description) }
  }
}

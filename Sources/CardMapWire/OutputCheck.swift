import CardMap

/// An answer holding a number JSON has no text for (a NaN or an infinity that `JSONValue.number(_:)`
/// kept): a bug to report, never printed as if it were an answer.
public struct NonFiniteAnswer: Error, Hashable, Sendable, CustomStringConvertible {
  /// The number's path in the answer (`cameras[2].zoom`), "" for the answer itself.
  public var path: String

  public var description: String {
    "internal error: no finite value for \(path.isEmpty ? "the result" : path); please report it"
  }
}

extension JSONValue {
  /// The JSON text of an answer, after checking that every number is finite.
  ///
  /// - Throws: `NonFiniteAnswer` naming the first non-finite number's path.
  public func answerText(pretty: Bool = false) throws(NonFiniteAnswer) -> String {
    if let path = firstNonFinite() { throw NonFiniteAnswer(path: path) }
    return jsonText(pretty: pretty)
  }
}

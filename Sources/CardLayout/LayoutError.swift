/// Input the layout engine rejects, naming the input and what was expected.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input at fault, e.g. `viewport`, `safeArea.top`, `y`.
  public var input: String
  /// What was wrong and what is expected.
  public var reason: String

  public init(input: String, reason: String) {
    self.input = input
    self.reason = reason
  }

  public var description: String { "\(input): \(reason)" }
}

/// Input the layout engine rejects, naming the input and what was expected. An immutable object
/// rather than a value, handed on as one reference by whatever fails with it
/// (`Benchmarks/README.md`, *Why the code is as it is*). Equal when input and reason are.
public final class LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input at fault, e.g. `viewport`, `safeArea.top`, `y`.
  public let input: String
  /// What was wrong and what is expected.
  public let reason: String

  public init(input: String, reason: String) {
    self.input = input
    self.reason = reason
  }

  public var description: String { "\(input): \(reason)" }

  public static func == (a: LayoutError, b: LayoutError) -> Bool { a.input == b.input && a.reason == b.reason }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(input)
    hasher.combine(reason)
  }
}

/// Why a camera cannot be fitted (<doc:CameraFitting>). Never NaN: every failure is one of these.
public enum FitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// There is nothing to fit.
  case noContent
  /// The insets leave no visible width or height.
  case noVisibleArea
  /// An input is negative or not finite; the string names it.
  case invalidInput(String)

  public var description: String {
    switch self {
    case .noContent: "no content"
    case .noVisibleArea: "insets leave no visible area"
    case .invalidInput(let what): "rejected input: \(what)"
    }
  }
}

/// Why a camera cannot be fitted (<doc:CameraFitting>). Never NaN: every failure is one of these.
/// Indirect: its message lives in a box, so that the fits hand it on as one reference
/// (`Benchmarks/README.md`, *Why the code is as it is*).
public indirect enum FitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// There is nothing to fit.
  case noContent
  /// The insets leave no visible width or height.
  case noVisibleArea
  /// An input is negative or not finite; the string names it.
  case invalidInput(String)
  /// No camera move shows what was asked where it was asked (a callout larger than the room the
  /// overlays leave, a selection the world's edge keeps from moving); the string says what.
  case noRoom(String)
  /// A feature asked of a camera whose projection it is not built for (<doc:CameraFitting#One-camera>):
  /// never computed in another model; the string names the feature and the projection.
  case unsupported(String)

  public var description: String {
    switch self {
    case .noContent: "no content"
    case .noVisibleArea: "insets leave no visible area"
    case .invalidInput(let what): "rejected input: \(what)"
    case .noRoom(let what): "no room: \(what)"
    case .unsupported(let what): what
    }
  }
}

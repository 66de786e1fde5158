import JSONValues

/// Distances from a view's four edges, in points (`{top, left, bottom, right}`).
///
/// Map insets are absolute distances from the view's edges: they include the safe area.
public struct Insets: Hashable, Sendable, CustomStringConvertible {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = Insets()

  /// The insets with left and right exchanged (RTL).
  public var mirrored: Insets { Insets(top: top, left: right, bottom: bottom, right: left) }

  /// Every inset finite and not negative.
  public var isValid: Bool {
    [top, left, bottom, right].allSatisfy { $0.isFinite && $0 >= 0 }
  }

  /// What is left of a view of the given size: `{left, top, W − left − right, H − top − bottom}`.
  public func rect(inWidth width: Double, height: Double) -> Rect {
    Rect(x: left, y: top, width: width - left - right, height: height - top - bottom)
  }

  /// The insets limited to a view `width` × `height`: each within 0…its dimension, and opposite
  /// pairs together no more than it (on a view too small for a card the visible rect is then empty,
  /// never negative).
  public func clamped(width: Double, height: Double) -> Insets {
    let top = min(max(self.top, 0), height)
    let left = min(max(self.left, 0), width)
    return Insets(
      top: top, left: left, bottom: min(max(bottom, 0), height - top), right: min(max(right, 0), width - left))
  }

  public var description: String { "{top \(top), left \(left), bottom \(bottom), right \(right)}" }
}

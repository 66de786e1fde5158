import JSONValues

/// A rectangle in points, origin top-left, y down (`{x, y, width, height}`).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }
  /// Width times height; 0 for a rect with a negative side.
  public var area: Double { max(width, 0) * max(height, 0) }
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  /// The rect reflected across the vertical centre line of a view `viewWidth` wide (RTL).
  public func mirrored(in viewWidth: Double) -> Rect {
    Rect(x: viewWidth - x - width, y: y, width: width, height: height)
  }

  /// The overlap of two rects, or nil when they do not overlap with a positive area.
  public func intersection(_ other: Rect) -> Rect? {
    let left = max(minX, other.minX)
    let right = min(maxX, other.maxX)
    let top = max(minY, other.minY)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  public var description: String { "{\(x), \(y), \(width), \(height)}" }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)x\(height)" }
}

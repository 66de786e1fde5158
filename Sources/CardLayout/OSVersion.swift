/// An OS or SDK version such as 27.1, compared part by part (27.10 > 27.9).
public struct OSVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(_ major: Int, _ minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// Parses `"27"`, `"27.1"` (a third part is accepted and ignored); nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
      let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0
    else { return nil }
    self.init(major, minor)
  }

  public static func < (a: OSVersion, b: OSVersion) -> Bool {
    (a.major, a.minor) < (b.major, b.minor)
  }

  public var description: String { "\(major).\(minor)" }

  /// The first version with system sheets for cards (<doc:LayoutRules#Presentation>).
  public static let systemSheets = OSVersion(27)
  /// The first version with a vertical bar (<doc:LayoutRules#Inputs>).
  public static let verticalBar = OSVersion(27, 1)
}

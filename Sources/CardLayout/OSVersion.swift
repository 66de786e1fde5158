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
    // Read as UTF-8 bytes: a String's characters would link Unicode's tables in WebAssembly.
    var parts: [Int] = [0]
    var digits = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "."), digits > 0, parts.count < 3 {
        (parts, digits) = (parts + [0], 0)
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let (tens, over) = parts[parts.count - 1].multipliedReportingOverflow(by: 10)
        let (value, past) = tens.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
        guard !over, !past else { return nil }
        parts[parts.count - 1] = value
        digits += 1
      } else {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    self.init(parts[0], parts.count > 1 ? parts[1] : 0)
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

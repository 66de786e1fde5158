/// A failure of the projection layer, with PROJ's own words when PROJ said something.
///
/// The message is what PROJ reported through its log callback (or its error string), so a bad CRS
/// reads like `proj_create: unrecognized format / unknown name`. Nothing of it ever reaches stderr.
public struct ProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely; `message` has the details.
  public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// PROJ could not build a context (out of memory, or a broken installation).
    public static let contextUnavailable = Kind(rawValue: "context unavailable")
    /// PROJ does not accept a CRS definition, or found no operation between the two.
    public static let invalidCRS = Kind(rawValue: "invalid CRS")
    /// PROJ's database (`proj.db`) or a grid it needs cannot be found.
    public static let missingResource = Kind(rawValue: "missing PROJ resource")
    /// The buffers of a batch do not fit together (different lengths).
    public static let invalidBuffers = Kind(rawValue: "invalid buffers")
    /// CardMap was built without the PROJ trait, and the CRS (or pair) is not one its kernels serve.
    public static let needsPROJ = Kind(rawValue: "needs PROJ")

    public var description: String { rawValue }
  }

  public var kind: Kind
  /// The CRS definition or pair the error is about, as given.
  public var subject: String
  /// PROJ's message, or ours when PROJ gave none.
  public var message: String

  public init(_ kind: Kind, subject: String, message: String) {
    self.kind = kind
    self.subject = subject
    self.message = message
  }

  public var description: String {
    var text = "\(kind): \(subject)"
    if !message.isEmpty { text += ": \(message)" }
    if kind == .needsPROJ {
      text +=
        " (this CardMap was built without the PROJ package trait: build with it, the default, or in a "
        + "dependent package with traits: [\"PROJ\"], and install Debian's libproj-dev; without PROJ, CardMap "
        + "takes EPSG:4326, EPSG:4979, OGC:CRS84, EPSG:4258, EPSG:3857, EPSG:900913, EPSG:326xx/327xx and EPSG:25828–25838)"
    }
    if kind == .missingResource {
      text += " (install Debian's proj-data, or set PROJ_DATA to the folder that holds proj.db)"
    }
    return text
  }
}

extension ProjectionError {
  /// `subject` is not served without PROJ.
  static func needsPROJ(_ subject: String) -> ProjectionError {
    ProjectionError(.needsPROJ, subject: subject, message: "")
  }
}

/// What a batch transform did: how many points it was given and how many of them failed.
///
/// A failed point (non-finite input, latitude beyond ±90°, or one PROJ could not transform) comes
/// back as NaN in every output coordinate and is counted in `failed`; the batch itself never throws
/// for a bad point (<doc:Projections>).
public struct BatchResult: Hashable, Sendable {
  /// Points in the batch.
  public var count: Int
  /// Points that became NaN.
  public var failed: Int
  /// What PROJ said while transforming, when it said anything (a missing grid, say); nil otherwise.
  public var message: String?

  public init(count: Int, failed: Int, message: String? = nil) {
    self.count = count
    self.failed = failed
    self.message = message
  }

  /// Points transformed successfully.
  public var succeeded: Int { count - failed }
}

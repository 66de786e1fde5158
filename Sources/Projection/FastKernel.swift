import ProjectionKernels

/// A SIMD kernel that does what PROJ would for a CRS pair, many times faster (<doc:Projections>):
/// nothing at all between two lon/lat CRSs, or one projection's batch kernel (chosen from PROJ's
/// operation by `OperationMatch`, or from the built-in table by `CRS.kernel(to:)`).
enum FastKernel: Hashable, Sendable {
  /// Lon/lat to lon/lat (WGS 84 and GRS 80 alike): only the checks PROJ makes of a point.
  case identity
  case batch(BatchKernel)

  /// Runs the kernel over `count` points in place, in the instruction set `isa`; returns how many
  /// failed (now NaN).
  func run(
    forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int,
    isa: InstructionSet = .active
  ) -> Int {
    run(forward: forward, x: x, y: y, count: count, isa: isa) { _ in false }
  }

  /// Runs the kernel over `count` points in place; a point it fails keeps its input and goes to
  /// `retry`, which computes it another way and says whether it could; one it could not is NaN.
  /// Returns how many points failed in the end.
  func run(
    forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int,
    isa: InstructionSet = .active, retry: (Int) -> Bool
  ) -> Int {
    switch self {
    case .identity:
      return Self.checkGeographic(x: x, y: y, count: count)
    case .batch(let kernel):
      var failed = 0
      _ = isa.run(kernel, forward: forward, x: x, y: y, count: count) { index in
        guard !retry(index) else { return }
        x[index] = .nan
        y[index] = .nan
        failed += 1
      }
      return failed
    }
  }

  /// The kernel's short name, as `Transformer.path` reports it: `identity`, `webmerc`, `tmerc`,
  /// `lcc`, `stere`, `laea` (PROJ's names of the projections).
  var name: String {
    guard case .batch(let kernel) = self else { return "identity" }
    switch kernel.projection {
    case .webMercator: return "webmerc"
    case .transverseMercator: return "tmerc"
    case .lambertConformalConic: return "lcc"
    case .polarStereographic: return "stere"
    case .lambertAzimuthalEqualArea: return "laea"
    }
  }

  /// A lon/lat point that is not finite or whose latitude is beyond ±90° fails (becomes NaN), as
  /// in any transform from lon/lat (<doc:Projections>); the others stay as they are.
  static func checkGeographic(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    var failed = 0
    for i in 0..<count where !(x[i].isFinite && y[i].isFinite && abs(y[i]) <= 90) {
      x[i] = .nan
      y[i] = .nan
      failed += 1
    }
    return failed
  }
}

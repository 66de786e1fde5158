import MapGeometry

/// A SIMD kernel that does what PROJ would for a CRS pair, many times faster (<doc:Projections>): lon/lat
/// to Web Mercator or to a transverse Mercator and back, or nothing at all between two lon/lat
/// CRSs (chosen by `CRS.kernel(to:)`).
enum FastKernel: Hashable, Sendable {
  /// Lon/lat to lon/lat (WGS 84 and GRS 80 alike): only the checks PROJ makes of a point.
  case identity
  case webMercator
  case transverseMercator(TransverseMercatorKernel)

  /// The kernel for two CRSs that PROJ names by these codes, when the built-in table holds both.
  static func matching(source: String?, target: String?) -> (kernel: FastKernel, backwards: Bool)? {
    guard let source, let target, let from = BuiltInCRS.lookup(source), let to = BuiltInCRS.lookup(target) else {
      return nil
    }
    return from.crs.kernel(to: to.crs)
  }

  /// Runs the kernel over `count` points in place; returns how many failed.
  func run(forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    switch (self, forward) {
    case (.identity, _): Self.checkGeographic(x: x, y: y, count: count)
    case (.webMercator, true): WebMercatorKernel.forward(x: x, y: y, count: count)
    case (.webMercator, false): WebMercatorKernel.inverse(x: x, y: y, count: count)
    case (.transverseMercator(let k), true): k.forward(x: x, y: y, count: count)
    case (.transverseMercator(let k), false): k.inverse(x: x, y: y, count: count)
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

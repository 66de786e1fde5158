import MapGeometry

/// A SIMD kernel that does what PROJ would for a CRS pair, many times faster (SPEC §10).
///
/// Chosen automatically from the authority codes PROJ reports for the two CRSs: EPSG:4326 with
/// EPSG:3857, and EPSG:4326 with a WGS 84 UTM zone (EPSG:32601–32660, 32701–32760), either way
/// round. Anything else goes through PROJ.
enum FastKernel: Hashable, Sendable {
  case webMercator
  case transverseMercator(TransverseMercatorKernel)

  /// The kernel and whether the pair runs it backwards (projected → geographic is its inverse).
  static func matching(source: String?, target: String?) -> (kernel: FastKernel, backwards: Bool)? {
    guard let source, let target else { return nil }
    if source == "EPSG:4326", let kernel = kernel(for: target) { return (kernel, false) }
    if target == "EPSG:4326", let kernel = kernel(for: source) { return (kernel, true) }
    return nil
  }

  private static func kernel(for projected: String) -> FastKernel? {
    if projected == "EPSG:3857" { return .webMercator }
    guard projected.hasPrefix("EPSG:"), let code = Int(projected.dropFirst(5)),
      let utm = TransverseMercatorKernel(epsg: code)
    else { return nil }
    return .transverseMercator(utm)
  }

  /// Runs the kernel over `count` points in place; returns how many failed.
  func run(forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    switch (self, forward) {
    case (.webMercator, true): WebMercatorKernel.forward(x: x, y: y, count: count)
    case (.webMercator, false): WebMercatorKernel.inverse(x: x, y: y, count: count)
    case (.transverseMercator(let utm), true): utm.forward(x: x, y: y, count: count)
    case (.transverseMercator(let utm), false): utm.inverse(x: x, y: y, count: count)
    }
  }
}

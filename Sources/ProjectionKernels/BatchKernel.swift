/// A projection the SIMD kernels compute, with its parameters (<doc:Kernels>).
public enum ProjectionKernel: Hashable, Sendable {
  /// Spherical Web Mercator (EPSG:3857).
  case webMercator
  /// Transverse Mercator, UTM among them.
  case transverseMercator(TransverseMercatorKernel)
  /// Lambert Conformal Conic, one or two standard parallels.
  case lambertConformalConic(LambertConformalConicKernel)
  /// Polar stereographic, north or south.
  case polarStereographic(PolarStereographicKernel)
  /// Lambert Azimuthal Equal Area, any aspect.
  case lambertAzimuthalEqualArea(LambertAzimuthalEqualAreaKernel)
}

/// One kernel's work: lon/lat degrees ↔ a projection's easting and northing, in the projection's
/// linear unit (<doc:Kernels>).
///
/// `run` is compiled for the baseline instruction set of the build. `runInlined` is the same loop
/// made to be compiled into the caller: a module built for another instruction set (AVX2, AVX-512)
/// calls it to get the whole loop in that instruction set.
public struct BatchKernel: Hashable, Sendable {
  public var projection: ProjectionKernel
  /// Metres per projected unit: 1 for metres, 0.3048 for the international foot, 1200/3937 for the
  /// US survey foot.
  public var metresPerUnit: Double

  public init(_ projection: ProjectionKernel, metresPerUnit: Double = 1) {
    self.projection = projection
    self.metresPerUnit = metresPerUnit
  }

  /// Runs the kernel over `count` points in place, lon/lat → projected when `forward`, else back;
  /// returns how many failed (now NaN).
  public func run(forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int)
    -> Int
  {
    markingFailuresNaN(x, y) { failed in run(forward: forward, x: x, y: y, count: count, failed: failed) }
  }

  /// Runs the kernel over `count` points in place; a point the kernel fails (outside its domain, or
  /// invalid) keeps its input and is handed to `failed` with its index, to be computed another way
  /// (a `Transformer` asks PROJ) or marked. Returns how many were handed over.
  public func run(
    forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int,
    failed: (Int) -> Void
  ) -> Int {
    runInlined(in: Baseline.self, forward: forward, x: x, y: y, count: count, failed: failed)
  }

  /// `run(forward:x:y:count:failed:)`, compiled into the caller; `module` is a type of the
  /// caller's module.
  ///
  /// Each kernel's loop is a generic specialisation out of line (`forEachVector`): a weak symbol
  /// named after its type arguments. Were the names the same in the baseline, AVX2 and AVX-512
  /// modules, the linker would keep one of the three for all, and every instruction set would run
  /// that one; a type argument of the caller's own makes each its own.
  @inlinable @inline(__always)
  public func runInlined<Module>(
    in module: Module.Type, forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
    count: Int, failed: (Int) -> Void
  ) -> Int {
    switch (projection, forward) {
    case (.webMercator, true): loop(WebMercatorKernel.Forward(), forward: true, x, y, count, in: module, failed: failed)
    case (.webMercator, false):
      loop(WebMercatorKernel.Inverse(), forward: false, x, y, count, in: module, failed: failed)
    case (.transverseMercator(let k), true):
      loop(TransverseMercatorKernel.Forward(k), forward: true, x, y, count, in: module, failed: failed)
    case (.transverseMercator(let k), false):
      loop(TransverseMercatorKernel.Inverse(k), forward: false, x, y, count, in: module, failed: failed)
    case (.lambertConformalConic(let k), true):
      loop(ConformalConic.Forward(k.cone), forward: true, x, y, count, in: module, failed: failed)
    case (.lambertConformalConic(let k), false):
      loop(ConformalConic.Inverse(k.cone), forward: false, x, y, count, in: module, failed: failed)
    case (.polarStereographic(let k), true):
      loop(ConformalConic.Forward(k.cone), forward: true, x, y, count, in: module, failed: failed)
    case (.polarStereographic(let k), false):
      loop(ConformalConic.Inverse(k.cone), forward: false, x, y, count, in: module, failed: failed)
    case (.lambertAzimuthalEqualArea(let k), true):
      loop(LambertAzimuthalEqualAreaKernel.Forward(k), forward: true, x, y, count, in: module, failed: failed)
    case (.lambertAzimuthalEqualArea(let k), false):
      loop(LambertAzimuthalEqualAreaKernel.Inverse(k), forward: false, x, y, count, in: module, failed: failed)
    }
  }

  /// The loop for one kernel, in metres or scaled to the unit as PROJ's `unitconvert` scales: by
  /// one factor, after the projection forward and before it backward.
  @inlinable @inline(__always)
  func loop<Kernel: PointKernel, Module>(
    _ kernel: Kernel, forward: Bool, _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
    _ count: Int, in module: Module.Type, failed: (Int) -> Void
  ) -> Int {
    guard metresPerUnit != 1 else { return forEachVector(x, y, count: count, kernel, in: module, failed: failed) }
    let inUnit = InUnit(kernel: kernel, forward: forward, metresPerUnit: metresPerUnit)
    return forEachVector(x, y, count: count, inUnit, in: module, failed: failed)
  }
}

/// A kernel whose projected side is in another linear unit than the metre.
@usableFromInline
struct InUnit<Kernel: PointKernel>: PointKernel {
  @usableFromInline let kernel: Kernel
  @usableFromInline let forward: Bool
  /// The factor PROJ's `unitconvert` multiplies by: metre → unit forward, unit → metre backward.
  @usableFromInline let factor: Double

  @inlinable
  init(kernel: Kernel, forward: Bool, metresPerUnit: Double) {
    self.kernel = kernel
    self.forward = forward
    factor = forward ? 1 / metresPerUnit : metresPerUnit
  }

  @inlinable @inline(__always)
  func callAsFunction(_ x: Vector, _ y: Vector) -> (Vector, Vector, Mask) {
    guard forward else { return kernel(x * factor, y * factor) }
    let (rx, ry, bad) = kernel(x, y)
    return (rx * factor, ry * factor, bad)
  }
}

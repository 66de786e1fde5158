import PlatformMath

/// EPSG:4326 ↔ EPSG:3857 on contiguous buffers, a vector of points at a time (<doc:Kernels>).
///
/// Forward: `x = a·λ`, `y = a·atanh(sin φ)` computed as `a·ln(cot(π/4 − |φ|/2))` with the sign
/// of φ (the same value as PROJ's `asinh(tan φ)`, and well conditioned up to the pole), `a` =
/// 6 378 137 m. Inverse: `λ = x/a`, `φ = atan(sinh(y/a)) = 2·atan(e^(y/a)) − π/2`, odd in y. As
/// PROJ: longitudes beyond ±180° wrap (`adjlon`), the poles map to y = ±242 528 680.94 m
/// (cos(π/2) is not 0 in doubles), and a point with a non-finite coordinate, |lat| > 90° or
/// |lon| > 10 rad fails.
///
/// Against PROJ 9.1: `KernelAccuracyTests` holds it to ≤ 1e-8 m forward and ≤ 1e-9° inverse on 10⁵
/// random points and the cs2cs fixtures; `cardmap-bench` measures 3.7e-9 m and 4.3e-14° at most
/// over 10⁷ points, as much as a scalar loop of PROJ's own formula over glibc differs from PROJ.
public enum WebMercatorKernel {
  /// EPSG:3857's sphere radius in metres (WGS 84's semi-major axis).
  @inlinable public static var sphereRadius: Double { 6_378_137.0 }

  /// Lon/lat degrees → metres, in place; returns how many points failed (now NaN).
  public static func forward(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    markingFailuresNaN(x, y) { forEachVector(x, y, count: count, Forward(), in: Baseline.self, failed: $0) }
  }

  /// Metres → lon/lat degrees, in place; returns how many points failed (now NaN).
  public static func inverse(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    markingFailuresNaN(x, y) { forEachVector(x, y, count: count, Inverse(), in: Baseline.self, failed: $0) }
  }

  @usableFromInline
  struct Forward: PointKernel {
    @inlinable init() {}

    @inlinable @inline(__always)
    func callAsFunction(_ lon: Vector, _ lat: Vector) -> (Vector, Vector, Mask) {
      // Failed lanes are computed on like the others (nothing traps) and replaced by NaN at the end.
      let lambda = lon * degreesToRadians
      let phi = lat * degreesToRadians
      let bad = invalidGeographic(lambda: lambda, latitude: lat)
      // atanh(sin|φ|) = ln(cot w) with w = π/4 − |φ|/2 in [0, π/4] (exact but for the last rounding,
      // π/4's low part added): no reflection, and cos w / sin w goes straight into the logarithm.
      let w = (0.7853981633974483 - 0.5 * vabs(phi)) + 3.061616997868383e-17
      let (s, c) = sinCosPolynomials(w)
      // sin and cos of π/4 differ in their last bit: the equator is set to exactly ±0, as in PROJ.
      let psi = vector(
        bits(vlogRatio(c, s, numeratorAtMostOne: true)) & ~unsafeBitCast(zero(phi), to: Bits.self))
      let y = vcopysign(psi, phi)
      let a = WebMercatorKernel.sphereRadius
      return (adjustLongitude(lambda) * a, y * a, bad)
    }
  }

  @usableFromInline
  struct Inverse: PointKernel {
    @inlinable init() {}

    @inlinable @inline(__always)
    func callAsFunction(_ mx: Vector, _ my: Vector) -> (Vector, Vector, Mask) {
      let bad = nonFinite(mx, my)
      let inverseRadius = 1 / WebMercatorKernel.sphereRadius
      let lambda = adjustLongitude(mx * inverseRadius)
      // φ is odd in t = y/a: work on |t|. Beyond 700 (y ≈ 4.5·10⁹ m) φ is 90° to the last bit:
      // clamp so that e^t stays finite.
      var t = vabs(my * inverseRadius)
      t = select(greater(t, Vector(repeating: 700)), Vector(repeating: 700), t)
      // φ = atan(sinh t) = 2·atan(u) − π/2 with u = e^t = N/D ≥ 1 (one ratio, no division):
      // 2·atan((u − 1)/(u + 1)) up to u = tan(3π/8), π/2 − 2·atan(1/u) beyond; both arguments
      // are at most tan(π/8), `atanPolynomial`'s range, and come from a single division.
      let (n, d) = vexpRatio(t)
      let beyond = greater(n, d * 2.41421356237309504880)
      let a = 2 * atanPolynomial(select(beyond, d, n - d) / select(beyond, n, n + d))
      let phi = select(beyond, (Double.pi / 2 - a) + 6.123233995736766e-17, a)
      return (lambda * radiansToDegrees, vcopysign(phi, my) * radiansToDegrees, bad)
    }
  }
}

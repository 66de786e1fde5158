/// EPSG:4326 ↔ EPSG:3857 on contiguous buffers, a vector of points at a time (SPEC §10).
///
/// Forward: `x = a·λ`, `y = a·atanh(sin φ)` computed as `a·ln(cot(π/4 − |φ|/2))` with the sign
/// of φ (the same value as PROJ's `asinh(tan φ)`, and well conditioned up to the pole), `a` =
/// 6 378 137 m. Inverse: `λ = x/a`, `φ = atan(sinh(y/a)) = 2·atan(e^(y/a)) − π/2`. As PROJ: longitudes beyond ±180° wrap
/// (`adjlon`), the poles map to y = ±242 528 680.94 m (cos(π/2) is not 0 in doubles), and a point
/// with a non-finite coordinate or |lat| > 90° fails.
///
/// Measured against PROJ 9.1 on 10⁵ random points and the cs2cs fixtures (`KernelAccuracyTests`,
/// `cardmap-bench`): forward ≤ 1e-8 m, inverse ≤ 1e-9°.
public enum WebMercatorKernel {
  /// Lon/lat degrees → metres, in place; returns how many points failed (now NaN).
  public static func forward(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    forEachVector(x, y, count: count, Forward())
  }

  /// Metres → lon/lat degrees, in place; returns how many points failed (now NaN).
  public static func inverse(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    forEachVector(x, y, count: count, Inverse())
  }

  struct Forward: PointKernel {
    @inline(__always)
    func callAsFunction(_ lon: Vector, _ lat: Vector) -> (Vector, Vector, Mask) {
      // Failed lanes are computed on like the others (nothing traps) and replaced by NaN at the end.
      let bad = invalidGeographic(lon, lat)
      let lambda = adjustLongitude(lon * degreesToRadians)
      let phi = lat * degreesToRadians
      // atanh(sin|φ|) = ln(cot w) with w = π/4 − |φ|/2 in [0, π/4] (exact but for the last rounding,
      // π/4's low part added): no reflection, and cos w / sin w goes straight into the logarithm.
      let w = (0.7853981633974483 - 0.5 * vabs(phi)) + 3.061616997868383e-17
      let (s, c) = sinCosPolynomials(w)
      // sin and cos of π/4 differ in their last bit: the equator is set to exactly ±0, as in PROJ.
      let psi = vector(
        bits(vlogRatio(c, s, numeratorAtMostOne: true)) & ~unsafeBitCast(zero(phi), to: Bits.self))
      let y = vcopysign(psi, phi)
      let a = WebMercator.earthRadius
      return (lambda * a, y * a, bad)
    }
  }

  struct Inverse: PointKernel {
    @inline(__always)
    func callAsFunction(_ mx: Vector, _ my: Vector) -> (Vector, Vector, Mask) {
      let bad = nonFinite(mx, my)
      let inverseRadius = 1 / WebMercator.earthRadius
      let lambda = adjustLongitude(mx * inverseRadius)
      // Beyond |t| = 700 (y ≈ 4.5·10⁹ m) the latitude is ±90° to the last bit: clamp so e^t is finite.
      var t = my * inverseRadius
      t = select(greater(vabs(t), Vector(repeating: 700)), vcopysign(Vector(repeating: 700), t), t)
      // φ = atan(sinh t) = 2·atan(e^t) − π/2, with e^t as a ratio that atan divides once.
      let (numerator, denominator) = vexpRatio(t)
      let half = vatanRatio(numerator, denominator)
      let phi = ((half - 0.7853981633974483) - 3.061616997868383e-17) * 2
      return (lambda * radiansToDegrees, phi * radiansToDegrees, bad)
    }
  }
}

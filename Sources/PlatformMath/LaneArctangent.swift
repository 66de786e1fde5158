// The arctangent's polynomials, on vectors of doubles: the projection kernels' (ProjectionKernels'
// VectorMath) and the globe's rings' (MapGeometry, two angles at once).

/// atan t for |t| ≤ tan(π/8), where the range reductions leave it: t + t·z·R(z), z = t², with R
/// of degree 10 fitted in 60-digit arithmetic by `Data/reference/make-atan-polynomial.py`, which
/// also measures this evaluation (Estrin's scheme, in doubles) at 0.65 ulp at worst. A polynomial
/// rather than Cephes' rational: the same number of operations, and no division.
@inlinable @inline(__always)
public func atanPolynomial<V: SIMD>(_ t: V) -> V where V.Scalar == Double {
  let z = t * t
  let z2 = z * z
  let z4 = z2 * z2
  let z8 = z4 * z4
  let e0 = 0.19999999999951815 * z - 0.33333333333333187
  let e1 = 0.11111110776759447 * z - 0.14285714280044026
  let e2 = 0.07692057439988456 * z - 0.09090897585414695
  let e3 = 0.05847696323165607 * z - 0.06663075229586649
  let e4 = 0.03804554892856584 * z - 0.05038499894536994
  let f0 = e1 * z2 + e0
  let f1 = e3 * z2 + e2
  let f2 = -0.017887779925664465 * z2 + e4
  let r = (f1 * z4 + f0) + f2 * z8
  return t * (z * r) + t
}

/// atan t for |t| ≤ 1/16 (a ring's points within 3.6° of the focus): Taylor's series to t¹³, by
/// Horner's scheme; the first term left out, t¹⁵/15, is below 2⁻⁵⁶·|t|, and the rounding of the
/// others' coefficients below an ulp of t. Seven terms, where `atanPolynomial` takes eleven.
@inlinable @inline(__always)
public func atanSmall<V: SIMD>(_ t: V) -> V where V.Scalar == Double {
  let z = t * t
  let c: (Double, Double, Double, Double, Double, Double) = (1 / 13, 1 / 11, 1 / 9, 1 / 7, 1 / 5, 1 / 3)
  var r = c.0 * z - c.1
  r = r * z + c.2
  r = r * z - c.3
  r = r * z + c.4
  r = r * z - c.5
  return t * (r * z) + t
}

/// atan2(y, x) of two pairs at once (finite), as C's atan2: each pair's range reduced on its own
/// (branches a processor predicts when the pairs change slowly, as a ring's points do), then one
/// `atanPolynomial` for both: cheaper than two calls of the C library's, and than the kernels'
/// branch-free form on two lanes (measured on a globe's rings when every ring point took it; now
/// only those beyond 22.5° of the focus do: Benchmarks/README.md, *Why the code is as it is*).
@inlinable @inline(__always)
public func atan2Pair(_ y: SIMD2<Double>, _ x: SIMD2<Double>) -> SIMD2<Double> {
  // atan(a/b) = base + atan(numerator/denominator), the latter's argument within tan(π/8); `low`
  // carries the part of `base` that a double leaves out.
  @inline(__always) func reduce(_ a: Double, _ b: Double) -> (
    numerator: Double, denominator: Double, base: Double, low: Double
  ) {
    if a > b * 2.41421356237309504880 { return (-b, a, Double.pi / 2, 6.123233995736765886130e-17) }
    if a > b * 0.41421356237309504880 { return (a - b, a + b, Double.pi / 4, 0.5 * 6.123233995736765886130e-17) }
    return (a, b, 0, 0)
  }
  // The tiny term keeps 0/0 away (y = x = 0 reads as atan(0/tiny) = 0) and changes no other value.
  let (first, second) = (reduce(abs(y.x), abs(x.x) + 1e-300), reduce(abs(y.y), abs(x.y) + 1e-300))
  let t = SIMD2(first.numerator, second.numerator) / SIMD2(first.denominator, second.denominator)
  let angle = SIMD2(first.base, second.base) + (atanPolynomial(t) + SIMD2(first.low, second.low))
  let reflected = (Double.pi - angle) + 1.2246467991473532e-16
  return SIMD2(
    Double(signOf: y.x, magnitudeOf: x.x < 0 ? reflected.x : angle.x),
    Double(signOf: y.y, magnitudeOf: x.y < 0 ? reflected.y : angle.y))
}

/// The isometric latitude ψ = atanh(sin φ) − e·atanh(e·sin φ) and its inverse, shared by the
/// conformal kernels (conic and polar stereographic, <doc:Kernels>): PROJ's `tsfn` is e^−ψ.
///
/// Forward, atanh(sin|φ|) is ln(cot w) with w = π/4 − |φ|/2 in [0, π/4], as in the Web Mercator
/// kernel (well conditioned up to the pole, where ψ stays finite as in PROJ), and sin|φ| = cos 2w.
/// Backward, through the conformal latitude and a series (`latitude(isometric:toGeodetic:)`).
@inlinable @inline(__always)
func isometricLatitude(_ phi: Vector, e: Double) -> Vector {
  let w = (0.7853981633974483 - 0.5 * vabs(phi)) + 3.061616997868383e-17
  let (s, c) = sinCosPolynomials(w)
  let eSinPhi = e * ((c - s) * (c + s))
  let psi = vlogRatio(c, s, numeratorAtMostOne: true) - (0.5 * e) * vlogRatio(1 + eSinPhi, 1 - eSinPhi)
  return vcopysign(psi, phi)
}

/// The latitude (radians) whose isometric latitude is ψ: the conformal latitude χ = gd(ψ), whose
/// sine and cosine are tanh ψ and sech ψ (from e^ψ as one ratio), then φ = χ + Σ cₖ·sin 2kχ, the
/// transverse Mercator kernel's Gaussian → geodetic series (6th order in n: the first omitted term
/// is below 10⁻¹⁹). |ψ| beyond 40 is the pole to the last bit.
@inlinable @inline(__always)
func latitude(isometric psi: Vector, toGeodetic: SineSeries) -> Vector {
  let limit = Vector(repeating: 40)
  let clamped = select(greater(psi, limit), limit, select(greater(-psi, limit), -limit, psi))
  let (n, d) = vexpRatio(clamped)
  let a = n * n
  let b = d * d
  let inverse = 1 / (a + b)
  let sinChi = (a - b) * inverse
  let cosChi = 2 * n * d * inverse
  let chi = vatan2(sinChi, cosChi)
  let sin2Chi = 2 * sinChi * cosChi
  let cos2Chi = (cosChi - sinChi) * (cosChi + sinChi)
  return chi + sin2Chi * toGeodetic.quotient(cos2B: cos2Chi)
}

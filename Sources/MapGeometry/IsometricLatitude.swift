/// The isometric latitude ψ = atanh(sin φ) − e·atanh(e·sin φ) and its inverse, shared by the
/// conformal kernels (conic and polar stereographic, <doc:Kernels>): PROJ's `tsfn` is e^−ψ.
///
/// Forward, atanh(sin|φ|) is ln(cot w) with w = π/4 − |φ|/2 in [0, π/4], as in the Web Mercator
/// kernel (well conditioned up to the pole, where ψ stays finite as in PROJ), and sin|φ| = cos 2w.
/// Backward, Newton's method on τ = tan φ for τ′ = sinh ψ (Karney, "Transverse Mercator with an
/// accuracy of a few nanometers", 2011, eqs. 7–9 and 19–21), from τ′/(1 − e²): two steps reach
/// the double nearest for e of the Earth's ellipsoids.
@inlinable @inline(__always)
func isometricLatitude(_ phi: Vector, e: Double) -> Vector {
  let w = (0.7853981633974483 - 0.5 * vabs(phi)) + 3.061616997868383e-17
  let (s, c) = sinCosPolynomials(w)
  let eSinPhi = e * ((c - s) * (c + s))
  let psi = vlogRatio(c, s, numeratorAtMostOne: true) - (0.5 * e) * vlogRatio(1 + eSinPhi, 1 - eSinPhi)
  return vcopysign(psi, phi)
}

/// The latitude (radians) whose isometric latitude is ψ; |ψ| beyond 40 is the pole to the last bit.
@inlinable @inline(__always)
func latitude(isometric psi: Vector, e: Double) -> Vector {
  let limit = Vector(repeating: 40)
  let clamped = select(greater(psi, limit), limit, select(greater(-psi, limit), -limit, psi))
  let (n, d) = vexpRatio(clamped)
  let tauPrime = (n - d) * (n + d) / (2 * n * d)
  let e2m = 1 - e * e
  var tau = tauPrime * (1 / e2m)
  for _ in 0..<2 {
    let tau1 = (1 + tau * tau).squareRoot()
    let eSinPhi = e * tau / tau1
    let (en, ed) = vexpRatio((0.5 * e) * vlogRatio(1 + eSinPhi, 1 - eSinPhi))
    let inverse2ND = 1 / (2 * en * ed)
    let sigma = (en - ed) * (en + ed) * inverse2ND
    let sigma1 = (en * en + ed * ed) * inverse2ND
    let tauPrimeNow = sigma1 * tau - sigma * tau1
    let tauPrimeNow1 = (1 + tauPrimeNow * tauPrimeNow).squareRoot()
    tau = tau + (tauPrime - tauPrimeNow) * (1 + e2m * tau * tau) / (e2m * tau1 * tauPrimeNow1)
  }
  return vatan(tau)
}

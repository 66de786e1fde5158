import PlatformMath

/// A 6-term series Σ cₖ·sin(2(k+1)B), as the transverse Mercator kernels sum it (<doc:Kernels>).
///
/// sin((k+1)θ) = sin θ·Uₖ(cos θ) with Chebyshev's polynomials of the second kind, so the series is
/// sin 2B times a degree-5 polynomial in cos 2B. Its power coefficients are worked out once per
/// zone; each point then costs one polynomial, evaluated by Estrin's scheme (three dependent steps
/// rather than Clenshaw's five, and about half the operations). The coefficients cₖ fall by a
/// factor of about 600 per term, so the power form loses nothing measurable against Clenshaw's
/// recurrence (`KernelAccuracyTests`).
@usableFromInline
struct SineSeries: Sendable {
  @usableFromInline let p0: Double, p1: Double, p2: Double, p3: Double, p4: Double, p5: Double

  /// The series with coefficients `c` (6 of them, c₀ first).
  @usableFromInline init(_ c: [Double]) {
    // U₀ = 1, U₁ = 2x, U₂ = 4x² − 1, U₃ = 8x³ − 4x, U₄ = 16x⁴ − 12x² + 1, U₅ = 32x⁵ − 32x³ + 6x.
    p0 = c[0] - c[2] + c[4]
    p1 = 2 * c[1] - 4 * c[3] + 6 * c[5]
    p2 = 4 * c[2] - 12 * c[4]
    p3 = 8 * c[3] - 32 * c[5]
    p4 = 16 * c[4]
    p5 = 32 * c[5]
  }

  /// Σ cₖ·sin(2(k+1)B) / sin 2B for real B, given x = cos 2B.
  @inlinable @inline(__always)
  func quotient(cos2B x: Vector) -> Vector {
    let x2 = x * x
    let a = p1 * x + p0
    let b = p3 * x + p2
    let c = p5 * x + p4
    return a + x2 * (b + x2 * c)
  }

  /// Σ cₖ·sin(2(k+1)ζ) for complex ζ = u + i·v, as (real, imaginary), given sin 2u, cos 2u,
  /// sinh 2v and cosh 2v.
  @inlinable @inline(__always)
  func complex(sin2u: Vector, cos2u: Vector, sinh2v: Vector, cosh2v: Vector) -> (Vector, Vector) {
    // x = cos 2ζ and s = sin 2ζ, complex.
    let xr = cos2u * cosh2v
    let xi = -(sin2u * sinh2v)
    let sr = sin2u * cosh2v
    let si = cos2u * sinh2v
    // x², then the pairs a = p₀ + p₁x, b = p₂ + p₃x, c = p₄ + p₅x (real coefficients).
    let x2r = (xr - xi) * (xr + xi)
    let x2i = 2 * xr * xi
    let ar = p1 * xr + p0
    let ai = p1 * xi
    let br = p3 * xr + p2
    let bi = p3 * xi
    let cr = p5 * xr + p4
    let ci = p5 * xi
    // d = b + x²·c, then the polynomial a + x²·d.
    let dr = br + (x2r * cr - x2i * ci)
    let di = bi + (x2r * ci + x2i * cr)
    let hr = ar + (x2r * dr - x2i * di)
    let hi = ai + (x2r * di + x2i * dr)
    return (sr * hr - si * hi, sr * hi + si * hr)
  }
}

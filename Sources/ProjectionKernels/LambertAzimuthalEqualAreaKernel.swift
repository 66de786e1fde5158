import PlatformMath

/// Lon/lat ↔ Lambert Azimuthal Equal Area (PROJ's `laea`: EPSG:3035, Europe's grid) on contiguous
/// buffers, a vector of points at a time (<doc:Kernels>), in the oblique and equatorial aspects on
/// an ellipsoid (the polar aspects stay with PROJ).
///
/// Forward, through the authalic latitude β (sin β = q/q_p): B = √(2/(1 + sin β₁ sin β + cos β₁
/// cos β cos λ)), x = x₀ + a·D·R_q·B·cos β·sin λ, y = y₀ + a·(R_q/D)·B·(cos β₁ sin β − sin β₁ cos β
/// cos λ) (Snyder, eqs. 3-11, 3-12 and 24-16 to 24-19). Backward, ρ = √((X/D)² + (D·Y)²) and
/// c = 2·asin(ρ/2R_q), whose sine and cosine come from ρ alone; then β and, as PROJ computes it,
/// φ = β + Σ three terms in sin 2kβ (Snyder, eq. 3-18). A point within about 0.08° of the antipode
/// of the centre (1 + … < 10⁻⁶, where the sum cancels) is left to PROJ, which answers down to 10⁻¹⁰;
/// one beyond the projection's disc (2R_q from the centre) fails; longitudes wrap; the centre comes
/// back as (λ₀, φ₀).
public struct LambertAzimuthalEqualAreaKernel: Hashable, Sendable {
  public let ellipsoid: Ellipsoid
  /// The centre, in radians.
  public let centralMeridian: Double
  public let latitudeOfOrigin: Double
  public let falseEasting: Double
  public let falseNorthing: Double

  /// Below this `1 + sin β₁ sin β + cos β₁ cos β cos λ` (about 0.08° from the centre's antipode)
  /// the kernel hands a point to PROJ: the sum's rounding would grow past 10⁻¹⁰ of the result.
  @inlinable static var antipodeLimit: Double { 1e-6 }

  /// sin β₁ and cos β₁ of the centre's authalic latitude.
  let sinB1: Double, cosB1: Double
  /// q at the pole, √(q_p/2), and PROJ's D.
  let qp: Double, rq: Double, dd: Double
  /// The authalic → geodetic series' coefficients (sin 2β, sin 4β, sin 6β).
  let apa0: Double, apa1: Double, apa2: Double

  /// The projection of PROJ's `+proj=laea` parameters, in degrees and metres; nil for a polar
  /// aspect (|lat_0| within 10⁻¹⁰ rad of 90°) or a sphere.
  public init?(
    latitudeOfOrigin: Double, centralMeridian: Double, falseEasting: Double = 0, falseNorthing: Double = 0,
    ellipsoid: Ellipsoid
  ) {
    let phi0 = latitudeOfOrigin * degreesToRadians
    let e = ellipsoid.eccentricity
    guard abs(abs(phi0) - .pi / 2) >= 1e-10, e > 0 else { return nil }
    self.ellipsoid = ellipsoid
    self.latitudeOfOrigin = phi0
    self.centralMeridian = centralMeridian * degreesToRadians
    self.falseEasting = falseEasting
    self.falseNorthing = falseNorthing
    let es = e * e
    qp = Self.qsfn(1, e: e)
    rq = (0.5 * qp).squareRoot()
    let sinPhi0 = sin(phi0)
    sinB1 = Self.qsfn(sinPhi0, e: e) / qp
    cosB1 = (1 - sinB1 * sinB1).squareRoot()
    dd = cos(phi0) / ((1 - es * sinPhi0 * sinPhi0).squareRoot() * rq * cosB1)
    let es2 = es * es
    let es3 = es2 * es
    apa0 = es / 3 + es2 * 31 / 180 + es3 * 517 / 5040
    apa1 = es2 * 23 / 360 + es3 * 251 / 3780
    apa2 = es3 * 761 / 45360
  }

  /// Snyder's q (eq. 3-12) of sin φ: (1 − e²)·(sin φ/(1 − e² sin²φ) + atanh(e sin φ)/e).
  static func qsfn(_ sinPhi: Double, e: Double) -> Double {
    let es = e * sinPhi
    return (1 - e * e) * (sinPhi / (1 - es * es) - 0.5 / e * log((1 - es) / (1 + es)))
  }

  @usableFromInline
  struct Forward: PointKernel {
    @usableFromInline let e: Double, oneMinusEs: Double, halfOverE: Double, inverseQp: Double
    @usableFromInline let sinB1: Double, cosB1: Double, lambda0: Double
    @usableFromInline let xScale: Double, yScale: Double, x0: Double, y0: Double

    @usableFromInline init(_ k: LambertAzimuthalEqualAreaKernel) {
      e = k.ellipsoid.eccentricity
      oneMinusEs = 1 - e * e
      halfOverE = 0.5 / e
      inverseQp = 1 / k.qp
      sinB1 = k.sinB1
      cosB1 = k.cosB1
      lambda0 = k.centralMeridian
      // PROJ's xmf = R_q·D and ymf = R_q/D, in metres.
      xScale = k.ellipsoid.semiMajorAxis * k.rq * k.dd
      yScale = k.ellipsoid.semiMajorAxis * k.rq / k.dd
      x0 = k.falseEasting
      y0 = k.falseNorthing
    }

    @inlinable @inline(__always)
    func callAsFunction(_ lon: Vector, _ lat: Vector) -> (Vector, Vector, Mask) {
      let rawLambda = lon * degreesToRadians
      let invalid = invalidGeographic(lambda: rawLambda, latitude: lat)
      let lambda = adjustLongitude(rawLambda - lambda0)
      let (sinPhi, _) = vsincosHalfTurn(lat * degreesToRadians)
      let es = e * sinPhi
      let q = oneMinusEs * (sinPhi / ((1 - es) * (1 + es)) + halfOverE * vlogRatio(1 + es, 1 - es))
      let sinB = q * inverseQp
      let cosB = vabs((1 - sinB) * (1 + sinB)).squareRoot()
      let (sinHalf, cosHalf) = vsincosByDoubling(0.5 * lambda)
      let sinLambda = 2 * sinHalf * cosHalf
      let cosLambda = (cosHalf - sinHalf) * (cosHalf + sinHalf)
      let b = 1 + sinB1 * sinB + cosB1 * cosB * cosLambda
      // Near the antipode 1 + … cancels: within b < 10⁻⁶ (about 0.08° of it) the rounding of b
      // grows past 10⁻¹⁰ of the result, so such points go to PROJ (which fails below 10⁻¹⁰).
      let antipode = greater(Vector(repeating: LambertAzimuthalEqualAreaKernel.antipodeLimit), vabs(b))
      let bb = (2 / vabs(b)).squareRoot()
      let x = xScale * bb * cosB * sinLambda + x0
      let y = yScale * bb * (cosB1 * sinB - sinB1 * cosB * cosLambda) + y0
      return (x, y, invalid | antipode | nonFinite(x, y))
    }
  }

  @usableFromInline
  struct Inverse: PointKernel {
    @usableFromInline let xScale: Double, yScale: Double, x0: Double, y0: Double
    @usableFromInline let sinB1: Double, cosB1: Double, lambda0: Double, phi0: Double
    @usableFromInline let halfOverRq: Double
    @usableFromInline let toGeodetic: (p0: Double, p1: Double, p2: Double)

    @usableFromInline init(_ k: LambertAzimuthalEqualAreaKernel) {
      let a = k.ellipsoid.semiMajorAxis
      xScale = 1 / (a * k.dd)
      yScale = k.dd / a
      x0 = k.falseEasting
      y0 = k.falseNorthing
      sinB1 = k.sinB1
      cosB1 = k.cosB1
      lambda0 = k.centralMeridian
      phi0 = k.latitudeOfOrigin
      halfOverRq = 0.5 / k.rq
      // Σ cₖ sin(2(k+1)β) = sin 2β·(p₀ + p₁x + p₂x²), x = cos 2β (as `SineSeries`, three terms).
      toGeodetic = (k.apa0 - k.apa2, 2 * k.apa1, 4 * k.apa2)
    }

    @inlinable @inline(__always)
    func callAsFunction(_ easting: Vector, _ northing: Vector) -> (Vector, Vector, Mask) {
      let invalid = nonFinite(easting, northing)
      let x = (easting - x0) * xScale
      let y = (northing - y0) * yScale
      let rho = (x * x + y * y).squareRoot()
      let centre = greater(Vector(repeating: 1e-10), rho)
      // c = 2·asin(z), z = ρ/2R_q: sin c = 2z√(1 − z²), cos c = 1 − 2z²; beyond z = 1, no point.
      let z = rho * halfOverRq
      let outside = greater(z, Vector(repeating: 1))
      let sinC = 2 * z * vabs((1 - z) * (1 + z)).squareRoot()
      let cosC = 1 - 2 * z * z
      let inverseRho = 1 / select(centre, Vector(repeating: 1), rho)
      let sinBeta = cosC * sinB1 + y * sinC * cosB1 * inverseRho
      let east = x * sinC
      let north = rho * cosB1 * cosC - y * sinB1 * sinC
      let lambda = adjustLongitude(vatan2(east, north) + lambda0)
      // β = asin(sin β); φ = β + sin 2β·(p₀ + p₁ cos 2β + p₂ cos² 2β).
      let cosBeta = vabs((1 - sinBeta) * (1 + sinBeta)).squareRoot()
      let beta = vatan2(sinBeta, cosBeta)
      let sin2B = 2 * sinBeta * cosBeta
      let cos2B = 1 - 2 * sinBeta * sinBeta
      let phi = beta + sin2B * (toGeodetic.p0 + cos2B * (toGeodetic.p1 + cos2B * toGeodetic.p2))
      let lon = select(centre, Vector(repeating: adjustedCentre), lambda)
      let lat = select(centre, Vector(repeating: phi0), phi)
      let beyond = outside | greater(vabs(sinBeta), Vector(repeating: 1))
      return (lon * radiansToDegrees, lat * radiansToDegrees, invalid | beyond)
    }

    /// λ₀ as a point at the centre comes back: wrapped.
    @inlinable var adjustedCentre: Double {
      lambda0 > .pi ? lambda0 - 2 * .pi : lambda0 < -.pi ? lambda0 + 2 * .pi : lambda0
    }
  }
}

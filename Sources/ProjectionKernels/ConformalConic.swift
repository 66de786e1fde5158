import PlatformMath

/// The conformal conic that both the Lambert Conformal Conic and the polar stereographic kernels
/// compute (<doc:Kernels>): the polar stereographic is the cone of constant n = ±1 with its apex at
/// the pole.
///
/// ρ = C·e^(−nψ) (C = a·k₀·c in PROJ's terms, ψ the isometric latitude), θ = n·λ,
/// x = x₀ + ρ·sin θ, y = y₀ + ρ₀ − ρ·cos θ; back, ρ = sign(n)·√(X² + Y²), λ = atan2(X, Y)/n,
/// ψ = −ln(ρ/C)/n, then φ from ψ through the conformal latitude. Latitudes within `poleTolerance` of the cone's pole map to its apex (ρ = 0); at
/// the other pole the point fails when `oppositePoleFails` (the conic), else runs on (the polar
/// stereographic, whose far pole is a huge finite ρ in PROJ too). The conic leaves a point on its
/// seam (λ within 10⁻⁹ of ±π) to PROJ, whose side of the seam depends on how it wraps the longitude
/// before subtracting λ₀. As PROJ: longitudes wrap (`adjlon`); non-finite input, |lat| > 90° and
/// |lon| > 10 rad fail; the apex comes back as (λ₀, ±90°).
public struct ConformalConic: Hashable, Sendable {
  /// The cone constant n (±1 for the polar stereographic).
  public let n: Double
  /// ρ per unit of e^(−nψ), in metres; negative when n is.
  public let scale: Double
  /// ρ of the latitude of origin, in metres.
  public let rho0: Double
  public let falseEasting: Double
  public let falseNorthing: Double
  /// The central meridian in radians.
  public let centralMeridian: Double
  /// The ellipsoid's eccentricity.
  public let eccentricity: Double
  /// Latitudes (radians) this close to the apex's pole are at the apex.
  public let poleTolerance: Double
  /// Whether a point at the pole opposite the apex fails.
  public let oppositePoleFails: Bool
  /// The conformal → geodetic latitude series' coefficients (sin 2χ … sin 12χ), as the transverse
  /// Mercator kernel's Gaussian → geodetic one.
  let geodeticSeries: [Double]

  init(
    n: Double, scale: Double, rho0: Double, falseEasting: Double, falseNorthing: Double, centralMeridian: Double,
    ellipsoid: Ellipsoid, poleTolerance: Double, oppositePoleFails: Bool
  ) {
    self.n = n
    self.scale = scale
    self.rho0 = rho0
    self.falseEasting = falseEasting
    self.falseNorthing = falseNorthing
    self.centralMeridian = centralMeridian
    eccentricity = ellipsoid.eccentricity
    self.poleTolerance = poleTolerance
    self.oppositePoleFails = oppositePoleFails
    geodeticSeries = TransverseMercatorKernel.gaussianToGeodetic(ellipsoid)
  }

  @usableFromInline
  struct Forward: PointKernel {
    @usableFromInline let cone: ConformalConic
    @usableFromInline init(_ cone: ConformalConic) { self.cone = cone }

    @inlinable @inline(__always)
    func callAsFunction(_ lon: Vector, _ lat: Vector) -> (Vector, Vector, Mask) {
      let rawLambda = lon * degreesToRadians
      var bad = invalidGeographic(lambda: rawLambda, latitude: lat)
      let phi = lat * degreesToRadians
      let lambda = adjustLongitude(rawLambda - cone.centralMeridian)
      let psi = isometricLatitude(phi, e: cone.eccentricity)
      // e^(−nψ): |nψ| < 40 for any latitude, well within exp's range.
      let (en, ed) = vexpRatio(-cone.n * psi)
      var rho = cone.scale * en / ed
      // Within the tolerance of a pole: the apex on the cone's side, else (the conic) a failure.
      let nearPole = greater(vabs(phi), Vector(repeating: Double.pi / 2 - cone.poleTolerance))
      let apexSide = signMask(-(phi * cone.n))  // φ·n > 0
      rho = vector(bits(rho) & ~unsafeBitCast(nearPole & apexSide, to: Bits.self))
      if cone.oppositePoleFails {
        // The conic: the far pole fails, and a point on the seam (λ within 10⁻⁹ of ±π) goes to PROJ,
        // whose side of the seam depends on how it wrapped the longitude before subtracting λ₀.
        bad = bad | (nearPole & ~apexSide) | greater(vabs(lambda), Vector(repeating: Double.pi - 1e-9))
      }
      // θ = n·λ within ±π: the half angle's sine and cosine, doubled.
      let (sinHalf, cosHalf) = vsincosByDoubling(0.5 * (cone.n * lambda))
      let sinTheta = 2 * sinHalf * cosHalf
      let cosTheta = (cosHalf - sinHalf) * (cosHalf + sinHalf)
      let x = rho * sinTheta + cone.falseEasting
      let y = (cone.rho0 - rho * cosTheta) + cone.falseNorthing
      return (x, y, bad | nonFinite(x, y))
    }
  }

  @usableFromInline
  struct Inverse: PointKernel {
    @usableFromInline let cone: ConformalConic
    @usableFromInline let toGeodetic: SineSeries
    @usableFromInline init(_ cone: ConformalConic) {
      self.cone = cone
      toGeodetic = SineSeries(cone.geodeticSeries)
    }

    @inlinable @inline(__always)
    func callAsFunction(_ easting: Vector, _ northing: Vector) -> (Vector, Vector, Mask) {
      let bad = nonFinite(easting, northing)
      // With n < 0 both X and Y change sign, so that ρ = sign(n)·√(X² + Y²) and θ = atan2(X, Y).
      let sign = cone.n < 0 ? -1.0 : 1.0
      let x = (easting - cone.falseEasting) * sign
      let y = (cone.rho0 - (northing - cone.falseNorthing)) * sign
      let r = (x * x + y * y).squareRoot()
      let apex = zero(r)
      // ψ = −ln(ρ/C)/n = ln(C/|ρ|)/n; at the apex any finite ratio serves, its lanes are replaced.
      let ratio = select(apex, Vector(repeating: 1), r * (1 / abs(cone.scale)))
      let psi = vlogRatio(Vector(repeating: 1), ratio) * (1 / cone.n)
      var phi = latitude(isometric: psi, toGeodetic: toGeodetic)
      phi = select(apex, Vector(repeating: cone.n > 0 ? Double.pi / 2 : -Double.pi / 2), phi)
      let theta = select(apex, Vector(), vatan2(x, y))
      let lambda = adjustLongitude(theta * (1 / cone.n) + cone.centralMeridian)
      return (lambda * radiansToDegrees, phi * radiansToDegrees, bad)
    }
  }
}

extension ConformalConic {
  /// PROJ's `tsfn`, e^−ψ: tan(π/4 − φ/2) / ((1 − e·sin φ)/(1 + e·sin φ))^(e/2).
  static func tsfn(_ phi: Double, e: Double) -> Double {
    let es = e * sin(phi)
    return tan(0.5 * (Double.pi / 2 - phi)) / pow((1 - es) / (1 + es), 0.5 * e)
  }

  /// PROJ's `msfn`, cos φ / √(1 − e²·sin²φ).
  static func msfn(_ phi: Double, e: Double) -> Double {
    let es = e * sin(phi)
    return cos(phi) / (1 - es * es).squareRoot()
  }
}

extension Ellipsoid {
  /// The first eccentricity e, √(2f − f²).
  public var eccentricity: Double {
    let f = 1 / inverseFlattening
    return (2 * f - f * f).squareRoot()
  }
}

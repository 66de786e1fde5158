import PlatformMath

/// Lon/lat ↔ transverse Mercator on contiguous buffers, a vector of points at a time (<doc:Kernels>):
/// UTM on WGS 84 (EPSG:326zz north, 327zz south) or GRS 80 (EPSG:258zz), and any transverse
/// Mercator with its origin on the equator (any ellipsoid, central meridian, scale and false
/// easting and northing).
///
/// The Poder/Engsager extended transverse Mercator that PROJ uses by default: geodetic latitude to
/// Gaussian (conformal) latitude by a 6th-order trigonometric series, the spherical transverse
/// Mercator, and a 6th-order complex Krüger series to ellipsoidal northing and easting (Poder &
/// Engsager, ICC 2007; König & Weise 1951), each series summed as a polynomial in the cosine of the
/// doubled angle (`SineSeries`). The series' coefficients are polynomials in the third flattening n
/// of the ellipsoid. Trigonometric and hyperbolic values of the doubled angles come from exact identities
/// (cosh Ce = 1/√(1 − q²), e^x as one ratio) rather than extra calls, so that each point costs few
/// divisions.
///
/// As PROJ: a point whose normalised easting exceeds 2.623395162778 (about 150° of arc) fails;
/// longitudes wrap (`adjlon`); non-finite input, |lat| > 90° and |lon| > 10 rad fail. Far outside
/// the zone the series keep working but lose accuracy, like PROJ's; the kernel agrees with PROJ
/// there too. A northing beyond a pole (more than about 10 000 km from the false northing) comes
/// back on the pole's far side, as in PROJ; one beyond `northingLimit` fails.
///
/// Against PROJ 9.1: `KernelAccuracyTests` holds it to ≤ 1e-8 m within 30° of the central meridian,
/// inverse ≤ 1e-9°; `cardmap-bench` measures 7.5e-9 m and 2.8e-13° at
/// most over 10⁷ points within 30°.
public struct TransverseMercatorKernel: Hashable, Sendable {
  public let ellipsoid: Ellipsoid
  /// The central meridian in radians.
  public let centralMeridian: Double
  /// The scale on the central meridian, k₀ (0.9996 for UTM).
  public let scaleFactor: Double
  public let falseEasting: Double
  public let falseNorthing: Double
  /// The latitude of the origin, in radians (0 for UTM: the equator).
  public let latitudeOfOrigin: Double
  /// The northing of the origin before the false northing, in metres (PROJ's Zb·a): subtracted
  /// from every northing so that the origin's is the false northing.
  public private(set) var originNorthing: Double
  /// Meridian quadrant scaled by k₀ (PROJ's Qn), per unit of semi-major axis.
  let qn: Double
  /// Series coefficients: geodetic → Gaussian latitude (`cbg`), Gaussian → geodetic (`cgb`),
  /// spherical → ellipsoidal transverse Mercator (`gtu`), and back (`utg`); 6 each.
  let cbg: [Double]
  let cgb: [Double]
  let gtu: [Double]
  let utg: [Double]

  /// The series under PROJ's names, for the benchmarks' scalar rendition of PROJ's formula: not API.
  @_spi(Benchmarks) public var series: (qn: Double, cbg: [Double], cgb: [Double], gtu: [Double], utg: [Double]) {
    (qn, cbg, cgb, gtu, utg)
  }

  /// UTM's scale on the central meridian.
  public static let utmScaleFactor = 0.9996
  /// UTM's false easting, in metres.
  public static let utmFalseEasting = 500_000.0
  /// UTM's false northing in the southern hemisphere, in metres.
  public static let utmSouthFalseNorthing = 10_000_000.0
  /// The largest normalised easting the series are used for (PROJ's limit).
  public static let eastingLimit = 2.623395162778
  /// The largest normalised northing the inverse takes (2²⁰, a northing of about 6.7·10¹² m, some
  /// 10⁵ times round the Earth): beyond it the reduction by half turns loses accuracy, and the point
  /// fails where PROJ would return a value.
  public static let northingLimit = 1_048_576.0

  /// The kernel for a UTM zone (central meridian 6·zone − 183°, k₀ 0.9996, false easting
  /// 500 000 m, false northing 10 000 000 m in the south); nil for a zone outside 1…60.
  public init?(zone: Int, south: Bool, ellipsoid: Ellipsoid = .wgs84) {
    guard (1...60).contains(zone) else { return nil }
    self.init(
      centralMeridian: Double(zone * 6 - 183), scaleFactor: Self.utmScaleFactor, falseEasting: Self.utmFalseEasting,
      falseNorthing: south ? Self.utmSouthFalseNorthing : 0, ellipsoid: ellipsoid)
  }

  /// A transverse Mercator by PROJ's `+proj=tmerc` parameters.
  ///
  /// - Parameters:
  ///   - centralMeridian: the longitude of the natural origin, in degrees.
  ///   - scaleFactor: the scale on the central meridian (UTM: 0.9996).
  ///   - falseEasting: metres added to every easting (UTM: 500 000).
  ///   - falseNorthing: metres added to every northing (UTM south: 10 000 000).
  ///   - ellipsoid: the ellipsoid the latitudes and longitudes are on.
  ///   - latitudeOfOrigin: the origin's latitude in degrees (UTM: 0, the equator).
  public init(
    centralMeridian: Double, scaleFactor: Double, falseEasting: Double, falseNorthing: Double, ellipsoid: Ellipsoid,
    latitudeOfOrigin: Double = 0
  ) {
    self.ellipsoid = ellipsoid
    self.centralMeridian = centralMeridian * degreesToRadians
    self.scaleFactor = scaleFactor
    self.falseEasting = falseEasting
    self.falseNorthing = falseNorthing
    self.latitudeOfOrigin = latitudeOfOrigin * degreesToRadians
    originNorthing = 0
    let n = Self.thirdFlattening(ellipsoid)
    var np = n
    var cbg = [Double](repeating: 0, count: 6)
    var utg = cbg
    var gtu = cbg
    cbg[0] = n * (-2 + n * (2 / 3.0 + n * (4 / 3.0 + n * (-82 / 45.0 + n * (32 / 45.0 + n * (4642 / 4725.0))))))
    np *= n
    cbg[1] = np * (5 / 3.0 + n * (-16 / 15.0 + n * (-13 / 9.0 + n * (904 / 315.0 + n * (-1522 / 945.0)))))
    np *= n
    cbg[2] = np * (-26 / 15.0 + n * (34 / 21.0 + n * (8 / 5.0 + n * (-12686 / 2835.0))))
    np *= n
    cbg[3] = np * (1237 / 630.0 + n * (-12 / 5.0 + n * (-24832 / 14175.0)))
    np *= n
    cbg[4] = np * (-734 / 315.0 + n * (109598 / 31185.0))
    np *= n
    cbg[5] = np * (444337 / 155925.0)
    np = n * n
    qn = scaleFactor / (1 + n) * (1 + np * (1 / 4.0 + np * (1 / 64.0 + np / 256.0)))
    utg[0] =
      n * (-0.5 + n * (2 / 3.0 + n * (-37 / 96.0 + n * (1 / 360.0 + n * (81 / 512.0 + n * (-96199 / 604800.0))))))
    gtu[0] = n * (0.5 + n * (-2 / 3.0 + n * (5 / 16.0 + n * (41 / 180.0 + n * (-127 / 288.0 + n * (7891 / 37800.0))))))
    utg[1] = np * (-1 / 48.0 + n * (-1 / 15.0 + n * (437 / 1440.0 + n * (-46 / 105.0 + n * (1_118_711 / 3870720.0)))))
    gtu[1] = np * (13 / 48.0 + n * (-3 / 5.0 + n * (557 / 1440.0 + n * (281 / 630.0 + n * (-1_983_433 / 1935360.0)))))
    np *= n
    utg[2] = np * (-17 / 480.0 + n * (37 / 840.0 + n * (209 / 4480.0 + n * (-5569 / 90720.0))))
    gtu[2] = np * (61 / 240.0 + n * (-103 / 140.0 + n * (15061 / 26880.0 + n * (167603 / 181440.0))))
    np *= n
    utg[3] = np * (-4397 / 161280.0 + n * (11 / 504.0 + n * (830251 / 7257600.0)))
    gtu[3] = np * (49561 / 161280.0 + n * (-179 / 168.0 + n * (6_601_661 / 7257600.0)))
    np *= n
    utg[4] = np * (-4583 / 161280.0 + n * (108847 / 3991680.0))
    gtu[4] = np * (34729 / 80640.0 + n * (-3_418_889 / 1995840.0))
    np *= n
    utg[5] = np * (-20_648_693 / 638668800.0)
    gtu[5] = np * (212_378_941 / 319334400.0)
    cgb = Self.gaussianToGeodetic(ellipsoid)
    self.cbg = cbg
    self.utg = utg
    self.gtu = gtu
    if latitudeOfOrigin != 0 {
      // The origin's own northing, by the forward kernel (on the central meridian, so exact).
      let (_, northing, _) = Forward(self)(Vector(repeating: centralMeridian), Vector(repeating: latitudeOfOrigin))
      originNorthing = northing[0] - falseNorthing
    }
  }

  /// The third flattening n = f/(2 − f) of `ellipsoid`, in which the series' coefficients are
  /// polynomials.
  static func thirdFlattening(_ ellipsoid: Ellipsoid) -> Double {
    let f0 = 1 / ellipsoid.inverseFlattening
    let es = 2 * f0 - f0 * f0
    let f = es / (1 + (1 - es).squareRoot())
    return f / (2 - f)
  }

  /// The Gaussian (conformal) → geodetic latitude series' coefficients (`cgb`), 6th order in n;
  /// the conformal kernels' inverse sums the same series.
  static func gaussianToGeodetic(_ ellipsoid: Ellipsoid) -> [Double] {
    let n = thirdFlattening(ellipsoid)
    var series = [Double](repeating: 0, count: 6)
    var np = n
    series[0] = n * (2 + n * (-2 / 3.0 + n * (-2 + n * (116 / 45.0 + n * (26 / 45.0 + n * (-2854 / 675.0))))))
    np *= n
    series[1] = np * (7 / 3.0 + n * (-8 / 5.0 + n * (-227 / 45.0 + n * (2704 / 315.0 + n * (2323 / 945.0)))))
    np *= n
    series[2] = np * (56 / 15.0 + n * (-136 / 35.0 + n * (-1262 / 105.0 + n * (73814 / 2835.0))))
    np *= n
    series[3] = np * (4279 / 630.0 + n * (-332 / 35.0 + n * (-399572 / 14175.0)))
    np *= n
    series[4] = np * (4174 / 315.0 + n * (-144838 / 6237.0))
    np *= n
    series[5] = np * (601676 / 22275.0)
    return series
  }

  /// Lon/lat degrees → easting/northing metres, in place; returns how many points failed (now NaN).
  public func forward(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    markingFailuresNaN(x, y) { forEachVector(x, y, count: count, Forward(self), in: Baseline.self, failed: $0) }
  }

  /// Easting/northing metres → lon/lat degrees, in place; returns how many points failed (now NaN).
  public func inverse(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    markingFailuresNaN(x, y) { forEachVector(x, y, count: count, Inverse(self), in: Baseline.self, failed: $0) }
  }

  @usableFromInline
  struct Forward: PointKernel {
    @usableFromInline let toGaussian: SineSeries
    @usableFromInline let toEllipsoidal: SineSeries
    @usableFromInline let lambda0: Double
    @usableFromInline let scale: Double
    @usableFromInline let easting0: Double
    @usableFromInline let northing0: Double

    @usableFromInline init(_ k: TransverseMercatorKernel) {
      toGaussian = SineSeries(k.cbg)
      toEllipsoidal = SineSeries(k.gtu)
      lambda0 = k.centralMeridian
      scale = k.qn * k.ellipsoid.semiMajorAxis
      easting0 = k.falseEasting
      northing0 = k.falseNorthing - k.originNorthing
    }

    @inlinable @inline(__always)
    func callAsFunction(_ lon: Vector, _ lat: Vector) -> (Vector, Vector, Mask) {
      // Failed lanes are computed on like the others (nothing traps) and replaced by NaN at the end.
      let rawLambda = lon * degreesToRadians
      let bad = invalidGeographic(lambda: rawLambda, latitude: lat)
      let phi = lat * degreesToRadians
      let lambda = adjustLongitude(rawLambda - lambda0)
      // Geodetic → Gaussian latitude χ = φ + Δ, Δ = Σ cbg[k]·sin(2(k+1)φ). |Δ| < 0.0034,
      // so sin χ and cos χ are sin φ and cos φ rotated by Δ, with Δ's own sine and cosine from
      // their Taylor series (the first omitted terms are below 10⁻¹⁸).
      let (sinPhi, cosPhi) = vsincosByDoubling(phi)
      let sin2phi = 2 * sinPhi * cosPhi
      let cos2phi = (cosPhi - sinPhi) * (cosPhi + sinPhi)
      let delta = sin2phi * toGaussian.quotient(cos2B: cos2phi)
      let delta2 = delta * delta
      let sinDelta = delta - delta * delta2 * (1.0 / 6 - delta2 * (1.0 / 120))
      let cosDelta = 1 - delta2 * (0.5 - delta2 * (1.0 / 24 - delta2 * (1.0 / 720)))
      let sinCn = sinPhi * cosDelta + cosPhi * sinDelta
      let cosCn = cosPhi * cosDelta - sinPhi * sinDelta
      // λ is within ±π: take the half angle and double it.
      let (sinHalf, cosHalf) = vsincosByDoubling(0.5 * lambda)
      let sinCe = 2 * sinHalf * cosHalf
      let cosCe = 1 - 2 * sinHalf * sinHalf
      // Gaussian → complex spherical transverse Mercator: Cn = atan2(sin χ, cos χ·cos λ) and
      // Ce = atanh(q), q = cos χ·sin λ, as ½·ln((1 + |q|)/(1 − |q|)) with the sign of q.
      let cosCnCosCe = cosCn * cosCe
      var cn = vatan2(sinCn, cosCnCosCe)
      let q = cosCn * sinCe
      let absQ = vabs(q)
      var ce = vcopysign(0.5 * vlogRatio(1 + absQ, 1 - absQ), q)
      // sin, cos of 2Cn and sinh, cosh of 2Ce from the same quantities: the squared radius
      // sin²χ + cos²χ·cos²λ is 1 − q² = 1/cosh²Ce.
      let inverseD2 = 1 / ((1 - absQ) * (1 + absQ))
      let sin2Cn = 2 * sinCn * cosCnCosCe * inverseD2
      let cos2Cn = 2 * cosCnCosCe * cosCnCosCe * inverseD2 - 1
      let sinh2Ce = 2 * q * inverseD2
      let cosh2Ce = 2 * inverseD2 - 1
      let (dCn, dCe) = toEllipsoidal.complex(sin2u: sin2Cn, cos2u: cos2Cn, sinh2v: sinh2Ce, cosh2v: cosh2Ce)
      cn = cn + dCn
      ce = ce + dCe
      // |q| = 1 (90° from the central meridian on the equator) makes Ce infinite and the series NaN.
      let failed = bad | greater(vabs(ce), Vector(repeating: TransverseMercatorKernel.eastingLimit)) | nonFinite(ce, cn)
      return (ce * scale + easting0, cn * scale + northing0, failed)
    }
  }

  @usableFromInline
  struct Inverse: PointKernel {
    @usableFromInline let toGeodetic: SineSeries
    @usableFromInline let toSpherical: SineSeries
    @usableFromInline let lambda0: Double
    @usableFromInline let inverseScale: Double
    @usableFromInline let easting0: Double
    @usableFromInline let northing0: Double

    @usableFromInline init(_ k: TransverseMercatorKernel) {
      toGeodetic = SineSeries(k.cgb)
      toSpherical = SineSeries(k.utg)
      lambda0 = k.centralMeridian
      inverseScale = 1 / (k.qn * k.ellipsoid.semiMajorAxis)
      easting0 = k.falseEasting
      northing0 = k.falseNorthing - k.originNorthing
    }

    @inlinable @inline(__always)
    func callAsFunction(_ easting: Vector, _ northing: Vector) -> (Vector, Vector, Mask) {
      // Failed lanes are computed on like the others (nothing traps) and replaced by NaN at the end.
      var cn = (northing - northing0) * inverseScale
      var ce = (easting - easting0) * inverseScale
      let bad =
        greater(vabs(ce), Vector(repeating: TransverseMercatorKernel.eastingLimit))
        | greater(vabs(cn), Vector(repeating: TransverseMercatorKernel.northingLimit)) | nonFinite(easting, northing)
      // Ellipsoidal → complex spherical, by the inverse Krüger series.
      let (sinCn1, cosCn1) = sinCosBeyondPoles(cn)
      let sin2Cn = 2 * sinCn1 * cosCn1
      let cos2Cn = (cosCn1 - sinCn1) * (cosCn1 + sinCn1)
      // sinh and cosh of 2Ce from e^Ce = N/D, A = N², B = D²: (N − D)(N + D)(A + B)/(2AB) and
      // (A² + B²)/(2AB).
      let (n1, d1) = vexpRatio(ce)
      let a = n1 * n1
      let b = d1 * d1
      let inverse2AB = 1 / (2 * a * b)
      let sinh2Ce = (n1 - d1) * (n1 + d1) * (a + b) * inverse2AB
      let cosh2Ce = (a * a + b * b) * inverse2AB
      let (dCn, dCe) = toSpherical.complex(sin2u: sin2Cn, cos2u: cos2Cn, sinh2v: sinh2Ce, cosh2v: cosh2Ce)
      cn = cn + dCn
      ce = ce + dCe
      // Ce becomes gd(Ce) = atan(sinh Ce); its sine and cosine are tanh Ce and 1/cosh Ce, from
      // e^Ce = N/D: (N² − D²)/(N² + D²) and 2ND/(N² + D²).
      // e^(Ce + dCe) = (N/D)·e^dCe, with e^dCe by its Taylor series (|dCe| < 0.09).
      let n = n1 * smallExp(dCe)
      let d = d1
      // Complex spherical → Gaussian latitude and longitude. sin Cn and cos Cn are those of the
      // first Cn rotated by dCn (|dCn| < 0.09 where |Ce| is within the limit; Taylor series to the
      // 9th and 10th powers, whose first omitted terms are below 10⁻¹⁹).
      let (sinDelta, cosDelta) = smallAngleSinCos(dCn)
      let sinCn = sinCn1 * cosDelta + cosCn1 * sinDelta
      let cosCn = cosCn1 * cosDelta - sinCn1 * sinDelta
      // Ce becomes gd(Ce) = atan(sinh Ce), whose sine and cosine are tanh Ce and 1/cosh Ce:
      // (N² − D²)/R and 2ND/R with R = N² + D². The atan2s below take them without the common 1/R.
      let sinCeR = (n - d) * (n + d)
      let cosCeR = 2 * n * d
      let cosCeCosCnR = cosCeR * cosCn
      let lambda = vatan2(sinCeR, cosCeCosCnR)
      let gyR = sinCn * cosCeR
      let gxR = (sinCeR * sinCeR + cosCeCosCnR * cosCeCosCnR).squareRoot()
      // g = atan2(gy, gx) with gx ≥ 0, by the half angle: tan(g/2) = gy/(1 + gx) lies in [−1, 1], so
      // one comparison (against tan(π/8)) brings it into atan's reduced range.
      // One division serves both the half angle's ratio and the 1/R² below: 1/(den·R²).
      let r = n * n + d * d
      let r2 = r * r
      let halfDenominator = r + gxR
      let absGy = vabs(gyR)
      let over = greater(absGy, halfDenominator * 0.41421356237309504880)
      let numerator = select(over, absGy - halfDenominator, absGy)
      let denominator = select(over, absGy + halfDenominator, halfDenominator)
      let inverseProduct = 1 / (denominator * r2)
      let quarter = 2 * atanPolynomial(numerator * r2 * inverseProduct)
      let gaussian = vcopysign(select(over, (quarter + 6.123233995736766e-17) + Double.pi / 2, quarter), gyR)
      // Gaussian → geodetic latitude. sin 2g and cos 2g from g's own atan2 arguments, whose squared
      // radius gx² + gy² is sin²Ce + cos²Ce = 1, so R² for the scaled ones.
      let inverseR2 = denominator * inverseProduct
      let sin2g = 2 * gyR * gxR * inverseR2
      let cos2g = (gxR - gyR) * (gxR + gyR) * inverseR2
      let phi = gaussian + sin2g * toGeodetic.quotient(cos2B: cos2g)
      let lon = adjustLongitude(lambda + lambda0)
      return (lon * radiansToDegrees, phi * radiansToDegrees, bad)
    }
  }
}

/// sin and cos of a northing angle Cn up to 2²⁰ in size (`northingLimit`). Beyond a pole (|Cn| > π/2,
/// a northing more than about 10 000 km from the false northing) Cn − k·π, with k the nearest whole
/// number of half turns (π in two parts, the first of 33 bits so that k·π₁ is exact), and the signs
/// flipped for odd k; then the half-turn sine and cosine. Within the poles k = 0 and Cn is unchanged.
@inlinable @inline(__always)
func sinCosBeyondPoles(_ cn: Vector) -> (sin: Vector, cos: Vector) {
  let halfTurns = vround(cn * 0.3183098861837907)
  let reduced = (cn - halfTurns * 3.1415926534682512) - halfTurns * 1.2154201013012384e-10
  let flip = unsafeBitCast(vinteger(halfTurns) &<< 63, to: Bits.self)
  let (s, c) = vsincosHalfTurn(reduced)
  return (vector(bits(s) ^ flip), vector(bits(c) ^ flip))
}

/// sin δ and cos δ for |δ| ≤ 0.1 by their Taylor series to δ⁹ and δ¹⁰ (the first omitted terms are
/// below 3·10⁻¹⁹), for rotating a known sine and cosine by a small correction.
@inlinable @inline(__always)
func smallAngleSinCos(_ delta: Vector) -> (sin: Vector, cos: Vector) {
  let d2 = delta * delta
  let d4 = d2 * d2
  let s0: Vector = 1 - d2 * (1.0 / 6)
  let s1: Vector = 1.0 / 120 - d2 * (1.0 / 5040)
  let s: Vector = s0 + d4 * (s1 + d4 * (1.0 / 362_880))
  let c0: Vector = 1 - d2 * 0.5
  let c1: Vector = 1.0 / 24 - d2 * (1.0 / 720)
  let c2: Vector = 1.0 / 40320 - d2 * (1.0 / 3_628_800)
  let c: Vector = c0 + d4 * (c1 + d4 * c2)
  return (delta * s, c)
}

/// e^δ for |δ| ≤ 0.1 by its Taylor series to δ¹⁰ (the first omitted term is below 3·10⁻¹⁹).
@inlinable @inline(__always)
func smallExp(_ delta: Vector) -> Vector {
  let d2 = delta * delta
  let d4 = d2 * d2
  let low: Vector = (1 + delta) + d2 * (0.5 + delta * (1.0 / 6))
  let middle: Vector = (1.0 / 24 + delta * (1.0 / 120)) + d2 * (1.0 / 720 + delta * (1.0 / 5040))
  let high: Vector = (1.0 / 40320 + delta * (1.0 / 362_880)) + d2 * (1.0 / 3_628_800)
  return low + d4 * (middle + d4 * high)
}

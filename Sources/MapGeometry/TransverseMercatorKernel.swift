/// EPSG:4326 ↔ UTM (EPSG:326zz north, 327zz south) on contiguous buffers, a vector of points at a time
/// (SPEC §10).
///
/// The Poder/Engsager extended transverse Mercator that PROJ uses by default: geodetic latitude to
/// Gaussian (conformal) latitude by a 6th-order trigonometric series, the spherical transverse
/// Mercator, and a 6th-order complex Krüger series to ellipsoidal northing and easting, all summed
/// with Clenshaw's method (Poder & Engsager, ICC 2007; König & Weise 1951). The series'
/// coefficients are polynomials in the third flattening n of WGS 84. Trigonometric and hyperbolic
/// values of the doubled spherical coordinates come from exact identities (cosh = 1/D) rather than
/// extra calls.
///
/// As PROJ: a point whose normalised easting exceeds 2.623395162778 (about 150° of arc) fails;
/// longitudes wrap (`adjlon`); non-finite input and |lat| > 90° fail. Far outside the zone the
/// series keep working but lose accuracy, like PROJ's; the kernel agrees with PROJ there too.
///
/// Measured against PROJ 9.1 (`KernelAccuracyTests`): ≤ 1e-6 m within the zone and within 30° of
/// the central meridian, inverse ≤ 1e-9°.
public struct TransverseMercatorKernel: Hashable, Sendable {
  /// The UTM zone, 1…60.
  public let zone: Int
  /// Southern hemisphere: false northing 10 000 000 m.
  public let south: Bool
  /// The central meridian in radians.
  public let centralMeridian: Double
  public let falseNorthing: Double
  /// Meridian quadrant scaled by k₀ (PROJ's Qn), per unit of semi-major axis.
  public let qn: Double
  /// Series coefficients: geodetic → Gaussian latitude (`cbg`), Gaussian → geodetic (`cgb`),
  /// spherical → ellipsoidal transverse Mercator (`gtu`), and back (`utg`); 6 each.
  public let cbg: [Double]
  public let cgb: [Double]
  public let gtu: [Double]
  public let utg: [Double]

  public static let semiMajorAxis = 6_378_137.0
  public static let inverseFlattening = 298.257_223_563
  public static let scaleFactor = 0.9996
  public static let falseEasting = 500_000.0
  /// The largest normalised easting the series are used for (PROJ's limit).
  public static let eastingLimit = 2.623395162778

  /// The kernel for a UTM zone on WGS 84; nil for a zone outside 1…60.
  public init?(zone: Int, south: Bool) {
    guard (1...60).contains(zone) else { return nil }
    self.zone = zone
    self.south = south
    centralMeridian = Double(zone * 6 - 183) * degreesToRadians
    falseNorthing = south ? 10_000_000 : 0
    let f0 = 1 / Self.inverseFlattening
    let es = 2 * f0 - f0 * f0
    let f = es / (1 + (1 - es).squareRoot())
    let n = f / (2 - f)
    var np = n
    var cgb = [Double](repeating: 0, count: 6)
    var cbg = cgb
    var utg = cgb
    var gtu = cgb
    cgb[0] = n * (2 + n * (-2 / 3.0 + n * (-2 + n * (116 / 45.0 + n * (26 / 45.0 + n * (-2854 / 675.0))))))
    cbg[0] = n * (-2 + n * (2 / 3.0 + n * (4 / 3.0 + n * (-82 / 45.0 + n * (32 / 45.0 + n * (4642 / 4725.0))))))
    np *= n
    cgb[1] = np * (7 / 3.0 + n * (-8 / 5.0 + n * (-227 / 45.0 + n * (2704 / 315.0 + n * (2323 / 945.0)))))
    cbg[1] = np * (5 / 3.0 + n * (-16 / 15.0 + n * (-13 / 9.0 + n * (904 / 315.0 + n * (-1522 / 945.0)))))
    np *= n
    cgb[2] = np * (56 / 15.0 + n * (-136 / 35.0 + n * (-1262 / 105.0 + n * (73814 / 2835.0))))
    cbg[2] = np * (-26 / 15.0 + n * (34 / 21.0 + n * (8 / 5.0 + n * (-12686 / 2835.0))))
    np *= n
    cgb[3] = np * (4279 / 630.0 + n * (-332 / 35.0 + n * (-399572 / 14175.0)))
    cbg[3] = np * (1237 / 630.0 + n * (-12 / 5.0 + n * (-24832 / 14175.0)))
    np *= n
    cgb[4] = np * (4174 / 315.0 + n * (-144838 / 6237.0))
    cbg[4] = np * (-734 / 315.0 + n * (109598 / 31185.0))
    np *= n
    cgb[5] = np * (601676 / 22275.0)
    cbg[5] = np * (444337 / 155925.0)
    np = n * n
    qn = Self.scaleFactor / (1 + n) * (1 + np * (1 / 4.0 + np * (1 / 64.0 + np / 256.0)))
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
    self.cgb = cgb
    self.cbg = cbg
    self.utg = utg
    self.gtu = gtu
  }

  /// The kernel for an EPSG code 32601…32660 (north) or 32701…32760 (south), else nil.
  public init?(epsg: Int) {
    switch epsg {
    case 32601...32660: self.init(zone: epsg - 32600, south: false)
    case 32701...32760: self.init(zone: epsg - 32700, south: true)
    default: return nil
    }
  }

  /// Lon/lat degrees → easting/northing metres, in place; returns how many points failed (now NaN).
  public func forward(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    forEachVector(x, y, count: count, Forward(self))
  }

  /// Easting/northing metres → lon/lat degrees, in place; returns how many points failed (now NaN).
  public func inverse(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) -> Int {
    forEachVector(x, y, count: count, Inverse(self))
  }

  struct Forward: PointKernel {
    let (c0, c1, c2, c3, c4, c5): (Double, Double, Double, Double, Double, Double)
    let (g0, g1, g2, g3, g4, g5): (Double, Double, Double, Double, Double, Double)
    let lambda0: Double
    let scale: Double
    let northing0: Double

    init(_ k: TransverseMercatorKernel) {
      (c0, c1, c2, c3, c4, c5) = (k.cbg[0], k.cbg[1], k.cbg[2], k.cbg[3], k.cbg[4], k.cbg[5])
      (g0, g1, g2, g3, g4, g5) = (k.gtu[0], k.gtu[1], k.gtu[2], k.gtu[3], k.gtu[4], k.gtu[5])
      lambda0 = k.centralMeridian
      scale = k.qn * TransverseMercatorKernel.semiMajorAxis
      northing0 = k.falseNorthing
    }

    @inline(__always)
    func callAsFunction(_ lon: Vector, _ lat: Vector) -> (Vector, Vector, Mask) {
      var bad = invalidGeographic(lon, lat)
      let (lon, lat) = zeroWhere(bad, lon, lat)
      let phi = lat * degreesToRadians
      let lambda = adjustLongitude(lon * degreesToRadians - lambda0)
      // Geodetic → Gaussian latitude: φ + Σ cbg[k]·sin(2(k+1)φ), Clenshaw.
      let (sinPhi, cosPhi) = vsincosHalfTurn(phi)
      let sin2phi = 2 * sinPhi * cosPhi
      let cos2phi = (cosPhi - sinPhi) * (cosPhi + sinPhi)
      let gaussian = phi + sin2phi * clenshaw(2 * cos2phi, c0, c1, c2, c3, c4, c5)
      let (sinCn, cosCn) = vsincosHalfTurn(gaussian)
      // λ is within ±π: take the half angle and double it.
      let (sinHalf, cosHalf) = vsincosHalfTurn(0.5 * lambda)
      let sinCe = 2 * sinHalf * cosHalf
      let cosCe = 1 - 2 * sinHalf * sinHalf
      // Gaussian → complex spherical transverse Mercator.
      let cosCnCosCe = cosCn * cosCe
      var cn = vatan2(sinCn, cosCnCosCe)
      let inverseD = 1 / (sinCn * sinCn + cosCnCosCe * cosCnCosCe).squareRoot()
      let tanCe = sinCe * cosCn * inverseD
      // asinh(tanCe) = ln(tanCe + cosh), and cosh = 1/D.
      var ce = vcopysign(vlog(vabs(tanCe) + inverseD), tanCe)
      // sin, cos of 2Cn and sinh, cosh of 2Ce from the same quantities.
      let inverseD2 = inverseD * inverseD
      let sin2Cn = 2 * sinCn * cosCnCosCe * inverseD2
      let cos2Cn = 2 * cosCnCosCe * cosCnCosCe * inverseD2 - 1
      let sinh2Ce = 2 * tanCe * inverseD
      let cosh2Ce = 2 * inverseD2 - 1
      let (dCn, dCe) = complexClenshaw(sin2Cn, cos2Cn, sinh2Ce, cosh2Ce, g0, g1, g2, g3, g4, g5)
      cn = cn + dCn
      ce = ce + dCe
      bad = bad | greater(vabs(ce), Vector(repeating: TransverseMercatorKernel.eastingLimit))
      return (ce * scale + TransverseMercatorKernel.falseEasting, cn * scale + northing0, bad)
    }
  }

  struct Inverse: PointKernel {
    let (c0, c1, c2, c3, c4, c5): (Double, Double, Double, Double, Double, Double)
    let (u0, u1, u2, u3, u4, u5): (Double, Double, Double, Double, Double, Double)
    let lambda0: Double
    let inverseScale: Double
    let northing0: Double

    init(_ k: TransverseMercatorKernel) {
      (c0, c1, c2, c3, c4, c5) = (k.cgb[0], k.cgb[1], k.cgb[2], k.cgb[3], k.cgb[4], k.cgb[5])
      (u0, u1, u2, u3, u4, u5) = (k.utg[0], k.utg[1], k.utg[2], k.utg[3], k.utg[4], k.utg[5])
      lambda0 = k.centralMeridian
      inverseScale = 1 / (k.qn * TransverseMercatorKernel.semiMajorAxis)
      northing0 = k.falseNorthing
    }

    @inline(__always)
    func callAsFunction(_ easting: Vector, _ northing: Vector) -> (Vector, Vector, Mask) {
      var bad = invalidProjected(easting, northing)
      var cn = (select(bad, .zero, northing) - northing0) * inverseScale
      var ce = (select(bad, .zero, easting) - TransverseMercatorKernel.falseEasting) * inverseScale
      bad = bad | greater(vabs(ce), Vector(repeating: TransverseMercatorKernel.eastingLimit))
      ce = select(bad, .zero, ce)
      // Ellipsoidal → complex spherical, by the inverse Krüger series.
      let (sinCn1, cosCn1) = vsincosHalfTurn(cn)
      let sin2Cn = 2 * sinCn1 * cosCn1
      let cos2Cn = (cosCn1 - sinCn1) * (cosCn1 + sinCn1)
      let exp2Ce = vexp(ce + ce)
      let inverseExp2Ce = 1 / exp2Ce
      let sinh2Ce = 0.5 * (exp2Ce - inverseExp2Ce)
      let cosh2Ce = 0.5 * (exp2Ce + inverseExp2Ce)
      let (dCn, dCe) = complexClenshaw(sin2Cn, cos2Cn, sinh2Ce, cosh2Ce, u0, u1, u2, u3, u4, u5)
      cn = cn + dCn
      ce = ce + dCe
      // Ce becomes gd(Ce) = atan(sinh Ce); its sine and cosine are tanh Ce and 1/cosh Ce.
      let e = vexp(ce)
      let e2 = e * e
      let inverseE2p1 = 1 / (e2 + 1)
      let sinCe = (e2 - 1) * inverseE2p1
      let cosCe = 2 * e * inverseE2p1
      // Complex spherical → Gaussian latitude and longitude.
      let (sinCn, cosCn) = vsincosHalfTurn(cn)
      let cosCeCosCn = cosCe * cosCn
      let lambda = vatan2(sinCe, cosCeCosCn)
      let gy = sinCn * cosCe
      let gx2 = sinCe * sinCe + cosCeCosCn * cosCeCosCn
      // The denominator is a length (≥ 0), so this atan2 is an atan: ±∞ at the poles gives ±π/2.
      let gaussian = vatan(gy / gx2.squareRoot())
      // Gaussian → geodetic latitude; sin and cos of 2g from g's own atan2 arguments.
      let inverseR2 = 1 / (gx2 + gy * gy)
      let sin2g = 2 * gy * gx2.squareRoot() * inverseR2
      let cos2g = (gx2 - gy * gy) * inverseR2
      let phi = gaussian + sin2g * clenshaw(2 * cos2g, c0, c1, c2, c3, c4, c5)
      let lon = adjustLongitude(lambda + lambda0)
      return (lon * radiansToDegrees, phi * radiansToDegrees, bad)
    }
  }
}

/// Σ cₖ·sin(2(k+1)B) / sin(2B) by Clenshaw's recurrence, given `twoCos` = 2·cos(2B).
@inlinable @inline(__always)
func clenshaw(
  _ twoCos: Vector, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double
) -> Vector {
  var h1 = Vector(repeating: c5)
  var h2 = Vector()
  var h = twoCos * h1 + c4
  h2 = h1
  h1 = h
  h = twoCos * h1 - h2 + c3
  h2 = h1
  h1 = h
  h = twoCos * h1 - h2 + c2
  h2 = h1
  h1 = h
  h = twoCos * h1 - h2 + c1
  h2 = h1
  h1 = h
  h = twoCos * h1 - h2 + c0
  return h
}

/// The complex Clenshaw sum Σ aₖ·sin(2(k+1)(Cn + i·Ce)), as (real, imaginary), given the sines and
/// cosines of 2Cn and the hyperbolic sines and cosines of 2Ce.
@inlinable @inline(__always)
func complexClenshaw(
  _ sinR: Vector, _ cosR: Vector, _ sinhI: Vector, _ coshI: Vector,
  _ a0: Double, _ a1: Double, _ a2: Double, _ a3: Double, _ a4: Double, _ a5: Double
) -> (Vector, Vector) {
  let r = 2 * cosR * coshI
  let i = -2 * sinR * sinhI
  var hr = Vector(repeating: a5)
  var hi = Vector()
  var hr1 = Vector()
  var hi1 = Vector()
  @inline(__always) func step(_ a: Double) {
    let hr2 = hr1
    let hi2 = hi1
    hr1 = hr
    hi1 = hi
    hr = r * hr1 - i * hi1 - hr2 + a
    hi = i * hr1 + r * hi1 - hi2
  }
  step(a4)
  step(a3)
  step(a2)
  step(a1)
  step(a0)
  let rr = sinR * coshI
  let ii = cosR * sinhI
  return (rr * hr - ii * hi, rr * hi + ii * hr)
}

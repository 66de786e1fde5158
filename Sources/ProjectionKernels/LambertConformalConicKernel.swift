import PlatformMath

/// Lon/lat ↔ Lambert Conformal Conic (PROJ's `lcc`: EPSG:2154 Lambert-93, the US state planes
/// of the Lambert zones) on contiguous buffers, a vector of points at a time (<doc:Kernels>).
///
/// One standard parallel (1SP: `lat_1` = `lat_0`, scale `k₀`) or two (2SP: `lat_1`, `lat_2`), on
/// any ellipsoid, with any origin and false easting and northing. The cone constant n and the
/// scale are PROJ's (Snyder, "Map Projections: A Working Manual", eqs. 15-1 to 15-10); the points
/// go through `ConformalConic`. As PROJ, a point within 10⁻¹⁰ rad of the pole on the apex's side
/// maps to the apex, and one at the other pole fails.
public struct LambertConformalConicKernel: Hashable, Sendable {
  public let cone: ConformalConic

  /// The conic of PROJ's `+proj=lcc` parameters, in degrees and metres; nil where PROJ refuses it
  /// (a standard parallel beyond ±90°, parallels symmetric about the equator, or one at a pole).
  ///
  /// - Parameters:
  ///   - latitudeOfOrigin: `lat_0`; defaults to `lat_1` when one parallel is given.
  ///   - standardParallel1: `lat_1`.
  ///   - standardParallel2: `lat_2`; nil for the one-parallel (1SP) form.
  ///   - centralMeridian: `lon_0`.
  ///   - scaleFactor: `k_0`, the scale on the standard parallel of the 1SP form.
  ///   - falseEasting: `x_0`, in metres.
  ///   - falseNorthing: `y_0`, in metres.
  ///   - ellipsoid: the ellipsoid the latitudes and longitudes are on.
  public init?(
    latitudeOfOrigin: Double?, standardParallel1: Double, standardParallel2: Double?, centralMeridian: Double,
    scaleFactor: Double = 1, falseEasting: Double = 0, falseNorthing: Double = 0, ellipsoid: Ellipsoid
  ) {
    let phi1 = standardParallel1 * degreesToRadians
    let phi2 = (standardParallel2 ?? standardParallel1) * degreesToRadians
    let phi0 = (latitudeOfOrigin ?? (standardParallel2 == nil ? standardParallel1 : 0)) * degreesToRadians
    let e = ellipsoid.eccentricity
    guard abs(phi1) <= .pi / 2, abs(phi2) <= .pi / 2, abs(phi1 + phi2) >= 1e-10, e > 0, abs(phi0) <= .pi / 2
    else { return nil }
    let m1 = ConformalConic.msfn(phi1, e: e)
    let t1 = ConformalConic.tsfn(phi1, e: e)
    guard t1 != 0 else { return nil }
    var n = sin(phi1)
    if abs(phi1 - phi2) >= 1e-10 {
      let t2 = ConformalConic.tsfn(phi2, e: e)
      guard t2 != 0 else { return nil }
      n = log(m1 / ConformalConic.msfn(phi2, e: e)) / log(t1 / t2)
    }
    guard n.isFinite, n != 0 else { return nil }
    let c = m1 * pow(t1, -n) / n
    let atPole = abs(abs(phi0) - .pi / 2) < 1e-10
    let rho0 = atPole ? 0 : c * pow(ConformalConic.tsfn(phi0, e: e), n)
    let metres = ellipsoid.semiMajorAxis * scaleFactor
    cone = ConformalConic(
      n: n, scale: c * metres, rho0: rho0 * metres, falseEasting: falseEasting, falseNorthing: falseNorthing,
      centralMeridian: centralMeridian * degreesToRadians, ellipsoid: ellipsoid, poleTolerance: 1e-10,
      oppositePoleFails: true)
  }
}

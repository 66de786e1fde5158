import PlatformMath

/// Lon/lat ↔ polar stereographic (PROJ's `stere` with `lat_0` = ±90°, and `ups`: EPSG:3413,
/// 3031, 3995, 32661, 32761) on contiguous buffers, a vector of points at a time (<doc:Kernels>).
///
/// Variant A gives the scale at the pole (`k₀`), variant B the latitude of true scale (`lat_ts`);
/// the points go through `ConformalConic` with n = ±1 and the apex at the pole (Snyder, eqs.
/// 21-33 to 21-36). As PROJ, a latitude within 10⁻¹⁵ rad of the projection's pole is the pole, and
/// the other pole is a huge finite distance away rather than a failure.
public struct PolarStereographicKernel: Hashable, Sendable {
  public let cone: ConformalConic

  /// The projection of PROJ's `+proj=stere +lat_0=±90` parameters, in degrees and metres.
  ///
  /// - Parameters:
  ///   - south: the south polar aspect (`lat_0=-90`).
  ///   - latitudeOfTrueScale: `lat_ts` (variant B; its sign is ignored, as in PROJ), or nil for
  ///     variant A, scaled by `scaleFactor` at the pole.
  ///   - centralMeridian: `lon_0`, the meridian that runs straight down from the pole.
  ///   - scaleFactor: `k_0`, the scale at the pole (variant A only).
  ///   - falseEasting: `x_0`, in metres.
  ///   - falseNorthing: `y_0`, in metres.
  ///   - ellipsoid: the ellipsoid the latitudes and longitudes are on.
  public init(
    south: Bool, latitudeOfTrueScale: Double?, centralMeridian: Double, scaleFactor: Double = 1,
    falseEasting: Double = 0, falseNorthing: Double = 0, ellipsoid: Ellipsoid
  ) {
    let e = ellipsoid.eccentricity
    let phiTS = abs((latitudeOfTrueScale ?? 90) * degreesToRadians)
    var akm1: Double
    if abs(phiTS - .pi / 2) < 1e-10 {
      akm1 = 2 * scaleFactor / (pow(1 + e, 1 + e) * pow(1 - e, 1 - e)).squareRoot()
    } else {
      let es = e * sin(phiTS)
      akm1 = cos(phiTS) / ConformalConic.tsfn(phiTS, e: e) / (1 - es * es).squareRoot()
    }
    let sign = south ? -1.0 : 1.0
    cone = ConformalConic(
      n: sign, scale: sign * akm1 * ellipsoid.semiMajorAxis, rho0: 0, falseEasting: falseEasting,
      falseNorthing: falseNorthing, centralMeridian: centralMeridian * degreesToRadians, ellipsoid: ellipsoid,
      poleTolerance: 1e-15, oppositePoleFails: false)
  }
}

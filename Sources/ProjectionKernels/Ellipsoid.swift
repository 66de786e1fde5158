/// An ellipsoid of revolution by its semi-major axis and inverse flattening, as PROJ gives them
/// (`+a`, `+rf`).
public struct Ellipsoid: Hashable, Sendable {
  /// In metres.
  public var semiMajorAxis: Double
  /// 1/f; infinity for a sphere.
  public var inverseFlattening: Double

  public init(semiMajorAxis: Double, inverseFlattening: Double) {
    self.semiMajorAxis = semiMajorAxis
    self.inverseFlattening = inverseFlattening
  }

  /// WGS 84 (EPSG:7030): a 6 378 137 m, 1/f 298.257223563.
  public static let wgs84 = Ellipsoid(semiMajorAxis: 6_378_137, inverseFlattening: 298.257_223_563)
  /// GRS 1980 (EPSG:7019), the ellipsoid of ETRS89 and NAD83: a 6 378 137 m, 1/f 298.257222101.
  public static let grs80 = Ellipsoid(semiMajorAxis: 6_378_137, inverseFlattening: 298.257_222_101)
}

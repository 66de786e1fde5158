import ProjectionKernels

/// A coordinate reference system that CardMap's kernels transform without PROJ: longitude and
/// latitude on an ellipsoid, Web Mercator, or a transverse Mercator (UTM among them).
///
/// Give one by its parameters, or look one up in the built-in table by its code:
///
/// ```swift
/// let toZone = try Transformer(from: .wgs84, to: .transverseMercator(centralMeridian: 15, scaleFactor: 0.9996,
///                                                                     falseEasting: 500_000, falseNorthing: 0))
/// let etrs = CRS(code: "EPSG:25832")  // UTM zone 32N on GRS 80
/// ```
///
/// The table (`BuiltInCRSTable.swift`, made by `Data/reference/make-builtin-crs.py` from PROJ's
/// database) holds EPSG:4326, EPSG:4979, OGC:CRS84 and EPSG:4258 (lon/lat), EPSG:3857 and
/// EPSG:900913 (Web Mercator), and UTM on WGS 84 (EPSG:32601–32660, 32701–32760) and on GRS 80
/// (EPSG:25828–25838). Lon/lat on WGS 84 and on GRS 80 are one datum here, as in PROJ, which
/// relates ETRS89 to WGS 84 by a null transformation.
public enum CRS: Hashable, Sendable {
  /// Longitude and latitude in degrees, in that order (EPSG:4326's axis order normalised, as
  /// GeoJSON has it).
  case geographic(Ellipsoid)
  /// Web Mercator (EPSG:3857): spherical Mercator on a sphere of radius 6 378 137 m.
  case webMercator
  /// A transverse Mercator with its origin on the equator, easting and northing in metres.
  case transverseMercator(TransverseMercatorKernel)

  /// Lon/lat on WGS 84 (EPSG:4326, OGC:CRS84).
  public static let wgs84 = CRS.geographic(.wgs84)

  /// A UTM zone (1…60); nil outside them.
  public static func utm(zone: Int, south: Bool = false, ellipsoid: Ellipsoid = .wgs84) -> CRS? {
    TransverseMercatorKernel(zone: zone, south: south, ellipsoid: ellipsoid).map(CRS.transverseMercator)
  }

  /// A transverse Mercator by its parameters (central meridian in degrees).
  public static func transverseMercator(
    centralMeridian: Double, scaleFactor: Double, falseEasting: Double, falseNorthing: Double,
    ellipsoid: Ellipsoid = .wgs84
  ) -> CRS {
    .transverseMercator(
      TransverseMercatorKernel(
        centralMeridian: centralMeridian, scaleFactor: scaleFactor, falseEasting: falseEasting,
        falseNorthing: falseNorthing, ellipsoid: ellipsoid))
  }

  /// The CRS of the built-in table for `code` (`EPSG:32633`, `epsg:3857`, `OGC:CRS84`,
  /// `urn:ogc:def:crs:EPSG::4326`), or nil when the table does not hold it.
  public init?(code: String) {
    guard let found = BuiltInCRS.lookup(code) else { return nil }
    self = found.crs
  }

  /// Whether coordinates are longitude and latitude in degrees.
  public var isGeographic: Bool {
    if case .geographic = self { return true }
    return false
  }

  /// PROJ's definition of this CRS, for the PROJ build's exact path.
  public var projString: String {
    func ellipsoid(_ e: Ellipsoid) -> String { "+a=\(e.semiMajorAxis) +rf=\(e.inverseFlattening)" }
    switch self {
    case .geographic(let e): return "+proj=longlat \(ellipsoid(e)) +no_defs +type=crs"
    case .webMercator:
      return
        "+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs +type=crs"
    case .transverseMercator(let k):
      return "+proj=tmerc +lat_0=0 +lon_0=\(k.centralMeridian / .pi * 180) +k=\(k.scaleFactor) +x_0=\(k.falseEasting) "
        + "+y_0=\(k.falseNorthing) \(ellipsoid(k.ellipsoid)) +units=m +no_defs +type=crs"
    }
  }

  /// The kernel that takes this CRS to `target`, and whether it runs backwards (projected →
  /// geographic); nil when no kernel does (two different projections: PROJ goes through lon/lat).
  func kernel(to target: CRS) -> (kernel: FastKernel, backwards: Bool)? {
    switch (self, target) {
    case (.geographic, .geographic): return (.identity, false)
    case (.geographic, .webMercator): return (.batch(BatchKernel(.webMercator)), false)
    case (.webMercator, .geographic): return (.batch(BatchKernel(.webMercator)), true)
    case (.geographic, .transverseMercator(let k)): return (.batch(BatchKernel(.transverseMercator(k))), false)
    case (.transverseMercator(let k), .geographic): return (.batch(BatchKernel(.transverseMercator(k))), true)
    case _ where self == target: return (.identity, false)
    default: return nil
    }
  }
}

/// The table of CRSs served without PROJ, by code (`BuiltInCRSTable.swift` holds the data).
enum BuiltInCRS {
  /// The CRS and its code as the table spells it (`EPSG:4326`), for any accepted spelling.
  static func lookup(_ text: String) -> (crs: CRS, code: String)? {
    var spelled = text
    // urn:ogc:def:crs:EPSG::4326, urn:ogc:def:crs:OGC:1.3:CRS84 → EPSG:4326, OGC:CRS84
    let lower = spelled.lowercased()
    if lower.hasPrefix("urn:ogc:def:crs:") {
      let parts = spelled.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 7, let authority = parts.dropFirst(4).first, let code = parts.last else { return nil }
      spelled = "\(authority):\(code)"
    }
    guard let colon = spelled.firstIndex(of: ":") else { return nil }
    let code = spelled[..<colon].uppercased() + ":" + spelled[spelled.index(after: colon)...].uppercased()
    if let ellipsoid = geographicCodes[code] { return (.geographic(ellipsoid), code) }
    if webMercatorCodes.contains(code) { return (.webMercator, code) }
    guard code.hasPrefix("EPSG:"), let number = Int(code.dropFirst(5)) else { return nil }
    for family in utmFamilies where family.zones.contains(number - family.base) {
      guard let crs = CRS.utm(zone: number - family.base, south: family.south, ellipsoid: family.ellipsoid) else {
        return nil
      }
      return (crs, code)
    }
    return nil
  }
}

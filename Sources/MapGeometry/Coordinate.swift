import JSONValues

/// A geographic position in degrees: longitude first, as in GeoJSON (RFC 7946 §3.1.1).
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
  public var lon: Double
  public var lat: Double

  public init(lon: Double, lat: Double) {
    self.lon = lon
    self.lat = lat
  }

  /// The longitude normalised to [−180, 180) (<doc:CameraFitting>).
  public static func normalizedLongitude(_ lon: Double) -> Double {
    guard lon.isFinite else { return lon }
    var value = (lon + 180).truncatingRemainder(dividingBy: 360)
    if value < 0 { value += 360 }
    return value - 180
  }

  /// The longitude of an eastern edge normalised to (−180, 180], so that a box may end at 180.
  public static func normalizedEastLongitude(_ lon: Double) -> Double {
    let value = normalizedLongitude(lon)
    return value == -180 && lon != -180 ? 180 : value
  }

  public var description: String { "(\(lon), \(lat))" }
}

import PlatformMath

/// Spherical Web Mercator in unit coordinates: the world is the square [0, 1] × [0, 1], x east from
/// −180°, y south from the top (<doc:CameraFitting>).
///
/// `x = (lon + 180) / 360`, `y = (180 − 180/π · ln(tan(π/4 + lat·π/360))) / 360`, latitude clamped to
/// ±85.051129°. A world is `512 · 2^zoom` points wide.
public enum WebMercator {
  /// The latitude where the square world ends: atan(sinh(π)) in degrees, to the 6 decimals that MapLibre and MapKit use.
  public static let maxLatitude = 85.051129
  /// The world's width in points at zoom 0 (512-point tiles).
  public static let tileSize = 512.0

  /// Unit x of a longitude.
  @inlinable public static func x(lon: Double) -> Double { (lon + 180) / 360 }

  /// Unit y of a latitude, clamped to ±85.051129°.
  @inlinable public static func y(lat: Double) -> Double {
    let clamped = min(max(lat, -maxLatitude), maxLatitude)
    return (180 - 180 / Double.pi * log(tan(Double.pi / 4 + clamped * Double.pi / 360))) / 360
  }

  /// Longitude of a unit x (not normalised: x outside [0, 1] gives longitudes beyond ±180).
  @inlinable public static func lon(x: Double) -> Double { x * 360 - 180 }

  /// Latitude of a unit y.
  @inlinable public static func lat(y: Double) -> Double {
    360 / Double.pi * atan(exp((180 - y * 360) * Double.pi / 180)) - 90
  }

  /// The world's width in points at `zoom`: `512 · 2^zoom`.
  @inlinable public static func worldSize(zoom: Double) -> Double { tileSize * exp2(zoom) }
}

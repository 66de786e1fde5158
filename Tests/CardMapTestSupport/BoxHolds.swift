import MapGeometry

extension GeoBounds {
  /// Whether `coordinate` lies in the box as a client clamping a focus into it reads it: its
  /// latitude between the parallels, its longitude from `west` eastwards to `east` (across the
  /// antimeridian when `west > east`), edges included.
  public func holds(_ coordinate: Coordinate) -> Bool {
    guard coordinate.lat >= south, coordinate.lat <= north else { return false }
    return west <= east
      ? coordinate.lon >= west && coordinate.lon <= east : coordinate.lon >= west || coordinate.lon <= east
  }
}

/// The bridge from GeoJSON to a camera's content: a document's positions, boxed.
extension ExtentBuilder {
  /// Adds every position of a GeoJSON document's buffer (lon/lat).
  public mutating func add(_ positions: PositionBuffer) {
    positions.lons.withUnsafeBufferPointer { lons in
      positions.lats.withUnsafeBufferPointer { lats in add(lons: lons, lats: lats) }
    }
  }
}

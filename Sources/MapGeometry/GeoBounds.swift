import JSONValues

/// A longitude/latitude box: west, south, east, north in degrees (RFC 7946 §5 `bbox` order).
///
/// West greater than east means the box crosses the antimeridian (RFC 7946 §5.2).
public struct GeoBounds: Hashable, Sendable, CustomStringConvertible {
  public var west: Double
  public var south: Double
  public var east: Double
  public var north: Double

  public init(west: Double, south: Double, east: Double, north: Double) {
    self.west = west
    self.south = south
    self.east = east
    self.north = north
  }

  /// Whether the box crosses the antimeridian.
  public var crossesAntimeridian: Bool { west > east }

  /// The longitude span in degrees, 0…360: eastwards from `west` to `east`, whole turns left out
  /// (so that `[190, 0, 200, 1]` spans 10° and `[1e308, 0, 1e308, 1]` none), except that a box
  /// with west ≤ east and 360° or more between them is the whole world.
  public var longitudeSpan: Double {
    if west <= east && east - west >= 360 { return 360 }
    var span = Coordinate.normalizedLongitude(east) - Coordinate.normalizedLongitude(west)
    if span < 0 { span += 360 }
    return span
  }

  /// `[west, south, east, north]`.
  public var array: [Double] { [west, south, east, north] }

  public var description: String { "[\(west), \(south), \(east), \(north)]" }
}

/// Accumulates positions into the smallest box that holds them (<doc:CameraFitting>: the longitude extent is
/// the smallest interval that contains every position, so content across the antimeridian is not
/// a 359°-wide box).
///
/// Longitudes are normalised to [−180, 180) and sorted into 360 one-degree bins that keep their
/// minimum and maximum, so the largest empty arc between bins is found exactly in O(n + 360). When
/// no bin is empty the content spans the world and the box is [−180, 180]. When two arcs are
/// equally the largest, the box does not cross the antimeridian if it can help it.
///
/// ```swift
/// var extent = ExtentBuilder()
/// extent.add(lon: 179.5, lat: -17)
/// extent.add(lon: -179.5, lat: -18)
/// extent.bounds  // [179.5, -18, -179.5, -17]: 1° wide, across the antimeridian
/// ```
public struct ExtentBuilder: Hashable, Sendable {
  private var binMin = [Double](repeating: .infinity, count: 360)
  private var binMax = [Double](repeating: -.infinity, count: 360)
  private var south = Double.infinity
  private var north = -Double.infinity
  /// Positions added so far.
  public private(set) var count = 0

  public init() {}

  /// Adds a position; non-finite ones are ignored.
  public mutating func add(lon: Double, lat: Double) {
    guard lon.isFinite, lat.isFinite else { return }
    let normalized = Coordinate.normalizedLongitude(lon)
    let bin = min(max(Int(normalized + 180), 0), 359)
    binMin[bin] = min(binMin[bin], normalized)
    binMax[bin] = max(binMax[bin], normalized)
    south = min(south, lat)
    north = max(north, lat)
    count += 1
  }

  /// Adds every position of two parallel buffers.
  public mutating func add(lons: UnsafeBufferPointer<Double>, lats: UnsafeBufferPointer<Double>) {
    for i in 0..<min(lons.count, lats.count) { add(lon: lons[i], lat: lats[i]) }
  }

  /// Adds what `other` holds: the same as adding its positions here (the bins keep only least and
  /// greatest), so extents of pieces read apart join into the whole one.
  public mutating func merge(_ other: ExtentBuilder) {
    for bin in 0..<360 {
      binMin[bin] = min(binMin[bin], other.binMin[bin])
      binMax[bin] = max(binMax[bin], other.binMax[bin])
    }
    south = min(south, other.south)
    north = max(north, other.north)
    count += other.count
  }

  /// The smallest box, or nil when nothing was added.
  public var bounds: GeoBounds? {
    guard count > 0 else { return nil }
    let occupied = (0..<360).filter { binMin[$0] <= binMax[$0] }
    guard occupied.count < 360 else { return GeoBounds(west: -180, south: south, east: 180, north: north) }
    // The largest gap between consecutive occupied bins, going east. The gap across the
    // antimeridian comes first, so that on a tie the box does not cross it.
    guard let first = occupied.first, let last = occupied.last else { return nil }
    var bestGap = binMin[first] + 360 - binMax[last]
    var west = binMin[first]
    var east = binMax[last]
    for (bin, next) in zip(occupied, occupied.dropFirst()) where binMin[next] - binMax[bin] > bestGap {
      bestGap = binMin[next] - binMax[bin]
      east = binMax[bin]
      west = binMin[next]
    }
    return GeoBounds(west: west, south: south, east: east, north: north)
  }
}

/// Positions as contiguous buffers, ready for batch transforms: longitudes (or x) in `lons`,
/// latitudes (or y) in `lats`, and heights in `heights` when any position has a third number
/// (NaN for those that do not).
public struct PositionBuffer: Hashable, Sendable {
  /// Longitudes (or x), one a position. Read-only outside the reader, so that the three arrays keep
  /// their lengths: edit the values in place with `withMutableCoordinates(_:)`.
  public internal(set) var lons: [Double] = []
  /// Latitudes (or y), as many as `lons`.
  public internal(set) var lats: [Double] = []
  /// Heights, as many as `lons`, or empty when every position is 2D.
  public internal(set) var heights: [Double] = []

  public init() {}

  public var count: Int { lons.count }

  /// Equal when every coordinate is equal, NaN matching NaN (2D positions have NaN heights).
  public static func == (a: PositionBuffer, b: PositionBuffer) -> Bool {
    func same(_ x: [Double], _ y: [Double]) -> Bool {
      x.count == y.count && zip(x, y).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
    return same(a.lons, b.lons) && same(a.lats, b.lats) && same(a.heights, b.heights)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(lons.count)
    hasher.combine(heights.count)
  }

  /// Edits the coordinates in place (a transform, a test's change): `body` gets the longitudes,
  /// latitudes and heights (empty when every position is 2D) as buffers of fixed length, so the
  /// arrays cannot come to differ in length.
  public mutating func withMutableCoordinates<R, E: Error>(
    _ body: (
      _ lons: UnsafeMutableBufferPointer<Double>, _ lats: UnsafeMutableBufferPointer<Double>,
      _ heights: UnsafeMutableBufferPointer<Double>
    ) throws(E) -> R
  ) throws(E) -> R {
    try lons.withUnsafeMutableBufferPointer { (x) throws(E) -> R in
      try lats.withUnsafeMutableBufferPointer { (y) throws(E) -> R in
        try heights.withUnsafeMutableBufferPointer { (z) throws(E) -> R in try body(x, y, z) }
      }
    }
  }

  @inline(__always)
  mutating func append(_ lon: Double, _ lat: Double) {
    lons.append(lon)
    lats.append(lat)
    if !heights.isEmpty { heights.append(.nan) }
  }

  @inline(__always)
  mutating func append(_ lon: Double, _ lat: Double, _ height: Double) {
    if heights.isEmpty { heights = [Double](repeating: .nan, count: lons.count) }
    lons.append(lon)
    lats.append(lat)
    heights.append(height)
  }

  /// A buffer of as many positions whose longitudes and latitudes `fill` writes from this one's
  /// (every one of them), the heights copied: for a transform that writes its results beside its
  /// inputs, copying and computing in one pass. The new arrays are in huge pages when large.
  public func transformed<E: Error>(
    _ fill: (
      _ lons: UnsafeBufferPointer<Double>, _ lats: UnsafeBufferPointer<Double>,
      _ intoLons: UnsafeMutableBufferPointer<Double>, _ intoLats: UnsafeMutableBufferPointer<Double>
    ) throws(E) -> Void
  ) throws(E) -> PositionBuffer {
    let count = self.count
    var failure: E?
    func fresh(_ body: (UnsafeMutableBufferPointer<Double>) -> Void) -> [Double] {
      [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
        if let base = buffer.baseAddress, count * 8 >= HugePages.threshold {
          HugePages.advise(UnsafeMutableRawPointer(base), bytes: count * 8)
        }
        body(buffer)
        initialized = count
      }
    }
    var result = PositionBuffer()
    result.lats = fresh { intoLats in
      result.lons = fresh { intoLons in
        lons.withUnsafeBufferPointer { lons in
          lats.withUnsafeBufferPointer { lats in
            do throws(E) {
              try fill(lons, lats, intoLons, intoLats)
            } catch {
              failure = error
            }
          }
        }
      }
    }
    if let failure { throw failure }
    result.heights = heights
    return result
  }

  /// A copy with storage of its own rather than shared until written, its large arrays in huge
  /// pages: for work in place that must leave the original as it was if it fails.
  public func uniqueCopy() -> PositionBuffer {
    func copy(_ array: [Double]) -> [Double] {
      var result: [Double] = HugePages.emptyArray(capacity: array.count)
      result.append(contentsOf: array)
      return result
    }
    var result = PositionBuffer()
    result.lons = copy(lons)
    result.lats = copy(lats)
    result.heights = copy(heights)
    return result
  }

  /// Removes the positions from `count` on.
  mutating func truncate(to count: Int) {
    guard count < lons.count else { return }
    lons.removeSubrange(count...)
    lats.removeSubrange(count...)
    if heights.count > count { heights.removeSubrange(count...) }
  }

  /// Room for `count` more positions (2D); a large first reservation in huge pages.
  mutating func reserve(_ count: Int) {
    guard lons.isEmpty else {
      lons.reserveCapacity(lons.count + count)
      lats.reserveCapacity(lats.count + count)
      return
    }
    lons = HugePages.emptyArray(capacity: count)
    lats = HugePages.emptyArray(capacity: count)
  }

}

/// A GeoJSON geometry whose positions live in a `PositionBuffer`, as index ranges (RFC 7946 §3.1).
public indirect enum Geometry: Hashable, Sendable {
  case point(Int)
  case multiPoint(Range<Int>)
  case lineString(Range<Int>)
  case multiLineString([Range<Int>])
  /// Linear rings, the exterior first.
  case polygon([Range<Int>])
  case multiPolygon([[Range<Int>]])
  case geometryCollection([Geometry])

  /// The RFC 7946 type name.
  public var typeName: String {
    switch self {
    case .point: "Point"
    case .multiPoint: "MultiPoint"
    case .lineString: "LineString"
    case .multiLineString: "MultiLineString"
    case .polygon: "Polygon"
    case .multiPolygon: "MultiPolygon"
    case .geometryCollection: "GeometryCollection"
    }
  }

  /// The number of positions.
  public var positionCount: Int {
    switch self {
    case .point: 1
    case .multiPoint(let r), .lineString(let r): r.count
    case .multiLineString(let rs), .polygon(let rs): rs.reduce(0) { $0 + $1.count }
    case .multiPolygon(let polygons): polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
    case .geometryCollection(let geometries): geometries.reduce(0) { $0 + $1.positionCount }
    }
  }
}

/// A GeoJSON Feature (RFC 7946 §3.2).
public struct Feature: Hashable, Sendable {
  /// The `id` member (a string or number), or nil.
  public var id: JSONValue?
  /// The geometry, or nil for `"geometry": null`.
  public var geometry: Geometry?
  /// The `properties` member: an object, or `.null`.
  public var properties: JSONValue
  /// The `bbox` member, or nil.
  public var bbox: [Double]?
  /// The `bbox` member of the feature's geometry object, or nil. (A bare geometry's own `bbox` is
  /// the document's one feature's `bbox`.)
  public var geometryBBox: [Double]?
  /// Members RFC 7946 does not define, kept in order.
  public var foreignMembers: [JSONValue.Member]
  /// The positions of this feature in the document's buffer.
  public var positions: Range<Int>

  public init(
    id: JSONValue? = nil, geometry: Geometry?, properties: JSONValue = .null, bbox: [Double]? = nil,
    geometryBBox: [Double]? = nil, foreignMembers: [JSONValue.Member] = [], positions: Range<Int>
  ) {
    self.id = id
    self.geometry = geometry
    self.properties = properties
    self.bbox = bbox
    self.geometryBBox = geometryBBox
    self.foreignMembers = foreignMembers
    self.positions = positions
  }
}

/// What the top-level GeoJSON object was.
public enum GeoJSONRoot: Hashable, Sendable {
  case featureCollection
  case feature
  /// A bare geometry, held as the geometry of the one feature.
  case geometry
}

/// A whole GeoJSON document: its features, with every position in one buffer.
public struct GeoJSONDocument: Hashable, Sendable {
  public var root: GeoJSONRoot
  public var features: [Feature]
  public var positions: PositionBuffer
  /// The top-level `bbox`, or nil.
  public var bbox: [Double]?
  /// Top-level members RFC 7946 does not define.
  public var foreignMembers: [JSONValue.Member]
  /// Features whose geometry is null (kept, but with no positions).
  public var nullGeometries: Int

  public init(
    root: GeoJSONRoot, features: [Feature], positions: PositionBuffer, bbox: [Double]? = nil,
    foreignMembers: [JSONValue.Member] = [], nullGeometries: Int = 0
  ) {
    self.root = root
    self.features = features
    self.positions = positions
    self.bbox = bbox
    self.foreignMembers = foreignMembers
    self.nullGeometries = nullGeometries
  }
}

extension GeoJSONDocument {
  /// The JSON path of the position at `index` in `positions`, as the reader's errors write it:
  /// `features[3].geometry.coordinates[0][2]`, `geometry.geometries[1].coordinates`, or
  /// `coordinates[4]` in a bare geometry; nil when no feature holds it.
  public func path(ofPosition index: Int) -> String? {
    for (featureIndex, feature) in features.enumerated() {
      guard feature.positions.contains(index), let geometry = feature.geometry else { continue }
      guard let inner = geometry.path(ofPosition: index) else { return nil }
      switch root {
      case .featureCollection: return "features[\(featureIndex)].geometry.\(inner)"
      case .feature: return "geometry.\(inner)"
      case .geometry: return inner
      }
    }
    return nil
  }
}

extension Geometry {
  /// The path of the position at `index` inside this geometry, from its `coordinates` or
  /// `geometries` member; nil when it holds no such position.
  public func path(ofPosition index: Int) -> String? {
    func inList(_ lists: [Range<Int>]) -> String? {
      for (i, list) in lists.enumerated() where list.contains(index) { return "[\(i)][\(index - list.lowerBound)]" }
      return nil
    }
    switch self {
    case .point(let position): return position == index ? "coordinates" : nil
    case .multiPoint(let range), .lineString(let range):
      return range.contains(index) ? "coordinates[\(index - range.lowerBound)]" : nil
    case .multiLineString(let lists), .polygon(let lists): return inList(lists).map { "coordinates" + $0 }
    case .multiPolygon(let polygons):
      for (i, rings) in polygons.enumerated() {
        if let inner = inList(rings) { return "coordinates[\(i)]" + inner }
      }
      return nil
    case .geometryCollection(let geometries):
      for (i, geometry) in geometries.enumerated() {
        if let inner = geometry.path(ofPosition: index) { return "geometries[\(i)].\(inner)" }
      }
      return nil
    }
  }
}

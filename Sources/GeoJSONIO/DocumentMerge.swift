extension GeoJSONDocument {
  /// Appends `other`'s features and positions (the records of a sequence read as one collection).
  ///
  /// Position indices of the appended features move past the positions already here; heights are
  /// kept when either side has them, NaN where a position had none.
  public mutating func append(_ other: GeoJSONDocument) {
    let base = positions.count
    positions.append(other.positions)
    features += other.features.map { $0.shifted(by: base) }
  }
}

extension Feature {
  /// The feature with its geometry's and its own position indices moved by `offset`.
  public func shifted(by offset: Int) -> Feature {
    var moved = self
    moved.geometry = geometry?.shifted(by: offset)
    moved.positions = (positions.lowerBound + offset)..<(positions.upperBound + offset)
    return moved
  }
}

extension Geometry {
  /// The geometry with every position index moved by `offset`.
  public func shifted(by offset: Int) -> Geometry {
    func move(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + offset)..<(r.upperBound + offset) }
    switch self {
    case .point(let i): return .point(i + offset)
    case .multiPoint(let r): return .multiPoint(move(r))
    case .lineString(let r): return .lineString(move(r))
    case .multiLineString(let rs): return .multiLineString(rs.map(move))
    case .polygon(let rs): return .polygon(rs.map(move))
    case .multiPolygon(let ps): return .multiPolygon(ps.map { $0.map(move) })
    case .geometryCollection(let gs): return .geometryCollection(gs.map { $0.shifted(by: offset) })
    }
  }
}

extension PositionBuffer {
  /// Appends one buffer's positions (NaN heights on whichever side has none).
  mutating func append(_ other: PositionBuffer) {
    let base = count
    lons += other.lons
    lats += other.lats
    if !other.heights.isEmpty || !heights.isEmpty {
      if heights.isEmpty { heights = [Double](repeating: .nan, count: base) }
      heights += other.heights.isEmpty ? [Double](repeating: .nan, count: other.count) : other.heights
    }
  }
}

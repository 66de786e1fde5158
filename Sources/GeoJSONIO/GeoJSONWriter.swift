/// Writes GeoJSON (RFC 7946): documents, features and sequence records.
///
/// Numbers are written as the shortest text that reads back as the same Double (whole numbers
/// without a fraction), or rounded to `precision` decimals when given (RFC 7946 §11.2 suggests 6
/// for lon/lat, about 10 cm). Properties, ids and foreign members are written back as read.
///
/// ```swift
/// let text = GeoJSONWriter().write(document)
/// ```
public struct GeoJSONWriter: Hashable, Sendable {
  /// Decimals to round coordinates to, or nil for the shortest round-trip text.
  public var precision: Int?
  /// Recompute `bbox` members that are present from the (possibly transformed) positions.
  public var recomputesBBox: Bool
  /// Whether positions are longitude/latitude, so that a recomputed `bbox` takes the smallest
  /// longitude interval that holds them, crossing the antimeridian (west > east, RFC 7946 §5.2)
  /// when that is smaller. False for projected coordinates, whose box is plain minima and maxima.
  public var geographic: Bool

  public init(precision: Int? = nil, recomputesBBox: Bool = true, geographic: Bool = true) {
    self.precision = precision.map { min(max($0, 0), 17) }
    self.recomputesBBox = recomputesBBox
    self.geographic = geographic
  }

  /// The whole document as JSON text, in its root's form.
  public func write(_ document: GeoJSONDocument) -> String {
    var result = ""
    write(document) { result += $0 }
    return result
  }

  /// Writes the document in pieces of about 64 KiB to `emit`, so that a large document is never
  /// held twice in memory.
  public func write(_ document: GeoJSONDocument, to emit: (String) -> Void) {
    var text = ""
    let positions = document.positions
    switch document.root {
    case .featureCollection:
      text += #"{"type":"FeatureCollection","features":["#
      for (index, feature) in document.features.enumerated() {
        if index > 0 { text += "," }
        write(feature, positions, into: &text)
        if text.utf8.count >= GeoJSONWriter.pieceSize {
          emit(text)
          text.removeAll(keepingCapacity: true)
        }
      }
      text += "]"
      writeTail(document, into: &text)
    case .feature:
      if let feature = document.features.first { write(feature, positions, into: &text) }
    case .geometry:
      if let feature = document.features.first, let geometry = feature.geometry {
        write(
          geometry, positions, bbox: feature.bbox, range: feature.positions, foreign: feature.foreignMembers,
          into: &text)
      } else {
        text += "null"
      }
    }
    emit(text)
  }

  /// How much text `write(_:to:)` gathers before emitting it.
  static let pieceSize = 1 << 16

  /// Writes the document as `write(_:to:)` does, byte for byte, a FeatureCollection's features on
  /// up to `threads` threads: in groups of about `groupPositions` positions, `threads` × 4 groups
  /// a round, each round's text emitted in order while the next round is written (so that at
  /// most two rounds' text is held).
  public func write(_ document: GeoJSONDocument, threads: Int, to emit: (String) -> Void) {
    write(document, threads: threads, groupPositions: 1 << 14, to: emit)
  }

  /// `write(_:threads:to:)` with groups of `groupPositions` (tests make them a few positions).
  func write(_ document: GeoJSONDocument, threads: Int, groupPositions: Int, to emit: (String) -> Void) {
    guard threads > 1, document.root == .featureCollection, document.positions.count >= 2 * groupPositions else {
      return write(document, to: emit)
    }
    let groups = Self.groups(of: document.features, positions: groupPositions)
    emit(#"{"type":"FeatureCollection","features":["#)
    let round = threads * 4
    let writer = self
    let rounds = (groups.count + round - 1) / round
    Workers.pipeline(rounds: rounds) { (index) -> [String] in
      let first = index * round
      return Workers.run(count: min(round, groups.count - first), threads: threads) { offset in
        // Room for shortest-form numbers at once: a growing string would copy itself as it doubles.
        let features = groups[first + offset]
        let positions = document.features[features].reduce(0) { $0 + $1.positions.count }
        var text = ""
        text.reserveCapacity(positions * 40 + features.count * 128)
        for index in features {
          if index > 0 { text += "," }
          writer.write(document.features[index], document.positions, into: &text)
        }
        return text
      }
    } consume: { texts in
      for text in texts { emit(text) }
    }
    var tail = "]"
    writeTail(document, into: &tail)
    emit(tail)
  }

  /// Ranges of whole features, each cut where it reaches `positions` positions (a feature without
  /// any counts one).
  static func groups(of features: [Feature], positions: Int) -> [Range<Int>] {
    var groups: [Range<Int>] = []
    var start = 0
    var size = 0
    for (index, feature) in features.enumerated() {
      size += max(feature.positions.count, 1)
      if size >= positions {
        groups.append(start..<index + 1)
        start = index + 1
        size = 0
      }
    }
    if start < features.count { groups.append(start..<features.count) }
    return groups
  }

  /// A FeatureCollection's members after `features`: its `bbox`, its foreign members and `}`.
  private func writeTail(_ document: GeoJSONDocument, into text: inout String) {
    if let box = document.bbox {
      let positions = document.positions
      let all = 0..<positions.count
      writeBBox(recomputesBBox ? bbox(of: all, positions, dimensions: box.count) ?? box : box, into: &text)
    }
    writeForeign(document.foreignMembers, into: &text)
    text += "}"
  }

  /// One feature as JSON text.
  public func write(_ feature: Feature, _ positions: PositionBuffer, into text: inout String) {
    text += #"{"type":"Feature""#
    if let id = feature.id {
      text += #","id":"#
      id.write(to: &text)
    }
    text += #","geometry":"#
    if let geometry = feature.geometry {
      write(geometry, positions, bbox: feature.geometryBBox, range: feature.positions, into: &text)
    } else {
      text += "null"
    }
    text += #","properties":"#
    feature.properties.write(to: &text)
    if let box = feature.bbox {
      writeBBox(
        recomputesBBox ? bbox(of: feature.positions, positions, dimensions: box.count) ?? box : box, into: &text)
    }
    writeForeign(feature.foreignMembers, into: &text)
    text += "}"
  }

  func write(
    _ geometry: Geometry, _ positions: PositionBuffer, bbox box: [Double]?, range: Range<Int>,
    foreign: [JSONValue.Member] = [], into text: inout String
  ) {
    text += #"{"type":""# + geometry.typeName + "\""
    switch geometry {
    case .geometryCollection(let geometries):
      text += #","geometries":["#
      for (index, child) in geometries.enumerated() {
        if index > 0 { text += "," }
        write(child, positions, bbox: nil, range: 0..<0, into: &text)
      }
      text += "]"
    default:
      text += #","coordinates":"#
      writeCoordinates(geometry, positions, into: &text)
    }
    if let box {
      writeBBox(recomputesBBox ? bbox(of: range, positions, dimensions: box.count) ?? box : box, into: &text)
    }
    writeForeign(foreign, into: &text)
    text += "}"
  }

  func writeCoordinates(_ geometry: Geometry, _ positions: PositionBuffer, into text: inout String) {
    switch geometry {
    case .point(let index): writePosition(index, positions, into: &text)
    case .multiPoint(let range), .lineString(let range): writePositions(range, positions, into: &text)
    case .multiLineString(let lists), .polygon(let lists): writeLists(lists, positions, into: &text)
    case .multiPolygon(let polygons):
      text += "["
      for (index, rings) in polygons.enumerated() {
        if index > 0 { text += "," }
        writeLists(rings, positions, into: &text)
      }
      text += "]"
    case .geometryCollection: text += "[]"
    }
  }

  func writeLists(_ lists: [Range<Int>], _ positions: PositionBuffer, into text: inout String) {
    text += "["
    for (index, range) in lists.enumerated() {
      if index > 0 { text += "," }
      writePositions(range, positions, into: &text)
    }
    text += "]"
  }

  /// The positions written straight into a new string's storage, appended to `text` once: no
  /// string or array per number.
  func writePositions(_ range: Range<Int>, _ positions: PositionBuffer, into text: inout String) {
    text += String(unsafeUninitializedCapacity: range.count * GeoJSONWriter.maxPositionLength + 2) { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      var p = start
      p.pointee = UInt8(ascii: "[")
      p += 1
      for index in range {
        if index > range.lowerBound {
          p.pointee = UInt8(ascii: ",")
          p += 1
        }
        p += writePosition(index, positions, to: p)
      }
      p.pointee = UInt8(ascii: "]")
      return p + 1 - start
    }
  }

  func writePosition(_ index: Int, _ positions: PositionBuffer, into text: inout String) {
    text += String(unsafeUninitializedCapacity: GeoJSONWriter.maxPositionLength) { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      return writePosition(index, positions, to: start)
    }
  }

  /// The most bytes a position takes: three numbers, two commas and the brackets.
  static let maxPositionLength = 3 * ShortestDigits.maxLength + 4

  /// Writes one position at `start`; returns how many bytes.
  @inline(__always)
  func writePosition(_ index: Int, _ positions: PositionBuffer, to start: UnsafeMutablePointer<UInt8>) -> Int {
    var p = start
    p.pointee = UInt8(ascii: "[")
    p += 1
    p += JSONValue.format(rounded(positions.lons[index]), to: p)
    p.pointee = UInt8(ascii: ",")
    p += 1
    p += JSONValue.format(rounded(positions.lats[index]), to: p)
    if !positions.heights.isEmpty, !positions.heights[index].isNaN {
      p.pointee = UInt8(ascii: ",")
      p += 1
      p += JSONValue.format(rounded(positions.heights[index]), to: p)
    }
    p.pointee = UInt8(ascii: "]")
    return p + 1 - start
  }

  func writeBBox(_ box: [Double], into text: inout String) {
    text += #","bbox":["#
    text += box.map(format).joined(separator: ",")
    text += "]"
  }

  func writeForeign(_ members: [JSONValue.Member], into text: inout String) {
    for member in members {
      text += ","
      JSONValue.quote(member.name, into: &text)
      text += ":"
      member.value.write(to: &text)
    }
  }

  /// The box of a range of positions: `[west, south, east, north]`, or with heights when 6 numbers
  /// are wanted; nil for no positions. With `geographic`, west and east bound the smallest
  /// longitude interval (west > east across the antimeridian); otherwise they are the least and
  /// greatest x.
  func bbox(of range: Range<Int>, _ positions: PositionBuffer, dimensions: Int) -> [Double]? {
    guard !range.isEmpty else { return nil }
    guard var box = plainBBox(of: range, positions, dimensions: dimensions) else { return nil }
    if geographic, let (west, east) = Self.longitudeInterval(positions.lons[range]) {
      box[0] = west
      box[box.count / 2] = east
    }
    return box
  }

  /// The smallest interval of longitudes (those beyond ±180 normalised) that holds every one:
  /// the complement of the largest gap between neighbours on the circle. Nil when any is not
  /// finite; [−180, 180] when the largest gap is the one at the antimeridian anyway.
  static func longitudeInterval(_ lons: ArraySlice<Double>) -> (west: Double, east: Double)? {
    var sorted: [Double] = []
    sorted.reserveCapacity(lons.count)
    for lon in lons {
      guard lon.isFinite else { return nil }
      guard lon < -180 || lon > 180 else {
        sorted.append(lon)  // as written: normalising would round 151.2093 to 151.20929999999998
        continue
      }
      var normalized = (lon + 180).truncatingRemainder(dividingBy: 360)
      if normalized < 0 { normalized += 360 }
      sorted.append(normalized - 180)
    }
    sorted.sort()
    guard let first = sorted.first, let last = sorted.last else { return nil }
    var west = first
    var east = last
    var widest = first + 360 - last  // the gap across the antimeridian
    for i in 1..<sorted.count where sorted[i] - sorted[i - 1] > widest {
      widest = sorted[i] - sorted[i - 1]
      west = sorted[i]
      east = sorted[i - 1]
    }
    return (west, east)
  }

  /// Plain minima and maxima.
  func plainBBox(of range: Range<Int>, _ positions: PositionBuffer, dimensions: Int) -> [Double]? {
    guard !range.isEmpty else { return nil }
    var low = [Double.infinity, .infinity, .infinity]
    var high = [-Double.infinity, -.infinity, -.infinity]
    for i in range {
      low[0] = min(low[0], positions.lons[i])
      high[0] = max(high[0], positions.lons[i])
      low[1] = min(low[1], positions.lats[i])
      high[1] = max(high[1], positions.lats[i])
      if !positions.heights.isEmpty, !positions.heights[i].isNaN {
        low[2] = min(low[2], positions.heights[i])
        high[2] = max(high[2], positions.heights[i])
      }
    }
    if dimensions == 6 && low[2].isFinite { return [low[0], low[1], low[2], high[0], high[1], high[2]] }
    return [low[0], low[1], high[0], high[1]]
  }

  /// A coordinate's JSON text: shortest round-trip, or rounded to `precision` decimals.
  public func format(_ value: Double) -> String {
    JSONValue.format(rounded(value))
  }

  /// `value` rounded to `precision` decimals, when there is one.
  @inline(__always)
  func rounded(_ value: Double) -> Double {
    guard let precision else { return value }
    let scale = GeoJSONWriter.powersOfTen[precision]
    let scaled = (value * scale).rounded()
    return abs(scaled) < 9e15 ? scaled / scale : value
  }

  static let powersOfTen: [Double] = (0...17).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }
}

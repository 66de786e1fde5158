import JSONValues
import MapGeometry

/// Reads GeoJSON (RFC 7946) from bytes: a FeatureCollection, a Feature or a bare geometry.
///
/// Every position goes into one `PositionBuffer` (structure of arrays), which batch transforms
/// consume directly; features and geometries hold index ranges into it.
///
/// Rules, where RFC 7946 leaves a choice (<doc:GeoJSONRules>):
/// - A position needs 2 or 3 numbers; more are read and ignored (RFC 7946 §3.1.1 says SHOULD NOT).
/// - Latitudes outside ±90 are an error when `checksLatitude` is on (the default, for lon/lat
///   input); longitudes outside ±180 are kept as given and normalised only by extents and the camera.
/// - A LineString needs 2 positions; a linear ring 4, closed: its last position equals its first
///   in every number, the height included (§3.1.6).
/// - `coordinates` may be `[]` (an empty geometry) for every type but Point; a list inside it may
///   not be empty (no empty line, ring or polygon inside a Multi* or Polygon).
/// - A non-finite number (NaN/Infinity literals, or one beyond a Double's range) is an error.
/// - A byte order mark is an error (RFC 8259 §8.1: JSON text must not begin with one).
/// - Duplicate member names are an error.
/// - Nesting deeper than `maxDepth` is an error, not a stack overflow.
/// - A member that defines another kind of object is an error (§7.1): `coordinates` or
///   `geometries` on a Feature or FeatureCollection, `geometry`, `properties` or `features` on a
///   geometry, `coordinates` on a GeometryCollection, `geometries` on any other geometry.
/// - Foreign members of the top level (a bare geometry's included) and of features are kept, and
///   so is `id` on objects other than a Feature (as a foreign member); those of geometries inside
///   a Feature or a GeometryCollection are read and dropped.
/// - `bbox` is kept on the top level, on features and on a feature's geometry; one on a geometry
///   inside a GeometryCollection is read and dropped.
/// - A missing `properties` reads as null; a Feature must have a `geometry` member (null allowed,
///   counted in `nullGeometries`).
///
/// ```swift
/// let document = try GeoJSONReader.read(Array(#"{"type":"Point","coordinates":[151.2,-33.9]}"#.utf8))
/// document.positions.lons  // [151.2]
/// ```
public enum GeoJSONReader {
  /// How strictly to read.
  public struct Options: Hashable, Sendable {
    /// Whether positions are lon/lat, so latitudes beyond ±90 are errors.
    public var checksLatitude: Bool
    /// With `checksLatitude`, a latitude beyond ±90 is an error only in a document without a
    /// top-level legacy `crs` member (GeoJSON 2008), which says the coordinates are in another CRS
    /// (the error still names the first such position's place).
    public var exceptWithCRSMember: Bool
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// Threads that read a large FeatureCollection's features, 1 for the calling thread alone.
    /// The document, or the error, is the same for every count (<doc:GeoJSONRules>).
    public var threads: Int
    /// Bytes of features between the places where the reading splits, or 0 to choose by the
    /// document's size and `threads`. For tests: a few bytes make every feature a split point and
    /// split documents of any size, on one thread too.
    package var splitBytes = 0

    public init(
      checksLatitude: Bool = true, exceptWithCRSMember: Bool = false, maxDepth: Int = 128, threads: Int = 1
    ) {
      self.checksLatitude = checksLatitude
      self.exceptWithCRSMember = exceptWithCRSMember
      self.maxDepth = maxDepth
      self.threads = max(threads, 1)
    }
  }

  /// Reads a whole document.
  ///
  /// - Throws: `GeoJSONError` naming the byte, line:column, JSON path and what was expected.
  /// - Complexity: O(n) in the input's length.
  ///
  /// - Parameters:
  ///   - bytes: the document, UTF-8.
  ///   - options: what to check beyond RFC 7946 (latitudes within ±90 for lon/lat input).
  ///   - skipped: bytes, lines and the last line's bytes that came before `bytes` in the input
  ///     (leading whitespace a caller did not keep), so that error locations count from its start.
  public static func read(
    _ bytes: [UInt8], options: Options = Options(), skipped: SkippedInput = SkippedInput()
  ) throws(GeoJSONError) -> GeoJSONDocument {
    try bytes.withUnsafeBufferPointer { (buffer) throws(GeoJSONError) -> GeoJSONDocument in
      var positions = PositionBuffer()
      return try read(
        buffer, options: options, positions: &positions, streamOffset: skipped.bytes, firstLine: skipped.lines + 1,
        firstColumnOffset: skipped.column, record: nil)
    }
  }

  /// What came before a buffer in its input and was not kept.
  public struct SkippedInput: Hashable, Sendable {
    public var bytes = 0
    public var lines = 0
    /// Bytes after the last newline.
    public var column = 0

    public init() {}

    /// Counts `chunk` as skipped.
    public mutating func skip(_ chunk: some Collection<UInt8>) {
      let counted = chunk.withContiguousStorageIfAvailable { buffer in
        skip(buffer)
        return true
      }
      if counted == nil {
        let copy = Array(chunk)
        copy.withUnsafeBufferPointer { skip($0) }
      }
    }

    /// Counts `buffer`: lines by its newlines, the column from the last one.
    private mutating func skip(_ buffer: UnsafeBufferPointer<UInt8>) {
      bytes += buffer.count
      guard let last = buffer.lastIndex(of: 0x0A) else {
        column += buffer.count
        return
      }
      var newlines = 0
      for byte in buffer where byte == 0x0A { newlines += 1 }
      lines += newlines
      column = buffer.count - last - 1
    }
  }

  /// Reads a whole document from a buffer.
  public static func read(_ buffer: UnsafeBufferPointer<UInt8>, options: Options = Options()) throws(GeoJSONError)
    -> GeoJSONDocument
  {
    var positions = PositionBuffer()
    return try read(buffer, options: options, positions: &positions, streamOffset: 0, firstLine: 1, record: nil)
  }

  /// Reads one document whose positions are appended to `positions` (sequences reuse one buffer).
  static func read(
    _ buffer: UnsafeBufferPointer<UInt8>, options: Options, positions: inout PositionBuffer, streamOffset: Int,
    firstLine: Int, firstColumnOffset: Int = 0, record: Int?
  ) throws(GeoJSONError) -> GeoJSONDocument {
    try GeoJSONParser.parsing(
      buffer, options: options, positions: positions, streamOffset: streamOffset, firstLine: firstLine,
      firstColumnOffset: firstColumnOffset, record: record
    ) { (parser) throws(GeoJSONError) -> GeoJSONDocument in
      defer { positions = parser.positions }
      return try parser.readDocument()
    }
  }
}

extension GeoJSONParser {
  /// Calls `body` with a parser at the start of `buffer` (which may be empty: it then reads from a
  /// byte of its own, so that the scanner always has an address).
  static func parsing<R>(
    _ buffer: UnsafeBufferPointer<UInt8>, options: GeoJSONReader.Options, positions: PositionBuffer,
    streamOffset: Int, firstLine: Int, firstColumnOffset: Int, record: Int?,
    _ body: (inout GeoJSONParser) throws(GeoJSONError) -> R
  ) throws(GeoJSONError) -> R {
    let empty: [UInt8] = [0]
    return try empty.withUnsafeBufferPointer { (fallback) throws(GeoJSONError) -> R in
      let base = buffer.baseAddress ?? fallback.baseAddress.unsafelyUnwrapped
      var parser = GeoJSONParser(
        scanner: Scanner(
          base, count: buffer.count, maxDepth: options.maxDepth, streamOffset: streamOffset, firstLine: firstLine,
          firstColumnOffset: firstColumnOffset, record: record),
        options: options, positions: positions)
      return try body(&parser)
    }
  }
}

/// The GeoJSON structure over the scanner.
struct GeoJSONParser: ScannerOwner {
  var scanner: Scanner
  let options: GeoJSONReader.Options
  var positions: PositionBuffer
  #if !hasFeature(Embedded)  // (not in WebAssembly, to keep the module small)
    /// When reading for the extent alone (`GeoJSONExtent`): where each feature's positions go once
    /// it is read and checked, the buffer then emptied for the next.
    var extent: ExtentBuilder?
    /// Features whose positions went into `extent`.
    var featuresDrained = 0
  #endif
  /// The first latitude beyond ±90, kept until the document shows whether it has a `crs` member.
  var latitudeError: GeoJSONError?

  /// The members a GeoJSON object may have, gathered before its type decides what they mean.
  struct Members {
    var type: String?
    /// What `type` names.
    var kind = ObjectType.unknown
    var typeOffset = 0
    var coordinates: Coordinates?
    var coordinatesOffset = 0
    var geometries: [Geometry]?
    var geometriesOffset = 0
    var geometry: Geometry??
    var geometryOffset = 0
    /// The `bbox` of the `geometry` member's object.
    var geometryBBox: [Double]?
    var features: [Feature]?
    var featuresOffset = 0
    var properties: JSONValue?
    var propertiesOffset = 0
    var id: JSONValue?
    /// Where `id` stood among the foreign members: an object other than a Feature keeps it as one.
    var idIndex = 0
    var idOffset = 0
    var bbox: [Double]?
    var foreign: [JSONValue.Member] = []
    var nullGeometries = 0
    var firstPosition = 0

    /// The foreign members, with `id` back in its place (for objects whose `id` is not RFC 7946's).
    var foreignWithID: [JSONValue.Member] {
      guard let id else { return foreign }
      var all = foreign
      all.insert(JSONValue.Member("id", id), at: idIndex)
      return all
    }
  }

  /// The members that define a kind of object, which the others must not have (RFC 7946 §7.1):
  /// `coordinates` and `geometries` define geometries, `geometry` and `properties` a Feature,
  /// `features` a FeatureCollection. Such a member on another kind of object is an error rather
  /// than a foreign member: it was read as content, and reading it as data would change its meaning.
  func checkDefiningMembers(_ members: Members, allowed: [String], kind: String) throws(GeoJSONError) {
    let present: [(String, Bool, Int)] = [
      ("coordinates", members.coordinates != nil, members.coordinatesOffset),
      ("geometries", members.geometries != nil, members.geometriesOffset),
      ("geometry", members.geometry != nil, members.geometryOffset),
      ("properties", members.properties != nil, members.propertiesOffset),
      ("features", members.features != nil, members.featuresOffset),
    ]
    for (name, isPresent, offset) in present where isPresent && !allowed.contains(where: { $0.isUTF8(name) }) {
      var copy = scanner
      copy.path.append(.key(name))
      copy.coordinateDepth = 0
      throw copy.error("\(kind) must not have a '\(name)' member (RFC 7946 §7.1)", at: offset)
    }
  }

  /// A `coordinates` value read by its nesting, before its type is known.
  enum Coordinates {
    case empty
    case position(Int)
    case positions(Range<Int>)
    case lists([Range<Int>])
    case listsOfLists([[Range<Int>]])
  }

  mutating func readDocument() throws(GeoJSONError) -> GeoJSONDocument {
    if scanner.count >= 3 && scanner.base[0] == 0xEF && scanner.base[1] == 0xBB && scanner.base[2] == 0xBF {
      throw scanner.error("a byte order mark is not allowed before JSON text (RFC 8259 §8.1)")
    }
    guard scanner.peek() != nil else { throw scanner.error("empty input: expected a GeoJSON object") }
    // A position takes at least about 20 bytes in coordinate-heavy files: reserving that much once
    // saves the copies and page faults of growing the buffers.
    if scanner.count >= 1 << 16, !readsExtentOnly { positions.reserve(scanner.count / 20) }
    let start = positions.count
    let members = try readGeoJSONObject()
    scanner.skipWhitespace()
    if scanner.index < scanner.count {
      throw scanner.error("expected the end of the input after the GeoJSON object, found \(scanner.found())")
    }
    if let latitudeError, !members.foreignWithID.contains(where: { $0.name.isUTF8("crs") }) { throw latitudeError }
    switch members.kind {
    case .featureCollection:
      guard let features = members.features else {
        throw scanner.error("a FeatureCollection needs a \"features\" array", at: members.typeOffset)
      }
      try checkDefiningMembers(members, allowed: ["features"], kind: "a FeatureCollection")
      return GeoJSONDocument(
        root: .featureCollection, features: features, positions: positions, bbox: members.bbox,
        foreignMembers: members.foreignWithID, nullGeometries: members.nullGeometries)
    case .feature:
      let feature = try makeFeature(members)
      return GeoJSONDocument(
        root: .feature, features: [feature], positions: positions, nullGeometries: feature.geometry == nil ? 1 : 0)
    default:
      let geometry = try makeGeometry(members)
      return GeoJSONDocument(
        root: .geometry,
        features: [
          Feature(
            geometry: geometry, bbox: members.bbox, foreignMembers: members.foreignWithID,
            positions: start..<positions.count)
        ],
        positions: positions)
    }
  }

  /// Reads any GeoJSON object's members.
  mutating func readGeoJSONObject() throws(GeoJSONError) -> Members {
    var members = Members()
    members.firstPosition = positions.count
    try readObject { (parser, name) throws(GeoJSONError) in try parser.readMember(name, into: &members) }
    guard members.type != nil else {
      throw scanner.error("expected a 'type' member in a GeoJSON object", at: scanner.index - 1)
    }
    return members
  }

  mutating func readMember(_ name: String, into members: inout Members) throws(GeoJSONError) {
    switch MemberName(name) {
    case .type:
      scanner.skipWhitespace()
      members.typeOffset = scanner.index
      guard scanner.peek() == UInt8(ascii: "\"") else {
        throw scanner.error("expected a type name string, found \(scanner.found())")
      }
      let type = try scanner.readString()
      (members.type, members.kind) = (type, ObjectType(type))
    case .coordinates:
      scanner.skipWhitespace()
      members.coordinatesOffset = scanner.index
      members.coordinates = try readCoordinates()
    case .features:
      scanner.skipWhitespace()
      members.featuresOffset = scanner.index
      members.features = try readFeatures(nullGeometries: &members.nullGeometries)
    case .geometry:
      scanner.skipWhitespace()
      members.geometryOffset = scanner.index
      if try scanner.readNull() {
        members.geometry = .some(nil)
      } else {
        let geometryMembers = try readGeoJSONObject()
        members.geometry = .some(try makeGeometry(geometryMembers))
        members.geometryBBox = geometryMembers.bbox
      }
    case .geometries:
      scanner.skipWhitespace()
      members.geometriesOffset = scanner.index
      var geometries: [Geometry] = []
      try readArray { (parser, _) throws(GeoJSONError) in
        // Read first, then make: `parser.makeGeometry(parser.readGeoJSONObject())` would evaluate
        // `parser` (a copy without the new positions) before reading.
        let child = try parser.readGeoJSONObject()
        geometries.append(try parser.makeGeometry(child))
      }
      members.geometries = geometries
    case .properties:
      scanner.skipWhitespace()
      members.propertiesOffset = scanner.index
      let value = try scanner.readValue()
      guard case .object = value else {
        if value == .null {
          members.properties = .null
          return
        }
        throw scanner.error("expected \"properties\" to be an object or null")
      }
      members.properties = value
    case .id:
      scanner.skipWhitespace()
      members.idOffset = scanner.index
      members.id = try scanner.readValue()
      members.idIndex = members.foreign.count
    case .bbox:
      var box: [Double] = []
      try scanner.readArray { (scanner, _) throws(GeoJSONError) in box.append(try scanner.readNumber()) }
      guard box.count == 4 || box.count == 6 else {
        throw scanner.error("expected \"bbox\" to have 4 or 6 numbers, found \(box.count) (RFC 7946 §5)")
      }
      members.bbox = box
    case nil:
      members.foreign.append(JSONValue.Member(name, try scanner.readValue()))
    }
  }

  /// Reads a `features` array: a top-level one of a large document on `options.threads` threads
  /// (`FeatureChunks`), any other here.
  mutating func readFeatures(nullGeometries: inout Int) throws(GeoJSONError) -> [Feature] {
    var features: [Feature] = []
    #if hasFeature(Embedded)
      // WebAssembly: one thread, and whole documents only.
      try readArray { (parser, _) throws(GeoJSONError) in
        features.append(try parser.readFeature(nullGeometries: &nullGeometries))
      }
    #else
      if let read = try readFeaturesInParallel(nullGeometries: &nullGeometries) { return read }
      try readArray { (parser, _) throws(GeoJSONError) in
        let feature = try parser.readFeature(nullGeometries: &nullGeometries)
        if parser.readsExtentOnly { parser.drain() } else { features.append(feature) }
      }
    #endif
    return features
  }

  /// Whether the positions go into `extent` feature by feature rather than staying in the buffer.
  var readsExtentOnly: Bool {
    #if hasFeature(Embedded)
      false
    #else
      extent != nil
    #endif
  }

  /// Moves the positions read so far into `extent` (reading for the extent alone) and empties the
  /// buffer, its storage kept for the next feature.
  mutating func drain() {
    #if !hasFeature(Embedded)
      guard var builder = extent else { return }
      positions.lons.withUnsafeBufferPointer { lons in
        positions.lats.withUnsafeBufferPointer { lats in builder.add(lons: lons, lats: lats) }
      }
      extent = builder
      featuresDrained += 1
      positions.truncate(to: 0)
    #endif
  }

  /// Reads one element of `features`, which must be a Feature.
  mutating func readFeature(nullGeometries: inout Int) throws(GeoJSONError) -> Feature {
    let featureMembers = try readGeoJSONObject()
    guard featureMembers.kind == .feature else {
      throw scanner.error(
        "expected a Feature in 'features', found type \"\(GeoJSONError.excerpt(featureMembers.type ?? ""))\"",
        at: featureMembers.typeOffset)
    }
    let feature = try makeFeature(featureMembers)
    if feature.geometry == nil { nullGeometries += 1 }
    return feature
  }

  // MARK: Coordinates

  /// Reads a `coordinates` value of any nesting into the position buffer.
  mutating func readCoordinates() throws(GeoJSONError) -> Coordinates {
    scanner.skipWhitespace()
    let open = scanner.index
    try scanner.expect(UInt8(ascii: "["), "'[' (coordinates)")
    guard let next = scanner.peek() else { throw scanner.error("truncated coordinates") }
    if next == UInt8(ascii: "]") {
      scanner.index += 1
      return .empty
    }
    scanner.index = open
    if next != UInt8(ascii: "[") { return .position(try readPosition(level: 0)) }
    // Look ahead to learn the nesting.
    switch try nestingDepth() {
    case 2: return .positions(try readPositions(level: 0))
    case 3: return .lists(try readLists(level: 0))
    case 4: return .listsOfLists(try readListsOfLists(level: 0))
    default: throw scanner.error("expected coordinates nested at most 4 arrays deep")
    }
  }

  /// How many '[' open at the current position (without consuming).
  func nestingDepth() throws(GeoJSONError) -> Int {
    var i = scanner.index
    var depth = 0
    while i < scanner.count {
      let byte = scanner.base[i]
      if byte == UInt8(ascii: "[") {
        depth += 1
      } else if !JSONWhitespace.contains(byte) {
        return depth  // an empty innermost list keeps the depth seen so far
      }
      if depth > 4 { return depth }
      i += 1
    }
    throw scanner.error("truncated coordinates")
  }

  /// Reads `[x, y]` or `[x, y, z]` (more numbers are ignored) and appends it; returns its index.
  mutating func readPosition(level: Int) throws(GeoJSONError) -> Int {
    try scanner.expect(UInt8(ascii: "["), "'[' (a position)")
    let x = try scanner.readNumber()
    try scanner.expect(UInt8(ascii: ","), "',' and a second number: a position needs at least 2 numbers")
    let y = try scanner.readNumber()
    if options.checksLatitude && !(y >= -90 && y <= 90) {
      guard options.exceptWithCRSMember else { throw scanner.error("latitude \(y) is outside ±90") }
      // Only the first is kept: making an error counts lines from the start.
      if latitudeError == nil { latitudeError = scanner.error("latitude \(y) is outside ±90") }
    }
    guard let byte = scanner.peek() else { throw scanner.error("truncated position") }
    if byte == UInt8(ascii: "]") {
      scanner.index += 1
      positions.append(x, y)
      return positions.count - 1
    }
    try scanner.expect(UInt8(ascii: ","), "',' or ']' after a position's numbers")
    let z = try scanner.readNumber()
    while scanner.peek() == UInt8(ascii: ",") {
      scanner.index += 1
      _ = try scanner.readNumber()
    }
    try scanner.expect(UInt8(ascii: "]"), "']' to close a position")
    positions.append(x, y, z)
    return positions.count - 1
  }

  /// Reads `[position, …]`.
  ///
  /// The common shape, `[[x,y],[x,y],…]` without whitespace, is read in one loop with a pointer in
  /// a register; a list that leaves it (whitespace, a height, a latitude to report, an error) is
  /// read again from its `[` by the general path, which knows every rule and every message.
  mutating func readPositions(level: Int) throws(GeoJSONError) -> Range<Int> {
    let start = positions.count
    if let end = readCompactPositions() {
      scanner.index = end
      return start..<positions.count
    }
    positions.truncate(to: start)
    try readList(level: level) { (parser, level) throws(GeoJSONError) in _ = try parser.readPosition(level: level) }
    return start..<positions.count
  }

  /// Reads a list of 2D positions written without whitespace from the scanner's index and returns
  /// the index after its `]`, or nil where the list leaves that shape (positions already appended
  /// are then the caller's to remove).
  @inline(__always)
  mutating func readCompactPositions() -> Int? {
    let base = scanner.base
    let end = base + scanner.count
    let checksLatitude = options.checksLatitude
    var p = base + scanner.index
    guard end - p >= 2, p[0] == UInt8(ascii: "["), p[1] != UInt8(ascii: "]") else { return nil }
    p += 1
    while true {
      guard p < end, p.pointee == UInt8(ascii: "[") else { return nil }
      p += 1
      guard let x = Scanner.parseNumber(&p, end: end), p < end, p.pointee == UInt8(ascii: ",") else { return nil }
      p += 1
      guard let y = Scanner.parseNumber(&p, end: end), end - p >= 2, p[0] == UInt8(ascii: "]") else { return nil }
      guard !checksLatitude || (y >= -90 && y <= 90) else { return nil }
      positions.append(x, y)
      p += 2
      switch p[-1] {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "]"): return p - base
      default: return nil
      }
    }
  }

  mutating func readLists(level: Int) throws(GeoJSONError) -> [Range<Int>] {
    var lists: [Range<Int>] = []
    try readList(level: level) { (parser, level) throws(GeoJSONError) in
      lists.append(try parser.readPositions(level: level))
    }
    return lists
  }

  mutating func readListsOfLists(level: Int) throws(GeoJSONError) -> [[Range<Int>]] {
    var lists: [[Range<Int>]] = []
    try readList(level: level) { (parser, level) throws(GeoJSONError) in
      lists.append(try parser.readLists(level: level))
    }
    return lists
  }

  /// Reads `[item, …]`, tracking the item's index in the coordinate path.
  @inline(__always)
  mutating func readList(level: Int, _ item: (inout GeoJSONParser, Int) throws(GeoJSONError) -> Void)
    throws(GeoJSONError)
  {
    try scanner.expect(UInt8(ascii: "["), "'[' (a list of coordinates)")
    guard level < Scanner.CoordinateIndices.capacity else { throw scanner.error("coordinates nested too deeply") }
    scanner.coordinateDepth = level + 1
    scanner.coordinateIndices[level] = 0
    if scanner.peek() == UInt8(ascii: "]") {
      scanner.index += 1
      scanner.coordinateDepth = level
      return
    }
    var i = 0
    while true {
      scanner.coordinateIndices[level] = i
      scanner.coordinateDepth = level + 1
      try item(&self, level + 1)
      i += 1
      if try scanner.readSeparator(closing: UInt8(ascii: "]"), "between coordinates") { break }
    }
    scanner.coordinateDepth = level
  }

  // MARK: Objects

  func makeFeature(_ members: Members) throws(GeoJSONError) -> Feature {
    guard let geometry = members.geometry else {
      throw scanner.error("a Feature needs a \"geometry\" member (null is allowed)", at: members.typeOffset)
    }
    try checkDefiningMembers(members, allowed: ["geometry", "properties"], kind: "a Feature")
    switch members.id {
    case nil, .string?, .number?: break
    default:
      var copy = scanner
      copy.path.append(.key("id"))
      throw copy.error("expected \"id\" to be a string or a number (RFC 7946 §3.2)", at: members.idOffset)
    }
    return Feature(
      id: members.id, geometry: geometry, properties: members.properties ?? .null, bbox: members.bbox,
      geometryBBox: members.geometryBBox, foreignMembers: members.foreign,
      positions: members.firstPosition..<positions.count)
  }

  func makeGeometry(_ members: Members) throws(GeoJSONError) -> Geometry {
    let type = members.type ?? ""
    if members.kind == .geometryCollection {
      guard let geometries = members.geometries else {
        throw scanner.error("a GeometryCollection needs a \"geometries\" array", at: members.typeOffset)
      }
      try checkDefiningMembers(members, allowed: ["geometries"], kind: "a GeometryCollection")
      return .geometryCollection(geometries)
    }
    if members.kind.hasCoordinates {
      try checkDefiningMembers(members, allowed: ["coordinates"], kind: "a \(type)")
    }
    guard let coordinates = members.coordinates else {
      if members.kind.hasCoordinates {
        throw scanner.error("a \(type) needs a \"coordinates\" member", at: members.typeOffset)
      }
      throw scanner.error(
        "unknown type \"\(GeoJSONError.excerpt(type))\": expected FeatureCollection, Feature, or a geometry type",
        at: members.typeOffset)
    }
    let at = members.coordinatesOffset
    func mismatch(_ expected: String) -> GeoJSONError {
      var copy = scanner
      copy.path.append(.key("coordinates"))
      return copy.error("a \(type)'s coordinates must be \(expected)", at: at)
    }
    switch (members.kind, coordinates) {
    case (.point, .position(let index)): return .point(index)
    case (.multiPoint, .positions(let range)): return .multiPoint(range)
    case (.multiPoint, .empty): return .multiPoint(positions.count..<positions.count)
    case (.lineString, .positions(let range)):
      guard range.count >= 2 else { throw mismatchCount("a LineString needs at least 2 positions", at) }
      return .lineString(range)
    case (.lineString, .empty): return .lineString(positions.count..<positions.count)
    case (.multiLineString, .lists(let lists)):
      for (i, line) in lists.enumerated() where line.count < 2 {
        throw mismatchCount("a line needs at least 2 positions", at, [i])
      }
      return .multiLineString(lists)
    case (.multiLineString, .empty): return .multiLineString([])
    case (.polygon, .lists(let rings)):
      try checkRings(rings, at: at, prefix: [])
      return .polygon(rings)
    case (.polygon, .empty): return .polygon([])
    case (.multiPolygon, .listsOfLists(let polygons)):
      for (i, rings) in polygons.enumerated() {
        // Only a whole geometry may be empty: `[[…], [], […]]` is an error, as `[[], […]]` is.
        guard !rings.isEmpty else {
          throw mismatchCount("a polygon in a MultiPolygon needs at least one ring", at, [i])
        }
        try checkRings(rings, at: at, prefix: [i])
      }
      return .multiPolygon(polygons)
    case (.multiPolygon, .empty): return .multiPolygon([])
    case (.point, _): throw mismatch("one position, [x, y]")
    case (.multiPoint, _), (.lineString, _): throw mismatch("an array of positions")
    case (.multiLineString, _), (.polygon, _): throw mismatch("an array of arrays of positions")
    case (.multiPolygon, _): throw mismatch("an array of polygons (arrays of rings of positions)")
    default:
      throw scanner.error(
        "unknown type \"\(GeoJSONError.excerpt(type))\": expected FeatureCollection, Feature, or a geometry type",
        at: members.typeOffset)
    }
  }

  func mismatchCount(_ message: String, _ at: Int, _ indices: [Int] = []) -> GeoJSONError {
    var copy = scanner
    copy.path.append(.key("coordinates"))
    return copy.error(message, at: at, extraPath: indices)
  }

  /// Linear rings: at least 4 positions, the last equal to the first (RFC 7946 §3.1.6).
  func checkRings(_ rings: [Range<Int>], at: Int, prefix: [Int]) throws(GeoJSONError) {
    for (i, ring) in rings.enumerated() {
      guard ring.count >= 4 else {
        throw mismatchCount(
          "a linear ring needs at least 4 positions, found \(ring.count) (RFC 7946 §3.1.6)", at, prefix + [i])
      }
      let first = ring.lowerBound
      let last = ring.upperBound - 1
      // Heights too: [100, 0] and [100, 0, 4.9] are different positions (2D ones hold NaN).
      let heights = positions.heights
      let sameHeight =
        heights.isEmpty || heights[first] == heights[last] || (heights[first].isNaN && heights[last].isNaN)
      guard positions.lons[first] == positions.lons[last], positions.lats[first] == positions.lats[last], sameHeight
      else {
        throw mismatchCount("a linear ring must end where it starts (RFC 7946 §3.1.6)", at, prefix + [i])
      }
    }
  }
}

// Transforms through Projection: not in the WebAssembly build (`make wasm`), whose content is lon/lat.
#if !hasFeature(Embedded)
  /// Why a document's positions could not be brought into another CRS.
  public enum DocumentTransformError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A CRS was not accepted, or PROJ could not be used: PROJ's (or the build's) own words.
    case projection(ProjectionError)
    /// PROJ lacks a grid that the operation needs: what it said and how to get the grid.
    case missingGrid(String)
    /// Some positions cannot be transformed (outside the projection's domain, not finite): how
    /// many, and the first, with its value and JSON path.
    case untransformable(String)
    /// Positions given as lon/lat whose latitude is outside ±90: the content is in another CRS.
    case notLonLat(String)

    public var description: String {
      switch self {
      case .projection(let error): "\(error)"
      case .missingGrid(let text), .untransformable(let text), .notLonLat(let text): text
      }
    }
  }

  extension GeoJSONDocument {
    /// The CRS that a legacy `crs` member names (GeoJSON 2008 §3, e.g.
    /// `{"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::2263"}}`), or nil without one.
    /// RFC 7946 dropped the member; files from older tools still carry it.
    public var legacyCRS: String? {
      // A Feature's own members are its document's top level.
      let top = root == .feature ? (features.first?.foreignMembers ?? []) : foreignMembers
      guard let member = top.first(where: { $0.name == "crs" })?.value,
        member["type"]?.string == "name", let name = member["properties"]?["name"]?.string, !name.isEmpty
      else { return nil }
      return name
    }

    /// Transforms every position in place, heights included where given (a 2D position among 3D ones
    /// keeps its missing height).
    ///
    /// - Throws: `.untransformable` naming how many failed and the first, with its JSON path and
    ///   value; `.missingGrid` when PROJ lacks a grid; `.projection` for PROJ's own failures. On a
    ///   throw the document is unchanged.
    public mutating func transform(with transformer: Transformer) throws(DocumentTransformError) {
      var result = BatchResult(count: 0, failed: 0)
      let moved: PositionBuffer
      do {
        if positions.heights.isEmpty {
          // 2D: each thread copies and transforms its own slices, with no copy of the whole first.
          moved = try positions.transformed { (x, y, intoX, intoY) throws(ProjectionError) in
            result = try transformer.transform(x: x, y: y, intoX: intoX, intoY: intoY)
          }
        } else {
          var copy = positions.uniqueCopy()
          result = try copy.withMutableCoordinates { (x, y, z) throws(ProjectionError) -> BatchResult in
            // 2D positions among 3D ones have NaN heights: transform them at height 0, keep NaN after.
            let flat = z.map(\.isNaN)
            for i in flat.indices where flat[i] { z[i] = 0 }
            defer { for i in flat.indices where flat[i] { z[i] = .nan } }
            return try transformer.transform(x: x, y: y, z: z)
          }
          moved = copy
        }
      } catch {
        throw .projection(error)
      }
      let pair = "from \(transformer.source) to \(transformer.target)"
      if result.failed > 0, let message = result.message, message.lowercased().contains("grid") {
        throw .missingGrid(
          "\(result.failed) of \(result.count) positions cannot be transformed \(pair): PROJ says \"\(message)\". "
            + "Install the grid PROJ needs (Debian's proj-data, or projsync --file NAME) or set PROJ_DATA to the "
            + "folder that holds it")
      }
      if result.failed > 0 {
        let first = moved.lons.firstIndex(where: \.isNaN).map { " the first is \(describe(position: $0))" }
        let why = result.message.map { " (PROJ: \($0))" } ?? ""
        throw .untransformable(
          "\(result.failed) of \(result.count) positions cannot be transformed \(pair)"
            + (first.map { ";" + $0 } ?? "") + why)
      }
      positions = moved
    }

    /// Checks that positions given as lon/lat are: every latitude within ±90.
    ///
    /// - Throws: `.notLonLat` naming the first position outside, with its path, and saying how to
    ///   give the content's CRS.
    public func checkLonLat() throws(DocumentTransformError) {
      guard let first = positions.lats.firstIndex(where: { !(abs($0) <= 90) }) else { return }
      throw .notLonLat(
        "latitude \(JSONValue.format(positions.lats[first])) is outside ±90: \(describe(position: first)) is not "
          + "lon/lat; give the content's CRS")
    }

    /// `[x, y] at features[3].geometry.coordinates[1]`.
    func describe(position index: Int) -> String {
      "[\(JSONValue.format(positions.lons[index])), \(JSONValue.format(positions.lats[index]))]"
        + (path(ofPosition: index).map { " at \($0)" } ?? "")
    }
  }
#endif

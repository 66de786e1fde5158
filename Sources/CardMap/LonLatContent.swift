// Content in any CRS, through Projection: not in the WebAssembly build (`make wasm`).
#if !hasFeature(Embedded)
  /// Brings GeoJSON content into lon/lat (WGS 84) for an extent and a camera: from the CRS it is
  /// given in, or the one its legacy `crs` member names; content with neither must already be lon/lat.
  ///
  /// Transformers are made once per CRS and reused (PROJ takes up to milliseconds to make one), so
  /// one `LonLatContent` serves every record of a sequence.
  ///
  /// ```swift
  /// var content = LonLatContent(crs: "EPSG:2263")      // NYC's State Plane, in US feet
  /// try content.convert(&boroughs)                      // now lon/lat: ready for an extent
  /// ```
  public struct LonLatContent {
    /// The CRS every document is in, or nil to take each document's legacy `crs` member.
    public let crs: String?
    /// The most threads a transform runs on (default: every online core).
    public var threads: Int?
    private var transformers: [String: Transformer] = [:]

    /// Content in `crs`, or nil to take each document's legacy `crs` member.
    ///
    /// - Throws: `.projection` when `crs` is not accepted: checked now, before any content is read.
    public init(crs: String? = nil) throws(DocumentTransformError) {
      self.crs = crs
      if let crs { _ = try transformer(for: crs) }
    }

    /// The transformer from `source` to lon/lat, made once.
    private mutating func transformer(for source: String) throws(DocumentTransformError) -> Transformer {
      if let made = transformers[source] { return made }
      do {
        var made = try Transformer(from: source, to: "EPSG:4326")
        if let threads { made.threads = threads }
        transformers[source] = made
        return made
      } catch {
        throw .projection(error)
      }
    }

    /// Transforms `document`'s positions to lon/lat, or checks that they are.
    ///
    /// - Throws: `.projection` for a CRS that is not accepted, `.untransformable` or `.missingGrid`
    ///   for positions that cannot be transformed, `.notLonLat` for content without a CRS whose
    ///   latitudes are outside ±90. On a throw the document is unchanged.
    public mutating func convert(_ document: inout GeoJSONDocument) throws(DocumentTransformError) {
      guard let source = crs ?? document.legacyCRS else {
        try document.checkLonLat()
        return
      }
      try document.transform(with: try transformer(for: source))
    }
  }
#endif

import MapGeometry

// Not in WebAssembly (`make wasm`): its module reads whole documents only.
#if !hasFeature(Embedded)
  /// A document read for its extent alone: every position goes into an `ExtentBuilder` as soon as
  /// its feature is read and checked, and the position buffer is emptied for the next feature, so
  /// that memory is bounded by the largest feature however large the document.
  ///
  /// The checks are the full reading's, and so are the errors (with their byte, line:column and
  /// path); on several threads (`GeoJSONReader.Options.threads`) each piece keeps an extent of its
  /// own and the pieces' extents are joined, which gives the same bins as one thread.
  ///
  /// ```swift
  /// let read = try GeoJSONExtent.read(buffer)
  /// read.extent.bounds  // the smallest box, across the antimeridian when that is smaller
  /// ```
  public struct GeoJSONExtent: Sendable {
    public var root: GeoJSONRoot
    /// The features: a FeatureCollection's, or 1 for a Feature or a bare geometry.
    public var features: Int
    /// Features whose geometry is null.
    public var nullGeometries: Int
    /// Every position's longitude and latitude (`extent.count` positions).
    public var extent: ExtentBuilder
    /// Whether the top-level object has a `crs` member (GeoJSON 2008), which names a CRS that the
    /// positions may be in: a caller wanting lon/lat then reads the whole document to transform it.
    public var hasCRSMember: Bool

    /// Reads the document in `buffer` for its extent.
    ///
    /// - Throws: `GeoJSONError`, as `GeoJSONReader.read` throws for the same bytes.
    public static func read(
      _ buffer: UnsafeBufferPointer<UInt8>, options: GeoJSONReader.Options = GeoJSONReader.Options(),
      skipped: GeoJSONReader.SkippedInput = GeoJSONReader.SkippedInput()
    ) throws(GeoJSONError) -> GeoJSONExtent {
      try GeoJSONParser.parsing(
        buffer, options: options, positions: PositionBuffer(), streamOffset: skipped.bytes,
        firstLine: skipped.lines + 1, firstColumnOffset: skipped.column, record: nil
      ) { (parser) throws(GeoJSONError) -> GeoJSONExtent in
        parser.extent = ExtentBuilder()
        let document = try parser.readDocument()
        var features = parser.featuresDrained
        if document.root != .featureCollection {
          // A Feature's or a geometry's positions are still in the buffer.
          parser.drain()
          features = 1
        }
        // The top-level object's own members: a Feature's or a bare geometry's are its feature's.
        let top =
          document.root == .featureCollection
          ? document.foreignMembers : (document.features.first?.foreignMembers ?? [])
        return GeoJSONExtent(
          root: document.root, features: features, nullGeometries: document.nullGeometries,
          extent: parser.extent ?? ExtentBuilder(), hasCRSMember: top.contains { $0.name == "crs" })
      }
    }

    /// The extent of a whole document in memory (a mapped file), from its first non-blank byte (the
    /// blank ones before it counted in error locations); nil when the bytes are a sequence, whose
    /// records `GeoJSONInput` reads one by one.
    public static func read(
      inMemory raw: UnsafeRawBufferPointer, options: GeoJSONReader.Options = GeoJSONReader.Options()
    )
      -> Result<GeoJSONExtent, GeoJSONError>?
    {
      let (rest, skipped) = GeoJSONInput<BufferSource>.afterBlanks(raw)
      guard GeoJSONInput<BufferSource>.framing(of: rest) == nil else { return nil }
      return Result { () throws(GeoJSONError) in try read(rest, options: options, skipped: skipped) }
    }
  }
#endif

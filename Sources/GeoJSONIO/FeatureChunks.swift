import MapGeometry

// Not in WebAssembly (`make wasm`), which has one thread: the pieces would only make it larger.
#if !hasFeature(Embedded)
  /// A large FeatureCollection's `features` read on several threads, with the one-thread result
  /// (<doc:GeoJSONRules>, reading on every core).
  ///
  /// The array after its first feature is cut every `splitBytes` or so, and each cut moves on to
  /// the next place where a feature may start: a `{` after `}` and `,` with only whitespace between.
  /// Each piece is read by a parser of its own, from its start as if a feature started there, until
  /// the next feature it would read starts exactly at a later piece's start (or the array ends, or
  /// an error stops it). The pieces are then joined from the first, which starts at the array's real
  /// first feature: a piece is taken only where the piece taken before it stopped at its start, so a
  /// guess inside a string or inside a property's object is never used (the piece before it read on
  /// over it). What is joined is therefore what one parser reading from the start reads: the same
  /// features and positions, and the same first error in document order, at the same byte,
  /// line:column and path.
  ///
  /// Memory: each piece's positions are its own until the join copies them, in parallel, into the
  /// document's buffer; at the peak the positions are held twice, besides the input.
  enum FeatureChunks {
    /// A document shorter than two of these is read on one thread: a thread's start costs more.
    static let minimumSplit = 1 << 18

    /// Where pieces start after the first: from every `split` bytes after `first`, the next `{` that
    /// follows `}` and `,` (whitespace between), in increasing order.
    static func starts(_ base: UnsafePointer<UInt8>, count: Int, first: Int, every split: Int) -> [Int] {
      var starts: [Int] = []
      var cut = first + split
      var from = first + 1
      while cut < count {
        var i = max(cut, from)
        var found: Int?
        while i < count {
          if base[i] == UInt8(ascii: "{"), follows(base, i, first: first) {
            found = i
            break
          }
          i += 1
        }
        guard let start = found else { break }
        starts.append(start)
        from = start + 1
        // The next cut is at least `split` past this one and past the start found.
        cut = max(cut + split, start + 1)
      }
      return starts
    }

    /// Whether the bytes before `i` (after `first`) end in `}`, `,` and whitespace.
    private static func follows(_ base: UnsafePointer<UInt8>, _ i: Int, first: Int) -> Bool {
      var j = i - 1
      while j > first, JSONWhitespace.contains(base[j]) { j -= 1 }
      guard j > first, base[j] == UInt8(ascii: ",") else { return false }
      j -= 1
      while j > first, JSONWhitespace.contains(base[j]) { j -= 1 }
      return j >= first && base[j] == UInt8(ascii: "}")
    }

    /// One piece's reading.
    struct Piece {
      var features: [Feature] = []
      /// Features read, kept in `features` or (reading for the extent alone) drained into `extent`.
      var count = 0
      var extent: ExtentBuilder?
      var positions = PositionBuffer()
      var nullGeometries = 0
      /// The first latitude beyond ±90 kept for later (`exceptWithCRSMember`), and the piece's
      /// feature it was met in.
      var latitudeError: (error: GeoJSONError, feature: Int)?
      var end = End.closed(0)

      enum End {
        /// The next feature starts where piece `piece` starts.
        case landed(piece: Int)
        /// The array closed; the reading goes on at this byte.
        case closed(Int)
        /// An error, met in this piece's feature `feature` (nil: between features).
        case failed(GeoJSONError, feature: Int?)
      }
    }
  }

  extension GeoJSONParser {
    /// Reads the top-level `features` array in pieces (`FeatureChunks`), or returns nil without
    /// reading where it is read on one thread: a nested array, one thread and no test split, or a
    /// document too small to split.
    mutating func readFeaturesInParallel(nullGeometries: inout Int) throws(GeoJSONError) -> [Feature]? {
      guard scanner.depth == 1, scanner.path.count == 1 else { return nil }
      let remaining = scanner.count - scanner.index
      let split: Int
      if options.splitBytes > 0 {
        split = options.splitBytes
      } else {
        guard options.threads > 1, remaining >= 2 * FeatureChunks.minimumSplit else { return nil }
        split = max(remaining / (options.threads * 4), FeatureChunks.minimumSplit)
      }
      // As `readArray` reads it, to the first feature.
      try scanner.expect(UInt8(ascii: "["), "'[' (an array)")
      try scanner.enter()
      defer { scanner.depth -= 1 }
      if scanner.peek() == UInt8(ascii: "]") {
        scanner.index += 1
        return []
      }
      let first = scanner.index
      let starts = FeatureChunks.starts(scanner.base, count: scanner.count, first: first, every: split)
      let template = self
      let pieces = Workers.run(count: starts.count + 1, threads: options.threads) { piece in
        var parser = template
        parser.positions = PositionBuffer()
        parser.latitudeError = nil
        parser.extent = template.extent.map { _ in ExtentBuilder() }
        return parser.readPiece(from: piece == 0 ? first : starts[piece - 1], starts: starts, next: piece)
      }
      // Join the pieces that one reading passes through, from the first.
      var taken: [Int] = []
      var featuresBefore = 0
      var piece = 0
      while true {
        taken.append(piece)
        let read = pieces[piece]
        if latitudeError == nil, let (error, feature) = read.latitudeError {
          latitudeError = error.renumbered(feature: feature, as: featuresBefore + feature)
        }
        switch read.end {
        case .failed(let error, let feature):
          throw feature.map { error.renumbered(feature: $0, as: featuresBefore + $0) } ?? error
        case .closed(let end):
          scanner.index = end
        case .landed(let next):
          featuresBefore += read.count
          piece = next
          continue
        }
        break
      }
      if var whole = extent {
        // Reading for the extent alone: the pieces' extents are joined, their features counted.
        for index in taken {
          nullGeometries += pieces[index].nullGeometries
          if let part = pieces[index].extent { whole.merge(part) }
        }
        extent = whole
        featuresDrained += featuresBefore + pieces[piece].count
        return []
      }
      var features: [Feature] = []
      features.reserveCapacity(featuresBefore + pieces[piece].count)
      var shift = positions.count
      for index in taken {
        let read = pieces[index]
        nullGeometries += read.nullGeometries
        features += shift == 0 ? read.features : read.features.map { $0.shifted(by: shift) }
        shift += read.positions.count
      }
      positions.append(contentsOf: taken.map { pieces[$0].positions }, threads: options.threads)
      return features
    }

    /// Reads features from `start` as a piece: until the next feature would start at a later piece's
    /// start (`starts[next...]`), the array closes, or an error.
    func readPiece(from start: Int, starts: [Int], next: Int) -> FeatureChunks.Piece {
      var parser = self
      var piece = FeatureChunks.Piece()
      let end = next < starts.count ? starts[next] : scanner.count
      if end - start >= 1 << 16, !readsExtentOnly { parser.positions.reserve((end - start) / 20) }
      parser.scanner.index = start
      var next = next
      var local = 0
      reading: while true {
        parser.scanner.path.append(.index(local))
        do {
          let feature = try parser.readFeature(nullGeometries: &piece.nullGeometries)
          if parser.readsExtentOnly { parser.drain() } else { piece.features.append(feature) }
          piece.count += 1
        } catch {
          piece.end = .failed(error, feature: local)
          break
        }
        parser.scanner.path.removeLast()
        if piece.latitudeError == nil, let error = parser.latitudeError { piece.latitudeError = (error, local) }
        local += 1
        do {
          if try parser.scanner.readSeparator(closing: UInt8(ascii: "]"), "in an array") {
            piece.end = .closed(parser.scanner.index)
            break
          }
        } catch {
          piece.end = .failed(error, feature: nil)
          break
        }
        parser.scanner.skipWhitespace()
        let at = parser.scanner.index
        while next < starts.count, starts[next] < at { next += 1 }
        if next < starts.count, starts[next] == at {
          piece.end = .landed(piece: next + 1)
          break reading
        }
      }
      piece.positions = parser.positions
      piece.extent = parser.extent
      return piece
    }
  }

  extension GeoJSONError {
    /// The error with its path's feature number `local` (counted within a piece) made `global`.
    func renumbered(feature local: Int, as global: Int) -> GeoJSONError {
      let prefix = "features[\(local)]"
      guard local != global, path.hasPrefix(prefix) else { return self }
      return GeoJSONError(
        offset: offset, line: line, column: column, path: "features[\(global)]" + path.dropFirst(prefix.count),
        message: message, record: record)
    }
  }

  extension PositionBuffer {
    /// Appends `parts` in order, copying on up to `threads` threads into storage made once.
    mutating func append(contentsOf parts: [PositionBuffer], threads: Int) {
      let total = parts.reduce(0) { $0 + $1.count }
      let withHeights = !heights.isEmpty || parts.contains { !$0.heights.isEmpty }
      guard lons.isEmpty, total > 0 else {
        for part in parts { append(part) }
        return
      }
      var offsets: [Int] = []
      var offset = 0
      for part in parts {
        offsets.append(offset)
        offset += part.count
      }
      func join(_ column: (PositionBuffer) -> [Double], fill: Double?) -> [Double] {
        let result = [Double](unsafeUninitializedCapacity: total) { buffer, initialized in
          if let base = buffer.baseAddress, total * 8 >= HugePages.threshold {
            HugePages.advise(UnsafeMutableRawPointer(base), bytes: total * 8)
          }
          let box = CopyBox(buffer: buffer)
          _ = Workers.run(count: parts.count, threads: threads) { index in
            let values = column(parts[index])
            let target = UnsafeMutableBufferPointer(
              rebasing: box.buffer[offsets[index]..<offsets[index] + parts[index].count])
            if values.isEmpty, let fill {
              target.initialize(repeating: fill)
            } else {
              _ = target.initialize(fromContentsOf: values)
            }
          }
          initialized = total
        }
        return result
      }
      lons = join({ $0.lons }, fill: nil)
      lats = join({ $0.lats }, fill: nil)
      if withHeights { heights = join({ $0.heights }, fill: .nan) }
    }

    /// The target of a parallel copy; each thread writes its own part.
    private struct CopyBox: @unchecked Sendable {
      let buffer: UnsafeMutableBufferPointer<Double>
    }
  }
#endif

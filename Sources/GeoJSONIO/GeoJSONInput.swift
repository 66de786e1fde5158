import PlatformMath

/// GeoJSON input of unknown layout, read from a byte source: one document, an RFC 8142 sequence or
/// newline-delimited records. Sniffing reads only as far as it must; a sequence then streams.
///
/// ```swift
/// try GeoJSONInput.forEachPiece(of: fileSource) { piece in
///   switch piece.result { case .success(let document): use(document); case .failure(let error): report(error) }
/// }
/// ```
public enum GeoJSONInput<Source: ByteSource> {
  /// One document, read whole, after `skipped` bytes and lines of leading whitespace that were not
  /// kept (so that a gigabyte of whitespace costs no memory).
  case document([UInt8], skipped: GeoJSONReader.SkippedInput)
  /// A sequence, to be streamed record by record from `source` (which starts with the bytes sniffed),
  /// after `skipped` bytes and lines of leading whitespace, counted in its error locations.
  case sequence(PrefixedSource<Source>, SequenceFraming, skipped: GeoJSONReader.SkippedInput)

  /// Sniffs the input: an RS first means RFC 8142; a first line that is a whole JSON object followed
  /// by more non-blank text means newline-delimited; anything else is one document, read whole.
  ///
  /// Reads only as far as that takes: the first line, and after it up to the first non-blank byte,
  /// however the bytes arrive (a pipe hands records over in separate reads) and however long the
  /// first line is.
  ///
  /// - Throws: what the source throws.
  public static func sniff(_ source: Source) throws -> GeoJSONInput {
    var source = source
    var head: [UInt8] = HugePages.emptyArray(capacity: min(source.sizeHint ?? 0, 1 << 34))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var skipped = GeoJSONReader.SkippedInput()
    var started = false
    /// Where the search for the first newline, then for text after it, goes on.
    var searched = 0
    var newline: Int?
    func readChunk() throws -> Int { try chunk.withUnsafeMutableBytes { try source.read(into: $0) } }
    while true {
      let n = try readChunk()
      if n == 0 { return .document(head, skipped: skipped) }
      head.append(contentsOf: chunk[0..<n])
      if !started {
        guard let index = head.firstIndex(where: { !JSONWhitespace.contains($0) }) else {
          // Only whitespace so far: count it and let it go.
          skipped.skip(head)
          head.removeAll(keepingCapacity: true)
          continue
        }
        // Keep the document from its first byte; what came before is only counted.
        skipped.skip(head[0..<index])
        head.removeFirst(index)
        started = true
        if head[0] == 0x1E {
          return .sequence(PrefixedSource(prefix: head, rest: source), .recordSeparated, skipped: skipped)
        }
      }
      if newline == nil {
        guard let found = firstNewline(in: head, from: searched) else {
          searched = head.count
          continue
        }
        // The first line is decided: unless it is a whole object, this is one document.
        guard isWholeObject(head[0..<found]) else { break }
        newline = found
        searched = found + 1
      }
      // A whole object on the first line: more non-blank text after it makes a sequence.
      if head[searched...].contains(where: { !JSONWhitespace.contains($0) }) {
        return .sequence(PrefixedSource(prefix: head, rest: source), .newlineDelimited, skipped: skipped)
      }
      searched = head.count
    }
    while case let n = try readChunk(), n > 0 { head.append(contentsOf: chunk[0..<n]) }
    return .document(head, skipped: skipped)
  }

  /// Reads `source` as one document, or as a sequence record by record, and hands each piece to
  /// `body`, good or bad: a bad record does not stop the reading, only an error of the source (or
  /// of `body`) does.
  public static func forEachPiece(
    of source: Source, options: GeoJSONReader.Options = GeoJSONReader.Options(), _ body: (GeoJSONPiece) throws -> Void
  ) throws {
    var whole = source
    let inMemory: Void? = try whole.withWholeInput { bytes in
      try GeoJSONInput<BufferSource>.forEachPiece(inMemory: bytes, options: options, body)
    }
    if inMemory != nil { return }
    switch try sniff(source) {
    case .document(let bytes, let skipped):
      let result: Result<GeoJSONDocument, GeoJSONError>
      do {
        result = .success(try GeoJSONReader.read(bytes, options: options, skipped: skipped))
      } catch {
        result = .failure(error)
      }
      try body(GeoJSONPiece(result: result, record: nil, framing: nil, bytesRead: skipped.bytes + bytes.count))
    case .sequence(let prefixed, let framing, let skipped):
      var reader = GeoJSONSequenceReader(source: prefixed, framing: framing, options: options, skipped: skipped)
      while let next = try reader.next() {
        try body(GeoJSONPiece(result: next, record: reader.records, framing: framing, bytesRead: reader.bytesRead))
      }
    }
  }

  /// `forEachPiece(of:options:_:)` over bytes that are all in memory (a file mapped): sniffed in
  /// place, and a document read where it lies, with no copy.
  static func forEachPiece(
    inMemory raw: UnsafeRawBufferPointer, options: GeoJSONReader.Options, _ body: (GeoJSONPiece) throws -> Void
  ) throws {
    let (rest, skipped) = afterBlanks(raw)
    if let framing = framing(of: rest) {
      let source = BufferSource(UnsafeRawBufferPointer(rest))
      var reader = GeoJSONSequenceReader(source: source, framing: framing, options: options, skipped: skipped)
      while let next = try reader.next() {
        try body(GeoJSONPiece(result: next, record: reader.records, framing: framing, bytesRead: reader.bytesRead))
      }
      return
    }
    var positions = PositionBuffer()
    let result = Result { () throws(GeoJSONError) in
      try GeoJSONReader.read(
        rest, options: options, positions: &positions, streamOffset: skipped.bytes, firstLine: skipped.lines + 1,
        firstColumnOffset: skipped.column, record: nil)
    }
    try body(GeoJSONPiece(result: result, record: nil, framing: nil, bytesRead: raw.count))
  }

  /// The bytes from the first non-blank one, and the blank ones before it counted (for error
  /// locations), as `sniff` keeps them.
  static func afterBlanks(_ raw: UnsafeRawBufferPointer) -> (
    rest: UnsafeBufferPointer<UInt8>, skipped: GeoJSONReader.SkippedInput
  ) {
    let bytes = raw.assumingMemoryBound(to: UInt8.self)
    var start = 0
    while start < bytes.count, JSONWhitespace.contains(bytes[start]) { start += 1 }
    var skipped = GeoJSONReader.SkippedInput()
    skipped.skip(UnsafeBufferPointer(rebasing: bytes[0..<start]))
    return (UnsafeBufferPointer(rebasing: bytes[start...]), skipped)
  }

  /// How a sequence in `bytes` (from its first non-blank byte) is framed, or nil for one document:
  /// as `sniff` decides.
  static func framing(of bytes: UnsafeBufferPointer<UInt8>) -> SequenceFraming? {
    if bytes.first == 0x1E { return .recordSeparated }
    guard let newline = firstNewline(in: bytes, from: 0),
      isWholeObject(UnsafeBufferPointer(rebasing: bytes[0..<newline]))
    else { return nil }
    return bytes[(newline + 1)...].contains { !JSONWhitespace.contains($0) } ? .newlineDelimited : nil
  }

  /// The index of the first line feed in `bytes` from `start`, eight bytes at a time (a document
  /// written on one line is searched to its end before it is known not to be a sequence).
  static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBufferPointer { firstNewline(in: $0, from: start) }
  }

  static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    #if canImport(Glibc) || canImport(Darwin) || canImport(Musl)
      // The C library's, vectorised: a gigabyte on one line is searched at memory speed.
      guard start < bytes.count, let base = bytes.baseAddress else { return nil }
      guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
      return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    #else
      return wordwiseNewline(in: bytes, from: start)
    #endif
  }

  /// `firstNewline`, eight bytes at a time, where there is no C library.
  static func wordwiseNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    let raw = UnsafeRawBufferPointer(bytes)
    var index = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    while index + 8 <= raw.count {
      // A zero byte of word ^ 0x0A0A…: the classic has-zero-byte test, exact for the lowest one.
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian ^ (ones &* 0x0A)
      let zeros = (word &- ones) & ~word & (ones &* 0x80)
      if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < raw.count {
      if raw[index] == 0x0A { return index }
      index += 1
    }
    return nil
  }

  /// Whether `bytes` is one balanced JSON object (strings respected), without parsing it.
  static func isWholeObject(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { isWholeObject($0) }
  }

  static func isWholeObject(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    var depth = 0
    var inString = false
    var escaped = false
    guard buffer.first == UInt8(ascii: "{") else { return false }
    var i = 0
    while i < buffer.count {
      let byte = buffer[i]
      i += 1
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return buffer[i...].allSatisfy(JSONWhitespace.contains) }
      default: break
      }
    }
    return false
  }
}

/// One piece of GeoJSON input: the whole document, or one record of a sequence, read or not.
public struct GeoJSONPiece: Sendable {
  public var result: Result<GeoJSONDocument, GeoJSONError>
  /// The record's number in a sequence (from 1), or nil for a whole document.
  public var record: Int?
  /// How a sequence's records are framed, or nil for a whole document.
  public var framing: SequenceFraming?
  /// Bytes of input read so far.
  public var bytesRead: Int
}

/// A source's first bytes put back in front of the rest, so that the layout can be sniffed.
public struct PrefixedSource<Rest: ByteSource>: ByteSource {
  var prefix: [UInt8]
  var offset = 0
  var rest: Rest

  init(prefix: [UInt8], rest: Rest) {
    self.prefix = prefix
    self.rest = rest
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    if offset < prefix.count {
      let n = min(prefix.count - offset, buffer.count)
      prefix.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + n])) }
      offset += n
      return n
    }
    return try rest.read(into: buffer)
  }
}

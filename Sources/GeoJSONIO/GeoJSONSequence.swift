/// Where a GeoJSON sequence's bytes come from: a file, standard input, or memory.
public protocol ByteSource {
  /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
  /// How many bytes are left to read, when known (a regular file's size): a reader keeping the
  /// whole input reserves it at once rather than growing its buffer as it goes.
  var sizeHint: Int? { get }
  /// Calls `body` with all of the rest of the input in memory, when the source can give it without
  /// copying it (a regular file, mapped), and returns its result; nil when it can only be read
  /// piece by piece. A document is then read where it lies: no copy, and no fresh memory for it.
  mutating func withWholeInput<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R?
}

extension ByteSource {
  public var sizeHint: Int? { nil }

  public mutating func withWholeInput<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R? { nil }
}

/// Bytes in memory that another owner keeps valid, as a source.
struct BufferSource: ByteSource {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = min(buffer.count, bytes.count - offset)
    guard n > 0 else { return 0 }
    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n]))
    offset += n
    return n
  }
}

/// Bytes already in memory, as a source (for tests and small inputs).
public struct BytesSource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = min(buffer.count, bytes.count - offset)
    guard n > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + n]))
    }
    offset += n
    return n
  }
}

/// How the records of a sequence are framed.
public enum SequenceFraming: Hashable, Sendable {
  /// RFC 8142: each record starts with RS (0x1E) and ends with LF.
  case recordSeparated
  /// One record per line (newline-delimited GeoJSON); blank lines are skipped.
  case newlineDelimited

  /// The bytes written before a record.
  public var prefix: String { self == .recordSeparated ? "\u{1E}" : "" }
}

/// Reads a GeoJSON text sequence one record at a time, in memory bounded by the largest record
/// (<doc:GeoJSONRules>: RFC 8142 and newline-delimited, streamed in constant memory).
///
/// A record that does not parse (for example one truncated by a failed writer, RFC 8142 §2.4) is
/// returned as a failure, and reading goes on with the next record.
///
/// ```swift
/// var reader = GeoJSONSequenceReader(source: BytesSource(bytes), framing: .recordSeparated)
/// while let record = try reader.next() { … }
/// ```
public struct GeoJSONSequenceReader<Source: ByteSource> {
  private var source: Source
  public let framing: SequenceFraming
  private let options: GeoJSONReader.Options
  private var buffer: [UInt8] = []
  /// Where each read lands before it joins `buffer`.
  private var chunk: [UInt8] = []
  /// Where unread bytes start in `buffer`.
  private var start = 0
  private var atEnd = false
  /// Everything in the stream before `buffer[start]`: bytes, lines, and the column after the last
  /// newline.
  private var consumed = GeoJSONReader.SkippedInput()
  /// Records returned so far.
  public private(set) var records = 0
  /// The largest the read buffer has grown to, in bytes.
  public private(set) var peakBufferSize = 0
  /// Bytes read from the source so far.
  public private(set) var bytesRead = 0
  private static var chunkSize: Int { 1 << 16 }
  private static var separator: UInt8 { 0x1E }
  private static var newline: UInt8 { 0x0A }

  /// A reader of `source`; `skipped` is what came before its first byte (blank lines that sniffing
  /// the input let go), so that error locations count from the start of the stream.
  public init(
    source: Source, framing: SequenceFraming, options: GeoJSONReader.Options = GeoJSONReader.Options(),
    skipped: GeoJSONReader.SkippedInput = GeoJSONReader.SkippedInput()
  ) {
    self.source = source
    self.framing = framing
    self.options = options
    consumed = skipped
  }

  /// The next record: a document, or the error that stopped it; nil at the end.
  ///
  /// - Throws: only what the source throws (an I/O error).
  public mutating func next() throws -> Result<GeoJSONDocument, GeoJSONError>? {
    while true {
      guard let (recordStart, recordEnd, next) = try nextRecordBounds() else { return nil }
      let trimmed = trim(recordStart, recordEnd)
      // Where the record's first byte is in the stream: its byte, line and column count the
      // separators and blank lines before it.
      var before = consumed
      before.skip(buffer[start..<trimmed.lowerBound])
      defer {
        // Counted once: what led up to the record is in `before`, the rest follows it.
        consumed = before
        consumed.skip(buffer[trimmed.lowerBound..<next])
        start = next
      }
      if trimmed.isEmpty { continue }
      records += 1
      return buffer.withUnsafeBufferPointer { all in
        let slice = UnsafeBufferPointer(rebasing: all[trimmed])
        var positions = PositionBuffer()
        do throws(GeoJSONError) {
          return .success(
            try GeoJSONReader.read(
              slice, options: options, positions: &positions, streamOffset: before.bytes,
              firstLine: before.lines + 1, firstColumnOffset: before.column, record: records))
        } catch {
          return .failure(error)
        }
      }
    }
  }

  /// The record's bytes without surrounding whitespace and separators.
  private func trim(_ from: Int, _ to: Int) -> Range<Int> {
    var low = from
    var high = to
    func isSpace(_ byte: UInt8) -> Bool { JSONWhitespace.contains(byte) || byte == Self.separator }
    while low < high && isSpace(buffer[low]) { low += 1 }
    while high > low && isSpace(buffer[high - 1]) { high -= 1 }
    return low..<high
  }

  /// The bounds of the next record in `buffer` and where the one after starts, reading more as needed.
  private mutating func nextRecordBounds() throws -> (Int, Int, Int)? {
    var searchFrom =
      start + (framing == .recordSeparated && start < buffer.count && buffer[start] == Self.separator ? 1 : 0)
    while true {
      let delimiter = framing == .recordSeparated ? Self.separator : Self.newline
      if let found = buffer[searchFrom...].firstIndex(of: delimiter) {
        return framing == .recordSeparated ? (start, found, found) : (start, found, found + 1)
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        return (start, buffer.count, buffer.count)
      }
      let scanned = buffer.count - start
      try fill()  // moves the unread bytes to the front: start is 0 now
      searchFrom = start + scanned
    }
  }

  /// Drops consumed bytes and reads the next chunk.
  private mutating func fill() throws {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    // A read lands in a scratch chunk (kept between reads), then joins the buffer.
    var scratch = chunk.isEmpty ? [UInt8](repeating: 0, count: Self.chunkSize) : chunk
    chunk = []
    defer { chunk = scratch }
    let n = try scratch.withUnsafeMutableBytes { try source.read(into: $0) }
    buffer.append(contentsOf: scratch[0..<n])
    bytesRead += n
    if n == 0 { atEnd = true }
    peakBufferSize = max(peakBufferSize, buffer.count)
  }
}

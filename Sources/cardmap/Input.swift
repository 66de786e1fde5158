import CardMap

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file argument opened for reading: a path, or `-` (or nothing) for standard input.
struct Input: ByteSource {
  let name: String
  private let descriptor: Int32
  private let owned: Bool

  /// Opens `path`; nil or `-` is standard input.
  ///
  /// - Throws: a failure (exit 1) naming the file and the system's reason.
  init(_ path: String?) throws(CLIError) {
    guard let path, path != "-" else {
      name = "<stdin>"
      descriptor = 0
      owned = false
      return
    }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw .failure("\(path): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      closeDescriptor(fd)
      throw .failure("\(path): is a directory")
    }
    name = path
    descriptor = fd
    owned = true
  }

  /// Closes the file (standard input stays open).
  func finish() {
    if owned { closeDescriptor(descriptor) }
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    while true {
      let n = readDescriptor(descriptor, base, buffer.count)
      if n >= 0 { return n }
      if errno == EINTR { continue }
      throw CLIError.failure("\(name): \(String(cString: strerror(errno)))")
    }
  }

  /// Reads everything that is left.
  mutating func readAll() throws(CLIError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n: Int
      do {
        n = try chunk.withUnsafeMutableBytes { try read(into: $0) }
      } catch let error as CLIError {
        throw error
      } catch {
        throw .failure("\(name): \(error)")
      }
      if n == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<n])
    }
  }
}

/// The input's first bytes put back in front of the rest, so that the framing can be sniffed.
struct PrefixedSource: ByteSource {
  var prefix: [UInt8]
  var rest: Input

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    if !prefix.isEmpty {
      let n = min(prefix.count, buffer.count)
      prefix.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
      prefix.removeFirst(n)
      return n
    }
    return try rest.read(into: buffer)
  }
}

/// How GeoJSON input is laid out.
enum InputShape {
  /// One document, read whole, after `skipped` bytes and lines of leading whitespace that were not
  /// kept (so that a gigabyte of whitespace costs no memory).
  case document([UInt8], skipped: GeoJSONReader.SkippedInput)
  /// A sequence, streamed record by record.
  case sequence(PrefixedSource, SequenceFraming)

  /// Sniffs the input: an RS first means RFC 8142; a first line that is a whole JSON object followed
  /// by more non-blank text means newline-delimited; anything else is one document, read whole.
  ///
  /// Reads only as far as that takes: the first line, and after it up to the first non-blank byte,
  /// however the bytes arrive (a pipe hands records over in separate reads) and however long the
  /// first line is.
  static func sniff(_ input: Input) throws(CLIError) -> InputShape {
    var input = input
    var head: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var skipped = GeoJSONReader.SkippedInput()
    var started = false
    /// Where the search for the first newline, then for text after it, goes on.
    var searched = 0
    var newline: Int?
    while true {
      let n: Int
      do {
        n = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
      } catch {
        throw .failure("\(error)")
      }
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
        if head[0] == 0x1E { return .sequence(PrefixedSource(prefix: head, rest: input), .recordSeparated) }
      }
      if newline == nil {
        guard let found = head[searched...].firstIndex(of: 0x0A) else {
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
        return .sequence(PrefixedSource(prefix: head, rest: input), .newlineDelimited)
      }
      searched = head.count
    }
    head.append(contentsOf: try input.readAll())
    return .document(head, skipped: skipped)
  }

  /// Whether `bytes` is one balanced JSON object (strings respected), without parsing it.
  static func isWholeObject(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
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
}

private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}

private func readDescriptor(_ descriptor: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, base, count)
}

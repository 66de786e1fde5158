import CardMapWire
import PlatformMath

/// A file argument opened for reading: a path, or `-` (or nothing) for standard input.
struct Input: ByteSource {
  let name: String
  private let descriptor: Int32
  private let owned: Bool

  /// Opens `path`; nil or `-` is standard input.
  ///
  /// - Throws: a failure (exit 1) naming the file and the system's reason; a usage error (64) when
  ///   the input is standard input and that is a terminal, where nobody means to type GeoJSON.
  init(_ path: String?) throws(CLIError) {
    guard let path, path != "-" else {
      if isatty(0) == 1 {
        throw .usage(
          "No input: standard input is a terminal. Give the file as an argument (… route.geojson), or pipe or "
            + "redirect it in (… < route.geojson)")
      }
      name = "<stdin>"
      descriptor = 0
      owned = false
      size = nil
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
    if (info.st_mode & S_IFMT) == S_IFREG { size = Int(info.st_size) }
  }

  /// The file's size when it is a regular file (nil for standard input, pipes and devices).
  private(set) var size: Int?

  var sizeHint: Int? { size }

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

  /// Calls `body` with the rest of a regular file mapped into memory (read-only, pages populated at
  /// once): the file's pages are the page cache's, so a large document costs no copy and no fresh
  /// memory. Nil for standard input from a pipe, an empty file, or where mapping fails (the file is
  /// then read). The file's offset is left where it was, so that it can still be read.
  mutating func withWholeInput<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R? {
    guard let size, size > 0 else { return nil }
    let offset = Int(lseek(descriptor, 0, SEEK_CUR))
    guard offset >= 0, offset <= size,
      let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED
    else { return nil }
    defer { munmap(mapped, size) }
    _ = madvise(mapped, size, MADV_SEQUENTIAL)
    return try body(UnsafeRawBufferPointer(start: mapped + offset, count: size - offset))
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

private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}

private func readDescriptor(_ descriptor: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, base, count)
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file whole or not at all: into a temporary file beside it, then renamed into place
/// (issue 10: a failure leaves the old file intact and no partial file).
///
/// A path that names something other than a regular file (a device such as /dev/null, a FIFO) is
/// written in place instead: renaming over it would replace the device.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws(CLIError) {
    var info = stat()
    if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
      try writeInPlace(text, to: path)
      return
    }
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "./"
    var template = Array((folder + ".cardmap-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress.unsafelyUnwrapped) }
    guard descriptor >= 0 else { throw .failure("\(path): cannot write in \(folder): \(reason())") }
    let temporary = String(cString: template)
    var ok = writeFully(Array(text.utf8), to: descriptor)
    if fsync(descriptor) != 0 { ok = false }
    let message = reason()
    close(descriptor)
    guard ok else {
      unlink(temporary)
      throw .failure("\(path): \(message)")
    }
    fchmodFile(temporary)
    guard rename(temporary, path) == 0 else {
      let failure = reason()
      unlink(temporary)
      throw .failure("\(path): \(failure)")
    }
  }

  /// Writes `text` to an existing non-regular file (a device, a FIFO).
  private static func writeInPlace(_ text: String, to path: String) throws(CLIError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { throw .failure("\(path): \(reason())") }
    defer { close(descriptor) }
    guard writeFully(Array(text.utf8), to: descriptor) else { throw .failure("\(path): \(reason())") }
  }

  /// Writes every byte, retrying partial writes and interruptions; false on an error.
  private static func writeFully(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let n = writeDescriptor(descriptor, base + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += n
      }
      return true
    }
  }

  private static func reason() -> String { String(cString: strerror(errno)) }

  /// mkstemp makes the file 0600; a written output is 0644 like any other.
  private static func fchmodFile(_ path: String) { chmod(path, 0o644) }
}

/// `write(2)`, named apart from `AtomicFile.write`.
private func writeDescriptor(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, base, count)
}

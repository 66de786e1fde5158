#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file whole or not at all: into a temporary file beside it, then renamed into place
/// (issue 10: a failure leaves the old file intact and no partial file).
enum AtomicFile {
  static func write(_ text: String, to path: String) throws(CLIError) {
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "./"
    var template = Array((folder + ".cardmap-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress.unsafelyUnwrapped) }
    guard descriptor >= 0 else { throw .failure("\(path): cannot write in \(folder): \(reason())") }
    let temporary = String(cString: template)
    var ok = true
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let n = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          ok = false
          return
        }
        offset += n
      }
    }
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

  private static func reason() -> String { String(cString: strerror(errno)) }

  /// mkstemp makes the file 0600; a written output is 0644 like any other.
  private static func fchmodFile(_ path: String) { chmod(path, 0o644) }
}

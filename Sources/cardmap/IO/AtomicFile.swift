import PlatformMath

/// Writes a file whole or not at all: into a temporary file beside it, then renamed into place, so
/// that a failure leaves the old file intact and no partial file.
///
/// - An existing file keeps its permission bits; a new one gets 0666 less the umask, as any
///   other tool's output.
/// - A symbolic link is written through: the file it points to is replaced and the link stays.
/// - A path that names something other than a regular file (a device such as /dev/null, a FIFO) is
///   written in place instead: renaming over it would replace the device.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws(CLIError) {
    try write(Array(text.utf8), to: path)
  }

  /// Writes `bytes` whole or not at all (see the type's rules).
  static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    let target = try resolvingLinks(path)
    var info = stat()
    let exists = stat(target, &info) == 0
    if exists && (info.st_mode & S_IFMT) != S_IFREG {
      try writeInPlace(bytes, to: path)
      return
    }
    let mode: mode_t = exists ? info.st_mode & 0o7777 : 0o666 & ~currentUmask()
    let folder = target.lastIndex(of: "/").map { String(target[...$0]) } ?? "./"
    guard let (descriptor, temporary) = makeTemporary(folder + ".cardmap-XXXXXX") else {
      throw .failure("\(path): cannot write in \(folder): \(reason())")
    }
    var ok = writeFully(bytes, to: descriptor) && fchmod(descriptor, mode) == 0
    if ok && fsync(descriptor) != 0 { ok = false }
    let message = reason()
    if close(descriptor) != 0 { ok = false }
    guard ok else {
      unlink(temporary)
      throw .failure("\(path): \(message)")
    }
    guard rename(temporary, target) == 0 else {
      let failure = reason()
      unlink(temporary)
      throw .failure("\(path): \(failure)")
    }
  }

  /// The file `path` finally names, following symbolic links (relative ones from their folder).
  ///
  /// - Throws: a failure for a loop of links.
  private static func resolvingLinks(_ path: String) throws(CLIError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let n = readlink(current, &buffer, buffer.count - 1)
      guard n > 0 else { throw .failure("\(path): \(reason())") }
      let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        current = (current.lastIndex(of: "/").map { String(current[...$0]) } ?? "") + link
      }
    }
    throw .failure("\(path): too many levels of symbolic links")
  }

  /// A new file made from `template` (its `XXXXXX` replaced, before `suffix`), open for writing: its
  /// descriptor and path, or nil (errno says why).
  static func makeTemporary(_ template: String, suffix: String = "") -> (descriptor: Int32, path: String)? {
    var bytes = Array((template + suffix).utf8CString)
    let descriptor = bytes.withUnsafeMutableBufferPointer {
      mkstemps($0.baseAddress.unsafelyUnwrapped, Int32(suffix.utf8.count))
    }
    guard descriptor >= 0 else { return nil }
    return (descriptor, String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  /// Writes `bytes` to an existing non-regular file (a device, a FIFO).
  private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(CLIError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { throw .failure("\(path): \(reason())") }
    defer { close(descriptor) }
    guard writeFully(bytes, to: descriptor) else { throw .failure("\(path): \(reason())") }
  }

  /// Writes every byte (`writeAll`); false on an error, with `errno` set.
  private static func writeFully(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      guard let failure = writeAll(buffer, to: descriptor) else { return true }
      errno = failure
      return false
    }
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}

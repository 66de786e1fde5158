#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: standard output for results, standard error for messages.
///
/// Tests capture both by giving an `Output` that collects text instead of writing it.
struct Output {
  var out: (String) -> Void
  var err: (String) -> Void

  /// Writes to file descriptors 1 (buffered in 64 KiB pieces; `flush` it before exiting) and 2.
  static func standard(_ buffer: OutputBuffer) -> Output {
    Output(out: { buffer.append($0) }, err: { writeAll($0, to: 2) })
  }
}

/// Standard output's buffer: one `write` per 64 KiB instead of one per record.
final class OutputBuffer {
  private var text = ""
  private static let limit = 1 << 16

  func append(_ piece: String) {
    text += piece
    if text.utf8.count >= OutputBuffer.limit { flush() }
  }

  func flush() {
    writeAll(text, to: 1)
    text.removeAll(keepingCapacity: true)
  }
}

/// Writes all of `text` to `descriptor`, retrying partial writes and interruptions; gives up
/// silently when the reader has gone (EPIPE), as command-line tools do.
func writeAll(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { bytes in
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}

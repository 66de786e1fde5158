import PlatformMath

/// Where a command writes: standard output for results, standard error for messages.
///
/// Tests capture both by giving an `Output` that collects text instead of writing it.
struct Output {
  var out: (String) -> Void
  var err: (String) -> Void
  /// Notes about a result (`note: …`), written on stderr after it succeeds and dropped when it
  /// fails, so that a failure's stderr is its error alone.
  private(set) var notes: [String] = []

  init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
    self.out = out
    self.err = err
  }

  /// Keeps `text` for stderr once the command has succeeded.
  mutating func note(_ text: String) { notes.append(text) }

  /// Writes to file descriptors 1 (buffered in 64 KiB pieces; `flush` it before exiting) and 2.
  static func standard(_ buffer: OutputBuffer) -> Output {
    Output(out: { buffer.append($0) }, err: { writeAll($0, to: 2) })
  }
}

/// Standard output's buffer: one `write` per 64 KiB instead of one per record.
///
/// A write that fails ends the run at once, since nothing more can reach the reader: quietly with
/// status 1 when the reader has gone (EPIPE, as `head` closing a pipe), and with `Error: …` and
/// status 1 for any other error (a full disk, an I/O error) (the cardmap command article: a failure is never exit 0).
final class OutputBuffer {
  private var text = ""
  private static let limit = 1 << 16

  func append(_ piece: String) {
    // A large piece (a group of features written on a thread) is written as it is, not copied.
    if piece.utf8.count >= OutputBuffer.limit {
      flush()
      write(piece)
      return
    }
    text += piece
    if text.utf8.count >= OutputBuffer.limit { flush() }
  }

  func flush() {
    write(text)
    text.removeAll(keepingCapacity: true)
  }

  /// Writes `text` to standard output, or ends the run when that fails.
  private func write(_ text: String) {
    guard let failure = writeAll(text, to: 1) else { return }
    if failure != EPIPE {
      _ = writeAll("Error: cannot write the output: \(String(cString: strerror(failure)))\n", to: 2)
    }
    exit(CLIError.Kind.failure.rawValue)
  }
}

/// Writes all of `text` to `descriptor`, retrying partial writes and interruptions; returns the
/// errno of a failed write, or nil.
@discardableResult
func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
  var text = text
  return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}

/// Writes every byte of `bytes` to `descriptor`, retrying partial writes and interruptions (the
/// one write loop of the command line: output, messages and files); returns the errno of a failed
/// write, or nil.
@discardableResult
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
  guard let base = bytes.baseAddress else { return nil }
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, base + offset, bytes.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}

import PlatformMath

/// Where `cardmap page` loads MapLibre GL JS from (`--maplibre`): a URL as given; a local file as a
/// path from the page's folder, so that it resolves wherever the two are opened together; or, for a
/// page written to stdout, the file's script inlined as a `data:` URL.
enum MapLibreSource {
  /// The `src` of the page's MapLibre script for `given`, the page being written to `output` (a
  /// path, or `-`).
  ///
  /// - Throws: a usage error naming `--maplibre` when a local file cannot be read.
  static func source(_ given: String, output: String) throws(CLIError) -> String {
    if isURL(given) { return given }
    guard let file = realPath(given) else {
      throw .usage(
        "'--maplibre \(given)': \(String(cString: strerror(errno))); give a URL or the path of a copy of "
          + "maplibre-gl.js", command: PageCommand.name)
    }
    guard output != "-" else {
      var input = try Input(file)
      defer { input.finish() }
      return "data:text/javascript;base64," + base64(try input.readAll())
    }
    let outputFolder = output.lastIndex(of: "/").map { String(output[..<$0]) } ?? "."
    // A folder that does not exist fails the page's own write; the link is then moot.
    guard let folder = realPath(outputFolder.isEmpty ? "/" : outputFolder) else { return "file://" + file }
    return relativePath(from: folder, to: file)
  }

  /// A URL, protocol-relative URL or data URL: anything with a scheme or starting `//`.
  static func isURL(_ text: String) -> Bool {
    text.hasPrefix("//") || text.contains("://") || text.hasPrefix("data:")
  }

  /// The absolute, link-free path of an existing file or folder; nil (errno set) when there is none.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The path of `file` from `folder`, both absolute: `../lib/maplibre-gl.js`.
  static func relativePath(from folder: String, to file: String) -> String {
    let from = folder.split(separator: "/")
    let to = file.split(separator: "/")
    var common = 0
    while common < min(from.count, to.count - 1), from[common] == to[common] { common += 1 }
    let up = Array(repeating: "..", count: from.count - common)
    return (up + to[common...].map(String.init)).joined(separator: "/")
  }

  /// Standard base64 (RFC 4648 §4), padded.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let b0 = UInt32(bytes[index])
      let b1 = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
      let b2 = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
      let word = b0 << 16 | b1 << 8 | b2
      out.append(alphabet[Int(word >> 18 & 63)])
      out.append(alphabet[Int(word >> 12 & 63)])
      out.append(index + 1 < bytes.count ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "="))
      out.append(index + 2 < bytes.count ? alphabet[Int(word & 63)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}

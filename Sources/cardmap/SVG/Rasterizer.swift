import PlatformMath

/// SVG to PNG through `rsvg-convert` (Debian's librsvg2-bin), for `cardmap render --output x.png`.
enum Rasterizer {
  /// The PNG of `svg` at `scale` pixels a point, made by `rsvg-convert` from temporary files that
  /// are removed afterwards.
  ///
  /// - Throws: a failure (exit 1) naming the install command when `rsvg-convert` is not on the
  ///   PATH, or its own exit status when it fails.
  static func png(from svg: String, scale: Double = 1) throws(CLIError) -> [UInt8] {
    guard let tool = which("rsvg-convert") else {
      throw .failure(
        "PNG output needs rsvg-convert, which is not installed: apt-get install librsvg2-bin (or write .svg)")
    }
    let svgPath = try temporaryFile(suffix: ".svg")
    defer { unlink(svgPath) }
    let pngPath = try temporaryFile(suffix: ".png")
    defer { unlink(pngPath) }
    try AtomicFile.write(svg, to: svgPath)
    let status = run([tool, "--format", "png", "--zoom", String(scale), "--output", pngPath, svgPath])
    guard status == 0 else { throw .failure("rsvg-convert failed (status \(status)) making the PNG") }
    var png = try Input(pngPath)
    defer { png.finish() }
    return try png.readAll()
  }

  /// The first executable `name` on the PATH.
  static func which(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Runs `arguments` and waits; its exit status, or −1 when it could not start.
  static func run(_ arguments: [String]) -> Int32 {
    var pid = pid_t()
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    guard let program = argv[0], posix_spawn(&pid, program, nil, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, spelt out: the C macros do not come through.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
  }

  /// An empty temporary file's path.
  static func temporaryFile(suffix: String) throws(CLIError) -> String {
    guard let (descriptor, path) = AtomicFile.makeTemporary("/tmp/cardmap-XXXXXX", suffix: suffix) else {
      throw .failure("cannot make a temporary file: \(String(cString: strerror(errno)))")
    }
    close(descriptor)
    return path
  }
}

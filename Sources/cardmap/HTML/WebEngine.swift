import PlatformMath

/// The engine `cardmap page` puts in its page: `make wasm`'s module (`cardmap.wasm`, gzipped when
/// `cardmap.wasm.gz` is beside it) and the page's script (`cardmap-page.mjs`, make wasm's join of the
/// package's page/page.mjs and the modules it imports), from `--engine` or from beside the
/// command (an install's `share/cardmap`, or the build's `.build/wasm`).
struct WebEngine {
  /// The module's bytes in base64, gzipped or not.
  var module: String
  var gzipped: Bool
  /// `cardmap-page.mjs`'s text.
  var script: String

  /// Where the engine is looked for, from the folder of the running `cardmap`: an install's
  /// `PREFIX/share/cardmap`, and the build's `.build/wasm` (from `.build/<triple>/<config>`).
  static let besideCommand = ["../share/cardmap", "../../wasm", "../wasm"]

  /// The engine in `given` (a folder, or its `cardmap.wasm`), else in the folder
  /// `CARDMAP_ENGINE` names, else found beside the command.
  ///
  /// - Throws: a usage error naming `--engine` when `given` holds no engine; a failure saying how to
  ///   build it when none is found.
  static func load(_ given: String?) throws(CLIError) -> WebEngine {
    let named = environment("CARDMAP_ENGINE")
    if let given = given ?? named {
      let source = given == named ? "CARDMAP_ENGINE=\(given)" : "--engine \(given)"
      let folder = given.hasSuffix(".wasm") ? String(given.dropLast("cardmap.wasm".count)) : given
      guard let engine = try read(folder.isEmpty ? "." : folder) else {
        throw .usage(
          "'\(source)': no cardmap.wasm and cardmap-page.mjs there; give the folder 'make wasm' writes "
            + "(.build/wasm)", command: PageCommand.name)
      }
      return engine
    }
    let folders = commandFolder().map { folder in besideCommand.map { folder + "/" + $0 } } ?? []
    for folder in folders {
      if let engine = try read(folder) { return engine }
    }
    throw .failure(
      "cardmap page needs the web engine (cardmap.wasm and cardmap-page.mjs): build it with 'make wasm' "
        + "(it needs Debian's wasi-libc: apt-get install wasi-libc), or give its folder with --engine")
  }

  /// The engine in `folder`, or nil when it has none.
  static func read(_ folder: String) throws(CLIError) -> WebEngine? {
    guard let script = MapLibreSource.realPath(folder + "/cardmap-page.mjs") else { return nil }
    let gzipped = MapLibreSource.realPath(folder + "/cardmap.wasm.gz")
    guard let module = gzipped ?? MapLibreSource.realPath(folder + "/cardmap.wasm") else { return nil }
    func bytes(_ path: String) throws(CLIError) -> [UInt8] {
      var input = try Input(path)
      defer { input.finish() }
      return try input.readAll()
    }
    let text = String(decoding: try bytes(script), as: UTF8.self)
    // Inlined in a <script> element, the module must not end or comment out the element.
    guard !text.contains("</script"), !text.contains("<!--") else {
      throw .failure("\(script): holds '</script' or '<!--', so it cannot be inlined in a page")
    }
    return WebEngine(module: MapLibreSource.base64(try bytes(module)), gzipped: gzipped != nil, script: text)
  }

  /// An environment variable's value, nil when unset or empty.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  /// The folder of the running executable, links resolved.
  static func commandFolder() -> String? {
    guard let path = MapLibreSource.realPath("/proc/self/exe") ?? MapLibreSource.realPath(CommandLine.arguments[0])
    else { return nil }
    return path.lastIndex(of: "/").map { String(path[..<$0]) }
  }
}

import CardMapTestSupport  // the platform C library, through PlatformMath

/// What a finished child process used.
struct ChildRun {
  var seconds: Double
  /// Peak resident memory, in kilobytes.
  var maxResidentKB: Int
  var status: Int32
}

/// Runs `arguments` (the first is the program path) with stdin from `input` (or /dev/null) and
/// stdout to `output` (or /dev/null); returns its wall time, peak memory and exit status.
///
/// The peak memory comes from GNU time (`/usr/bin/time -f %M`) when it is installed: a child
/// spawned straight from this large process would count this process's pages in its own peak.
/// Without GNU time it is reported as 0.
func runChild(_ arguments: [String], input: String? = nil, output: String? = nil) -> ChildRun? {
  let timeTool = "/usr/bin/time"
  guard access(timeTool, X_OK) == 0 else { return spawn(arguments, input: input, output: output) }
  let report = "/tmp/cardmap-bench-rss-\(getpid()).txt"
  defer { unlink(report) }
  guard var run = spawn([timeTool, "-f", "%M", "-o", report] + arguments, input: input, output: output) else {
    return nil
  }
  if let file = fopen(report, "r") {
    var kilobytes = 0
    withUnsafeMutablePointer(to: &kilobytes) { pointer in
      var line = [CChar](repeating: 0, count: 64)
      if fgets(&line, 64, file) != nil { pointer.pointee = atoi(line).magnitude > 0 ? Int(atoi(line)) : 0 }
    }
    fclose(file)
    run.maxResidentKB = kilobytes
  }
  return run
}

private func spawn(_ arguments: [String], input: String?, output: String?) -> ChildRun? {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var cArguments = arguments.map { strdup($0) } + [nil]
  defer { for pointer in cArguments { free(pointer) } }
  var pid = pid_t()
  let start = now()
  guard posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ) == 0 else { return nil }
  var status: Int32 = 0
  var usage = rusage()
  guard wait4(pid, &status, 0, &usage) == pid else { return nil }
  let seconds = Double(now() - start) / 1e9
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
  return ChildRun(seconds: seconds, maxResidentKB: 0, status: exitStatus)
}

/// The path of a program on PATH, or nil.
func which(_ program: String) -> String? {
  guard let path = getenv("PATH") else { return nil }
  for folder in String(cString: path).split(separator: ":") {
    let candidate = "\(folder)/\(program)"
    if access(candidate, X_OK) == 0 { return candidate }
  }
  return nil
}

/// The folder this benchmark binary is in (where `swift build` put `cardmap` too).
func binaryFolder() -> String {
  var buffer = [CChar](repeating: 0, count: 4096)
  let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard n > 0 else { return "." }
  let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

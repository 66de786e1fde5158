import Foundation
import Testing

/// The result of running the built `cardmap` binary.
struct Run {
  var status: Int32
  var stdout: String
  var stderr: String

  /// Whether this build has the PROJ trait (and so the binary links PROJ).
  static let hasPROJ: Bool = {
    #if PROJ
      true
    #else
      false
    #endif
  }()

  /// Whether a tool is on the PATH.
  static func has(_ tool: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
    }
  }

  /// Whether nothing may be skipped for a missing tool: `REQUIRE_ALL=1`, which `make` sets when
  /// `CI=true`. A test that needs a tool then runs, and fails, where the tool is missing.
  static let requiresAll = ProcessInfo.processInfo.environment["REQUIRE_ALL"] == "1"

  /// Whether a test that needs `tool` runs: where it is on the PATH, and always under REQUIRE_ALL=1.
  static func runs(with tool: String) -> Bool { has(tool) || requiresAll }

  /// The repository's root folder.
  static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `cardmap` binary next to the test bundle (the same build).
  static let binary: URL = {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      var folder = URL(filePath: first).deletingLastPathComponent()
      candidates.append(folder.appending(path: "cardmap"))
      folder = folder.deletingLastPathComponent()
      candidates.append(folder.appending(path: "cardmap"))
    }
    candidates.append(root.appending(path: ".build/debug/cardmap"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[candidates.count - 1]
  }()

  init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  /// Runs `executable` with `arguments` in `folder` (else here), with `environment` (else this
  /// process's) and nothing on its stdin. Its stderr must be a few lines: it is read after stdout.
  static func process(
    _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = URL(filePath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A new empty folder for a test's files, named after `name`; the caller removes it.
  static func temporaryFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "cardmap-\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs `cardmap` with `arguments`, feeding `stdin` when given, with `environment` added to this
  /// process's own.
  init(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws {
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // Write stdin and read stdout and stderr at the same time, so that neither side can fill a pipe
    // and wait for the other.
    let writer = Thread {
      if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let errBox = DataBox()
    let errReader = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
    errReader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    while !errReader.isFinished || !writer.isFinished { usleep(500) }
    let errData = errBox.data
    process.waitUntilExit()
    status = process.terminationStatus
    stdout = String(decoding: outData, as: UTF8.self)
    stderr = String(decoding: errData, as: UTF8.self)
  }

  final class DataBox: @unchecked Sendable {
    var data = Data()
  }

  /// stdout parsed as a JSON object.
  func json() throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    return try #require(object as? [String: Any])
  }
}

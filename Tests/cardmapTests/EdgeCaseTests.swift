import Foundation
import Testing

/// The command line on inputs that crashed it, answered wrongly with exit 0, or lost data.
@Suite("cardmap at the edges")
struct EdgeCaseTests {
  static let polygonInCollection =
    #"{"type":"GeometryCollection","geometries":[{"type":"Polygon","coordinates":[[[100,0],[101,0],[101,1],[100,1],[100,0]]]}]}"#
  static let feature = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":null}"#

  @Test("a Polygon in a GeometryCollection fits and projects; in a sequence a bad record is skipped, not fatal")
  func collections() throws {
    let fit = try Run(["fit", "-", "--viewport", "400x400", "--insets", "top=0"], stdin: Self.polygonInCollection)
    #expect(fit.status == 0, "\(fit.stderr)")
    let project = try Run(
      ["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857"], stdin: Self.polygonInCollection)
    #expect(project.status == 0 && project.stdout.contains("GeometryCollection"), "\(project.stderr)")
    let unclosed = Self.polygonInCollection.replacingOccurrences(of: "[100,0]]]", with: "[100,0.5]]]")
    let sequence = "\u{1E}\(unclosed)\n\u{1E}\(Self.polygonInCollection)\n"
    let run = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857"], stdin: sequence)
    #expect(run.status == 65)
    #expect(run.stdout.components(separatedBy: "\u{1E}").count == 2)
    #expect(run.stderr.contains("record 1 skipped") && run.stderr.contains("geometries[0].coordinates[0]"))
  }

  @Test("a member that defines another kind of object is bad data, not content")
  func foreignContent() throws {
    let run = try Run(
      ["fit", "-", "--viewport", "400x400", "--insets", "top=0"],
      stdin: #"{"type":"FeatureCollection","features":[],"coordinates":[5,5]}"#)
    #expect(run.status == 65 && run.stderr.contains("RFC 7946 §7.1"))
  }

  @Test("newline-delimited records that arrive in separate reads, and a first line of 65 535 bytes")
  func newlineDelimited() throws {
    // Two writes with a pause between them: the reader sees the first record alone.
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = ["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data((Self.feature + "\n").utf8))
    Thread.sleep(forTimeInterval: 0.3)
    try input.fileHandleForWriting.write(contentsOf: Data((Self.feature + "\n").utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.split(separator: "\n").count == 2)

    // A first line of exactly 65 535 bytes: with its newline, one whole read.
    let fit = try fitAfterFirstLine(of: 65_535)
    #expect(fit.status == 0, "\(fit.stderr)")
    #expect(((try fit.json())["content"] as? [String: Any])?["features"] as? Int == 2)
  }

  /// `fit` of a newline-delimited sequence of two features, the first padded to `length` bytes.
  func fitAfterFirstLine(of length: Int) throws -> Run {
    let bare = Self.feature.utf8.count - "null".utf8.count + #"{"p":""}"#.utf8.count
    let padding = String(repeating: "x", count: length - bare)
    let long = Self.feature.replacingOccurrences(of: #""properties":null"#, with: #""properties":{"p":"\#(padding)"}"#)
    #expect(long.utf8.count == length)
    return try Run(
      ["fit", "-", "--viewport", "400x400", "--insets", "top=0"], stdin: long + "\n" + Self.feature + "\n")
  }

  @Test("project rewrites a legacy crs member to the target CRS, and drops it for WGS 84 lon/lat")
  func legacyCRS() throws {
    let text =
      #"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::4326"}},"features":[\#(Self.feature)]}"#
    let utm = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:32631"], stdin: text)
    #expect(utm.stdout.contains(#""crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::32631"}}"#))
    let back = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:4326"], stdin: text)
    #expect(back.status == 0 && !back.stdout.contains("crs"))
  }

  @Test("a position that cannot be transformed is named by its path and value")
  func failedPosition() throws {
    let text =
      #"{"type":"FeatureCollection","features":[\#(Self.feature),{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1e300,1]]},"properties":null}]}"#
    let run = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:3857"], stdin: text)
    #expect(run.status == 65)
    #expect(run.stderr.contains("features[1].geometry.coordinates[1]"), "\(run.stderr)")
    #expect(run.stderr.contains("[1e+300, 1]"), "\(run.stderr)")
  }

  @Test("project keeps an antimeridian bbox and a geometry's bbox")
  func bboxes() throws {
    let text =
      #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[179,-18],[-179,-17]],"bbox":[179,-18,-179,-17]},"properties":null,"bbox":[179,-18,-179,-17]}"#
    let run = try Run(["project", "-", "--from", "EPSG:4326", "--to", "EPSG:4326"], stdin: text)
    #expect(run.stdout.trimmingCharacters(in: .newlines) == text)
  }

  @Test(
    "a write error exits 1 with a message",
    .enabled(
      if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux) for a device that is full"),
    arguments: [["layout", "--viewport", "390x844"], ["devices"]])
  func writeErrors(arguments: [String]) throws {
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: URL(filePath: "/dev/full"))
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message.contains("cannot write the output"))
  }

  @Test("a reader that goes away (EPIPE) ends the run quietly with status 1, not 0")
  func closedPipe() throws {
    let points = (0..<40_000).map { "[\($0 % 180).25,\($0 % 80).5]" }.joined(separator: ",")
    let input = #"{"type":"MultiPoint","coordinates":[\#(points)]}"#
    // The input comes from a file: a pipe would hand this process the SIGPIPE once cardmap is gone.
    let file = FileManager.default.temporaryDirectory.appending(path: "cardmap-epipe-\(UUID().uuidString).json")
    try Data(input.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = ["project", file.path, "--from", "EPSG:4326", "--to", "EPSG:3857"]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try stdout.fileHandleForReading.close()  // nobody will read: the first write fails with EPIPE
    try process.run()
    let message = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message.isEmpty, "\(String(decoding: message, as: UTF8.self))")
  }

  @Test(
    "a zoom limit outside −2…30, or a least zoom above the greatest, is a usage error naming the option",
    arguments: [
      (
        ["--max-zoom", "-5000", "--min-zoom", "-6000"],
        "'--min-zoom -6000' is outside the zooms a map shows, -2 to 30"
      ),
      (["--max-zoom", "1e6"], "'--max-zoom 1000000' is outside"),
      (["--point-zoom", "99"], "'--point-zoom 99' is outside"),
      (["--min-zoom", "5", "--max-zoom", "4"], "'--min-zoom 5' is above '--max-zoom 4'"),
    ])
  func zoomRanges(extra: [String], said: String) throws {
    let run = try Run(["fit", "--bbox", "1,2,3,4", "--viewport", "400x400", "--insets", "top=0"] + extra)
    #expect(run.status == 64, "\(run.stdout)")
    #expect(run.stdout.isEmpty && run.stderr.contains(said), "\(run.stderr)")
  }

  @Test(
    "every element of a list is read, or the list is a usage error",
    arguments: [
      ["fit", "--bbox", "1,2,abc,3,4", "--viewport", "400x400", "--insets", "top=0"],
      ["fit", "--bbox", ",1,2,3,4", "--viewport", "400x400", "--insets", "top=0"],
      ["fit", "--bbox", "1,2,3,4", "--viewport", "400x400", "--insets", "top=1,,left=2"],
      ["fit", "--bbox", "1,2,3,4", "--viewport", "400x400", "--insets", "top=0", "--overlays", "0,0,1,1;;0,0,1,1"],
      ["overlay", "stack", "--viewport", "400x800", "--translation", "1,x,2"],
      ["overlay", "stack", "--viewport", "400x800", "--translation", "1,2,"],
    ])
  func lists(arguments: [String]) throws {
    let run = try Run(arguments)
    #expect(run.status == 64, "\(run.stdout)")
  }

  @Test("reading a directory as standard input is a plain message, not a dump")
  func directoryInput() throws {
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = ["fit", "-", "--viewport", "400x400", "--insets", "top=0"]
    process.standardInput = try FileHandle(forReadingFrom: URL(filePath: "/tmp"))
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message == "Error: <stdin>: Is a directory\n")
  }

  @Test("render --all-devices applies the ENV flags to every profile; a fit that fails is an error, not a blank map")
  func renderErrors() throws {
    let ferries = FitAndProjectTests.ferries
    let sheet = try Run(["render", ferries, "--all-devices", "--os", "26", "--output", "-"])
    #expect(sheet.status == 0, "\(sheet.stderr)")
    #expect(sheet.stdout.contains("classic-bottom") && !sheet.stdout.contains("sheet-bottom"))
    let covered = try Run(["render", ferries, "--viewport", "390x844", "--header", "900", "--output", "-"])
    #expect(covered.status == 65 && covered.stderr.contains("insets leave no visible area"), "\(covered.stderr)")
    #expect(covered.stdout.isEmpty)
  }

  @Test("a newline-delimited sequence whose first line is over 16 MiB is still a sequence")
  func longFirstLine() throws {
    let run = try fitAfterFirstLine(of: 17 << 20)
    #expect(run.status == 0, "\(run.stderr.prefix(300))")
    #expect(((try run.json())["content"] as? [String: Any])?["features"] as? Int == 2)
  }

  @Test("render draws a longitude of any size at its place in the nearest world copy")
  func hugeLongitudes() throws {
    let circles = { (text: String) throws -> [String] in
      let run = try Run(["render", "-", "--device", "iphone-14", "--output", "-"], stdin: text)
      #expect(run.status == 0, "\(run.stderr)")
      // The content's points, not the basemap's places.
      return run.stdout.components(separatedBy: #"<circle class="point""#).dropFirst().map { String($0.prefix(40)) }
    }
    // 1e308 is 116° after whole turns: the same picture as 116 itself.
    let huge = try circles(#"{"type":"MultiPoint","coordinates":[[1e308,0],[1,1]]}"#)
    let plain = try circles(#"{"type":"MultiPoint","coordinates":[[116,0],[1,1]]}"#)
    #expect(huge == plain && huge.count == 2)
    #expect(huge[0].contains(#"cx="390""#))
  }

  @Test("--output keeps an existing file's mode and writes through a symbolic link")
  func atomicOutput() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "cardmap-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "picture.svg")
    try Data("old".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    let link = folder.appending(path: "link.svg")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "picture.svg")
    let run = try Run(["render", FitAndProjectTests.ferries, "--device", "iphone-17", "--output", link.path])
    #expect(run.status == 0, "\(run.stderr)")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "picture.svg")
    #expect(
      try String(contentsOf: file, encoding: .utf8).hasPrefix("<?xml")
        || (try String(contentsOf: file, encoding: .utf8)).contains("<svg"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.svg", "picture.svg"])
  }
}

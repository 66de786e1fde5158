import Foundation
import Testing

/// The README as a newcomer meets it: short, its first screen with the picture and the commands,
/// every `cardmap` command in it run (its shown output found in what it prints), every `make`
/// target it names defined, and every file it links to present.
@Suite("README: every command runs, every link resolves")
struct ReadmeTests {
  static let readme = text("README.md")
  /// The command line's article, whose examples run too.
  static let commandLine = text("Sources/CardMap/CardMap.docc/CommandLine.md")

  static func text(_ path: String) -> String {
    (try? String(contentsOf: Run.root.appending(path: path), encoding: .utf8)) ?? ""
  }

  /// The lines of every ```sh block of `document`, in order.
  static func shellBlocks(_ document: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```sh" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        blocks.append(current ?? [])
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("under 250 lines; the first 30 hold the picture, the set-up commands and a fit")
  func firstScreen() {
    let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 250, "\(lines.count) lines")
    let first = lines.prefix(30).joined(separator: "\n")
    #expect(first.contains("![") && first.contains("make demo") && first.contains("make test"))
    #expect(first.contains("$ cardmap fit"))
  }

  @Test("every cardmap command runs, and prints the output shown, in the README and the command's article")
  func commands() throws {
    let folder = try Run.temporaryFolder("readme")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Run where the README's paths (Data/samples/…) resolve, writing files into a folder of its own.
    try FileManager.default.createSymbolicLink(
      at: folder.appending(path: "Data"), withDestinationURL: Run.root.appending(path: "Data"))
    var ran = 0
    for block in Self.shellBlocks(Self.readme) + Self.shellBlocks(Self.commandLine) {
      var index = 0
      while index < block.count {
        let line = block[index]
        index += 1
        let prompted = line.hasPrefix("$ ")
        let command = prompted ? String(line.dropFirst(2)) : line
        // The article's examples of scaling out run on files the reader has (routes.geojsons).
        guard command.hasPrefix("cardmap "), !command.contains("routes.geojsons") else { continue }
        var shown: [String] = []
        while prompted, index < block.count, !block[index].hasPrefix("$ "), !block[index].hasPrefix("cardmap ") {
          shown.append(block[index])
          index += 1
        }
        let run = try Self.shell(command.components(separatedBy: "#")[0], in: folder)
        ran += 1
        #expect(run.status == 0, "\(command): \(run.stderr)")
        for expected in shown where !expected.trimmingCharacters(in: .whitespaces).isEmpty {
          #expect(run.stdout.contains(expected), "\(command) does not print \(expected)")
        }
      }
    }
    #expect(ran >= 9, "the commands run: \(ran)")
  }

  @Test("every make target it names exists; every file it links to is there")
  func targetsAndLinks() throws {
    let makefile = try String(contentsOf: Run.root.appending(path: "Makefile"), encoding: .utf8)
    let targets = Set(
      makefile.split(separator: "\n").compactMap { line in
        line.firstMatch(of: /^([a-z][a-z-]*):/).map { String($0.output.1) }
      })
    let named = Self.readme.matches(of: /make ([a-z][a-z-]*)/).map { String($0.output.1) }
    #expect(!named.isEmpty)
    for target in named { #expect(targets.contains(target), "make \(target)") }
    for link in Self.readme.matches(of: /\]\(([^)#\s"]+)\)/) {
      let path = String(link.output.1)
      guard !path.contains("://") else { continue }
      #expect(FileManager.default.fileExists(atPath: Run.root.appending(path: path).path), "\(path)")
    }
  }

  /// `command` run by /bin/sh in `folder`, with this build's `cardmap` first on the PATH.
  static func shell(_ command: String, in folder: URL) throws -> Run {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = Run.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    return try Run.process("/bin/sh", ["-c", command], in: folder, environment: environment)
  }

  @Test("the article's synopsis lists exactly the options each command's --help does")
  func synopsis() throws {
    let block = try #require(
      Self.commandLine.firstMatch(of: /```\n(cardmap layout.*?)```/.dotMatchesNewlines())?.output.1)
    // Each command's lines (a line starting `cardmap`, and the indented ones after it) and the groups.
    var lines: [String: String] = [:]
    var groups: [String: String] = [:]
    var current: (group: Bool, key: String)?
    for line in block.split(separator: "\n").map(String.init) {
      if let command = line.firstMatch(of: /^cardmap ((?:overlay )?[a-z]+)/)?.output.1 {
        current = (false, String(command))
        lines[String(command), default: ""] += line
      } else if let group = line.firstMatch(of: /^([A-Z]+) +=/)?.output.1 {
        current = (true, String(group))
        groups[String(group)] = line
      } else if line.hasPrefix(" "), let current {
        if current.group { groups[current.key, default: ""] += line } else { lines[current.key, default: ""] += line }
      }
    }
    func options(_ text: String) -> Set<String> {
      var found = Set(text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
      for (name, definition) in groups where text.contains(name) && !text.hasPrefix(name) {
        found.formUnion(options(definition))
      }
      return found
    }
    for command in [
      "layout", "fit", "project", "replay", "motion", "overlay modal", "overlay stack",
      "overlay expanding", "render", "page", "devices",
    ] {
      let help = try Run(["help"] + command.split(separator: " ").map(String.init)).stdout
      let declared = Set(
        help.split(separator: "\n").compactMap { $0.firstMatch(of: /^\s+(--[a-z][a-z-]*)/).map { String($0.output.1) } }
      ).subtracting(["--help"])
      let listed = options(try #require(lines[command], "cardmap \(command) in the synopsis"))
      #expect(
        declared.subtracting(listed).isEmpty, "\(command): the synopsis lacks \(declared.subtracting(listed).sorted())")
      #expect(
        listed.subtracting(declared).isEmpty, "\(command): the synopsis has \(listed.subtracting(declared).sorted())")
    }
  }
}

import Foundation
import Testing

/// The CLI framework end to end: help, version, errors and exit codes (CardMap's article The cardmap command).
@Suite("cardmap: help, errors and exit codes")
struct ToolTests {
  @Test("--help lists the subcommands; --version prints a version")
  func helpAndVersion() throws {
    let help = try Run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW:"))
    #expect(help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("layout") && help.stdout.contains("devices"))
    let version = try Run(["--version"])
    #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3)
  }

  @Test("overlay is a family: its help lists modal, stack and expanding; a missing or unknown kind is a usage error")
  func overlayFamily() throws {
    for form in [["overlay", "--help"], ["help", "overlay"]] {
      let run = try Run(form)
      #expect(run.status == 0 && run.stdout.contains("USAGE: cardmap overlay <subcommand>"), "\(form)")
      #expect(["modal", "stack", "expanding"].allSatisfy { run.stdout.contains("  \($0) ") }, "\(form)")
    }
    let missing = try Run(["overlay", "--device", "iphone-17"])
    #expect(missing.status == 64 && missing.stderr.contains("Missing 'modal', 'stack' or 'expanding' after 'overlay'"))
    #expect(missing.stderr.contains("Usage: cardmap overlay stack "))
    let unknown = try Run(["overlay", "wheel", "--device", "iphone-17"])
    #expect(
      unknown.status == 64 && unknown.stderr.contains("Unknown overlay 'wheel': expected modal, stack or expanding"))
    // An option of another kind is not this subcommand's.
    let other = try Run(["overlay", "modal", "--device", "iphone-17", "--style", "toast", "--count", "3"])
    #expect(other.status == 64 && other.stderr.contains("Unknown option '--count'"), "\(other.stderr)")
  }

  /// The subcommands `cardmap --help` lists, each as the words that name it ("overlay modal").
  static func listedSubcommands() throws -> [String] {
    let help = try Run(["--help"]).stdout
    let listed = help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
    return listed.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), !line.hasPrefix("  See") else { return nil }
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      // A name is one or two words ("overlay modal") before the abstract, set apart by many spaces.
      let name = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
      return words.isEmpty ? nil : name.trimmingCharacters(in: .whitespaces)
    }
  }

  @Test("every subcommand that --help lists has --help with USAGE, OPTIONS and an example")
  func subcommandHelp() throws {
    let commands = try Self.listedSubcommands()
    #expect(commands.count == 11, "\(commands)")
    #expect(commands.contains("render") && commands.contains("page") && commands.contains("motion"))
    for command in commands {
      let words = command.split(separator: " ").map(String.init)
      for form in [words + ["--help"], words + ["-h"], ["help"] + words] {
        let run = try Run(form)
        #expect(run.status == 0, "\(form)")
        #expect(run.stdout.contains("USAGE: cardmap \(command)") && run.stdout.contains("OPTIONS:"), "\(form)")
        #expect(run.stdout.contains("EXAMPLES:"), "\(form)")
        #expect(run.stderr.isEmpty, "\(form)")
      }
    }
  }

  @Test(
    "usage errors: Error line, usage line, help hint, exit 64",
    arguments: [
      (["nope"], "Unknown subcommand 'nope'"),
      (["layout", "--bogus"], "Unknown option '--bogus'"),
      (["layout", "--viewport"], "Missing value for '--viewport <WxH>'"),
      (["layout", "--viewport", "abc"], "The value 'abc' is invalid for '--viewport <WxH>'"),
      (["layout", "--device", "iphone-14", "--y", "NaN"], "The value 'NaN' is invalid for '--y <y>'"),
      (["layout", "--device", "iphone-14", "--position", "up"], "expected one of collapsed, peaking, extended"),
      (["layout", "--device", "iphone-14", "--rtl=yes"], "The flag '--rtl' takes no value"),
      (["layout", "--device", "iphone-14", "--y", "1", "--y", "2"], "given more than once"),
      (["layout", "--device", "iphone-14", "--y", "1", "--position", "peaking"], "not both"),
      (["layout", "--device", "mystery"], "Unknown device 'mystery'"),
      (["layout"], "Missing '--device <name>' or '--viewport <WxH>'"),
      (["layout", "--device", "iphone-14", "extra"], "Unexpected argument 'extra'"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let run = try Run(arguments)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.first?.hasPrefix("Error: ") == true)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stderr.contains("Usage: cardmap"))
    #expect(run.stderr.contains("--help' for more information."))
  }

  @Test(
    "values the layout engine rejects are bad data: exit 65",
    arguments: [
      ["layout", "--viewport", "-390x844"],
      ["layout", "--viewport", "390x844", "--safe-area", "top=500,bottom=400"],
      ["layout", "--viewport", "390x844", "--title-height", "0"],
      ["layout", "--viewport", "390x844", "--header", "-3"],
      ["layout", "--viewport", "390x844", "--vertical-bar", "leading:999"],
    ])
  func dataErrors(arguments: [String]) throws {
    let run = try Run(arguments)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("Error: Invalid"))
    #expect(run.stdout.isEmpty)
  }

  @Test("--opt value and --opt=value are the same")
  func equalsForm() throws {
    let spaced = try Run(["layout", "--viewport", "390x844", "--y", "300"])
    let joined = try Run(["layout", "--viewport=390x844", "--y=300"])
    #expect(spaced.status == 0 && spaced.stdout == joined.stdout)
  }
}

@Suite("cardmap --generate-manual")
struct ManualTests {
  @Test("the man page names every subcommand and every option its help lists")
  func manual() throws {
    let run = try Run(["--generate-manual"])
    #expect(run.status == 0 && run.stdout.hasPrefix(".TH CARDMAP 1"))
    for command in [
      "layout", "fit", "project", "replay", "motion", "overlay modal", "overlay stack", "overlay expanding", "render",
      "devices",
    ] {
      #expect(run.stdout.contains(".SH \(command.uppercased())\n"), "\(command)")
      let help = try Run(["help"] + command.split(separator: " ").map(String.init)).stdout
      for line in help.split(separator: "\n") where line.hasPrefix("  --") {
        let name = line.dropFirst(2).split(separator: " ")[0]
        #expect(run.stdout.contains(".B " + name.replacingOccurrences(of: "-", with: "\\-")), "\(command) \(name)")
      }
    }
  }
}

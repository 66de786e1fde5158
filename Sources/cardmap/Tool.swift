/// The `cardmap` tool: dispatches to a subcommand and maps every error to a message and exit code.
enum CardMapTool {
  static let version = "0.1.0"

  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    LayoutCommand.self, FitCommand.self, ProjectCommand.self, ReplayCommand.self, MotionCommand.self,
    OverlayCommand.self, RenderCommand.self, PageCommand.self, DevicesCommand.self,
  ]

  static let overview = "CardMap: map insets, camera fits and projections for cards over a map."

  static var help: String {
    var text = "OVERVIEW: \(overview)\n\nUSAGE: cardmap <subcommand>\n\nOPTIONS:\n"
    text += helpRow("--version", "Show the version.")
    text += helpRow("--generate-completion-script <shell>", "Print a completion script for bash, zsh or fish.")
    text += helpRow("--generate-manual", "Print the man page (roff, section 1).")
    text += helpRow("-h, --help", "Show help information.")
    text += "\nSUBCOMMANDS:\n"
    for command in commands { text += helpRow(command.name, command.abstract) }
    text += "\n  See 'cardmap help <subcommand>' for detailed help.\n"
    return text
  }

  /// Runs the tool on `arguments` (without the program name) and returns the exit code.
  ///
  /// This is the one choke point where errors become messages: `Error: …` on stderr, then for a
  /// usage error the command's usage line and a pointer to its help.
  static func main(_ arguments: [String], output: inout Output) -> Int32 {
    do {
      try dispatch(arguments, &output)
      return 0
    } catch {
      output.err("Error: \(error.message)\n")
      if error.kind == .usage {
        if let name = error.command, let command = commands.first(where: { $0.name == name }) {
          output.err("Usage: cardmap \(name) \(command.usage)\n")
          output.err("  See 'cardmap \(name) --help' for more information.\n")
        } else {
          output.err("Usage: cardmap <subcommand>\n  See 'cardmap --help' for more information.\n")
        }
      }
      return error.kind.rawValue
    }
  }

  private static func dispatch(_ arguments: [String], _ output: inout Output) throws(CLIError) {
    guard let first = arguments.first else {
      output.err(help)
      throw .usage("Missing subcommand")
    }
    switch first {
    case "-h", "--help":
      output.out(help)
      return
    case "--version":
      output.out("\(version)\n")
      return
    case "--generate-manual":
      output.out(ManualPage.text)
      return
    case "--generate-completion-script":
      guard let shell = arguments.dropFirst().first, let script = Completion.script(for: shell) else {
        throw .usage("Expected a shell after '--generate-completion-script': bash, zsh or fish")
      }
      output.out(script)
      return
    case "help":
      guard let name = arguments.dropFirst().first else {
        output.out(help)
        return
      }
      output.out(try command(named: name).help)
      return
    default:
      break
    }
    let command = try command(named: first)
    let rest = Array(arguments.dropFirst())
    if rest.contains(where: { $0 == "-h" || $0 == "--help" }) {
      output.out(command.help)
      return
    }
    let parsed = try Arguments(rest, options: command.specs, command: command.name)
    for group in command.exclusive + command.oneOf {
      let given = group.map(\.name).filter { parsed.givenNames.contains($0) }
      if given.count > 1 {
        throw .usage("Give either '--\(given[0])' or '--\(given[1])', not both", command: command.name)
      }
    }
    for group in command.oneOf where !group.contains(where: { parsed.givenNames.contains($0.name) }) {
      let names = group.map(\.synopsis)
      throw .usage(
        "Missing " + names.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(names.last ?? "")'",
        command: command.name)
    }
    try command.run(parsed, &output)
  }

  private static func command(named name: String) throws(CLIError) -> any Command.Type {
    guard let command = commands.first(where: { $0.name == name }) else {
      throw .usage("Unknown subcommand '\(name)'")
    }
    return command
  }
}

import CardMapWire

/// The `cardmap` tool: dispatches to a subcommand and maps every error to a message and exit code.
enum CardMapTool {
  static let version = "0.1.0"

  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    LayoutCommand.self, FitCommand.self, ProjectCommand.self, ReplayCommand.self, MotionCommand.self,
    OverlayModalCommand.self, OverlayStackCommand.self, OverlayExpandingCommand.self, RenderCommand.self,
    PageCommand.self, DevicesCommand.self,
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
      for note in output.notes { output.err(note) }
      return 0
    } catch {
      output.err("Error: \(error.message)\n")
      if error.kind == .usage {
        if let name = error.command, let command = commands.first(where: { $0.name == name }) {
          output.err("Usage: cardmap \(name) \(command.usage)\n")
          output.err("  See 'cardmap \(name) --help' for more information.\n")
        } else if let name = error.command, case let family = self.family(name), !family.isEmpty {
          for command in family { output.err("Usage: cardmap \(command.name) \(command.usage)\n") }
          output.err("  See 'cardmap help \(name)' for more information.\n")
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
      let words = Array(arguments.dropFirst())
      guard !words.isEmpty else {
        output.out(help)
        return
      }
      if words.count == 1, case let family = family(words[0]), !family.isEmpty {
        output.out(familyHelp(words[0], family))
        return
      }
      output.out(try command(for: words).command.help)
      return
    default:
      break
    }
    if arguments.count > 1, ["-h", "--help"].contains(arguments[1]), case let family = family(first), !family.isEmpty {
      output.out(familyHelp(first, family))
      return
    }
    let (command, rest) = try command(for: arguments)
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
    do {
      try command.run(parsed, &output)
    } catch {
      // A usage error found while running (a terminal on stdin) is the running command's.
      var named = error
      if named.kind == .usage, named.command == nil { named.command = command.name }
      throw named
    }
  }

  /// The command the words name, and the words after its name: one word (`fit`), or two for a
  /// family of subcommands (`overlay modal`).
  private static func command(for words: [String]) throws(CLIError) -> (command: any Command.Type, rest: [String]) {
    let first = words.first ?? ""
    if let command = commands.first(where: { $0.name == first }) { return (command, Array(words.dropFirst())) }
    let family = family(first)
    guard !family.isEmpty else {
      let words = Array(Set(commands.map { String($0.name.prefix { $0 != " " }) })).sorted() + ["help"]
      throw .usage("Unknown subcommand '\(first)'." + Suggestion.didYouMean(first, among: words))
    }
    let kinds = family.compactMap(kind(of:))
    let expected = kinds.dropLast().joined(separator: ", ") + " or " + (kinds.last ?? "")
    guard words.count > 1, case let kind = words[1], !kind.hasPrefix("-") else {
      throw .usage(
        "Missing \(kinds.map { "'\($0)'" }.dropLast().joined(separator: ", ")) or '\(kinds.last ?? "")' after '\(first)'",
        command: first)
    }
    guard let command = family.first(where: { $0.name == "\(first) \(kind)" }) else {
      throw .usage(
        "Unknown \(first) '\(kind)': expected \(expected)." + Suggestion.didYouMean(kind, among: kinds), command: first)
    }
    return (command, Array(words.dropFirst(2)))
  }

  /// The subcommands whose name is `word` and a second word (`overlay modal`, `overlay stack`, …).
  static func family(_ word: String) -> [any Command.Type] {
    commands.filter { $0.name.hasPrefix(word + " ") }
  }

  /// The second word of a family's command (`modal` of `overlay modal`), or nil for a one-word name.
  static func kind(of command: any Command.Type) -> String? {
    command.name.firstIndex(of: " ").map { String(command.name[command.name.index(after: $0)...]) }
  }

  /// What may follow `cardmap`, in the help's order: a command, or a family of them by its word.
  enum Entry {
    case command(any Command.Type)
    case family(word: String, members: [any Command.Type])

    var word: String {
      switch self {
      case .command(let command): command.name
      case .family(let word, _): word
      }
    }
  }

  static var entries: [Entry] {
    var entries: [Entry] = []
    for command in commands {
      guard let kind = kind(of: command) else {
        entries.append(.command(command))
        continue
      }
      let word = String(command.name.dropLast(kind.count + 1))
      if !entries.contains(where: { $0.word == word }) { entries.append(.family(word: word, members: family(word))) }
    }
    return entries
  }

  /// The help of a family: its subcommands and what each does.
  static func familyHelp(_ word: String, _ family: [any Command.Type]) -> String {
    var text = "USAGE: cardmap \(word) <subcommand>\n\nSUBCOMMANDS:\n"
    for command in family { text += helpRow(kind(of: command) ?? command.name, command.abstract) }
    text += "\n  See 'cardmap help \(word) <subcommand>' for detailed help.\n"
    return text
  }
}

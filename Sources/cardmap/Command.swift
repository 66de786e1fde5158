/// A `cardmap` subcommand: its name, help text, options and what it does.
protocol Command: Sendable {
  /// The word after `cardmap`, e.g. `layout`.
  static var name: String { get }
  /// One line for OVERVIEW and the SUBCOMMANDS list.
  static var abstract: String { get }
  /// The usage line after `cardmap NAME`.
  static var usage: String { get }
  /// Positional arguments with their help, for the ARGUMENTS section.
  static var arguments: [(name: String, help: String)] { get }
  static var options: [OptionSpec] { get }
  /// Groups of options of which at most one may be given (checked before the command runs, so a
  /// conflict is a usage error whatever else is wrong).
  static var exclusive: [[String]] { get }
  /// Examples shown last in the help.
  static var examples: [String] { get }

  /// Runs the command; output goes to `output.out`, messages to `output.err`.
  static func run(_ arguments: Arguments, _ output: inout Output) throws(CLIError)
}

extension Command {
  static var arguments: [(name: String, help: String)] { [] }
  static var examples: [String] { [] }
  static var exclusive: [[String]] { [] }

  /// The help text, in swift-argument-parser's layout.
  static var help: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: cardmap \(name) \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in arguments { text += helpRow(argument.name, argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in options { text += helpRow(option.synopsis, option.help) }
    text += helpRow("-h, --help", "Show help information.")
    if !examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in examples { text += "  \(example)\n" }
    }
    return text
  }
}

/// One aligned row of a help section.
func helpRow(_ left: String, _ right: String) -> String {
  let column = 30
  let pad =
    left.count < column - 2
    ? String(repeating: " ", count: column - 2 - left.count) : "\n" + String(repeating: " ", count: column)
  return "  \(left)\(pad)\(right)\n"
}

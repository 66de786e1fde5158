/// A `cardmap` subcommand: its name, help text, options and what it does. The usage line, the
/// help and the completion scripts are made from these declarations.
protocol Command: Sendable {
  associatedtype Options: OptionGroup
  /// The word after `cardmap`, e.g. `layout`.
  static var name: String { get }
  /// One line for OVERVIEW and the SUBCOMMANDS list.
  static var abstract: String { get }
  /// Positional arguments with their help, for the usage line and the ARGUMENTS section.
  static var arguments: [Positional] { get }
  /// The options, each declared once and read typed through this value.
  static var options: Options { get }
  /// Groups of options of which at most one may be given (checked before the command runs, so a
  /// conflict is a usage error whatever else is wrong), taken from `options`.
  static var exclusive: [[OptionSpec]] { get }
  /// Groups of options of which exactly one must be given, e.g. `--device` or `--viewport`.
  static var oneOf: [[OptionSpec]] { get }
  /// Examples shown last in the help.
  static var examples: [String] { get }

  /// Runs the command; output goes to `output.out`, messages to `output.err`.
  static func run(_ arguments: Arguments, _ output: inout Output) throws(CLIError)
}

/// A positional argument: its placeholder and help; an optional one is shown in brackets.
struct Positional: Sendable {
  var name: String
  var help: String
  var isOptional = false
}

extension Command {
  static var arguments: [Positional] { [] }
  static var examples: [String] { [] }
  static var exclusive: [[OptionSpec]] { [] }
  static var oneOf: [[OptionSpec]] { [] }

  /// Every option, in the order the help lists them.
  static var specs: [OptionSpec] { options.specs }

  /// The usage line after `cardmap NAME`: the arguments, the groups of which one is needed, the
  /// required options, then `[<options>]` for the rest.
  static var usage: String {
    let specs = specs
    var parts = arguments.map { $0.isOptional ? "[\($0.name)]" : $0.name }
    let grouped = Set(oneOf.joined().map(\.name))
    for group in oneOf {
      parts.append("(" + group.map(\.synopsis).joined(separator: " | ") + ")")
    }
    parts += specs.filter { $0.isRequired && !grouped.contains($0.name) }.map(\.synopsis)
    if specs.contains(where: { !$0.isRequired && !grouped.contains($0.name) }) { parts.append("[<options>]") }
    return parts.joined(separator: " ")
  }

  /// The help text, in swift-argument-parser's layout.
  static var help: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: cardmap \(name) \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in arguments { text += helpRow(argument.name, argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in specs { text += helpRow(option.synopsis, option.help) }
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
  // swift-argument-parser's help layout: names in a 28-character column after two spaces.
  let column = 30
  let pad =
    left.count < column - 2
    ? String(repeating: " ", count: column - 2 - left.count) : "\n" + String(repeating: " ", count: column)
  return "  \(left)\(pad)\(right)\n"
}

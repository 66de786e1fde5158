/// One option a command accepts: a flag (`--rtl`) or an option with a value (`--y <y>`).
struct OptionSpec: Sendable {
  /// The name without dashes, e.g. `viewport`.
  var name: String
  /// The value's placeholder, e.g. `WxH`; nil for a flag.
  var value: String?
  /// What the value must look like.
  var kind: ValueKind
  var help: String

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, kind: .text, help: help)
  }

  static func option(_ name: String, _ value: String, _ kind: ValueKind, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: value, kind: kind, help: help)
  }

  /// `--name <value>` or `--name`, as shown in usage lines and errors.
  var synopsis: String { value.map { "--\(name) <\($0)>" } ?? "--\(name)" }
}

/// What an option's value must look like. Every value given is checked against its kind as the
/// command line is parsed, before the command runs, so that a malformed value is a usage error
/// (exit 64) whatever else is wrong with the input (which may be bad data, exit 65).
struct ValueKind: Sendable {
  /// For the message, after "expected".
  var expected: String
  var accepts: @Sendable (String) -> Bool

  /// Any text (a name checked later, a CRS that PROJ reads, a path).
  static let text = ValueKind(expected: "text") { _ in true }
  /// A finite number.
  static let number = ValueKind(expected: "a finite number") { Double($0)?.isFinite == true }

  /// A whole number within `range`.
  static func integer(_ range: ClosedRange<Int>) -> ValueKind {
    ValueKind(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") {
      Int($0).map(range.contains) ?? false
    }
  }

  /// One of `choices`.
  static func choice(_ choices: [String]) -> ValueKind {
    ValueKind(expected: "one of \(choices.joined(separator: ", "))") { choices.contains($0) }
  }

  /// Whatever `parse` reads.
  static func parsed<T>(_ expected: String, _ parse: @escaping @Sendable (String) -> T?) -> ValueKind {
    ValueKind(expected: expected) { parse($0) != nil }
  }
}

/// A command line parsed against a command's options, in swift-argument-parser's conventions:
/// `--opt value` and `--opt=value`, flags, positional arguments, and `--` ending the options.
struct Arguments {
  private(set) var values: [String: String] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []
  /// The command these arguments are for, for error messages.
  let command: String
  private let specs: [String: OptionSpec]

  /// Parses `words` (the arguments after the command name).
  ///
  /// - Throws: a usage `CLIError` for an unknown option, a missing value, a value given to a flag,
  ///   or an option given twice.
  init(_ words: [String], options: [OptionSpec], command: String) throws(CLIError) {
    self.command = command
    specs = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.hasPrefix("--") || word == "-" {
        if !optionsEnded, word.hasPrefix("-"), word != "-", Double(word) == nil {
          throw .usage("Unknown option '\(word)'", command: command)
        }
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let body = word.dropFirst(2)
      let name: String
      var inline: String?
      if let equals = body.firstIndex(of: "=") {
        name = String(body[..<equals])
        inline = String(body[body.index(after: equals)...])
      } else {
        name = String(body)
      }
      guard let spec = specs[name] else {
        throw .usage("Unknown option '--\(name)'", command: command)
      }
      if spec.value == nil {
        if inline != nil { throw .usage("The flag '--\(name)' takes no value", command: command) }
        flags.insert(name)
        continue
      }
      guard values[name] == nil else {
        throw .usage("The option '\(spec.synopsis)' was given more than once", command: command)
      }
      let text: String
      if let inline {
        text = inline
      } else if index < words.count, !words[index].hasPrefix("--") {
        text = words[index]
        index += 1
      } else {
        throw .usage("Missing value for '\(spec.synopsis)'", command: command)
      }
      guard spec.kind.accepts(text) else {
        throw .usage(
          "The value '\(text)' is invalid for '\(spec.synopsis)': expected \(spec.kind.expected)", command: command)
      }
      values[name] = text
    }
  }

  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The names of every option and flag given.
  var givenNames: Set<String> { flags.union(values.keys) }

  func string(_ name: String) -> String? { values[name] }

  /// The option's value converted by `convert`; nil when the option is absent.
  ///
  /// - Throws: a usage error `The value 'x' is invalid for '--name <value>'` (with `expected`
  ///   appended) when `convert` returns nil.
  func value<T>(_ name: String, expected: String, _ convert: (String) -> T?) throws(CLIError) -> T? {
    guard let text = values[name] else { return nil }
    guard let converted = convert(text) else {
      let synopsis = specs[name]?.synopsis ?? "--\(name)"
      throw .usage("The value '\(text)' is invalid for '\(synopsis)': expected \(expected)", command: command)
    }
    return converted
  }

  /// A finite number option.
  func number(_ name: String) throws(CLIError) -> Double? {
    try value(name, expected: "a finite number") { Double($0).flatMap { $0.isFinite ? $0 : nil } }
  }

  /// A whole number option within `range`.
  func integer(_ name: String, in range: ClosedRange<Int> = 0...Int.max) throws(CLIError) -> Int? {
    try value(name, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") {
      Int($0).flatMap { range.contains($0) ? $0 : nil }
    }
  }

  /// One of `choices`.
  func choice(_ name: String, _ choices: [String]) throws(CLIError) -> String? {
    try value(name, expected: "one of \(choices.joined(separator: ", "))") {
      choices.contains($0) ? $0 : nil
    }
  }

  /// At most `limit` positional arguments.
  func positionals(atMost limit: Int) throws(CLIError) -> [String] {
    guard positionals.count <= limit else {
      throw .usage("Unexpected argument '\(positionals[limit])'", command: command)
    }
    return positionals
  }
}

/// `count` finite numbers separated by `separator`, every element read: an empty or malformed
/// element fails the whole list (`1,,2` and `1,x,2` are not `1,2`).
func parseNumbers(_ text: some StringProtocol, count: Int, separator: Character = ",") -> [Double]? {
  var numbers: [Double] = []
  for part in text.split(separator: separator, omittingEmptySubsequences: false) {
    guard let number = Double(String(part)), number.isFinite else { return nil }
    numbers.append(number)
  }
  return numbers.count == count ? numbers : nil
}

import CardMapWire

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
        let hint = Suggestion.didYouMean(name, among: options.map(\.name), prefix: "--")
        throw .usage("Unknown option '--\(name)'." + hint, command: command)
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
      guard spec.accepts(text) else {
        throw .usage(
          "The value '\(text)' is invalid for '\(spec.synopsis)': expected \(spec.expected)", command: command)
      }
      values[name] = text
    }
    for spec in options where spec.isRequired && values[spec.name] == nil {
      throw .usage("Missing '\(spec.synopsis)'", command: command)
    }
  }

  /// The names of every option and flag given.
  var givenNames: Set<String> { flags.union(values.keys) }

  /// The option's value; nil when it is absent.
  subscript<Value>(_ option: Option<Value>) -> Value? { values[option.spec.name].flatMap(option.read) }

  /// The option's value, or its default when it is absent.
  subscript<Value>(_ option: Defaulted<Value>) -> Value { self[option.option] ?? option.value }

  /// Whether the flag was given.
  subscript(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }

  /// The value of an option that the command cannot run without. The parser has already checked
  /// that it was given, so the error is only a guard.
  func required<Value>(_ option: Option<Value>) throws(CLIError) -> Value {
    guard let value = self[option] else { throw .usage("Missing '\(option.spec.synopsis)'", command: command) }
    return value
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

/// `x,y,w,h;x,y,w,h` → rects with non-negative sizes.
func parseRects(_ text: String) -> [Rect]? {
  var rects: [Rect] = []
  for part in text.split(separator: ";", omittingEmptySubsequences: false) {
    guard let n = parseNumbers(part, count: 4), n[2] >= 0, n[3] >= 0 else { return nil }
    rects.append(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
  }
  return rects.isEmpty ? nil : rects
}

/// `w,s,e,n` → bounds; finite, latitudes within ±90 and south ≤ north.
func parseBBox(_ text: String) -> GeoBounds? {
  guard let numbers = parseNumbers(text, count: 4), abs(numbers[1]) <= 90, abs(numbers[3]) <= 90,
    numbers[1] <= numbers[3]
  else { return nil }
  return GeoBounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
}

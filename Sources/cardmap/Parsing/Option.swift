/// An option as the parser, the help and the completion scripts see it: its name, the placeholder
/// of its value (nil for a flag), what a value must look like, and its help.
struct OptionSpec: Sendable {
  /// The name without dashes, e.g. `viewport`.
  var name: String
  /// The value's placeholder, e.g. `WxH`; nil for a flag.
  var value: String?
  /// What a value must look like, for messages after "expected".
  var expected: String
  /// Whether `text` is a value the option takes. Every value given is checked as the command line is
  /// parsed, before the command runs, so that a malformed value is a usage error (exit 64) whatever
  /// else is wrong with the input (which may be bad data, exit 65).
  var accepts: @Sendable (String) -> Bool
  /// The help, with the default appended when the option has one.
  var help: String
  /// The command does not run without it.
  var isRequired = false

  /// `--name <value>` or `--name`, as shown in usage lines and errors.
  var synopsis: String { value.map { "--\(name) <\($0)>" } ?? "--\(name)" }
}

/// Anything that declares options: an option, a flag, or a group of them.
protocol OptionDeclaration: Sendable {
  /// The options declared, in order.
  var specs: [OptionSpec] { get }
}

/// A struct whose stored properties are options, flags and other groups: its options are those
/// properties, in declaration order. Each option is declared once, as one property, and read typed
/// through it (`args[options.bearing]`).
protocol OptionGroup: OptionDeclaration {}

extension OptionGroup {
  var specs: [OptionSpec] {
    Mirror(reflecting: self).children.flatMap { ($0.value as? any OptionDeclaration)?.specs ?? [] }
  }
}

/// An option with a value of type `Value`, read by `read`; nil when absent.
struct Option<Value: Sendable>: OptionDeclaration {
  var spec: OptionSpec
  let read: @Sendable (String) -> Value?

  var specs: [OptionSpec] { [spec] }

  init(
    _ name: String, _ placeholder: String, expected: String, help: String, read: @escaping @Sendable (String) -> Value?
  ) {
    spec = OptionSpec(name: name, value: placeholder, expected: expected, accepts: { read($0) != nil }, help: help)
    self.read = read
  }

  /// The same option, which the command cannot run without.
  var required: Option {
    var copy = self
    copy.spec.isRequired = true
    return copy
  }
}

/// An option with a default: reading it always gives a value.
struct Defaulted<Value: Sendable>: OptionDeclaration {
  let option: Option<Value>
  let value: Value
  var spec: OptionSpec { option.spec }
  var specs: [OptionSpec] { option.specs }
}

/// A flag: present or not.
struct Flag: OptionDeclaration {
  let spec: OptionSpec
  var specs: [OptionSpec] { [spec] }

  init(_ name: String, _ help: String) {
    spec = OptionSpec(name: name, value: nil, expected: "no value", accepts: { _ in false }, help: help)
  }
}

extension Option<String> {
  /// Any text (a name checked later, a CRS that PROJ reads, a path).
  static func text(_ name: String, _ placeholder: String, _ help: String) -> Option<String> {
    Option(name, placeholder, expected: "text", help: help) { $0 }
  }

  /// One of `choices`.
  static func choice(_ name: String, _ placeholder: String, _ choices: [String], _ help: String) -> Option<String> {
    Option(name, placeholder, expected: "one of \(choices.joined(separator: ", "))", help: help) {
      choices.contains($0) ? $0 : nil
    }
  }
}

extension Option<Double> {
  /// A finite number.
  static func number(_ name: String, _ placeholder: String, _ help: String) -> Option<Double> {
    Option(name, placeholder, expected: "a finite number", help: help) { Double($0).flatMap { $0.isFinite ? $0 : nil } }
  }
}

extension Option<Int> {
  /// A whole number within `range`.
  static func integer(_ name: String, _ placeholder: String, _ range: ClosedRange<Int>, _ help: String) -> Option<Int> {
    Option(
      name, placeholder, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", help: help
    ) { Int($0).flatMap { range.contains($0) ? $0 : nil } }
  }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// One of an enumeration's cases, by raw value.
  static func choice(_ name: String, _ placeholder: String, _ help: String) -> Option<Value> {
    let names = Value.allCases.map(\.rawValue)
    return Option(name, placeholder, expected: "one of \(names.joined(separator: ", "))", help: help) {
      Value(rawValue: $0)
    }
  }
}

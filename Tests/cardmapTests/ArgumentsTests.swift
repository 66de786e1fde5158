import CardMap
import Testing

@testable import CardMapCLI

/// Options declared as a command declares them.
struct TestOptions: OptionGroup {
  let y = Option<Double>.number("y", "y", "")
  let rtl = Flag("rtl", "")
  let name = Option<String>.text("name", "n", "")
  let count = Option<Int>.integer("count", "n", 0...9, "").defaulting(to: 3)
}

@Suite("Argument parsing and JSON output")
struct ArgumentsTests {
  let o = TestOptions()
  var options: [OptionSpec] { o.specs }

  @Test("values, flags, positionals and --; typed reads, defaults")
  func parse() throws {
    let args = try Arguments(
      ["file", "--y", "-3.5", "--rtl", "--name=a=b", "--", "--rtl"], options: options, command: "t")
    #expect(args[o.y] == -3.5)
    #expect(args[o.rtl])
    #expect(args[o.name] == "a=b")
    #expect(args[o.count] == 3)
    #expect(args.positionals == ["file", "--rtl"])
    #expect(try Arguments(["--count", "9"], options: options, command: "t")[o.count] == 9)
  }

  @Test("errors are usage errors naming the option")
  func errors() {
    #expect(throws: CLIError.usage("Unknown option '-x'", command: "t")) {
      try Arguments(["-x"], options: options, command: "t")
    }
    #expect(throws: CLIError.usage("Missing value for '--y <y>'", command: "t")) {
      try Arguments(["--y"], options: options, command: "t")
    }
    let required = [Option<String>.text("to", "crs", "").required.spec]
    #expect(throws: CLIError.usage("Missing '--to <crs>'", command: "t")) {
      try Arguments([], options: required, command: "t")
    }
  }

  @Test("every value is checked against its kind while parsing, before any command runs")
  func kinds() {
    #expect(
      throws: CLIError.usage("The value '1e999' is invalid for '--y <y>': expected a finite number", command: "t")
    ) {
      try Arguments(["--y", "1e999"], options: options, command: "t")
    }
    #expect(
      throws: CLIError.usage(
        "The value '10' is invalid for '--count <n>': expected a whole number from 0 to 9", command: "t")
    ) {
      try Arguments(["--count=10", "--y", "nan"], options: options, command: "t")
    }
  }

  @Test("every declared option of every command is in its help, its usage or the completion, and parses")
  func declarations() throws {
    for command in CardMapTool.commands {
      let specs = command.specs
      #expect(Set(specs.map(\.name)).count == specs.count, "\(command.name): an option declared twice")
      let help = command.help
      let bash = try #require(Completion.script(for: "bash"))
      for spec in specs {
        #expect(help.contains("  \(spec.synopsis)"), "\(command.name): \(spec.synopsis) missing from help")
        #expect(bash.contains("--\(spec.name)"), "\(command.name): --\(spec.name) missing from completion")
        if spec.isRequired { #expect(command.usage.contains(spec.synopsis)) }
        // Each option is accepted by the parser on its own (a flag bare, an option with a value it accepts).
        let words = ["--\(spec.name)"] + (spec.value == nil ? [] : [Self.sample(for: spec)])
        let others = specs.filter { $0.isRequired && $0.name != spec.name }.flatMap {
          ["--\($0.name)", Self.sample(for: $0)]
        }
        let parsed = try Arguments(words + others, options: specs, command: command.name)
        #expect(parsed.givenNames.contains(spec.name))
      }
      // The groups are the command's own declarations (typed), each of two or more options.
      for group in command.exclusive + command.oneOf {
        #expect(group.count >= 2 && group.allSatisfy { spec in specs.contains { $0.name == spec.name } })
      }
    }
  }

  /// A value the option accepts: the first of some typical ones.
  static func sample(for spec: OptionSpec) -> String {
    let candidates = [
      "1", "390x844", "top=1", "1,2", "1,2,3,4", "0,0,10,10", "trailing:56", "27", "regular", "phone", "floating",
      "peaking", "toast", "top", "four", "EPSG:4326", "center", "globe", "left", "0:0,0.05:30",
    ]
    return candidates.first(where: spec.accepts) ?? "x"
  }

  @Test("JSON output refuses a non-finite number and names its path")
  func nonFinite() throws {
    let json = JSONValue.object([("camera", .object([("center", .array([.number(1), .number(.nan)]))]))])
    #expect(throws: CLIError.failure("internal error: no finite value for camera.center[1]; please report it")) {
      try json.output()
    }
    #expect(try JSONValue.object([("a", .number(1))]).output() == #"{"a":1}"#)
  }

  @Test("JSON output: numbers in the one format, strings quoted")
  func numbers() {
    #expect(JSONValue.array([.number(59), .number(-0.0), .number(392.5)]).jsonText == "[59,0,392.5]")
    #expect(JSONValue.object([("a", .string("x\"\n\u{1}"))]).jsonText == #"{"a":"x\"\n\u0001"}"#)
  }
}

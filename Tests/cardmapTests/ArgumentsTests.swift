import Testing

@testable import CardMapCLI

@Suite("Argument parsing and JSON output")
struct ArgumentsTests {
  let options: [OptionSpec] = [
    .option("y", "y", .number, ""), .flag("rtl", ""), .option("name", "n", .text, ""),
    .option("count", "n", .integer(0...9), ""),
  ]

  @Test("values, flags, positionals and --")
  func parse() throws {
    let args = try Arguments(
      ["file", "--y", "-3.5", "--rtl", "--name=a=b", "--", "--rtl"], options: options, command: "t")
    #expect(args.string("y") == "-3.5")
    #expect(try args.number("y") == -3.5)
    #expect(args.flag("rtl"))
    #expect(args.string("name") == "a=b")
    #expect(args.positionals == ["file", "--rtl"])
  }

  @Test("errors are usage errors naming the option")
  func errors() {
    #expect(throws: CLIError.usage("Unknown option '-x'", command: "t")) {
      try Arguments(["-x"], options: options, command: "t")
    }
    #expect(throws: CLIError.usage("Missing value for '--y <y>'", command: "t")) {
      try Arguments(["--y"], options: options, command: "t")
    }
    #expect(throws: CLIError.self) { try Arguments(["--y", "1e999"], options: options, command: "t").number("y") }
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

  @Test("JSON output refuses a non-finite number and names its path")
  func nonFinite() throws {
    let json = JSON.object([("camera", .object([("center", .array([.number(1), .number(.nan)]))]))])
    #expect(throws: CLIError.failure("internal error: no finite value for camera.center[1]; please report it")) {
      try json.output()
    }
    #expect(try JSON.object([("a", .number(1))]).output() == #"{"a":1}"#)
  }

  @Test("JSON numbers: whole numbers bare, others shortest round-trip")
  func numbers() {
    #expect(JSON.format(59) == "59")
    #expect(JSON.format(-0.0) == "0")
    #expect(JSON.format(392.5) == "392.5")
    #expect(JSON.format(0.1) == "0.1")
    #expect(JSON.format(1e-7) == "1e-07")
    #expect(JSON.object([("a", .string("x\"\n\u{1}"))]).rendered() == #"{"a":"x\"\n\u0001"}"#)
  }
}

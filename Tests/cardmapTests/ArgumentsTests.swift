import Testing

@testable import CardMapCLI

@Suite("Argument parsing and JSON output")
struct ArgumentsTests {
  let options: [OptionSpec] = [.option("y", "y", ""), .flag("rtl", ""), .option("name", "n", "")]

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

  @Test("JSON numbers: whole numbers bare, others shortest round-trip, non-finite as null")
  func numbers() {
    #expect(JSON.format(59) == "59")
    #expect(JSON.format(-0.0) == "0")
    #expect(JSON.format(392.5) == "392.5")
    #expect(JSON.format(0.1) == "0.1")
    #expect(JSON.format(1e-7) == "1e-07")
    #expect(JSON.format(.nan) == "null")
    #expect(JSON.object([("a", .string("x\"\n\u{1}"))]).rendered() == #"{"a":"x\"\n\u0001"}"#)
  }
}

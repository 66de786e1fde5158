// libFuzzer harness for the CLI's argument parser: NUL-separated words against a fixed option set
// give parsed arguments or a usage error, never a crash. Built by Tests/Fuzz/fuzz.sh.
let fuzzOptions: [OptionSpec] = [
  .option("viewport", "WxH", .text, ""), .option("y", "y", .number, ""), .flag("rtl", ""),
  .option("count", "n", .integer(0...100), ""), .option("style", "name", .choice(["a", "b"]), ""), .flag("quiet", ""),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let words = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  guard let arguments = try? Arguments(words, options: fuzzOptions, command: "fuzz") else { return 0 }
  _ = try? arguments.number("y")
  _ = try? arguments.integer("count", in: 0...100)
  _ = try? arguments.choice("style", ["a", "b"])
  _ = try? arguments.value("viewport", expected: "WxH") { text -> (Double, Double)? in
    let parts = text.split(separator: "x").compactMap { Double($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }
  _ = try? arguments.positionals(atMost: 2)
  return 0
}

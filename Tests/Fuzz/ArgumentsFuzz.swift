// libFuzzer harness for the CLI's argument parser: NUL-separated words against a fixed option set
// give parsed arguments or a usage error, never a crash. Built by Tests/Fuzz/fuzz.sh.
/// A fixed option set of every kind: text, number, integer in a range, choice, flags.
struct FuzzOptions: OptionGroup {
  let viewport = Option<String>.text("viewport", "WxH", "")
  let y = Option<Double>.number("y", "y", "")
  let rtl = Flag("rtl", "")
  let count = Option<Int>.integer("count", "n", 0...100, "")
  let style = Option<String>.choice("style", "name", ["a", "b"], "")
  let quiet = Flag("quiet", "")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let options = FuzzOptions()
  let words = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  guard let arguments = try? Arguments(words, options: options.specs, command: "fuzz") else { return 0 }
  _ = arguments[options.y]
  _ = arguments[options.count]
  _ = arguments[options.style]
  _ = arguments[options.viewport]
  _ = arguments[options.rtl]
  _ = try? arguments.positionals(atMost: 2)
  return 0
}

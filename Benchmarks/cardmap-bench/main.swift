// cardmap-bench: measures CardMap against the real alternatives in one run.
//
//   swift run -c release cardmap-bench [--json] [--filter SUBSTRING]
import CardMap

let arguments = CommandLine.arguments.dropFirst()
let wantsJSON = arguments.contains("--json")
let filter = arguments.firstIndex(of: "--filter").flatMap {
  arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}

var suites: [(String, () -> [Measurement])] = [
  ("layout", layoutBenchmarks)
]
var results: [Measurement] = []
for (name, run) in suites where filter.map({ name.contains($0) }) ?? true {
  results += run()
}
if wantsJSON { printJSON(results) } else { printTable(results) }

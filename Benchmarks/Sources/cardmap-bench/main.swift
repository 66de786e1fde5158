// cardmap-bench: measures CardMap against the real alternatives in one run.
//
//   swift run -c release cardmap-bench [--json] [--filter SUBSTRING] [--case FAMILY] [--points N]
//   CARDMAP_ISA=baseline|avx2|avx512 forces the kernels' instruction set (the JSON's "isa" says which ran).
import CardMap
import CardMapTestSupport  // the platform C library (getenv, exit), through PlatformMath

let arguments = Array(CommandLine.arguments.dropFirst())
let wantsJSON = arguments.contains("--json")
func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}
let filter = option("--filter")
/// `--case webmerc` (or utm, tmerc, lcc, stere, laea): only that family's projection cases.
let caseFilter = option("--case")
let points = option("--points").flatMap { Int($0) } ?? 10_000_000

// The projection suite measures the kernels against PROJ itself, called directly.
let suites: [(String, () -> [Measurement])] = [
  ("layout", layoutBenchmarks),
  ("projection", { projectionBenchmarks(points: points) }),
  ("geojson", geoJSONBenchmarks),
  ("camera", cameraBenchmarks),
  ("frame", frameBenchmarks),
]
var results: [Measurement] = []
for (name, run) in suites where filter.map({ name.contains($0) }) ?? true {
  results += run()
}
if wantsJSON { printJSON(results) } else { printTable(results) }
if !missingAnchors.isEmpty, let required = getenv("REQUIRE_ALL"), String(cString: required) == "1" {
  printNote("REQUIRE_ALL=1: \(missingAnchors.count) anchor(s) did not run, so the ratios above are incomplete")
  exit(1)
}

import CardMap
import CardMapTestSupport  // the platform C library, through PlatformMath

/// One measured case: `nsPerPoint` is nanoseconds per item (a point, a layout, a byte…).
struct Measurement {
  var name: String
  var items: Int
  var nsPerItem: Double
  /// Extra fields for `--json`, e.g. `maxErrorMeters`.
  var extra: [(String, Double)] = []
  /// The case this one is compared with in the table (`ratio = baseline / this`).
  var baseline: String?
}

/// Keeps a value alive so the optimiser cannot delete the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Monotonic nanoseconds.
func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `body` (which does `items` items of work) repeatedly and returns the best ns per item:
/// at least `rounds` rounds and at least `minimumSeconds` in all, after one warm-up round (unless
/// `warmUp` is false). `setup` runs before each round, untimed.
func measure(
  items: Int, rounds: Int = 5, minimumSeconds: Double = 0.3, warmUp: Bool = true, setup: () -> Void = {},
  _ body: () -> Void
) -> Double {
  if warmUp {
    setup()
    body()
  }
  var best = Double.infinity
  var total = 0.0
  var round = 0
  while round < rounds || total < minimumSeconds {
    setup()
    let start = now()
    body()
    let seconds = Double(now() - start) / 1e9
    total += seconds
    best = min(best, seconds * 1e9 / Double(items))
    round += 1
    if round > 10_000 { break }
  }
  return best
}

/// Prints measurements as an aligned table with ratios against their baselines.
func printTable(_ results: [Measurement]) {
  let nameWidth = max(results.map(\.name.count).max() ?? 0, 4)
  print("kernels in \(InstructionSet.active.rawValue) (this CPU: \(InstructionSet.detected.rawValue))")
  print("case".padding(nameWidth), "      items", "     ns/item", "  ratio")
  for result in results {
    var ratio = ""
    if let baseline = result.baseline, let base = results.first(where: { $0.name == baseline }) {
      ratio = String(format2: base.nsPerItem / result.nsPerItem) + "× vs " + baseline
    }
    let extra = result.extra.map { "\($0.0)=\(String(scientific: $0.1))" }.joined(separator: " ")
    print(
      result.name.padding(nameWidth), String(result.items).leftPadding(11),
      String(format2: result.nsPerItem).leftPadding(12), " ", ratio, extra)
  }
}

/// Prints measurements as a JSON array (`case`, `points`, `nsPerPoint`, extras).
func printJSON(_ results: [Measurement]) {
  let objects = results.map { result in
    var fields = [
      "\"case\":\"\(result.name)\"", "\"isa\":\"\(InstructionSet.active.rawValue)\"", "\"points\":\(result.items)",
      "\"nsPerPoint\":\(result.nsPerItem)",
    ]
    fields += result.extra.map { "\"\($0.0)\":\($0.1)" }
    return "{" + fields.joined(separator: ",") + "}"
  }
  print("[\n  " + objects.joined(separator: ",\n  ") + "\n]")
}

extension String {
  func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
  func leftPadding(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// Two decimals.
  init(format2 value: Double) {
    let scaled = (value * 100).rounded()
    let whole = Int(scaled / 100)
    let fraction = Int(abs(scaled).truncatingRemainder(dividingBy: 100))
    self = "\(value < 0 && whole == 0 ? "-" : "")\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Three significant digits in scientific notation.
  init(scientific value: Double) {
    guard value != 0, value.isFinite else {
      self = "\(value)"
      return
    }
    let exponent = Int(log10(abs(value)).rounded(.down))
    let mantissa = value / pow(10, Double(exponent))
    self = "\(String(format2: mantissa))e\(exponent)"
  }
}

/// A line on stderr about a case that could not run (stdout stays the table or the JSON).
/// The anchors (the real alternatives a row is compared with) that could not run.
nonisolated(unsafe) var missingAnchors: [String] = []

/// Says that an anchor could not run, so its rows print CardMap's figures alone; under CI
/// (`REQUIRE_ALL=1`, which `CI=true make` sets) the run then fails at its end, naming it.
func anchorMissing(_ message: String) {
  printNote(message)
  missingAnchors.append(message)
}

func printNote(_ message: String) {
  let line = Array("cardmap-bench: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

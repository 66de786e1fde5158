import PlatformMath

/// A progress line on stderr for long work: bytes, features and rate, redrawn in place at
/// most five times a second, and finished with a newline. Shown when stderr is a terminal (or with
/// `--progress`), never with `--quiet`; stdout is never touched.
///
/// Warnings go through it too: the line is cleared before each, and at a terminal, past the first
/// ten, they are only counted, `finish` saying how many more there were. Redirected (a log, a
/// script reading them), every warning is written.
struct Progress {
  private let enabled: Bool
  private let summarizesWarnings: Bool
  private let write: (String) -> Void
  private let clock: () -> Double
  private let start: Double
  private var lastDraw = -Double.infinity
  private(set) var bytes = 0
  private(set) var features = 0
  /// The length of the line on screen, to clear it.
  private var drawn = 0
  /// Every warning so far, shown or not.
  private(set) var warnings = 0
  /// Seconds between redraws.
  static let interval = 0.2
  /// Warnings shown in full; the rest are counted.
  static let shownWarnings = 10

  /// - Parameters:
  ///   - enabled: whether to draw at all.
  ///   - write: where the line goes (stderr).
  ///   - clock: seconds, monotonic (injectable for tests).
  ///   - summarizesWarnings: whether warnings past the first ten are only counted (at a terminal).
  init(
    enabled: Bool, write: @escaping (String) -> Void, clock: @escaping () -> Double = Progress.monotonicSeconds,
    summarizesWarnings: Bool = Progress.stderrIsTerminal
  ) {
    self.enabled = enabled
    self.summarizesWarnings = summarizesWarnings
    self.write = write
    self.clock = clock
    start = clock()
  }

  /// Whether progress shows by default: stderr is a terminal.
  static var stderrIsTerminal: Bool { isatty(2) == 1 }

  static func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Counts more work and redraws when the interval has passed.
  mutating func advance(bytes newBytes: Int = 0, features newFeatures: Int = 0) {
    bytes += newBytes
    features += newFeatures
    guard enabled else { return }
    let now = clock()
    if now - lastDraw >= Progress.interval {
      lastDraw = now
      let text = line(now: now)
      write(redrawn(text))
      drawn = max(drawn, text.count)
    }
  }

  /// Writes `warning: text` on a line of its own (the progress line cleared first and drawn again
  /// at the next advance), or, summarising, only counts it past the first ten.
  mutating func warn(_ text: String) {
    warnings += 1
    guard !summarizesWarnings || warnings <= Progress.shownWarnings else { return }
    if drawn > 0 { write("\r" + String(repeating: " ", count: drawn) + "\r") }
    drawn = 0
    lastDraw = -.infinity
    write("warning: \(text)\n")
  }

  /// Draws the final figures and ends the line, then says how many warnings were not shown.
  func finish() {
    if enabled { write(redrawn(line(now: clock())) + "\n") }
    if summarizesWarnings, warnings > Progress.shownWarnings {
      write("warning: \(warnings - Progress.shownWarnings) more warnings not shown (\(warnings) in all)\n")
    }
  }

  /// `text` over the line on screen: from its start, padded with spaces over what a longer line
  /// before left there.
  private func redrawn(_ text: String) -> String {
    "\r" + text + String(repeating: " ", count: max(drawn - text.count, 0))
  }

  func line(now: Double) -> String {
    let seconds = max(now - start, 1e-9)
    let megabytes = Double(bytes) / 1e6
    return "\(Progress.decimal(megabytes)) MB, \(features) features, \(Progress.decimal(megabytes / seconds)) MB/s"
  }

  static func decimal(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return "\(Int(tenths / 10)).\(Int(abs(tenths).truncatingRemainder(dividingBy: 10)))"
  }
}

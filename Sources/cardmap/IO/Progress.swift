import PlatformMath

/// A progress line on stderr for long work: bytes, features and rate, redrawn in place at
/// most five times a second, and finished with a newline. Shown when stderr is a terminal (or with
/// `--progress`), never with `--quiet`; stdout is never touched.
struct Progress {
  private let enabled: Bool
  private let write: (String) -> Void
  private let clock: () -> Double
  private let start: Double
  private var lastDraw = -Double.infinity
  private(set) var bytes = 0
  private(set) var features = 0
  /// Seconds between redraws.
  static let interval = 0.2

  /// - Parameters:
  ///   - enabled: whether to draw at all.
  ///   - write: where the line goes (stderr).
  ///   - clock: seconds, monotonic (injectable for tests).
  init(enabled: Bool, write: @escaping (String) -> Void, clock: @escaping () -> Double = Progress.monotonicSeconds) {
    self.enabled = enabled
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
      write("\r" + line(now: now))
    }
  }

  /// Draws the final figures and ends the line.
  func finish() {
    guard enabled else { return }
    write("\r" + line(now: clock()) + "\n")
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

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a large batch across the machine's cores (issue 6: ≥ 1.7× on 2 cores for ≥ 1M points).
enum ParallelBatch {
  /// Batches smaller than this run on the calling thread: splitting costs more than it saves.
  static let threshold = 1 << 16

  /// Online processors, at least 1.
  static let cores: Int = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)

  /// Runs `body` over slices of `0..<count` (multiples of 8 long, but the last) on all cores and
  /// returns the sum of what the slices return.
  static func run(count: Int, _ body: (Range<Int>) -> Int) -> Int {
    guard count >= threshold, cores > 1 else { return body(0..<count) }
    let slices = cores * 4
    let size = ((count + slices - 1) / slices + 7) / 8 * 8
    return withoutActuallyEscaping(body) { body in
      let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: slices)
      results.initialize(repeating: 0)
      defer { results.deallocate() }
      let box = UncheckedBox(body: body, results: results)
      DispatchQueue.concurrentPerform(iterations: slices) { slice in
        let start = slice * size
        guard start < count else { return }
        box.results[slice] = box.body(start..<min(start + size, count))
      }
      return results.reduce(0, +)
    }
  }

  /// Carries the slice body and the per-slice results into the worker threads. Sendable by
  /// construction: each worker writes only its own slot, and the body touches disjoint slices.
  private struct UncheckedBox: @unchecked Sendable {
    let body: (Range<Int>) -> Int
    let results: UnsafeMutableBufferPointer<Int>
  }
}

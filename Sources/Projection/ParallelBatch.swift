import Dispatch
import PlatformMath

/// Splits a large batch across the machine's cores (the aim: ≥ 1.7× on 2 cores for ≥ 1M points; `cardmap-bench` measures it).
enum ParallelBatch {
  /// Batches smaller than this run on the calling thread: splitting costs more than it saves.
  static let threshold = 1 << 16

  /// Points per slice: small enough that the threads finish together when one core is slowed (the
  /// last slice is the only imbalance), large enough that a slice's scheduling cost is lost in it.
  static let sliceSize = 1 << 15

  /// Runs `body` over slices of `0..<count` (`sliceSize` long, but the last) on up to `threads`
  /// threads, each taking the next slice as it finishes one, and returns the sum of what the slices
  /// return.
  static func run(count: Int, threads: Int, _ body: (Range<Int>) -> Int) -> Int {
    guard count >= threshold, threads > 1 else { return body(0..<count) }
    let size = sliceSize
    let slices = (count + size - 1) / size
    return withoutActuallyEscaping(body) { body in
      let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: slices)
      results.initialize(repeating: 0)
      defer { results.deallocate() }
      let box = UncheckedBox(body: body, results: results)
      @Sendable func run(_ slice: Int) {
        let start = slice * size
        box.results[slice] = box.body(start..<min(start + size, count))
      }
      if threads >= Processors.online {
        // Dispatch runs as many at once as there are cores, each taking the next slice.
        DispatchQueue.concurrentPerform(iterations: slices) { run($0) }
      } else {
        // Fewer threads than cores: each takes every `threads`-th slice.
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
          for slice in stride(from: worker, to: slices, by: threads) { run(slice) }
        }
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

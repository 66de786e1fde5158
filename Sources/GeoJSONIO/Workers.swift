#if canImport(Dispatch) && !hasFeature(Embedded)
  import Dispatch
  import PlatformMath
#endif

/// Work spread over threads, for the reader's pieces and the writer's groups of features.
enum Workers {
  /// `body` of each of `0..<count`, run on up to `threads` threads (in order on one): with as many
  /// threads as cores, each takes the next index as it finishes one (so that a core slowed by other
  /// work does less of it); with fewer, each takes every `threads`-th index.
  static func run<T>(count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
    let workers = min(threads, count)
    #if canImport(Dispatch) && !hasFeature(Embedded)
      if workers > 1 {
        return withoutActuallyEscaping(body) { body in
          let results = UnsafeMutablePointer<T>.allocate(capacity: count)
          defer {
            results.deinitialize(count: count)
            results.deallocate()
          }
          let box = UncheckedBox(body: body, results: results)
          if threads >= Processors.online {
            DispatchQueue.concurrentPerform(iterations: count) { index in
              (box.results + index).initialize(to: box.body(index))
            }
          } else {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
              for index in stride(from: worker, to: count, by: workers) {
                (box.results + index).initialize(to: box.body(index))
              }
            }
          }
          return Array(UnsafeBufferPointer(start: results, count: count))
        }
      }
    #endif
    return (0..<count).map(body)
  }

  /// `produce` of each of `0..<rounds`, handed to `consume` in order on the calling thread while
  /// the next round is produced on another: writing one round's text out overlaps making the next.
  static func pipeline<T: Sendable>(rounds: Int, _ produce: @escaping @Sendable (Int) -> T, consume: (T) -> Void) {
    guard rounds > 0 else { return }
    var current = produce(0)
    for round in 0..<rounds {
      #if canImport(Dispatch) && !hasFeature(Embedded)
        let next = NextRound<T>()
        let group = DispatchGroup()
        if round + 1 < rounds { DispatchQueue.global().async(group: group) { next.value = produce(round + 1) } }
        consume(current)
        group.wait()
        guard let value = next.value else { return }
        current = value
      #else
        consume(current)
        guard round + 1 < rounds else { return }
        current = produce(round + 1)
      #endif
    }
  }

  #if canImport(Dispatch) && !hasFeature(Embedded)
    /// The round made on another thread, read only after its group is waited for.
    private final class NextRound<T>: @unchecked Sendable {
      var value: T?
    }

    /// Carries the work and its results into the workers: each initialises only its own indices'
    /// slots, and what the work reads is not written while they run.
    private struct UncheckedBox<T>: @unchecked Sendable {
      let body: (Int) -> T
      let results: UnsafeMutablePointer<T>
    }
  #endif
}

import Foundation
import Testing

@testable import Projection

// These compare with PROJ itself: the PROJ build only (NeedsPROJTests says so without it).
#if PROJ
  /// Concurrency stress and resource life cycle.
  @Suite("Projection under stress")
  struct ReliabilityTests {
    static let pairs: [(String, String, Bool)] = [
      ("EPSG:4326", "EPSG:3857", false), ("EPSG:4326", "EPSG:3857", true), ("EPSG:4326", "EPSG:32633", false),
      ("EPSG:4326", "EPSG:32756", true), ("EPSG:4326", "EPSG:2154", false), ("EPSG:3857", "EPSG:4326", false),
    ]

    static func inputs(_ count: Int) -> ([Double], [Double]) {
      ((0..<count).map { Double($0 % 3571) / 10 - 178.5 }, (0..<count).map { Double($0 % 1693) / 10 - 84.6 })
    }

    @Test("many tasks with mixed pairs, kernels and PROJ, large batches: the results of one thread")
    func mixedTasks() async throws {
      let (lons, lats) = Self.inputs(150_000)
      var expected: [[Double]] = []
      for (source, target, exact) in Self.pairs {
        var xs = lons
        var ys = lats
        try Transformer(from: source, to: target, exact: exact).transform(x: &xs, y: &ys)
        expected.append(xs + ys)
      }
      let results = try await withThrowingTaskGroup(of: (Int, [Double]).self) { group in
        for task in 0..<24 {
          group.addTask {
            let index = task % Self.pairs.count
            let (source, target, exact) = Self.pairs[index]
            var xs = lons
            var ys = lats
            try Transformer(from: source, to: target, exact: exact).transform(x: &xs, y: &ys)
            return (index, xs + ys)
          }
        }
        var all: [(Int, [Double])] = []
        for try await result in group { all.append(result) }
        return all
      }
      #expect(results.count == 24)
      for (index, values) in results {
        #expect(values.elementsEqual(expected[index]) { $0 == $1 || ($0.isNaN && $1.isNaN) }, "pair \(index)")
      }
    }

    /// Weak references to the contexts the test's threads used, filled from those threads.
    final class Contexts: @unchecked Sendable {
      private let lock = NSLock()
      private var references: [() -> AnyObject?] = []

      func add(_ context: ThreadContext) {
        weak let weakContext = context
        lock.withLock { references.append { weakContext } }
      }

      var alive: Int { lock.withLock { references.filter { $0() != nil }.count } }
      var count: Int { lock.withLock { references.count } }
    }

    @Test("transformers made and dropped on many threads leave no PROJ context behind")
    func contextsAreFreed() throws {
      let contexts = Contexts()
      var threads: [Thread] = []
      for index in 0..<16 {
        let thread = Thread {
          for _ in 0..<5 {
            let pair = Self.pairs[index % Self.pairs.count]
            var xs: [Double] = [10, 20]
            var ys: [Double] = [45, -30]
            _ = try? Transformer(from: pair.0, to: pair.1, exact: true).transform(x: &xs, y: &ys)
            _ = try? Transformer(from: "EPSG:999999", to: "EPSG:3857")
          }
          if let context = try? ThreadContext.current() { contexts.add(context) }
        }
        threads.append(thread)
        thread.start()
      }
      // Each context is freed by its thread's key destructor as the thread exits.
      var waited = 0
      while (contexts.count < 16 || contexts.alive > 0) && waited < 120_000 {
        usleep(1000)
        waited += 1
      }
      #expect(contexts.count == 16)
      #expect(contexts.alive == 0, "\(contexts.alive) contexts left alive")
    }
  }
#endif

import CPUFeatures
import KernelsAVX2
import KernelsAVX512
import PlatformMath
import ProjectionKernels

/// The instruction sets the kernels are compiled for, one module each; the best one the CPU runs
/// is chosen once, at run time (<doc:Projections#Kernels>).
///
/// The environment variable `CARDMAP_ISA` (`baseline`, `avx2`, `avx512`) asks for one, for tests
/// and benchmarks; a set the CPU lacks is never run (the best it has runs instead), so `active`
/// says what really runs.
public enum InstructionSet: String, CaseIterable, Comparable, Sendable {
  /// What the whole build is compiled for (x86-64's SSE2 by default, or `-target-cpu`'s).
  case baseline
  /// AVX2 and FMA, as Haswell and Zen have them.
  case avx2
  /// AVX-512 F, CD, BW, DQ and VL, as Skylake-SP, Ice Lake and Zen 4 have them.
  case avx512

  /// The best set this CPU runs (always `baseline` off x86-64).
  public static let detected: InstructionSet = {
    #if arch(x86_64)
      switch cardmap_cpu_level() {
      case 2: return .avx512
      case 1: return .avx2
      default: return .baseline
      }
    #else
      return .baseline
    #endif
  }()

  /// The set the kernels run: `CARDMAP_ISA`'s when it names one the CPU runs, else `detected`.
  public static let active: InstructionSet = {
    guard let asked = getenv("CARDMAP_ISA").map({ String(cString: $0) }), let set = InstructionSet(rawValue: asked)
    else { return detected }
    return min(set, detected)
  }()

  /// The sets this CPU runs, each of which `run(_:forward:…)` can be asked for.
  public static var runnable: [InstructionSet] { allCases.filter { $0 <= detected } }

  public static func < (a: InstructionSet, b: InstructionSet) -> Bool { a.rank < b.rank }

  private var rank: Int {
    switch self {
    case .baseline: 0
    case .avx2: 1
    case .avx512: 2
    }
  }

  /// Runs `kernel` over `count` points in place on the calling thread, compiled for this set (one
  /// the CPU runs: see `runnable`; another runs as the best one it has); returns how many failed
  /// (now NaN).
  public func run(
    _ kernel: BatchKernel, forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
    count: Int
  ) -> Int {
    run(kernel, forward: forward, x: x, y: y, count: count) { index in
      x[index] = .nan
      y[index] = .nan
    }
  }

  /// `run`, with each point the kernel fails left as it was and handed to `failed` with its index
  /// (`BatchKernel.run(forward:x:y:count:failed:)`); returns how many were.
  public func run(
    _ kernel: BatchKernel, forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
    count: Int, failed: (Int) -> Void
  ) -> Int {
    #if arch(x86_64)
      switch min(self, Self.detected) {
      case .avx512: return AVX512Kernels.run(kernel, forward: forward, x: x, y: y, count: count, failed: failed)
      case .avx2: return AVX2Kernels.run(kernel, forward: forward, x: x, y: y, count: count, failed: failed)
      case .baseline: break
      }
    #endif
    return kernel.run(forward: forward, x: x, y: y, count: count, failed: failed)
  }
}

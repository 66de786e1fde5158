import ProjectionKernels

/// The batch kernels compiled for AVX2 and FMA (`-target-cpu haswell`), chosen at run time by
/// `InstructionSet.active` when the CPU has them (<doc:Kernels>). Only on x86-64; elsewhere this
/// module is empty.
public enum AVX2Kernels {
  #if arch(x86_64)
    /// `BatchKernel.run(forward:x:y:count:failed:)` in this instruction set.
    public static func run(
      _ kernel: BatchKernel, forward: Bool, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
      count: Int, failed: (Int) -> Void
    ) -> Int {
      kernel.runInlined(in: AVX2Kernels.self, forward: forward, x: x, y: y, count: count, failed: failed)
    }
  #endif
}

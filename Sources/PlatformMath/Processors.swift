// How many threads run at once: the default thread count of the reader, the kernels' batches and
// the command line's `--threads`. Not in WebAssembly, which has one thread and no `sysconf`.
#if !arch(wasm32)
  /// The machine's processors.
  public enum Processors {
    /// The processors online, at least 1.
    public static let online = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
  }
#endif

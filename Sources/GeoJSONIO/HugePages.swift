import PlatformMath

/// Large buffers backed by 2 MiB pages where the system offers them (Linux transparent huge pages,
/// which most distributions enable in `madvise` mode: only for memory that asks).
///
/// Filling fresh memory costs a page fault per page, and in a virtual machine a fault is dear: 30 MB
/// of positions in 4 KiB pages is 7 700 faults, a third of the time it takes to read them
/// (Benchmarks/README.md, *Why the code is as it is*). In 2 MiB pages it is fifteen. Elsewhere, and for buffers under 4 MiB, this is a plain
/// `reserveCapacity`.
enum HugePages {
  /// Below this, a buffer holds at most one whole 2 MiB page: not worth a system call.
  static let threshold = 4 << 20

  /// An empty array with room for `capacity` elements, its storage advised to use huge pages.
  static func emptyArray<Element: BitwiseCopyable>(capacity: Int) -> [Element] {
    var array = [Element]()
    guard capacity > 0 else { return array }
    #if os(Linux)  // MADV_HUGEPAGE is Linux's
      let bytes = capacity * MemoryLayout<Element>.stride
      if bytes >= threshold {
        return [Element](unsafeUninitializedCapacity: capacity) { buffer, initialized in
          if let base = buffer.baseAddress { advise(UnsafeMutableRawPointer(base), bytes: bytes) }
          initialized = 0
        }
      }
    #endif
    array.reserveCapacity(capacity)
    return array
  }

  /// Asks for huge pages over the whole pages inside `bytes` from `base`; a refusal (no THP, an
  /// old kernel) changes nothing, so its result is ignored.
  static func advise(_ base: UnsafeMutableRawPointer, bytes: Int) {
    #if os(Linux)
      let page = 4096
      let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
      let end = (Int(bitPattern: base) + bytes) & ~(page - 1)
      guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
  }
}

// Objects and arrays: members and elements handed to the reader, member names checked for duplicates.
/// Anything that reads through a `Scanner`: the scanner itself, and the GeoJSON parser, whose
/// member and element callbacks also need the rest of its state.
protocol ScannerOwner {
  var scanner: Scanner { get set }
}

extension Scanner: ScannerOwner {
  var scanner: Scanner {
    get { self }
    _modify { yield &self }
    set { self = newValue }
  }
}

extension ScannerOwner {
  /// Reads `{`, then calls `member` for each name with the scanner at its value, then `}`.
  /// Duplicate names are an error.
  mutating func readObject(_ member: (inout Self, String) throws(GeoJSONError) -> Void) throws(GeoJSONError) {
    try scanner.expect(UInt8(ascii: "{"), "'{' (an object)")
    try scanner.enter()
    defer { scanner.depth -= 1 }
    var seen = MemberNames()
    if scanner.peek() == UInt8(ascii: "}") {
      scanner.index += 1
      return
    }
    while true {
      scanner.skipWhitespace()
      guard scanner.index < scanner.count, scanner.base[scanner.index] == UInt8(ascii: "\"") else {
        throw scanner.expectationError("a member name in double quotes")
      }
      let nameStart = scanner.index
      let name = try scanner.readString()
      guard seen.insert(name) else { throw scanner.duplicateError(name, at: nameStart) }
      try scanner.expect(UInt8(ascii: ":"), "':' after a member name")
      scanner.path.append(.key(name))
      try member(&self, name)
      scanner.path.removeLast()
      if try scanner.readSeparator(closing: UInt8(ascii: "}"), "in an object") { return }
    }
  }

  /// Reads `[`, then calls `element` with each index with the scanner at the element, then `]`.
  mutating func readArray(_ element: (inout Self, Int) throws(GeoJSONError) -> Void) throws(GeoJSONError) {
    try scanner.expect(UInt8(ascii: "["), "'[' (an array)")
    try scanner.enter()
    defer { scanner.depth -= 1 }
    if scanner.peek() == UInt8(ascii: "]") {
      scanner.index += 1
      return
    }
    var i = 0
    while true {
      scanner.path.append(.index(i))
      try element(&self, i)
      scanner.path.removeLast()
      i += 1
      if try scanner.readSeparator(closing: UInt8(ascii: "]"), "in an array") { return }
    }
  }

}

/// The member names of one object seen so far, for the duplicate check: a short array while the
/// object is small (a Feature has four or five), and past that runs sorted by UTF-8 whose sizes halve
/// from the first (a new name is a run of one; two runs of a size merge), each searched by bisection:
/// an object with n members costs O(n log² n) time and O(n) memory rather than O(n²), with no hashing
/// (no hash table's code in the web engine, and no input that makes every name collide). Names are
/// the same when their UTF-8 is (RFC 8259 §8.3: code unit by code unit, as JavaScript and Python
/// compare them), not by `String`'s canonical equivalence, which in WebAssembly would link Unicode's
/// normalisation tables.
struct MemberNames {
  private var few: [String] = []
  private var runs: [[[UInt8]]] = []
  private static var arrayLimit: Int { 16 }

  /// Adds `name`; false when it was there already.
  mutating func insert(_ name: String) -> Bool {
    guard runs.isEmpty else { return insert(Array(name.utf8)) }
    if few.contains(where: { $0.utf8.elementsEqual(name.utf8) }) { return false }
    few.append(name)
    if few.count > Self.arrayLimit {
      for known in few { _ = insert(Array(known.utf8)) }
      few = []
    }
    return true
  }

  private mutating func insert(_ name: [UInt8]) -> Bool {
    for run in runs {
      var low = 0
      var high = run.count
      while low < high {
        let mid = (low + high) / 2
        if run[mid].lexicographicallyPrecedes(name) { low = mid + 1 } else { high = mid }
      }
      if low < run.count, run[low] == name { return false }
    }
    var merged = [name]
    while let last = runs.last, last.count <= merged.count {
      runs.removeLast()
      var joined: [[UInt8]] = []
      joined.reserveCapacity(last.count + merged.count)
      var (i, j) = (0, 0)
      while i < last.count || j < merged.count {
        if j == merged.count || (i < last.count && last[i].lexicographicallyPrecedes(merged[j])) {
          joined.append(last[i])
          i += 1
        } else {
          joined.append(merged[j])
          j += 1
        }
      }
      merged = joined
    }
    runs.append(merged)
    return true
  }
}

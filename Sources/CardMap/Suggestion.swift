/// The nearest of some names to a misspelled one, for "did you mean" in usage errors: by edit
/// distance (insertions, deletions, substitutions and swaps of two neighbours, each 1), and only
/// when close enough to be a slip: at most 1 edit for names up to 4 characters, 2 up to 8, 3 beyond.
public enum Suggestion {
  /// The nearest of `names` to `word`, or nil when none is close (ties go to the earlier name).
  public static func nearest(to word: String, among names: [String]) -> String? {
    let typed = folded(word)
    let allowed = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
    var best: (name: String, distance: Int)?
    for name in names {
      let distance = self.distance(typed, folded(name))
      if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
    }
    return best?.name
  }

  /// `" Did you mean '…'?"`, or nothing: the tail of an "Unknown …" message.
  public static func didYouMean(_ word: String, among names: [String], prefix: String = "") -> String {
    nearest(to: word, among: names).map { " Did you mean '\(prefix)\($0)'?" } ?? ""
  }

  /// `text`'s UTF-8 with ASCII letters in lower case (names are ASCII; no Unicode tables needed,
  /// which the WebAssembly engine would otherwise carry).
  static func folded(_ text: String) -> [UInt8] {
    text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  /// The optimal-string-alignment distance between `a` and `b`.
  public static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}

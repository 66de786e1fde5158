/// The largest rectangle of an area that a set of overlays leaves uncovered (<doc:OtherCardSystems>), and the
/// map insets that show it.
///
/// The overlays' edges cut the area into a grid of at most (2n + 1)² cells, each free or covered
/// (a 2D difference array marks them in O(n + cells)). Row by row, the free cells above each
/// column form a histogram, and a monotonic stack finds every maximal free rectangle whose bottom
/// is that row: O(n²) time and memory for n overlays, exact. On a tie of areas the leftmost
/// rectangle wins, then the narrowest, then the topmost.
///
/// ```swift
/// let free = Occlusion.largestUnobscuredRect(in: view, avoiding: [cardFrame, toastFrame])
/// let insets = Occlusion.insets(of: free, in: view)
/// ```
public enum Occlusion {
  /// The largest rectangle inside `area` that overlaps none of `overlays` (touching is allowed);
  /// `.zero` at the area's origin when nothing is left.
  public static func largestUnobscuredRect(in area: Rect, avoiding overlays: [Rect]) -> Rect {
    let blockers = overlays.compactMap { $0.intersection(area) }
    guard !blockers.isEmpty else { return area }
    let xs = distinctSorted([area.minX, area.maxX] + blockers.flatMap { [$0.minX, $0.maxX] })
    let ys = distinctSorted([area.minY, area.maxY] + blockers.flatMap { [$0.minY, $0.maxY] })
    let columns = xs.count - 1
    let rows = ys.count - 1
    // Covered cells: +1 at a blocker's top-left corner, −1 at its top-right and bottom-left, +1 at
    // its bottom-right, then prefix sums over the (rows + 1) × (columns + 1) corners.
    let stride = columns + 1
    var cover = [Int32](repeating: 0, count: (rows + 1) * stride)
    func index(_ values: [Double], _ value: Double) -> Int {
      var low = 0
      var high = values.count - 1
      while low < high {
        let mid = (low + high) / 2
        if values[mid] < value { low = mid + 1 } else { high = mid }
      }
      return low
    }
    for blocker in blockers {
      let (c0, c1) = (index(xs, blocker.minX), index(xs, blocker.maxX))
      let (r0, r1) = (index(ys, blocker.minY), index(ys, blocker.maxY))
      cover[r0 * stride + c0] += 1
      cover[r0 * stride + c1] -= 1
      cover[r1 * stride + c0] -= 1
      cover[r1 * stride + c1] += 1
    }
    for r in 0...rows {
      for c in 0...columns {
        var value = cover[r * stride + c]
        if r > 0 { value += cover[(r - 1) * stride + c] }
        if c > 0 { value += cover[r * stride + c - 1] }
        if r > 0 && c > 0 { value -= cover[(r - 1) * stride + c - 1] }
        cover[r * stride + c] = value
      }
    }
    var best = Rect(x: area.minX, y: area.minY, width: 0, height: 0)
    var bestArea = 0.0
    func consider(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) {
      let candidate = (x1 - x0) * (y1 - y0)
      guard candidate >= bestArea, candidate > 0 else { return }
      if candidate == bestArea {
        guard (x0, x1, y0) < (best.minX, best.maxX, best.minY) else { return }
      }
      bestArea = candidate
      best = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    // top[c]: the first row of the free run that ends at the current row in column c.
    var top = [Int](repeating: 0, count: columns)
    var stack: [Int] = []
    for r in 0..<rows {
      for c in 0..<columns where cover[r * stride + c] > 0 { top[c] = r + 1 }
      let bottom = ys[r + 1]
      // Bars are taller the smaller their top; a bar ends the spans of the taller ones before it.
      stack.removeAll(keepingCapacity: true)
      for c in 0...columns {
        let barTop = c < columns ? top[c] : rows + 1
        while let last = stack.last, top[last] <= barTop {
          stack.removeLast()
          if top[last] <= r {
            let left = stack.last.map { $0 + 1 } ?? 0
            consider(xs[left], xs[c], ys[top[last]], bottom)
          }
        }
        stack.append(c)
      }
    }
    return best
  }

  /// Insets from a view `view` wide and high that leave exactly `rect` (absolute, as map insets).
  public static func insets(of rect: Rect, in view: Rect) -> Insets {
    Insets(
      top: rect.minY - view.minY, left: rect.minX - view.minX, bottom: view.maxY - rect.maxY,
      right: view.maxX - rect.maxX)
  }

  /// `values` in increasing order, each once (sorted, then equal neighbours dropped: no hashing,
  /// which would link a hash table's code into the web engine for this alone).
  static func distinctSorted(_ values: [Double]) -> [Double] {
    var result: [Double] = []
    for value in values.sorted() where result.last != value { result.append(value) }
    return result
  }
}

/// The largest rectangle of an area that a set of overlays leaves uncovered (SPEC §13), and the
/// map insets that show it.
///
/// Every maximal empty rectangle has its left and right sides on the area's sides or on an
/// overlay's side, so the search tries each such pair of x-bounds and, in that column, the tallest
/// gap between the overlays that cross it: O(n² · n log n) for n overlays, exact. On a tie of areas
/// the first found wins (leftmost column, then the topmost gap).
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
    var xs = [area.minX, area.maxX]
    for blocker in blockers {
      xs.append(blocker.minX)
      xs.append(blocker.maxX)
    }
    xs = Array(Set(xs)).sorted()
    var best = Rect(x: area.minX, y: area.minY, width: 0, height: 0)
    for i in 0..<xs.count {
      for j in (i + 1)..<xs.count {
        let (x0, x1) = (xs[i], xs[j])
        guard (x1 - x0) * area.height > best.area else { continue }
        // Overlays crossing the open column (x0, x1), by their top edge.
        let crossing = blockers.filter { $0.minX < x1 && $0.maxX > x0 }.sorted { $0.minY < $1.minY }
        var top = area.minY
        var gaps: [(Double, Double)] = []
        for blocker in crossing {
          if blocker.minY > top { gaps.append((top, blocker.minY)) }
          top = max(top, blocker.maxY)
        }
        if area.maxY > top { gaps.append((top, area.maxY)) }
        for (y0, y1) in gaps where (x1 - x0) * (y1 - y0) > best.area {
          best = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
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

  /// Map insets for a TG card layout plus other overlays (a toast, a banner, map buttons): the
  /// largest part of the layout's visible rect that the overlays leave (SPEC §13; §5 as it is).
  public static func mapInsets(
    layout: ScreenLayout, overlays: [Rect], viewWidth: Double, viewHeight: Double
  ) -> Insets {
    let view = Rect(x: 0, y: 0, width: viewWidth, height: viewHeight)
    let free = largestUnobscuredRect(in: layout.visibleRect, avoiding: overlays)
    return insets(of: free, in: view)
  }
}

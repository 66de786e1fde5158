/// A rect of fixed screen size attached to a selected coordinate: a callout, a popup, a label
/// (<doc:MovingCameras#Keeping-a-selection-clear>).
public struct Callout: Hashable, Sendable {
  /// The callout's size in points.
  public var width, height: Double
  /// The callout's top-left corner from the point where the selection shows, in points.
  public var offsetX, offsetY: Double

  /// A callout whose top-left lies (`offsetX`, `offsetY`) from the selection's point.
  public init(width: Double, height: Double, offsetX: Double, offsetY: Double) {
    self.width = width
    self.height = height
    self.offsetX = offsetX
    self.offsetY = offsetY
  }

  /// A callout centred above the selection, its bottom edge at the selection's point (MapKit's and
  /// MapLibre's popups by default).
  public init(width: Double, height: Double) {
    self.init(width: width, height: height, offsetX: -width / 2, offsetY: -height)
  }

  /// Where the callout shows when the selection shows at (`x`, `y`).
  public func rect(atX x: Double, y: Double) -> Rect {
    Rect(x: x + offsetX, y: y + offsetY, width: width, height: height)
  }
}

/// The camera that keeps a selection's callout clear, and how far the selection moved on screen
/// (<doc:MovingCameras#Keeping-a-selection-clear>).
public struct ClearedSelection: Hashable, Sendable {
  /// The camera: the given one when the callout was already clear.
  public var camera: Camera
  /// How far the selection moves on screen, in points (0, 0 when already clear).
  public var moveX, moveY: Double
  /// The zoom was raised: the client's world clamp would have undone the pan at the given zoom (a
  /// selection near a pole); the selection shows where the pan put it.
  public var zoomed: Bool
  /// Where the callout shows at `camera`.
  public var callout: Rect

  /// Whether the camera did not move.
  public var alreadyClear: Bool { moveX == 0 && moveY == 0 && !zoomed }
}

extension ScreenProjection {
  /// The least camera move that shows `callout` at `selection` whole inside the visible rect (or
  /// `room`, a rect of the view, when given: the card's visible rect when the padding avoids more)
  /// and clear of `obstacles` (map buttons, a floating toolbar, an info view), or no move when it already
  /// is (<doc:MovingCameras#Keeping-a-selection-clear>).
  ///
  /// The move is the shortest screen translation `t` of the selection: the callout's rect `R + t`
  /// must lie in the visible rect `V` (a box of `t`) and touch no obstacle `O` with a positive area
  /// (each rules out the open box `(O.minX − R.maxX, O.maxX − R.minX) × (O.minY − R.maxY,
  /// O.maxY − R.minY)`). What is left is a union of closed cells of the grid of those boxes' edges,
  /// and the point of a closed box nearest 0 takes each coordinate from 0 or an edge, so the least
  /// `t` is among the grid's points. The zoom stays, unless the client's world clamp would move the
  /// camera back (a selection near a pole): then it grows to the least zoom, up to `maxZoom`, that
  /// keeps it, the selection at the same place on screen.
  ///
  /// - Throws: `FitError.noRoom` when no place in the visible rect holds the callout clear, or the
  ///   world's edge keeps the selection from getting there by `maxZoom`; `.invalidInput` when the
  ///   selection shows nowhere (behind a pitched camera) or the callout's numbers are not finite.
  /// - Complexity: O(n³) in the obstacles, a few of them: well under a microsecond.
  public func keepingClear(
    _ selection: Coordinate, callout: Callout, avoiding obstacles: [Rect], within room: Rect? = nil,
    maxZoom: Double = FitOptions.defaultMaxZoom
  ) throws(FitError) -> ClearedSelection {
    for value in [callout.width, callout.height, callout.offsetX, callout.offsetY] where !value.isFinite {
      throw .invalidInput("callout \(callout.width)×\(callout.height) at \(callout.offsetX), \(callout.offsetY)")
    }
    guard callout.width >= 0, callout.height >= 0 else { throw .invalidInput("callout size below 0") }
    guard let point = point(of: selection) else { throw .invalidInput("the selection \(selection) shows nowhere") }
    let r = callout.rect(atX: point.x, y: point.y)
    let visible =
      room.map { (minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) }
      ?? (minX: insets.left, minY: insets.top, maxX: width - insets.right, maxY: height - insets.bottom)
    let low = (x: visible.minX - r.minX, y: visible.minY - r.minY)
    let high = (x: visible.maxX - r.maxX, y: visible.maxY - r.maxY)
    guard low.x <= high.x + 1e-9, low.y <= high.y + 1e-9 else {
      throw .noRoom(
        "a callout \(callout.width)×\(callout.height) pt is larger than the visible rect "
          + "\(visible.maxX - visible.minX)×\(visible.maxY - visible.minY) pt")
    }
    let blocked = obstacles.filter { !$0.isEmpty }.map { o in
      (minX: o.minX - r.maxX, maxX: o.maxX - r.minX, minY: o.minY - r.maxY, maxY: o.maxY - r.minY)
    }
    func clear(_ x: Double, _ y: Double) -> Bool {
      let eps = 1e-9
      for b in blocked where x > b.minX + eps && x < b.maxX - eps && y > b.minY + eps && y < b.maxY - eps {
        return false
      }
      return true
    }
    var best: (x: Double, y: Double)?
    if low.x <= 0, 0 <= high.x, low.y <= 0, 0 <= high.y, clear(0, 0) {
      best = (0, 0)
    } else {
      let xs = ([0, low.x, high.x] + blocked.flatMap { [$0.minX, $0.maxX] }).map { min(max($0, low.x), high.x) }
      let ys = ([0, low.y, high.y] + blocked.flatMap { [$0.minY, $0.maxY] }).map { min(max($0, low.y), high.y) }
      var least = Double.infinity
      for x in xs {
        for y in ys where x * x + y * y < least && clear(x, y) {
          least = x * x + y * y
          best = (x, y)
        }
      }
    }
    guard let move = best else {
      throw .noRoom(
        "no place in the visible rect holds a \(callout.width)×\(callout.height) pt callout clear of the overlays")
    }
    let target = (x: point.x + move.x, y: point.y + move.y)
    let shown = callout.rect(atX: target.x, y: target.y)
    if move.x == 0, move.y == 0 {
      return ClearedSelection(camera: camera, moveX: 0, moveY: 0, zoomed: false, callout: shown)
    }
    func placed(zoom: Double) -> Camera? {
      var at = camera
      at.zoom = zoom
      return ScreenProjection(width: width, height: height, insets: insets, camera: at)
        .camera(placing: selection, atX: target.x, y: target.y)
    }
    guard let moved = placed(zoom: camera.zoom) else {
      throw .noRoom("the place that clears the callout lies above the horizon")
    }
    if isKept(moved) {
      return ClearedSelection(camera: moved, moveX: move.x, moveY: move.y, zoomed: false, callout: shown)
    }
    // The client would move the camera back: the least zoom that keeps it (kept zooms form a ray).
    guard let top = placed(zoom: maxZoom), isKept(top) else {
      throw .noRoom("the world's edge keeps the selection \(selection) from moving clear by zoom \(maxZoom)")
    }
    var (lower, upper) = (camera.zoom, maxZoom)
    for _ in 0..<60 where upper - lower > 1e-9 {
      let middle = (lower + upper) / 2
      if let candidate = placed(zoom: middle), isKept(candidate) { upper = middle } else { lower = middle }
    }
    let raised = placed(zoom: upper) ?? top
    return ClearedSelection(camera: raised, moveX: move.x, moveY: move.y, zoomed: true, callout: shown)
  }
}

import JSONValues

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

  /// The screen side of keeping a selection clear, whatever the projection: the least translation
  /// of the selection's point `point` that shows `callout` whole inside `room` and clear of
  /// `obstacles` (`ScreenProjection.keepingClear`), where the selection then shows, and the
  /// callout's rect there.
  ///
  /// - Throws: `FitError.invalidInput` for a callout whose numbers are not finite or below 0;
  ///   `.noRoom` when no place in the room holds the callout clear.
  static func move(
    _ point: (x: Double, y: Double), callout: Callout, within room: Rect, avoiding obstacles: [Rect]
  ) throws(FitError) -> (move: (x: Double, y: Double), target: (x: Double, y: Double), shown: Rect) {
    guard callout.width.isFinite, callout.height.isFinite, callout.offsetX.isFinite, callout.offsetY.isFinite else {
      throw .invalidInput("callout \(callout.width)×\(callout.height) at \(callout.offsetX), \(callout.offsetY)")
    }
    guard callout.width >= 0, callout.height >= 0 else { throw .invalidInput("callout size below 0") }
    let r = callout.rect(atX: point.x, y: point.y)
    let low = (x: room.minX - r.minX, y: room.minY - r.minY)
    let high = (x: room.maxX - r.maxX, y: room.maxY - r.maxY)
    guard low.x <= high.x + 1e-9, low.y <= high.y + 1e-9 else {
      throw .noRoom(
        "a callout \(callout.width)×\(callout.height) pt is larger than the visible rect "
          + "\(room.maxX - room.minX)×\(room.maxY - room.minY) pt")
    }
    guard let move = ScreenProjection.leastMove(of: r, low: low, high: high, avoiding: obstacles) else {
      throw .noRoom(
        "no place in the visible rect holds a \(callout.width)×\(callout.height) pt callout clear of the overlays")
    }
    let target = (x: point.x + move.x, y: point.y + move.y)
    return (move, target, callout.rect(atX: target.x, y: target.y))
  }
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
  /// - Throws: `FitError.unsupported` for a camera drawn as a globe (`GlobeProjection`'s, through
  ///   `MapTransform.keepingClear`); `.noRoom` when no place in the visible rect holds the callout
  ///   clear, or the world's edge keeps the selection from getting there by `maxZoom`;
  ///   `.invalidInput` when the selection shows nowhere (behind a pitched camera) or the callout's
  ///   numbers are not finite.
  /// - Complexity: O(n³) in the obstacles, a few of them: well under a microsecond.
  public func keepingClear(
    _ selection: Coordinate, callout: Callout, avoiding obstacles: [Rect], within room: Rect? = nil,
    maxZoom: Double = FitOptions.defaultMaxZoom
  ) throws(FitError) -> ClearedSelection {
    guard camera.drawnProjection == .mercator else {
      throw .unsupported("a selection kept clear on the globe is GlobeProjection's (MapTransform.keepingClear)")
    }
    guard let point = point(of: selection) else { throw .invalidInput("the selection \(selection) shows nowhere") }
    let (move, target, shown) = try ClearedSelection.move(
      point, callout: callout, within: room ?? insets.rect(inWidth: width, height: height), avoiding: obstacles)
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

  /// The shortest translation `t` in the box `low…high` that moves `r` clear of every obstacle
  /// (touching allowed), or nil: 0 when it is clear, else the nearest clear point of the grid of
  /// the blocked boxes' edges (`keepingClear`). The boxes and the grid live on the stack.
  static func leastMove(
    of r: Rect, low: (x: Double, y: Double), high: (x: Double, y: Double), avoiding obstacles: [Rect]
  ) -> (x: Double, y: Double)? {
    // Per obstacle, the open box of translations that overlap it: minX, maxX, minY, maxY.
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 8 * obstacles.count + 6) { space in
      var filled = 0
      for o in obstacles where !o.isEmpty {
        space[4 * filled] = o.minX - r.maxX
        space[4 * filled + 1] = o.maxX - r.minX
        space[4 * filled + 2] = o.minY - r.maxY
        space[4 * filled + 3] = o.maxY - r.minY
        filled += 1
      }
      let count = filled
      func clear(_ x: Double, _ y: Double) -> Bool {
        let eps = 1e-9
        for i in 0..<count
        where x > space[4 * i] + eps && x < space[4 * i + 1] - eps && y > space[4 * i + 2] + eps
          && y < space[4 * i + 3] - eps
        {
          return false
        }
        return true
      }
      if low.x <= 0, 0 <= high.x, low.y <= 0, 0 <= high.y, clear(0, 0) { return (0, 0) }
      // The grid: 0, the box's edges and the blocked boxes' edges, each clamped into the box.
      let xs = 4 * count
      let ys = xs + 2 * count + 3
      func fill(_ offset: Int, axis: Int, _ lo: Double, _ hi: Double) {
        space[offset] = min(max(0, lo), hi)
        space[offset + 1] = lo
        space[offset + 2] = hi
        for i in 0..<count {
          space[offset + 3 + 2 * i] = min(max(space[4 * i + axis], lo), hi)
          space[offset + 4 + 2 * i] = min(max(space[4 * i + axis + 1], lo), hi)
        }
      }
      fill(xs, axis: 0, low.x, high.x)
      fill(ys, axis: 2, low.y, high.y)
      var least = Double.infinity
      var best: (x: Double, y: Double)?
      for i in 0..<(2 * count + 3) {
        let x = space[xs + i]
        for j in 0..<(2 * count + 3) {
          let y = space[ys + j]
          if x * x + y * y < least, clear(x, y) {
            least = x * x + y * y
            best = (x, y)
          }
        }
      }
      return best
    }
  }
}

extension GlobeProjection {
  /// The least camera move that keeps a selection's callout clear on the globe
  /// (<doc:MovingCameras#Keeping-a-selection-clear>): the same least screen translation of the
  /// selection as on the flat map (`ClearedSelection.move`), made by moving the focus on the sphere
  /// until the selection shows there (`GlobeView.placing`), zoom, bearing and projection unchanged.
  ///
  /// - Throws: `FitError.noRoom` when no place in the room holds the callout clear, or the place
  ///   lies past the limb of a globe that small; `.invalidInput` when the selection lies on the far
  ///   side or the callout's numbers are not finite.
  public func keepingClear(
    _ selection: Coordinate, callout: Callout, avoiding obstacles: [Rect], within room: Rect? = nil
  ) throws(FitError) -> ClearedSelection {
    guard let point = point(of: selection) else {
      throw .invalidInput("the selection \(selection) lies on the far side of the globe")
    }
    let (move, target, shown) = try ClearedSelection.move(
      point, callout: callout, within: room ?? visibleRect, avoiding: obstacles)
    if move.x == 0, move.y == 0 {
      return ClearedSelection(camera: camera, moveX: 0, moveY: 0, zoomed: false, callout: shown)
    }
    guard let cleared = MapTransform.globe(self).camera(placing: selection, atX: target.x, y: target.y) else {
      throw .noRoom("the place that clears the callout lies past the globe's limb")
    }
    return ClearedSelection(camera: cleared, moveX: move.x, moveY: move.y, zoomed: false, callout: shown)
  }
}

import JSONValues
import PlatformMath

/// What every fit shares, taken once from a `CameraFit` (<doc:CameraFitting>): the view, its padding
/// and the options; the content rect (the visible rect less the margins and the fit's `padding`), as
/// offsets from the visible rect's centre (the centre of perspective, where the focus shows), and the
/// bearing's rotation; and the rules every projection's fit follows alike: the zoom's clamp then
/// snap, the world's bands, the camera placed on a focus, `cut`, and no NaN.
struct FitFrame {
  let width, height: Double
  let insets: Insets
  let options: FitOptions
  /// The content rect's edges, in points from the centre of perspective (right and down positive):
  /// the visible rect less the margins (`margin + markerRadius`) and `options.padding`. Without a
  /// padding it is centred (`left == -right`); with one it may even leave the centre outside.
  let left, right, top, bottom: Double
  /// The visible rect's centre, in view points.
  let principalX, principalY: Double
  /// The bearing in (−180, 180], and its cos and sin.
  let bearing, cosB, sinB: Double

  /// - Throws: `FitError.noVisibleArea` when the margins and padding leave no width or height.
  init(_ fit: CameraFit) throws(FitError) {
    (width, height, insets, options) = (fit.width, fit.height, fit.insets, fit.options)
    let visible = insets.rect(inWidth: width, height: height)
    let keep = options.margin + options.markerRadius
    let padding = options.padding
    (left, right) = (-visible.width / 2 + keep + padding.left, visible.width / 2 - keep - padding.right)
    (top, bottom) = (-visible.height / 2 + keep + padding.top, visible.height / 2 - keep - padding.bottom)
    guard right > left, bottom > top else { throw .noVisibleArea }
    (principalX, principalY) = (visible.midX, visible.midY)
    bearing = options.normalizedBearing
    let radians = bearing * Double.pi / 180
    (cosB, sinB) = (cos(radians), sin(radians))
  }

  /// Half the content rect's width and height.
  var halfWidth: Double { (right - left) / 2 }
  var halfHeight: Double { (bottom - top) / 2 }
  /// The content rect's centre, in points from the centre of perspective: where a flat fit centres
  /// the content (0 without a padding).
  var contentCentre: (x: Double, y: Double) { ((left + right) / 2, (top + bottom) / 2) }

  /// A screen vector (x right, y down) in world axes (x east, y south) at this bearing.
  func screenToWorld(_ sx: Double, _ sy: Double) -> (Double, Double) {
    (sx * cosB - sy * sinB, sx * sinB + sy * cosB)
  }

  /// The zoom a fit takes for the largest zoom that shows the content (`nil`: a single point, which
  /// fits at `pointZoom`, else `maxZoom`): at most `maxZoom`, at least `minZoom`, then snapped down
  /// to `zoomSnap` but not below `minZoom` (<doc:CameraFitting>).
  func clamped(_ largest: Double?) -> Double {
    let zoom = max(min(largest ?? options.pointZoom ?? options.maxZoom, options.maxZoom), options.minZoom)
    return max(snapped(zoom, .down), options.minZoom)
  }

  /// `zoom` on a multiple of `zoomSnap`, rounded by `rule`; unchanged without a snap, or for a snap so
  /// small that `zoom / zoomSnap` overflows.
  func snapped(_ zoom: Double, _ rule: FloatingPointRoundingRule) -> Double {
    guard options.zoomSnap > 0, case let steps = (zoom / options.zoomSnap).rounded(rule), steps.isFinite else {
      return zoom
    }
    return steps * options.zoomSnap
  }

  /// How close to the world's north and south edges the focus may come, in points, for a client to
  /// keep the camera (<doc:CameraFitting#World-bounds>): within `[north, S − south]` of a world `S`
  /// points tall. The client keeps a centre within `[H/2, S − H/2]`; with `bothForms` (a flat camera,
  /// given as `focus` with padding or as `center` without) the `center` form's centre lies the
  /// visible rect's offset from the view's middle away from the focus, so the tighter bound holds on
  /// each side. A hair inside, so that a latitude's round trip cannot put a form outside.
  func worldBands(zoom: Double, bothForms: Bool) -> (north: Double, south: Double) {
    let offsetY = bothForms ? screenToWorld((insets.left - insets.right) / 2, (insets.top - insets.bottom) / 2).1 : 0
    let hair = max(1e-6, WebMercator.worldSize(zoom: zoom) * 1e-13)
    return (height / 2 + max(0, offsetY) + hair, height / 2 - min(0, offsetY) + hair)
  }

  /// The Web Mercator camera whose focus, at unit (`focusX`, `focusY`), shows at the visible rect's
  /// centre at `zoom`, at this bearing: its `center` the ground under the view's centre, so flat the
  /// visible rect's offset turned into the world, and tilted (`view`, the fit's perspective) the
  /// ground under it (the focus when that lies at or above the horizon), as
  /// `ScreenProjection.camera(focusX:focusY:)` gives it.
  func camera(focusX: Double, focusY: Double, zoom: Double, view: Perspective? = nil) -> Camera {
    var offset: (u: Double, v: Double)? = ((insets.right - insets.left) / 2, (insets.bottom - insets.top) / 2)
    if let view { offset = view.unproject(x: width / 2 - principalX, y: height / 2 - principalY) }
    let world = WebMercator.worldSize(zoom: zoom)
    let (wx, wy) = offset.map { screenToWorld($0.u, $0.v) } ?? (0, 0)
    return Camera(
      centerX: focusX + wx / world, centerY: focusY + wy / world, focusX: focusX, focusY: focusY, zoom: zoom,
      bearing: bearing, pitch: view?.pitch ?? 0)
  }

  /// The directions in which the unit Mercator box `[x0, x1] × [y0, y1]` lies beyond the visible rect
  /// (less the fit's `padding`) at `camera`: its transform's `cut` (<doc:CameraFitting#One-camera>) in the world copy that the
  /// fit placed with its focus at unit x `focusX` (moved by the whole turns that normalising the
  /// focus's longitude took), and in the copy around the focus when that is another: a pitched or
  /// world-clamped fit of content nearly a world wide can place its focus outside the content's copy
  /// (Antarctica), and the client draws every copy, so what either puts past a side is cut.
  func cut(x0: Double, x1: Double, y0: Double, y1: Double, focusX: Double, at camera: Camera) -> [ContentEdge] {
    let screen = ScreenProjection(width: width, height: height, insets: insets, camera: camera)
    let x = WebMercator.x(lon: camera.focus.lon)
    let fitted = (x - focusX).rounded()
    let around = (x - (x0 + x1) / 2).rounded()
    let padding = options.padding
    let edges = screen.cut(x0: x0 + fitted, x1: x1 + fitted, y0: y0, y1: y1, within: padding)
    guard around != fitted else { return ContentEdge.allCases.filter(edges.contains) }
    let more = screen.cut(x0: x0 + around, x1: x1 + around, y0: y0, y1: y1, within: padding)
    return ContentEdge.allCases.filter { edges.contains($0) || more.contains($0) }
  }

  /// The last guard of "never NaN": a case the checks missed is an error, not a camera.
  static func checkFinite(_ camera: Camera) throws(FitError) {
    for value in [camera.center.lon, camera.center.lat, camera.focus.lon, camera.focus.lat, camera.zoom]
    where !value.isFinite {
      throw .invalidInput("no finite camera for these inputs (zoom \(camera.zoom))")
    }
  }
}

/// A projection's fit (<doc:CameraFitting#One-camera>): the camera that shows a box in the frame's
/// visible rect, placed so that the client keeps it, with what it then cuts. `CameraFit` chooses one
/// by the projection and pitch, once: `FlatFit`, `PitchedFit` (Web Mercator) or `GlobeFit`.
protocol ProjectionFit {
  var frame: FitFrame { get }
  /// The placement for the box from unit Mercator x `x0` to `x1` (east unwrapped past west) and
  /// latitudes `south`…`north`.
  func placement(x0: Double, x1: Double, south: Double, north: Double) throws(FitError) -> CameraPlacement
}

import PlatformMath

/// The fit of a pitched camera (<doc:CameraFitting#Pitch>): the largest zoom, and the focus, at which
/// every corner of the content's box projects inside the visible rect through MapLibre's perspective
/// (`Perspective`), the centre of perspective at the visible rect's centre.
///
/// In screen-aligned world points at world size `S` (the box's corners at `(S·aᵢ, S·bᵢ)`, the focus
/// at `(A, B)`), a corner shows inside when `vᵢ = S·bᵢ − B` lies within `[v₋, v₊]` (the ground the
/// visible rect's top and bottom edges see) and `uᵢ = S·aᵢ − A` within `±R·(1 − vᵢ·sin p / d)`
/// (`R` half the visible width). Every condition is linear in `A`, `B` and `S`, and sliding the
/// content away (larger `B`) only narrows it, so the largest `S` is the least of two closed forms:
/// the content's depth against `v₊ − v₋`, and its width with the content as far away as the top
/// edge allows. The focus then centres the content's projection in the visible rect, vertically
/// (a quadratic) and then horizontally (Newton's steps on the extreme corners).
struct PitchedFit: ProjectionFit {
  let frame: FitFrame

  /// The four corners of a box in the screen-aligned unit frame at this bearing: `a` right, `b`
  /// down, one lane a corner (no allocation: the fit stays under a microsecond).
  func screenAligned(x0: Double, x1: Double, y0: Double, y1: Double) -> Corners {
    let (cosB, sinB) = (frame.cosB, frame.sinB)
    let x = SIMD4(x0, x1, x1, x0)
    let y = SIMD4(y0, y0, y1, y1)
    return Corners(a: x * cosB + y * sinB, b: y * cosB - x * sinB)
  }

  /// A box's corners, screen-aligned: lane `i` is corner `i` (north-west, north-east, south-east,
  /// south-west).
  struct Corners {
    var a: SIMD4<Double>
    var b: SIMD4<Double>
  }

  /// The ground depths `[v₋, v₊]` that the visible rect's top and bottom edges see.
  ///
  /// - Throws: `FitError.invalidInput` when the top edge reaches the horizon: nothing on the ground
  ///   shows there, and the content could be slid towards the horizon at any zoom. The message
  ///   names the greatest pitch these insets allow.
  func groundDepths(_ view: Perspective, top: Double, bottom: Double) throws(FitError) -> (Double, Double) {
    let (s, c) = view.tilt
    let d = view.distance
    guard d * c + top * s > 0 else {
      let most = (atan(d / -top) * 180 / Double.pi * 10).rounded(.down) / 10
      throw .invalidInput(
        "pitch \(frame.options.pitch)°: the visible rect reaches the horizon (at most \(most)° with these insets)")
    }
    return (top * d / (d * c + top * s), bottom * d / (d * c + bottom * s))
  }

  /// The placement of a pitched camera: the fit's zoom and focus, kept by the client (its focus
  /// within `[H/2, S − H/2]` of the world's top, the clamp MapLibre applies around a padded camera's
  /// centre whatever the pitch, and a world no shorter than the view), else moved or zoomed as the
  /// client would, with `cut` naming what then lies past the visible rect.
  func placement(x0: Double, x1: Double, south: Double, north: Double) throws(FitError) -> CameraPlacement {
    let (y0, y1) = (WebMercator.y(lat: north), WebMercator.y(lat: south))
    let (halfWidth, top, bottom) = (frame.halfWidth, -frame.halfHeight, frame.halfHeight)
    let view = Perspective(height: frame.height, pitch: frame.options.pitch)
    let depths = try groundDepths(view, top: top, bottom: bottom)
    let corners = screenAligned(x0: x0, x1: x1, y0: y0, y1: y1)
    var zoom = frame.clamped(largestSize(corners, view: view, depths: depths).map { log2($0 / WebMercator.tileSize) })
    var world = WebMercator.worldSize(zoom: zoom)
    // The client zooms in on a world shorter than the view: the least zoom it keeps, up to the snap
    // (as the flat fit's raised zoom).
    let raised = world < frame.height * (1 + 1e-12)
    if raised {
      zoom = frame.snapped(log2(frame.height * (1 + 1e-9) / WebMercator.tileSize), .up)
      world = WebMercator.worldSize(zoom: zoom)
    }
    // The focus for this copy of the content: tilted, content placed towards the horizon can lie the
    // better part of a world away from it, so no copy is "nearest"; the client draws every copy.
    var (a, b) = centred(corners, world: world, view: view, halfWidth: halfWidth, depths: depths)
    let (cosB, sinB) = (frame.cosB, frame.sinB)
    // The focus must lie within the world's band; a move along the world's y that keeps every corner
    // inside is free, else the client's clamp decides (and cuts).
    let focusY = (a * sinB + b * cosB) / world
    let bands = frame.worldBands(zoom: zoom, bothForms: false)
    let shift = (min(max(focusY, bands.north / world), (world - bands.south) / world) - focusY) * world
    a += shift * sinB
    b += shift * cosB
    let focus = (x: (a * cosB - b * sinB) / world, y: (a * sinB + b * cosB) / world)
    let camera = frame.camera(focusX: focus.x, focusY: focus.y, zoom: zoom, view: view)
    try FitFrame.checkFinite(camera)
    // Whatever the world's edge did (a move, a raised zoom) and left outside is named.
    let inside = insideAll(corners, world: world, focus: (a, b), view: view)
    return CameraPlacement(
      camera: camera, worldClamped: !inside && (shift != 0 || raised),
      cut: inside ? [] : frame.cut(x0: x0, x1: x1, y0: y0, y1: y1, focusX: focus.x, at: camera))
  }

  /// The largest world size, in points, at which the corners can show inside: the least of the
  /// depth's bound and the width's (content as far away as the top edge allows); nil for a point.
  func largestSize(_ corners: Corners, view: Perspective, depths: (low: Double, high: Double)) -> Double? {
    let halfWidth = frame.halfWidth
    let kappa = view.tilt.sin / view.distance
    let bMin = corners.b.min()
    let bMax = corners.b.max()
    let depthBound = bMax > bMin ? (depths.high - depths.low) / (bMax - bMin) : .infinity
    let phi =
      (corners.a - halfWidth * kappa * corners.b).min() - (corners.a + halfWidth * kappa * corners.b).max() + 2
      * halfWidth * kappa * bMin
    let widthBound = phi < 0 ? 2 * halfWidth * (1 - kappa * depths.low) / -phi : .infinity
    let size = min(depthBound, widthBound)
    return size.isFinite ? size : nil
  }

  /// The focus `(A, B)` in screen-aligned world points that centres the content's projection in the
  /// visible rect at world size `world`: vertically (top and bottom gaps equal, within the depths
  /// the edges see), then horizontally (left and right gaps equal: `centredAcross`).
  func centred(
    _ corners: Corners, world: Double, view: Perspective, halfWidth: Double, depths: (low: Double, high: Double)
  ) -> (Double, Double) {
    let s = view.tilt.sin
    let d = view.distance
    let kappa = s / d
    let bMin = corners.b.min()
    let bMax = corners.b.max()
    // B within [S·bMax − v₊, S·bMin − v₋]. Centred, the top and bottom corners' screen y cancel:
    // with B = m + t (m the depths' middle, h their half span), s·t² + d·t − s·h² = 0, whose root
    // near 0 is t = 2·s·h² / (d + √(d² + 4·s²·h²)).
    let lowerB = world * bMax - depths.high
    let upperB = max(lowerB, world * bMin - depths.low)
    let half = world * (bMax - bMin) / 2
    let t = 2 * s * half * half / (d + (d * d + 4 * s * s * half * half).squareRoot())
    var b = min(max(world * (bMin + bMax) / 2 + t, lowerB), upperB)
    // Far enough away that the content is no wider than the visible rect there.
    if kappa > 0 {
      let spread =
        (corners.a - halfWidth * kappa * corners.b).min() - (corners.a + halfWidth * kappa * corners.b).max()
      b = min(max(b, -(2 * halfWidth + world * spread) / (2 * halfWidth * kappa)), upperB)
    }
    return (centredAcross(corners, world: world, b: b, kappa: kappa, halfWidth: halfWidth), b)
  }

  /// The focus's `A` that centres the content across the visible rect at depth `B = b`, within the
  /// range that keeps every corner inside when there is one.
  ///
  /// Each corner's x = (S·aᵢ − A)/ωᵢ falls as A grows; centred, the largest and the least x cancel.
  /// Newton's step on the pair that is extreme (exact once the pair is right), kept within a bracket
  /// of the root.
  func centredAcross(_ corners: Corners, world: Double, b: Double, kappa: Double, halfWidth: Double) -> Double {
    let scales = 1 - kappa * (world * corners.b - b)
    let span = max(halfWidth, (corners.a.max() - corners.a.min()) * world) * 4
    var low = world * corners.a.min() - span
    var high = world * corners.a.max() + span
    var a = (low + high) / 2
    var pair = (-1, -1)
    for _ in 0..<64 {
      let x = (world * corners.a - a) / scales
      let (largest, least) = (x.max(), x.min())
      let sum = largest + least
      if sum > 0 { low = a } else if sum < 0 { high = a } else { break }
      var i = 0
      var j = 0
      for lane in 1..<4 {
        if x[lane] == largest { i = lane }
        if x[lane] == least { j = lane }
      }
      if x[0] == largest { i = 0 }
      if x[0] == least { j = 0 }
      let next =
        (world * corners.a[i] / scales[i] + world * corners.a[j] / scales[j]) / (1 / scales[i] + 1 / scales[j])
      // The same extreme pair again: its root is the root (checked before the bracket, which the
      // last step may have closed onto that root).
      if pair == (i, j) || next == a, next >= low, next <= high {
        a = next
        break
      }
      guard next > low, next < high else {
        a = (low + high) / 2
        continue
      }
      pair = (i, j)
      a = next
    }
    let lowest = (world * corners.a - halfWidth * scales).max()
    let highest = (world * corners.a + halfWidth * scales).min()
    return lowest <= highest ? min(max(a, lowest), highest) : a
  }

  /// Whether every corner shows inside the visible rect less the margins, to a millionth of a point.
  func insideAll(_ corners: Corners, world: Double, focus: (Double, Double), view: Perspective) -> Bool {
    let (halfWidth, top, bottom) = (frame.halfWidth, -frame.halfHeight, frame.halfHeight)
    let (s, c) = view.tilt
    let d = view.distance
    let v = world * corners.b - focus.1
    let w = d - v * s
    let x = (world * corners.a - focus.0) * d / w
    let y = v * c * d / w
    return w.min() > 0 && x.min() >= -halfWidth - 1e-6 && x.max() <= halfWidth + 1e-6 && y.min() >= top - 1e-6
      && y.max() <= bottom + 1e-6
  }
}

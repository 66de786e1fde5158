import JSONValues
import PlatformMath

/// The fit of a pitched camera (<doc:CameraFitting#Pitch>): the largest zoom, and the focus, at which
/// every corner of the content's box projects inside the content rect (`FitFrame`) through
/// MapLibre's perspective (`Perspective`), the centre of perspective at the visible rect's centre.
///
/// In screen-aligned world points at world size `S` (the box's corners at `(S·aᵢ, S·bᵢ)`, the focus
/// at `(A, B)`), a corner shows inside when `vᵢ = S·bᵢ − B` lies within `[v₋, v₊]` (the ground the
/// content rect's top and bottom edges see) and `uᵢ = S·aᵢ − A` within `[L, R]·(1 − κ·vᵢ)` (`L` and
/// `R` the content rect's left and right edges from the centre, `κ = sin p / d`). Every condition is
/// linear in `A`, `B` and `S`, and sliding the content away (larger `B`) only narrows it, so the
/// largest `S` is the least of two closed forms: the content's depth against `v₊ − v₋`, and its
/// width with the content as far away as the top edge allows. The focus then centres the content's
/// projection in the content rect, vertically (a quadratic) and then horizontally (Newton's steps on
/// the extreme corners).
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
  /// client would (a lower zoom, `worldClamped`), with `cut` naming what then lies past the content
  /// rect.
  func placement(x0: Double, x1: Double, south: Double, north: Double) throws(FitError) -> CameraPlacement {
    let (y0, y1) = (WebMercator.y(lat: north), WebMercator.y(lat: south))
    let view = Perspective(height: frame.height, pitch: frame.options.pitch)
    let depths = try groundDepths(view, top: frame.top, bottom: frame.bottom)
    let corners = screenAligned(x0: x0, x1: x1, y0: y0, y1: y1)
    var zoom = frame.clamped(largestSize(corners, view: view, depths: depths).map { log2($0 / WebMercator.tileSize) })
    // The client zooms in on a world shorter than the view: the least zoom it keeps, up to the snap
    // (as the flat fit's raised zoom).
    let raised = WebMercator.worldSize(zoom: zoom) < frame.height * (1 + 1e-12)
    if raised { zoom = frame.snapped(log2(frame.height * (1 + 1e-9) / WebMercator.tileSize), .up) }
    var placed = kept(corners, zoom: zoom, view: view, depths: depths)
    var lowered = false
    if !placed.inside, placed.shift != 0, !raised {
      // The world's edge moved the focus and cut: the largest lower zoom (down to the least one
      // whose world is as tall as the view) at which some focus in the band keeps every corner
      // inside (MapLibre's world leaves more room around smaller content). The zooms that do need
      // not reach down to the least, so the first of 32 steps down that does, then bisection
      // between it and the step above.
      let least = max(frame.options.minZoom, log2(frame.height * (1 + 1e-9) / WebMercator.tileSize))
      let steps = 32
      var high = zoom
      for step in 1...steps where least < zoom {
        let low = zoom - (zoom - least) * Double(step) / Double(steps)
        guard kept(corners, zoom: low, view: view, depths: depths).inside else {
          high = low
          continue
        }
        var (keeps, cuts) = (low, high)
        for _ in 0..<60 where cuts - keeps > 1e-12 {
          let middle = (keeps + cuts) / 2
          if kept(corners, zoom: middle, view: view, depths: depths).inside { keeps = middle } else { cuts = middle }
        }
        let snapped = max(frame.snapped(keeps, .down), frame.options.minZoom)
        let lower = kept(corners, zoom: snapped, view: view, depths: depths)
        if lower.inside { (zoom, placed, lowered) = (snapped, lower, true) }
        break
      }
    }
    let world = WebMercator.worldSize(zoom: zoom)
    let (cosB, sinB) = (frame.cosB, frame.sinB)
    let focus = (x: (placed.a * cosB - placed.b * sinB) / world, y: (placed.a * sinB + placed.b * cosB) / world)
    let camera = frame.camera(focusX: focus.x, focusY: focus.y, zoom: zoom, view: view)
    try FitFrame.checkFinite(camera)
    // Whatever the world's edge did (a move, a lower or a raised zoom) and left outside is named.
    return CameraPlacement(
      camera: camera, worldClamped: lowered || (!placed.inside && (placed.shift != 0 || raised)),
      cut: placed.inside ? [] : frame.cut(x0: x0, x1: x1, y0: y0, y1: y1, focusX: focus.x, at: camera))
  }

  /// The focus `(a, b)` (screen-aligned world points) at `zoom`: the content centred; when that focus
  /// lies outside the world's band (the client's clamp: its focus within `[H/2, S − H/2]` of the
  /// world's top), the focus in the band nearest it that keeps every corner inside (`keptFocus`),
  /// else the centred focus moved into the band along the world's y (the client's clamp, cutting);
  /// how far the band moved it, and whether every corner then shows inside. The focus for this copy
  /// of the content: tilted, content placed towards the horizon can lie the better part of a world
  /// away from it, so no copy is "nearest"; the client draws every copy.
  func kept(_ corners: Corners, zoom: Double, view: Perspective, depths: (low: Double, high: Double))
    -> (a: Double, b: Double, shift: Double, inside: Bool)
  {
    let world = WebMercator.worldSize(zoom: zoom)
    let (a, b) = centred(corners, world: world, view: view, depths: depths)
    let (cosB, sinB) = (frame.cosB, frame.sinB)
    let focusY = a * sinB + b * cosB
    let bands = frame.worldBands(zoom: zoom, bothForms: false)
    let band = (bands.north, world - bands.south)
    let shift = min(max(focusY, band.0), band.1) - focusY
    if shift == 0 { return (a, b, 0, insideAll(corners, world: world, focus: (a, b), view: view)) }
    if let (ka, kb) = keptFocus(corners, world: world, view: view, depths: depths, band: band, near: (a, b)),
      insideAll(corners, world: world, focus: (ka, kb), view: view)
    {
      return (ka, kb, shift, true)
    }
    let moved = (a + shift * sinB, b + shift * cosB)
    return (moved.0, moved.1, shift, insideAll(corners, world: world, focus: moved, view: view))
  }

  /// The focus nearest `near` among those that keep every corner inside the content rect and lie
  /// in the world's `band` (from the world's top, in points); nil when there is none. Each condition
  /// is a half-plane in `(A, B)` (the type's doc comment), so the focuses that meet them all form a
  /// convex polygon, clipped out of a square that holds them.
  func keptFocus(
    _ corners: Corners, world: Double, view: Perspective, depths: (low: Double, high: Double),
    band: (Double, Double), near: (Double, Double)
  ) -> (Double, Double)? {
    let kappa = view.tilt.sin / view.distance
    let (left, right) = (frame.left, frame.right)
    // n·(A, B) ≤ c.
    var planes: [(n: SIMD2<Double>, c: Double)] = [
      (SIMD2(-frame.sinB, -frame.cosB), -band.0), (SIMD2(frame.sinB, frame.cosB), band.1),
    ]
    for i in 0..<4 {
      let (sa, sb) = (world * corners.a[i], world * corners.b[i])
      planes.append((SIMD2(0, -1), depths.high - sb))
      planes.append((SIMD2(0, 1), sb - depths.low))
      planes.append((SIMD2(-1, -right * kappa), right * (1 - kappa * sb) - sa))
      planes.append((SIMD2(1, left * kappa), sa - left * (1 - kappa * sb)))
    }
    let reach = 4 * (world + frame.height + frame.width) + abs(near.0) + abs(near.1)
    var polygon = [SIMD2(-reach, -reach), SIMD2(reach, -reach), SIMD2(reach, reach), SIMD2(-reach, reach)]
    for plane in planes {
      var clipped: [SIMD2<Double>] = []
      for (index, p) in polygon.enumerated() {
        let q = polygon[(index + 1) % polygon.count]
        let (dp, dq) = ((plane.n * p).sum() - plane.c, (plane.n * q).sum() - plane.c)
        if dp <= 0 { clipped.append(p) }
        if (dp < 0 && dq > 0) || (dp > 0 && dq < 0) { clipped.append(p + (q - p) * (dp / (dp - dq))) }
      }
      polygon = clipped
      if polygon.isEmpty { return nil }
    }
    // The nearest point: `near` itself when inside, else the nearest on an edge.
    let point = SIMD2(near.0, near.1)
    if planes.allSatisfy({ ($0.n * point).sum() <= $0.c }) { return near }
    var best = polygon[0]
    var distance = Double.infinity
    for (index, p) in polygon.enumerated() {
      let edge = polygon[(index + 1) % polygon.count] - p
      let length = (edge * edge).sum()
      let t = length > 0 ? min(max(((point - p) * edge).sum() / length, 0), 1) : 0
      let candidate = p + edge * t
      let gap = ((candidate - point) * (candidate - point)).sum()
      if gap < distance { (best, distance) = (candidate, gap) }
    }
    return (best.x, best.y)
  }

  /// The largest world size, in points, at which the corners can show inside: the least of the
  /// depth's bound and the width's (content as far away as the top edge allows); nil for a point.
  ///
  /// Across, corners `i` and `j` fit side by side when
  /// `S·(aᵢ − aⱼ + κ·R·bᵢ − κ·L·bⱼ) ≤ (R − L)·(1 + κ·B)`, and `B` is at most `S·min b − v₋`.
  func largestSize(_ corners: Corners, view: Perspective, depths: (low: Double, high: Double)) -> Double? {
    let (left, right) = (frame.left, frame.right)
    let kappa = view.tilt.sin / view.distance
    let bMin = corners.b.min()
    let bMax = corners.b.max()
    let depthBound = bMax > bMin ? (depths.high - depths.low) / (bMax - bMin) : .infinity
    let phi =
      (corners.a + left * kappa * corners.b).min() - (corners.a + right * kappa * corners.b).max()
      + (right - left) * kappa * bMin
    let widthBound = phi < 0 ? (right - left) * (1 - kappa * depths.low) / -phi : .infinity
    let size = min(depthBound, widthBound)
    return size.isFinite ? size : nil
  }

  /// The focus `(A, B)` in screen-aligned world points that centres the content's projection in the
  /// content rect at world size `world`: vertically (top and bottom gaps equal, within the depths
  /// the edges see), then horizontally (left and right gaps equal: `centredAcross`).
  func centred(_ corners: Corners, world: Double, view: Perspective, depths: (low: Double, high: Double))
    -> (Double, Double)
  {
    let (left, right) = (frame.left, frame.right)
    let (s, c) = view.tilt
    let d = view.distance
    let kappa = s / d
    let bMin = corners.b.min()
    let bMax = corners.b.max()
    // B within [S·bMax − v₊, S·bMin − v₋]. Centred, the top and bottom corners' screen y add up to
    // the content rect's top + bottom, `T`: with the corners at depths q ∓ h (q their middle, h
    // half their span) and y(v) = c·d·v / (d − s·v), y(q − h) + y(q + h) = T is the quadratic
    // α·q² + β·q + γ = 0 below, and its root within the range (both corners inside) is the one.
    let lowerB = world * bMax - depths.high
    let upperB = max(lowerB, world * bMin - depths.low)
    let (middle, half) = (world * (bMin + bMax) / 2, world * (bMax - bMin) / 2)
    let total = frame.top + frame.bottom
    let alpha = -s * (2 * c * d + total * s)
    let beta = 2 * d * (c * d + total * s)
    let gamma = -total * d * d + s * half * half * (2 * c * d + total * s)
    let q = Self.root(alpha, beta, gamma, nearest: middle - upperB, middle - lowerB)
    var b = min(max(middle - q, lowerB), upperB)
    // Far enough away that the content is no wider than the content rect there.
    if kappa > 0 {
      let spread = (corners.a + right * kappa * corners.b).max() - (corners.a + left * kappa * corners.b).min()
      b = min(max(b, (world * spread - (right - left)) / (kappa * (right - left))), upperB)
    }
    return (centredAcross(corners, world: world, b: b, kappa: kappa), b)
  }

  /// The root of `α·x² + β·x + γ` nearest the range `low…high` (both roots taken without
  /// cancellation); the range's middle when there is none.
  static func root(_ alpha: Double, _ beta: Double, _ gamma: Double, nearest low: Double, _ high: Double) -> Double {
    func distance(_ x: Double) -> Double { x < low ? low - x : x > high ? x - high : 0 }
    let discriminant = beta * beta - 4 * alpha * gamma
    guard discriminant >= 0, alpha != 0 || beta != 0 else { return (low + high) / 2 }
    if alpha == 0 { return -gamma / beta }
    let q = -(beta + (beta < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
    guard q != 0 else { return 0 }
    let (first, second) = (q / alpha, gamma / q)
    return distance(first) <= distance(second) ? first : second
  }

  /// The focus's `A` that centres the content across the content rect at depth `B = b`, within the
  /// range that keeps every corner inside when there is one.
  ///
  /// Each corner's x = (S·aᵢ − A)/ωᵢ falls as A grows; centred, the largest and the least x add up
  /// to the content rect's left + right. Newton's step on the pair that is extreme (exact once the
  /// pair is right), kept within a bracket of the root.
  func centredAcross(_ corners: Corners, world: Double, b: Double, kappa: Double) -> Double {
    let (left, right) = (frame.left, frame.right)
    let target = left + right
    let scales = 1 - kappa * (world * corners.b - b)
    let span = max(abs(left), abs(right), (corners.a.max() - corners.a.min()) * world) * 4
    var low = world * corners.a.min() - span
    var high = world * corners.a.max() + span
    var a = (low + high) / 2
    var pair = (-1, -1)
    for _ in 0..<64 {
      let x = (world * corners.a - a) / scales
      let (largest, least) = (x.max(), x.min())
      let sum = largest + least - target
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
        (world * corners.a[i] / scales[i] + world * corners.a[j] / scales[j] - target)
        / (1 / scales[i] + 1 / scales[j])
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
    let lowest = (world * corners.a - right * scales).max()
    let highest = (world * corners.a - left * scales).min()
    return lowest <= highest ? min(max(a, lowest), highest) : a
  }

  /// Whether every corner shows inside the content rect, to a millionth of a point.
  func insideAll(_ corners: Corners, world: Double, focus: (Double, Double), view: Perspective) -> Bool {
    let (left, right, top, bottom) = (frame.left, frame.right, frame.top, frame.bottom)
    let (s, c) = view.tilt
    let d = view.distance
    let v = world * corners.b - focus.1
    let w = d - v * s
    let x = (world * corners.a - focus.0) * d / w
    let y = v * c * d / w
    return w.min() > 0 && x.min() >= left - 1e-6 && x.max() <= right + 1e-6 && y.min() >= top - 1e-6
      && y.max() <= bottom + 1e-6
  }
}

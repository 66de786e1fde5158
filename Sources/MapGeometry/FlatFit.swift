import PlatformMath

/// The fit of a flat Web Mercator camera (<doc:CameraFitting>, <doc:CameraFitting#World-bounds>):
/// the box's four corners rotated by −bearing and boxed; the zoom at which that box fills the visible
/// rect less the margins (`FitFrame.clamped(_:)`); the focus on the box's centre, moved within the
/// room the content leaves just far enough that the client keeps both forms of the camera.
///
/// When no placement at the fitted zoom does that, the largest lower zoom at which one does is taken
/// (`worldClamped`, nothing cut); when there is none, the camera shows as much of the content as can
/// show (`cutZoom(for:fitted:)`: from the fitted zoom up until the content's edge away from the pole
/// reaches the visible rect, and at least the least zoom whose world holds a kept camera), moves the
/// content past its room until both forms are kept, and `cut` names the directions in which the
/// content then reaches past the visible rect.
struct FlatFit: ProjectionFit {
  let frame: FitFrame

  func placement(x0: Double, x1: Double, south: Double, north: Double) throws(FitError) -> CameraPlacement {
    let y0 = WebMercator.y(lat: north)
    let y1 = WebMercator.y(lat: south)
    let (cosB, sinB) = (frame.cosB, frame.sinB)
    // World → screen axes: sx = wx·cos + wy·sin, sy = −wx·sin + wy·cos.
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity
    for (wx, wy) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
      let sx = wx * cosB + wy * sinB
      let sy = -wx * sinB + wy * cosB
      minX = min(minX, sx)
      maxX = max(maxX, sx)
      minY = min(minY, sy)
      maxY = max(maxY, sy)
    }
    let box = ContentBox(
      focusX: (x0 + x1) / 2, focusY: (y0 + y1) / 2, sizeX: (maxX - minX) * WebMercator.tileSize,
      sizeY: (maxY - minY) * WebMercator.tileSize, availableWidth: 2 * frame.halfWidth,
      availableHeight: 2 * frame.halfHeight)
    let scale = min(
      box.sizeX > 0 ? box.availableWidth / box.sizeX : .infinity,
      box.sizeY > 0 ? box.availableHeight / box.sizeY : .infinity)
    let fitted = frame.clamped(box.sizeX <= 0 && box.sizeY <= 0 ? nil : log2(scale))
    if let zoom = keptZoom(for: box, fitted: fitted) {
      let (focusX, focusY) = focus(placed(box, zoom: zoom, pastRoom: false), zoom: zoom)
      let camera = frame.camera(focusX: focusX, focusY: focusY, zoom: zoom)
      try FitFrame.checkFinite(camera)
      if keeps(camera, focusY: focusY) {
        // Only a zoom held at `minZoom` leaves content larger than the visible rect.
        let cut =
          fitted <= frame.options.minZoom ? frame.cut(x0: x0, x1: x1, y0: y0, y1: y1, focusX: focusX, at: camera) : []
        return CameraPlacement(camera: camera, worldClamped: zoom < fitted, cut: cut)
      }
    }
    let zoom = cutZoom(for: box, fitted: fitted)
    let (focusX, focusY) = focus(placed(box, zoom: zoom, pastRoom: true), zoom: zoom)
    let camera = frame.camera(focusX: focusX, focusY: focusY, zoom: zoom)
    try FitFrame.checkFinite(camera)
    return CameraPlacement(
      camera: camera, worldClamped: true, cut: frame.cut(x0: x0, x1: x1, y0: y0, y1: y1, focusX: focusX, at: camera))
  }

  /// The world's bands (`FitFrame.worldBands`, both forms) for the content's centre, which shows at
  /// the content rect's centre: the focus's bands moved by that centre's offset along the world's y.
  func contentBands(zoom: Double) -> (north: Double, south: Double) {
    let bands = frame.worldBands(zoom: zoom, bothForms: true)
    let offset = frame.screenToWorld(frame.contentCentre.x, frame.contentCentre.y).1
    return (bands.north + offset, bands.south - offset)
  }

  /// The focus (unit Mercator, at the centre of perspective) of a camera at `zoom` that shows the
  /// content's centre at `centre` at the content rect's centre.
  func focus(_ centre: (Double, Double), zoom: Double) -> (Double, Double) {
    let (wx, wy) = frame.screenToWorld(frame.contentCentre.x, frame.contentCentre.y)
    let world = WebMercator.worldSize(zoom: zoom)
    return (centre.0 - wx / world, centre.1 - wy / world)
  }

  /// The content's box as the fit sees it: its centre (unit Mercator), its rotated size at zoom 0
  /// and the visible rect's size less the margins (points).
  struct ContentBox {
    var focusX, focusY, sizeX, sizeY, availableWidth, availableHeight: Double
  }

  /// The zoom when no placement keeps the whole content (<doc:CameraFitting#World-bounds>): as much
  /// of it as can show, shown.
  ///
  /// At least the least zoom whose world holds a camera that both forms keep (`S ≥ north + south`).
  /// When the content is cut on one side only (it lies too near one pole), the zoom grows until its
  /// edge away from that pole reaches the visible rect's far side: the focus stays at the world's
  /// band, so the part cut off shrinks and the share of the content on screen is largest there
  /// (`k = (band + α) / (512·y + β)`, in `keptZoom(for:fitted:)`'s terms), up to `maxZoom` and while
  /// the content's extent across (east–west, on the screen axis nearer it) still fits.
  func cutZoom(for box: ContentBox, fitted: Double) -> Double {
    let tile = WebMercator.tileSize
    let bands = contentBands(zoom: fitted)
    let least = max(fitted, log2((bands.north + bands.south) / tile))
    var zoom = least
    let (alpha, beta) = roomLine(for: box, fitted: fitted)
    let world = WebMercator.worldSize(zoom: least)
    let north = box.focusY * world < bands.north
    let south = (1 - box.focusY) * world < bands.south
    if north != south {
      let (band, distance) = north ? (bands.north, box.focusY) : (bands.south, 1 - box.focusY)
      // Across the world's y the content must still fit: the screen axis nearer east–west.
      let (cosB, sinB) = (frame.cosB, frame.sinB)
      let across =
        abs(cosB) >= abs(sinB) ? box.availableWidth / box.sizeX : box.availableHeight / box.sizeY
      let filling = min(log2((band + alpha) / (tile * distance + beta)), log2(across), frame.options.maxZoom)
      if !filling.isNaN { zoom = max(least, filling) }
    }
    if zoom > fitted {
      // Down to the snap, unless the world then holds no kept camera: then up.
      zoom = max(frame.snapped(zoom, .down), frame.snapped(least, .up))
    }
    return zoom
  }

  /// The room the content has along the world's y at `k = 2^zoom`, `R = α − β·k` points (both ways
  /// from centred): α from the visible rect, β from the content's rotated size; never below 0 at
  /// the fitted zoom (content larger than the visible rect at `minZoom` is centred on its focus).
  func roomLine(for box: ContentBox, fitted: Double) -> (alpha: Double, beta: Double) {
    let (cosB, sinB) = (frame.cosB, frame.sinB)
    let alpha = (abs(cosB) * box.availableHeight + abs(sinB) * box.availableWidth) / 2
    let beta = (abs(cosB) * box.sizeY + abs(sinB) * box.sizeX) / 2
    return (alpha, min(beta, alpha / exp2(fitted)))
  }

  /// The largest zoom, at most `fitted` and at least `minZoom` (on the snap, if any), at which some
  /// placement keeps the content's box inside the visible rect and both forms inside the world; nil
  /// when there is none.
  ///
  /// At a zoom with `k = 2^zoom` the focus may move `R = α − β·k` points along the world's y within
  /// the room (α from the visible rect, β from the content's rotated size), and it must lie within
  /// the world's bands: `[k·512·y − R, k·512·y + R]` meets `[north, 512·k − south]`. Each condition is
  /// linear in `k`, so the zooms that keep form one interval. At bearing 0 every condition asks for
  /// a larger `k` (the content's distance from the world's edge grows as fast as its room shrinks),
  /// so a lower zoom only helps a rotated box.
  func keptZoom(for box: ContentBox, fitted: Double) -> Double? {
    let (alpha, beta) = roomLine(for: box, fitted: fitted)
    let tile = WebMercator.tileSize
    let bands = contentBands(zoom: fitted)
    let highest = exp2(fitted)
    var low = max(exp2(frame.options.minZoom), (bands.north + bands.south) / tile)
    var high = highest
    // a·k ≥ b for every k in [low, high].
    func require(_ a: Double, atLeast b: Double) {
      if a > 0 {
        low = max(low, b / a)
      } else if a < 0 {
        high = min(high, b / a)
      } else if b > 0 {
        high = -.infinity
      }
    }
    require(tile * box.focusY - beta, atLeast: bands.north - alpha)
    require(tile * (1 - box.focusY) - beta, atLeast: bands.south - alpha)
    // The fitted zoom itself within rounding of the bounds: it stays exactly the fit's.
    if high >= highest * (1 - 1e-12), low <= highest * (1 + 1e-12) { return fitted }
    guard low <= high, high > 0 else { return nil }
    let zoom = frame.snapped(log2(high), .down)
    return exp2(zoom) >= low * (1 - 1e-12) ? zoom : nil
  }

  /// The content's centre (unit Mercator) at `zoom`: centred, then moved within its room towards the
  /// world's bands (<doc:CameraFitting#World-bounds>) just far enough that both forms are kept, and,
  /// `pastRoom`, the rest of the way along the world's y (cutting the content).
  func placed(_ box: ContentBox, zoom: Double, pastRoom: Bool) -> (Double, Double) {
    var focusX = box.focusX
    var focusY = box.focusY
    let world = WebMercator.worldSize(zoom: zoom)
    let bands = contentBands(zoom: zoom)
    let low = bands.north / world
    let high = (world - bands.south) / world
    // A world just tall enough for one kept camera: that camera, whatever the rounding.
    guard low <= high else { return (focusX, (low + high) / 2) }
    // The room to move, in screen points, on each side of the centred placement.
    let roomX = max(box.availableWidth - box.sizeX * exp2(zoom), 0) / 2
    let roomY = max(box.availableHeight - box.sizeY * exp2(zoom), 0) / 2
    let (cosB, sinB) = (frame.cosB, frame.sinB)
    let shift = (min(max(focusY, low), high) - focusY) * world
    // A screen move (sx, sy) moves the focus by sx·sin + sy·cos in world y: the screen's vertical
    // first, then its horizontal for what is left.
    let sy = abs(cosB) > 1e-12 ? min(max(shift / cosB, -roomY), roomY) : 0
    let rest = shift - sy * cosB
    let sx = abs(sinB) > 1e-12 ? min(max(rest / sinB, -roomX), roomX) : 0
    let (wx, wy) = frame.screenToWorld(sx, sy)
    focusX += wx / world
    focusY += wy / world
    if pastRoom { focusY = min(max(focusY, low), high) }
    return (focusX, focusY)
  }

  /// Whether a client keeps both forms of `camera` (its focus at unit `focusY`, exact).
  func keeps(_ camera: Camera, focusY: Double) -> Bool {
    WorldBounds.keeps(
      focusY: focusY, centerY: WebMercator.y(lat: camera.center.lat), zoom: camera.zoom, viewHeight: frame.height)
  }
}

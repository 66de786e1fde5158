import PlatformMath

/// Fits a camera so that content shows in the part of a view that insets leave visible (<doc:CameraFitting>).
///
/// The box's four corners are projected to Web Mercator, rotated by −bearing, and boxed; the zoom
/// is `min(log2(min(availW/sizeX, availH/sizeY)), maxZoom)`, at least `minZoom`, where the available
/// size is the view minus the insets. A single point fits at `pointZoom` (default `maxZoom`).
/// With `zoomSnap` the zoom is snapped down to a multiple of it and the centre recomputed at the
/// final zoom.
///
/// ```swift
/// let fit = CameraFit(width: 512, height: 512)
/// let camera = try fit.camera(for: GeoBounds(west: -133, south: 16, east: -68, north: 50))
/// camera.zoom  // 2.469…, as MapLibre's cameraForBounds
/// ```
public struct CameraFit: Hashable, Sendable {
  /// The view's width in points.
  public var width: Double
  /// The view's height in points.
  public var height: Double
  /// The part of the view kept clear (a card's map insets); the content fits in the rest.
  public var insets: Insets
  public var options: FitOptions

  public init(width: Double, height: Double, insets: Insets = .zero, options: FitOptions = FitOptions()) {
    self.width = width
    self.height = height
    self.insets = insets
    self.options = options
  }

  /// Checks every input: finite, sizes positive, insets not negative, the options valid, and
  /// some area left visible.
  public func validate() throws(FitError) {
    // The common case without building the named list (a fit runs every frame of a drag).
    // (Every comparison is false for NaN, which takes the long way and its message.)
    if width > 0, width < .infinity, height > 0, height < .infinity, insets.top >= 0, insets.top < .infinity,
      insets.left >= 0, insets.left < .infinity, insets.bottom >= 0, insets.bottom < .infinity, insets.right >= 0,
      insets.right < .infinity
    {
      try options.validate()
      guard width - insets.left - insets.right > 0, height - insets.top - insets.bottom > 0 else {
        throw .noVisibleArea
      }
      return
    }
    let checks: [(String, Double, Bool)] = [
      ("width", width, width > 0), ("height", height, height > 0),
      ("insets.top", insets.top, insets.top >= 0), ("insets.left", insets.left, insets.left >= 0),
      ("insets.bottom", insets.bottom, insets.bottom >= 0), ("insets.right", insets.right, insets.right >= 0),
    ]
    for (name, value, ok) in checks where !(value.isFinite && ok) { throw .invalidInput("\(name) = \(value)") }
    try options.validate()
    guard width - insets.left - insets.right > 0, height - insets.top - insets.bottom > 0 else {
      throw .noVisibleArea
    }
  }

  /// The camera for content bounds (west > east crosses the antimeridian): `placement(for:)`'s.
  ///
  /// - Throws: `FitError` for bad inputs or insets that leave no visible area.
  /// - Complexity: O(1); under a microsecond, so a map can refit every frame of a drag.
  public func camera(for bounds: GeoBounds) throws(FitError) -> Camera {
    try placement(for: bounds).camera
  }

  /// The camera for content bounds, placed so that a map client keeps it
  /// (<doc:CameraFitting#World-bounds>), and whether the world's edge decided it.
  ///
  /// The camera is always one the client keeps in both forms (`focus` with the insets as padding,
  /// `center` without), so the two forms always show the same picture. The zoom is the fit's. Along
  /// the axis where the content does not touch the visible rect it has room to move; the content is
  /// centred, unless a client would move either form, and then it moves within that room just far
  /// enough that neither is moved. When no placement at the fitted zoom does that, the largest lower
  /// zoom at which one does is taken (`worldClamped`, nothing cut); when there is none, the camera
  /// shows as much of the content as can show (`cutZoom(for:fitted:)`: from the fitted zoom up until
  /// the content's edge away from the pole reaches the visible rect, and at least the least zoom whose
  /// world holds a kept camera), moves the content past its room until both forms are kept, and
  /// `cut` names the directions in which the content then reaches past the visible rect.
  ///
  /// - Throws: `FitError` for bad inputs or insets (with margins) that leave no visible area.
  public func placement(for bounds: GeoBounds) throws(FitError) -> CameraPlacement {
    try validate()
    for value in [bounds.west, bounds.south, bounds.east, bounds.north] where !value.isFinite {
      throw .invalidInput("bounds \(bounds)")
    }
    // Unit Mercator box; east unwrapped past west across the antimeridian.
    // West normalised first: a longitude of any size (540, 1e308) is exact after whole turns.
    let x0 = WebMercator.x(lon: Coordinate.normalizedLongitude(bounds.west))
    let x1 = x0 + bounds.longitudeSpan / 360
    if options.projection == .globe {
      return try globePlacement(x0: x0, x1: x1, south: bounds.south, north: bounds.north)
    }
    let y0 = WebMercator.y(lat: bounds.north)
    let y1 = WebMercator.y(lat: bounds.south)
    if options.pitch > 0 { return try pitchedPlacement(x0: x0, x1: x1, y0: y0, y1: y1) }
    let (cosB, sinB) = rotation
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
    let keep = options.margin + options.markerRadius
    let box = ContentBox(
      focusX: (x0 + x1) / 2, focusY: (y0 + y1) / 2, sizeX: (maxX - minX) * WebMercator.tileSize,
      sizeY: (maxY - minY) * WebMercator.tileSize, availableWidth: width - insets.left - insets.right - 2 * keep,
      availableHeight: height - insets.top - insets.bottom - 2 * keep)
    guard box.availableWidth > 0, box.availableHeight > 0 else { throw .noVisibleArea }
    let fitted = zoom(
      sizeX: box.sizeX, sizeY: box.sizeY, availableWidth: box.availableWidth, availableHeight: box.availableHeight)
    if let zoom = keptZoom(for: box, fitted: fitted) {
      let (focusX, focusY) = placed(box, zoom: zoom, pastRoom: false)
      let camera = camera(focusX: focusX, focusY: focusY, zoom: zoom)
      try Self.checkFinite(camera)
      if keeps(camera, focusY: focusY) {
        // Only a zoom held at `minZoom` leaves content larger than the visible rect.
        let cut = fitted <= options.minZoom ? cut(x0: x0, x1: x1, y0: y0, y1: y1, focusX: focusX, at: camera) : []
        return CameraPlacement(camera: camera, worldClamped: zoom < fitted, cut: cut)
      }
    }
    let zoom = cutZoom(for: box, fitted: fitted)
    let (focusX, focusY) = placed(box, zoom: zoom, pastRoom: true)
    let camera = camera(focusX: focusX, focusY: focusY, zoom: zoom)
    try Self.checkFinite(camera)
    return CameraPlacement(
      camera: camera, worldClamped: true, cut: cut(x0: x0, x1: x1, y0: y0, y1: y1, focusX: focusX, at: camera))
  }

  /// The content's box as the fit sees it: its centre (unit Mercator), its rotated size at zoom 0
  /// and the visible rect's size less the margins (points).
  struct ContentBox {
    var focusX, focusY, sizeX, sizeY, availableWidth, availableHeight: Double
  }

  /// How close to the world's north and south edges the focus may come, in points, for a client
  /// to keep both forms (<doc:CameraFitting#World-bounds>): the focus within
  /// `[north, S − south]` of a world `S` points tall.
  ///
  /// The client keeps a centre within `[H/2, S − H/2]`; the `center` form's centre lies the visible
  /// rect's offset from the view's middle away from the focus, so the tighter of the two bounds
  /// holds on each side. A hair inside, so that a latitude's round trip cannot put a form outside.
  func worldBands(zoom: Double) -> (north: Double, south: Double) {
    let offsetY = screenToWorld((insets.left - insets.right) / 2, (insets.top - insets.bottom) / 2).1
    let hair = max(1e-6, WebMercator.worldSize(zoom: zoom) * 1e-13)
    return (height / 2 + max(0, offsetY) + hair, height / 2 - min(0, offsetY) + hair)
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
    let bands = worldBands(zoom: fitted)
    let least = max(fitted, log2((bands.north + bands.south) / tile))
    var zoom = least
    let (alpha, beta) = roomLine(for: box, fitted: fitted)
    let world = WebMercator.worldSize(zoom: least)
    let north = box.focusY * world < bands.north
    let south = (1 - box.focusY) * world < bands.south
    if north != south {
      let (band, distance) = north ? (bands.north, box.focusY) : (bands.south, 1 - box.focusY)
      // Across the world's y the content must still fit: the screen axis nearer east–west.
      let (cosB, sinB) = rotation
      let across =
        abs(cosB) >= abs(sinB) ? box.availableWidth / box.sizeX : box.availableHeight / box.sizeY
      let filling = min(log2((band + alpha) / (tile * distance + beta)), log2(across), options.maxZoom)
      if !filling.isNaN { zoom = max(least, filling) }
    }
    if options.zoomSnap > 0, zoom > fitted {
      // Down to the snap, unless the world then holds no kept camera: then up.
      let down = (zoom / options.zoomSnap).rounded(.down) * options.zoomSnap
      let up = (least / options.zoomSnap).rounded(.up) * options.zoomSnap
      if down.isFinite, up.isFinite { zoom = max(down, up) }
    }
    return zoom
  }

  /// The room the content has along the world's y at `k = 2^zoom`, `R = α − β·k` points (both ways
  /// from centred): α from the visible rect, β from the content's rotated size; never below 0 at
  /// the fitted zoom (content larger than the visible rect at `minZoom` is centred on its focus).
  func roomLine(for box: ContentBox, fitted: Double) -> (alpha: Double, beta: Double) {
    let (cosB, sinB) = rotation
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
    let bands = worldBands(zoom: fitted)
    let highest = exp2(fitted)
    var low = max(exp2(options.minZoom), (bands.north + bands.south) / tile)
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
    var zoom = log2(high)
    if options.zoomSnap > 0, case let steps = (zoom / options.zoomSnap).rounded(.down), steps.isFinite {
      zoom = steps * options.zoomSnap
    }
    return exp2(zoom) >= low * (1 - 1e-12) ? zoom : nil
  }

  /// The focus (unit Mercator) at `zoom`: the content centred, then moved within its room towards the
  /// world's bands (<doc:CameraFitting#World-bounds>) just far enough that both forms are kept, and,
  /// `pastRoom`, the rest of the way along the world's y (cutting the content).
  func placed(_ box: ContentBox, zoom: Double, pastRoom: Bool) -> (Double, Double) {
    var focusX = box.focusX
    var focusY = box.focusY
    let world = WebMercator.worldSize(zoom: zoom)
    let bands = worldBands(zoom: zoom)
    let low = bands.north / world
    let high = (world - bands.south) / world
    // A world just tall enough for one kept camera: that camera, whatever the rounding.
    guard low <= high else { return (focusX, (low + high) / 2) }
    // The room to move, in screen points, on each side of the centred placement.
    let roomX = max(box.availableWidth - box.sizeX * exp2(zoom), 0) / 2
    let roomY = max(box.availableHeight - box.sizeY * exp2(zoom), 0) / 2
    let (cosB, sinB) = rotation
    let shift = (min(max(focusY, low), high) - focusY) * world
    // A screen move (sx, sy) moves the focus by sx·sin + sy·cos in world y: the screen's vertical
    // first, then its horizontal for what is left.
    let sy = abs(cosB) > 1e-12 ? min(max(shift / cosB, -roomY), roomY) : 0
    let rest = shift - sy * cosB
    let sx = abs(sinB) > 1e-12 ? min(max(rest / sinB, -roomX), roomX) : 0
    let (wx, wy) = screenToWorld(sx, sy)
    focusX += wx / world
    focusY += wy / world
    if pastRoom { focusY = min(max(focusY, low), high) }
    return (focusX, focusY)
  }

  /// Whether a client keeps both forms of `camera` (its focus at unit `focusY`).
  func keeps(_ camera: Camera, focusY: Double) -> Bool {
    WorldBounds.keeps(y: focusY, zoom: camera.zoom, viewHeight: height)
      && WorldBounds.keeps(y: WebMercator.y(lat: camera.center.lat), zoom: camera.zoom, viewHeight: height)
  }

  /// The zoom at which content `sizeX` × `sizeY` points at zoom 0 fits the available size: limited
  /// by `maxZoom`, at least `minZoom`, snapped down to `zoomSnap`; a point fits at `pointZoom`.
  func zoom(sizeX: Double, sizeY: Double, availableWidth: Double, availableHeight: Double) -> Double {
    var zoom: Double
    if sizeX <= 0 && sizeY <= 0 {
      zoom = options.pointZoom ?? options.maxZoom
    } else {
      let scale = min(sizeX > 0 ? availableWidth / sizeX : .infinity, sizeY > 0 ? availableHeight / sizeY : .infinity)
      zoom = min(log2(scale), options.maxZoom)
    }
    zoom = max(zoom, options.minZoom)
    // A snap so small that zoom / zoomSnap overflows snaps nothing.
    if options.zoomSnap > 0, case let steps = (zoom / options.zoomSnap).rounded(.down), steps.isFinite {
      zoom = max(steps * options.zoomSnap, options.minZoom)
    }
    return zoom
  }

  /// The directions in which the unit Mercator box `[x0, x1] × [y0, y1]`, in the world copy that the
  /// fit placed with its focus at unit x `focusX`, lies beyond the visible rect at `camera`: its
  /// transform's `cut` (<doc:CameraFitting#One-camera>), that copy moved by the whole turns that
  /// normalising the focus's longitude took.
  ///
  /// A placement cut by the world's edge moves the content along the world's y, so what leaves the
  /// visible rect leaves it across sides facing north or south; content wider than the visible rect
  /// (at the least zoom, or a zoom raised until the world holds a kept camera) passes east and west.
  func cut(x0: Double, x1: Double, y0: Double, y1: Double, focusX: Double, at camera: Camera) -> [ContentEdge] {
    let screen = ScreenProjection(width: width, height: height, insets: insets, camera: camera)
    let shift = (WebMercator.x(lon: camera.focus.lon) - focusX).rounded()
    return screen.cut(x0: x0 + shift, x1: x1 + shift, y0: y0, y1: y1)
  }

  /// The last guard of "never NaN": a case the checks missed is an error, not a camera.
  static func checkFinite(_ camera: Camera) throws(FitError) {
    for value in [camera.center.lon, camera.center.lat, camera.focus.lon, camera.focus.lat, camera.zoom]
    where !value.isFinite {
      throw .invalidInput("no finite camera for these inputs (zoom \(camera.zoom))")
    }
  }

  /// The camera whose visible rect is centred on the unit point (`focusX`, `focusY`) at `zoom`.
  func camera(focusX: Double, focusY: Double, zoom: Double) -> Camera {
    // The visible rect's centre sits (dx, dy) points from the view's centre; the view's centre is
    // that offset, rotated into the world, away from the focus.
    let dx = (insets.left - insets.right) / 2
    let dy = (insets.top - insets.bottom) / 2
    let (wx, wy) = screenToWorld(dx, dy)
    let world = WebMercator.worldSize(zoom: zoom)
    let centerX = focusX - wx / world
    let centerY = focusY - wy / world
    return Camera(
      centerX: centerX, centerY: centerY, focusX: focusX, focusY: focusY, zoom: zoom, bearing: options.normalizedBearing
    )
  }

  /// The bearing's (cos, sin).
  var rotation: (Double, Double) {
    let radians = options.normalizedBearing * Double.pi / 180
    return (cos(radians), sin(radians))
  }

  /// A screen vector (x right, y down) in world axes (x east, y south) at this bearing.
  func screenToWorld(_ sx: Double, _ sy: Double) -> (Double, Double) {
    let (cosB, sinB) = rotation
    return (sx * cosB - sy * sinB, sx * sinB + sy * cosB)
  }

  /// The visible rect (the view minus the padding) unprojected at `camera`, in the camera's own
  /// projection (<doc:CameraFitting#One-camera>): `MapTransform.visibleRegion`.
  public func visibleRegion(of camera: Camera) -> VisibleRegion {
    MapTransform(width: width, height: height, insets: insets, camera: camera).visibleRegion
  }
}

import CardMap

/// A screen and a card as numbers, and a layout back as numbers: the order `cardmap.mjs` writes and
/// reads (its `LAYOUT_INPUT` and `LAYOUT_OUTPUT`). NaN is "not given" for optional values; a rect
/// that is absent is four NaNs.
public enum Layout {
  /// width, height, safe top/left/bottom/right, os major, os minor, mode (0 floating, 1 sidebar),
  /// full screen (1/0), header (NaN none), rtl, position (0 collapsed, 1 peaking, 2 extended; NaN:
  /// dragging), y, title height, top buttons, bottom buttons, floating items, bearing, info view
  /// width and height (NaN none), has map content; then horizontal and vertical size class (NaN:
  /// from the size, 0 compact, 1 regular), idiom (NaN: from the size, 0 phone, 1 pad, 2 mac, 3
  /// vision), SDK major and minor (NaN: the OS), vertical bar width (NaN: none) and edge (0 leading,
  /// 1 trailing), close button, paging, vertical bar actions, floating alignment (0 center, 1
  /// leading, 2 trailing), compass, user tracking, overlays hidden, content height (NaN: none).
  public static let inputCount = 37
  /// presentation (0 classic-bottom, 1 classic-side, 2 sidebar, 3 sheet-bottom, 4 sheet-leading),
  /// system sheet, position, positions E/P/C, card rect, map insets, visible rect, dim alpha,
  /// content alpha, button alpha, card alpha, draggable, top toolbar, bottom toolbar, floating
  /// toolbar, info view.
  public static let outputCount = 42

  static let presentations: [Presentation] = [.classicBottom, .classicSide, .sidebar, .sheetBottom, .sheetLeading]
  static let positions: [CardPosition] = [.collapsed, .peaking, .extended]
  // The other choices' cases, in their numbers' order (made once: a frame allocates nothing it can avoid).
  static let sizeClasses: [SizeClass] = [.compact, .regular]
  static let idioms: [Idiom] = [.phone, .pad, .mac, .vision]
  static let edges: [HorizontalEdge] = [.leading, .trailing]
  static let alignments: [FloatingAlignment] = [.center, .leading, .trailing]

  /// The environment, card state and layout the numbers describe.
  public static func read(_ n: UnsafePointer<Double>) throws(WasmError) -> (
    environment: LayoutEnvironment, card: CardState, layout: ScreenLayout
  ) {
    func count(_ value: Double, _ name: String) throws(WasmError) -> Int {
      guard value.isFinite, value >= 0, value <= 64, value == value.rounded() else {
        throw WasmError(message: "\(name): expected a whole number from 0 to 64")
      }
      return Int(value)
    }
    let top = try count(n[15], "topButtons")
    let bottom = try count(n[16], "bottomButtons")
    let floating = try count(n[17], "floatingItems")
    /// The index a choice's number names among `count` cases, nil for NaN.
    func choice(_ value: Double, _ count: Int, _ name: String) throws(WasmError) -> Int? {
      if value.isNaN { return nil }
      guard value >= 0, value < Double(count), value == value.rounded() else {
        throw WasmError(message: "\(name): expected a whole number from 0 to \(count - 1)")
      }
      return Int(value)
    }
    func version(_ major: Double, _ minor: Double, _ name: String) throws(WasmError) -> OSVersion? {
      if major.isNaN { return nil }
      guard major.isFinite, major >= 0, major < 1000, major == major.rounded(),
        minor.isNaN || (minor >= 0 && minor < 1000 && minor == minor.rounded())
      else { throw WasmError(message: name + ": expected a version such as 27 or 26.1") }
      return OSVersion(Int(major), minor.isNaN ? 0 : Int(minor))
    }
    let actions = try count(n[31], "verticalBarActions")
    let alignment = try choice(n[32], alignments.count, "floatingAlignment").map { alignments[$0] }
    let horizontal = try choice(n[22], sizeClasses.count, "horizontal").map { sizeClasses[$0] }
    let vertical = try choice(n[23], sizeClasses.count, "vertical").map { sizeClasses[$0] }
    let idiom = try choice(n[24], idioms.count, "idiom").map { idioms[$0] }
    let os = try version(n[6], n[7], "os") ?? OSVersion(27)
    let sdk = try version(n[25], n[26], "sdk")
    let edge = try choice(n[28], edges.count, "verticalBar.edge").map { edges[$0] } ?? .leading
    let environment: LayoutEnvironment
    do throws(LayoutError) {
      environment = try LayoutEnvironment(
        width: n[0], height: n[1], safeArea: Insets(top: n[2], left: n[3], bottom: n[4], right: n[5]),
        horizontal: horizontal, vertical: vertical, idiom: idiom, os: os, sdk: sdk,
        mode: n[8] == 1 ? .sidebar : .floating, presentedFullScreen: n[9] != 0, header: n[10].isNaN ? nil : n[10],
        verticalBar: n[27].isNaN ? nil : VerticalBar(edge: edge, width: n[27]), rtl: n[11] == 1)
    } catch {
      throw WasmError(message: "Invalid layout input: " + error.description)
    }
    let placement: CardPlacement =
      n[12].isNaN ? .dragging(y: n[13]) : .settled(positions[Int(min(max(n[12], 0), 2))])
    do throws(LayoutError) {
      let card = try CardState(
        placement: placement, titleHeight: n[14].isNaN ? CardState.defaultTitleHeight : n[14],
        hasMapContent: n[21] != 0, topButtons: top, bottomButtons: bottom, showsCloseButton: n[29] == 1,
        isPaging: n[30] == 1, verticalBarActions: actions, floatingItems: floating,
        floatingAlignment: alignment ?? .center, showsCompass: n[33] == 1, showsUserTracking: n[34] == 1,
        bearing: n[18], infoView: n[19].isNaN ? nil : Size(width: n[19], height: n[20]), overlaysHidden: n[35] == 1,
        contentHeight: n[36].isNaN ? nil : n[36])
      return (environment, card, ScreenLayout(environment: environment, card: card))
    } catch {
      throw WasmError(message: "Invalid card input: " + error.description)
    }
  }

  public static func write(_ layout: ScreenLayout, to out: UnsafeMutablePointer<Double>) {
    var index = 0
    func put(_ value: Double) {
      out[index] = value
      index += 1
    }
    func put(_ rect: Rect?) {
      put(rect?.x ?? .nan)
      put(rect?.y ?? .nan)
      put(rect?.width ?? .nan)
      put(rect?.height ?? .nan)
    }
    put(Double(presentations.firstIndex(of: layout.presentation) ?? 0))
    put(layout.usesSystemSheet ? 1 : 0)
    put(Double(positions.firstIndex(of: layout.position) ?? 0))
    put(layout.positions.extended)
    put(layout.positions.peaking)
    put(layout.positions.collapsed)
    put(layout.card)
    let insets = layout.mapInsets
    put(insets.top)
    put(insets.left)
    put(insets.bottom)
    put(insets.right)
    put(layout.visibleRect)
    put(layout.mapDimAlpha)
    put(layout.contentAlpha)
    put(layout.buttonAlpha)
    put(layout.cardAlpha)
    put(layout.draggable ? 1 : 0)
    put(layout.topToolbar)
    put(layout.bottomToolbar)
    put(layout.floatingToolbar)
    put(layout.infoView)
  }
}

/// A fit's options, content and camera modes as numbers, and its cameras back: `cardmap.mjs`'s
/// `INPUT` (after the layout's) and `OUTPUT`.
public enum Fit {
  /// west, south, east, north, min zoom, max zoom, zoom snap, point zoom (NaN: the max), margin,
  /// marker radius, pitch, max pitch, projection (0 Mercator, 1 globe); the camera modes: max bounds
  /// west, south, east, north (NaN: none), the steady focus's anchor lon/lat (NaN: the start fit's
  /// focus) and where the card was when it started (a position, or NaN and a y; both NaN: no steady
  /// camera), a selection lon/lat (NaN: none), its callout's width and height; the steady start's y.
  public static let inputCount = 25
  /// One camera's numbers: center lon/lat, focus lon/lat, zoom, bearing, pitch, world-clamped, cut
  /// (bits: north 1, south 2, east 4, west 8), padding top/left/bottom/right, drawn on the globe.
  public static let cameraCount = 14
  /// The content's fit, the steady focus's camera, the selection's camera (each NaN when not asked
  /// for or not possible) and the selection's callout rect.
  public static let outputCount = 3 * cameraCount + 4

  /// What a fit's numbers ask for.
  struct Request {
    var content: GeoBounds
    var options: FitOptions
    var maxBounds: GeoBounds?
    var anchor: Coordinate?
    var steadyFrom: CardPlacement?
    var selection: Coordinate?
    var callout: Callout
  }

  /// The content's fit, and the cameras of the modes asked for.
  public struct Cameras {
    var fit: MapFit
    var steady: MapFit?
    var cleared: (fit: MapFit, callout: Rect)?
  }

  static func bounds(_ n: UnsafePointer<Double>, _ name: String) throws(WasmError) -> GeoBounds? {
    if name != "bounds", n[0].isNaN, n[1].isNaN, n[2].isNaN, n[3].isNaN { return nil }
    guard n[0].isFinite, n[1].isFinite, n[2].isFinite, n[3].isFinite, abs(n[1]) <= 90, abs(n[3]) <= 90, n[1] <= n[3]
    else {
      throw WasmError(message: name + ": expected finite west, south, east, north with south ≤ north within ±90")
    }
    return GeoBounds(west: n[0], south: n[1], east: n[2], north: n[3])
  }

  static func coordinate(_ n: UnsafePointer<Double>, _ name: String) throws(WasmError) -> Coordinate? {
    if n[0].isNaN, n[1].isNaN { return nil }
    guard n[0].isFinite, n[1].isFinite, abs(n[1]) <= 90 else {
      throw WasmError(message: name + ": expected a finite longitude and a latitude within ±90")
    }
    return Coordinate(lon: n[0], lat: n[1])
  }

  /// The request the numbers at `n` (after the layout's) make, the map turned to the card's `bearing`
  /// (as `cardmap fit --bearing`).
  static func request(bearing: Double, _ n: UnsafePointer<Double>) throws(WasmError) -> Request {
    let options = FitOptions(
      bearing: bearing, minZoom: n[4], maxZoom: n[5], zoomSnap: n[6], pointZoom: n[7].isNaN ? nil : n[7],
      margin: n[8], markerRadius: n[9], pitch: n[10], maxPitch: n[11], projection: n[12] == 1 ? .globe : .mercator)
    guard let content = try bounds(n, "bounds") else { throw WasmError(message: "bounds: expected four numbers") }
    var steadyFrom: CardPlacement?
    if !n[19].isNaN {
      guard n[19] == 0 || n[19] == 1 || n[19] == 2 else {
        throw WasmError(message: "steady.from: expected collapsed, peaking or extended")
      }
      steadyFrom = .settled(Layout.positions[Int(n[19])])
    } else if !n[24].isNaN {
      guard n[24].isFinite else { throw WasmError(message: "steady.from.y: expected a finite number") }
      steadyFrom = .dragging(y: n[24])
    }
    guard n[22].isFinite, n[23].isFinite, n[22] >= 0, n[23] >= 0 else {
      throw WasmError(message: "callout: expected a finite width and height, at least 0")
    }
    return Request(
      content: content, options: options, maxBounds: try bounds(n + 13, "maxBounds"),
      anchor: try coordinate(n + 17, "anchor"), steadyFrom: steadyFrom, selection: try coordinate(n + 20, "select"),
      callout: Callout(width: n[22], height: n[23]))
  }

  /// The content fitted to `layout` and kept inside the max bounds, if any.
  static func contentFit(_ request: Request, layout: ScreenLayout) throws(WasmError) -> MapFit {
    let fit: MapFit
    do throws(FitError) {
      fit = try MapFit(content: request.content, layout: layout, options: request.options)
    } catch {
      throw WasmError(message: "cannot fit a camera: " + error.description)
    }
    guard let maxBounds = request.maxBounds else { return fit }
    do throws(FitError) {
      return try fit.kept(inside: maxBounds, content: request.content).fit
    } catch {
      throw WasmError(message: "cannot keep the camera inside the max bounds: " + error.description)
    }
  }

  /// The cameras at `layout` of the card `card` on `environment` (MapGeometry's Cameras that move with
  /// the card): the steady focus holds its anchor where the fit at `steadyFrom` showed it, and the
  /// selection moves the content's camera as little as keeps its callout clear. A mode that cannot
  /// hold (the anchor off the map, no room for the callout) gives no camera.
  static func cameras(
    _ request: Request, environment: LayoutEnvironment, card: CardState, layout: ScreenLayout
  ) throws(WasmError) -> Cameras {
    let fit = try contentFit(request, layout: layout)
    let (width, height) = (environment.width, environment.height)
    var cameras = Cameras(fit: fit)
    if let from = request.steadyFrom {
      var start = card
      start.placement = from
      let first = try contentFit(request, layout: ScreenLayout(environment: environment, card: start))
      let insets = MapFit.insets(layout: layout)
      if let steady = SteadyFocus(
        anchor: request.anchor ?? first.camera.focus, camera: first.camera, width: width, height: height,
        insets: first.insets), let camera = steady.camera(width: width, height: height, insets: insets)
      {
        cameras.steady = MapFit(camera: camera, width: width, height: height, insets: insets)
      }
    }
    if let selection = request.selection,
      let cleared = try? fit.transform.mercator(for: "a selection kept clear").keepingClear(
        selection, callout: request.callout, in: layout, maxZoom: request.options.maxZoom)
    {
      let moved = MapFit(camera: cleared.camera, width: width, height: height, insets: fit.insets)
      cameras.cleared = (moved, cleared.callout)
    }
    return cameras
  }

  public static func write(_ cameras: Cameras, to out: UnsafeMutablePointer<Double>) {
    write(cameras.fit, to: out)
    write(cameras.steady, to: out + cameraCount)
    write(cameras.cleared?.fit, to: out + 2 * cameraCount)
    let callout = cameras.cleared?.callout
    (out[3 * cameraCount], out[3 * cameraCount + 1]) = (callout?.x ?? .nan, callout?.y ?? .nan)
    (out[3 * cameraCount + 2], out[3 * cameraCount + 3]) = (callout?.width ?? .nan, callout?.height ?? .nan)
  }

  public static func write(_ fit: MapFit?, to out: UnsafeMutablePointer<Double>) {
    guard let fit else {
      for index in 0..<cameraCount { out[index] = .nan }
      return
    }
    let camera = fit.camera
    var cut = 0.0
    for edge in fit.cut {
      switch edge {
      case .north: cut += 1
      case .south: cut += 2
      case .east: cut += 4
      case .west: cut += 8
      }
    }
    (out[0], out[1], out[2], out[3]) = (camera.center.lon, camera.center.lat, camera.focus.lon, camera.focus.lat)
    (out[4], out[5], out[6], out[7], out[8]) = (
      camera.zoom, camera.bearing, camera.pitch, fit.worldClamped ? 1 : 0, cut
    )
    (out[9], out[10], out[11], out[12]) = (fit.insets.top, fit.insets.left, fit.insets.bottom, fit.insets.right)
    out[13] = camera.drawnProjection == .globe ? 1 : 0
  }
}

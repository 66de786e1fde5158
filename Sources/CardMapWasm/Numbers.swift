import CardMap

/// A screen and a card as numbers, and a layout back as numbers: the order `cardmap.mjs` writes and
/// reads (its `LAYOUT_INPUT` and `LAYOUT_OUTPUT`). NaN is "not given" for optional values; a rect
/// that is absent is four NaNs.
enum Layout {
  /// width, height, safe top/left/bottom/right, os major, os minor, mode (0 floating, 1 sidebar),
  /// full screen (1/0), header (NaN none), rtl, position (0 collapsed, 1 peaking, 2 extended; NaN:
  /// dragging), y, title height, top buttons, bottom buttons, floating items, bearing, info view
  /// width and height (NaN none), has map content.
  static let inputCount = 22
  /// presentation (0 classic-bottom, 1 classic-side, 2 sidebar, 3 sheet-bottom, 4 sheet-leading),
  /// system sheet, position, positions E/P/C, card rect, map insets, visible rect, dim alpha,
  /// content alpha, button alpha, card alpha, draggable, top toolbar, bottom toolbar, floating
  /// toolbar, info view.
  static let outputCount = 42

  static let presentations: [Presentation] = [.classicBottom, .classicSide, .sidebar, .sheetBottom, .sheetLeading]
  static let positions: [CardPosition] = [.collapsed, .peaking, .extended]

  /// The environment, card state and layout the numbers describe.
  static func read(_ n: UnsafePointer<Double>) throws(WasmError) -> (
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
    let environment: LayoutEnvironment
    do throws(LayoutError) {
      environment = try LayoutEnvironment(
        width: n[0], height: n[1], safeArea: Insets(top: n[2], left: n[3], bottom: n[4], right: n[5]),
        os: OSVersion(Int(n[6].isFinite ? n[6] : 27), Int(n[7].isFinite ? n[7] : 0)),
        mode: n[8] == 1 ? .sidebar : .floating, presentedFullScreen: n[9] != 0,
        header: n[10].isNaN ? nil : n[10], rtl: n[11] == 1)
    } catch {
      throw WasmError(message: "Invalid layout input: " + error.description)
    }
    let placement: CardPlacement =
      n[12].isNaN ? .dragging(y: n[13]) : .settled(positions[Int(min(max(n[12], 0), 2))])
    do throws(LayoutError) {
      let card = try CardState(
        placement: placement, titleHeight: n[14].isNaN ? CardState.defaultTitleHeight : n[14],
        hasMapContent: n[21] != 0, topButtons: top, bottomButtons: bottom, floatingItems: floating,
        bearing: n[18], infoView: n[19].isNaN ? nil : Size(width: n[19], height: n[20]))
      return (environment, card, ScreenLayout(environment: environment, card: card))
    } catch {
      throw WasmError(message: "Invalid card input: " + error.description)
    }
  }

  static func write(_ layout: ScreenLayout, to out: UnsafeMutablePointer<Double>) {
    var index = 0
    func put(_ value: Double) {
      out[index] = value
      index += 1
    }
    func put(_ rect: Rect?) {
      for value in rect.map({ [$0.x, $0.y, $0.width, $0.height] }) ?? [.nan, .nan, .nan, .nan] { put(value) }
    }
    put(Double(presentations.firstIndex(of: layout.presentation) ?? 0))
    put(layout.usesSystemSheet ? 1 : 0)
    put(Double(positions.firstIndex(of: layout.position) ?? 0))
    put(layout.positions.extended)
    put(layout.positions.peaking)
    put(layout.positions.collapsed)
    put(layout.card)
    let insets = layout.mapInsets
    for value in [insets.top, insets.left, insets.bottom, insets.right] { put(value) }
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

/// A fit's options and content as numbers, and its camera back: `cardmap.mjs`'s `FIT_INPUT` and
/// `FIT_OUTPUT`.
enum Fit {
  /// west, south, east, north, min zoom, max zoom, zoom snap, point zoom (NaN: the max), margin,
  /// marker radius, pitch, max pitch, projection (0 Mercator, 1 globe).
  static let inputCount = 13
  /// center lon/lat, focus lon/lat, zoom, bearing, pitch, world-clamped, cut (bits: north 1, south
  /// 2, east 4, west 8), padding top/left/bottom/right, drawn on the globe.
  static let outputCount = 14

  /// The fit at `layout`, the map turned to the card's `bearing` (as `cardmap fit --bearing`).
  static func fit(layout: ScreenLayout, bearing: Double, _ n: UnsafePointer<Double>) throws(WasmError) -> MapFit {
    let options = FitOptions(
      bearing: bearing, minZoom: n[4], maxZoom: n[5], zoomSnap: n[6], pointZoom: n[7].isNaN ? nil : n[7],
      margin: n[8], markerRadius: n[9], pitch: n[10], maxPitch: n[11], projection: n[12] == 1 ? .globe : .mercator)
    guard [n[0], n[1], n[2], n[3]].allSatisfy({ $0.isFinite }), abs(n[1]) <= 90, abs(n[3]) <= 90, n[1] <= n[3] else {
      throw WasmError(message: "bounds: expected finite west, south, east, north with south ≤ north within ±90")
    }
    do throws(FitError) {
      return try MapFit(
        content: GeoBounds(west: n[0], south: n[1], east: n[2], north: n[3]), layout: layout, options: options)
    } catch {
      throw WasmError(message: "cannot fit a camera: " + error.description)
    }
  }

  static func write(_ fit: MapFit, to out: UnsafeMutablePointer<Double>) {
    let camera = fit.camera
    let bits: [ContentEdge: Double] = [.north: 1, .south: 2, .east: 4, .west: 8]
    let values = [
      camera.center.lon, camera.center.lat, camera.focus.lon, camera.focus.lat, camera.zoom, camera.bearing,
      camera.pitch, fit.worldClamped ? 1 : 0, fit.cut.reduce(0) { $0 + (bits[$1] ?? 0) }, fit.insets.top,
      fit.insets.left, fit.insets.bottom, fit.insets.right, camera.drawnProjection == .globe ? 1 : 0,
    ]
    for (index, value) in values.enumerated() { out[index] = value }
  }
}

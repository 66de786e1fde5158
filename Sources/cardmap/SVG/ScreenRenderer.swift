import CardMap
import PlatformMath

/// Draws one screen: the map with its content at the fitted camera, the visible rect, the card,
/// header, dimming, toolbars, vertical bar, and a legend. Every element that tests look
/// for has an `id` or a `class`.
struct ScreenRenderer {
  var environment: LayoutEnvironment
  var layout: ScreenLayout
  /// The card's state the layout was made from (its floating items, the map's bearing).
  var card: CardState
  /// The fit of the content, or nil without content.
  var fit: MapFit?
  var document: GeoJSONDocument?
  var camera: Camera? { fit?.camera }
  /// The legend's height under the screen.
  static let legendHeight = 64.0

  var width: Double { environment.width }
  var height: Double { environment.height }

  /// The globe a camera on a globe map is drawn on below zoom 12 (MapGeometry's One camera); nil for
  /// a Mercator map.
  var globe: GlobeProjection? {
    if case .globe(let globe)? = fit?.transform { return globe }
    return nil
  }

  /// A lon/lat position on screen at the camera, in its projection: on the globe, where it shows (nil
  /// on the far side); in Mercator (512-pt tiles, bearing, pitch) in the world copy nearest the camera.
  func screenPoint(lon: Double, lat: Double) -> (Double, Double)? {
    guard let camera else { return nil }
    if let globe { return globe.point(of: Coordinate(lon: lon, lat: lat)).map { ($0.x, $0.y) } }
    let reference = anchor(camera)
    // The nearest world copy: the longitude difference wrapped into [−180, 180), exactly, so that
    // a longitude of any size (540, 1e308) lands where it belongs.
    let delta = Coordinate.normalizedLongitude(Coordinate.normalizedLongitude(lon) - WebMercator.lon(x: reference.x))
    return screen(x: reference.x + delta / 360, y: WebMercator.y(lat: lat), camera: camera)
  }

  /// The unit Mercator point the picture is drawn around: the view's centre flat, the focus (at the
  /// visible rect's centre, the centre of perspective) when pitched.
  func anchor(_ camera: Camera) -> (x: Double, y: Double) {
    let point = camera.pitch > 0 ? camera.focus : camera.center
    return (WebMercator.x(lon: point.lon), WebMercator.y(lat: point.lat))
  }

  /// A unit Mercator point on screen at `camera` (x unwrapped as the caller chose). Pitched, through
  /// MapLibre's perspective (MapGeometry's `Perspective`); ground behind the camera is drawn just in
  /// front of it, far below the screen, so that a shape that reaches behind keeps its visible part.
  func screen(x: Double, y: Double, camera: Camera) -> (Double, Double) {
    let reference = anchor(camera)
    let world = WebMercator.worldSize(zoom: camera.zoom)
    let dx = (x - reference.x) * world
    let dy = (y - reference.y) * world
    let b = camera.bearing * Double.pi / 180
    let (c, s) = (cos(b), sin(b))
    let (u, v) = (dx * c + dy * s, -dx * s + dy * c)
    guard camera.pitch > 0, let insets = fit?.insets else { return (width / 2 + u, height / 2 + v) }
    let view = Perspective(height: height, pitch: camera.pitch)
    let nearest = 0.95 * view.distance / sin(camera.pitch * Double.pi / 180)
    let (px, py) = view.project(u: u, v: min(v, nearest)) ?? (0, 0)
    return (
      insets.left + (width - insets.left - insets.right) / 2 + px,
      insets.top + (height - insets.top - insets.bottom) / 2 + py
    )
  }

  func draw(into svg: inout SVG, label: String? = nil) {
    svg.open("g", [("class", "screen")])
    svg.open("clipPath", [("id", "clip-\(label ?? "screen")")])
    svg.rect(Rect(x: 0, y: 0, width: width, height: height), [])
    svg.close("clipPath")
    svg.open("g", [("clip-path", "url(#clip-\(label ?? "screen"))")])
    if let globe {
      // Space around the globe, the sea on its disc.
      svg.rect(Rect(x: 0, y: 0, width: width, height: height), [("id", "map"), ("fill", "#1c2331")])
      let centre = globe.principalPoint
      svg.element(
        "circle",
        [
          ("id", "globe"), ("cx", SVG.number(centre.x)), ("cy", SVG.number(centre.y)),
          ("r", SVG.number(globe.limbRadius)), ("fill", "#cfe3f2"),
        ])
    } else {
      svg.rect(Rect(x: 0, y: 0, width: width, height: height), [("id", "map"), ("fill", "#cfe3f2")])
    }
    drawBasemap(into: &svg)
    drawGraticule(into: &svg)
    drawContent(into: &svg)
    svg.rect(
      layout.visibleRect,
      [
        ("id", "visible-rect"), ("fill", "none"), ("stroke", "#d9480f"), ("stroke-width", "2"),
        ("stroke-dasharray", "6 4"),
      ])
    svg.rect(
      Rect(x: 0, y: 0, width: width, height: height),
      [("id", "dim"), ("fill", "#000000"), ("fill-opacity", SVG.number(layout.mapDimAlpha))])
    if let header = layout.header {
      svg.rect(header, [("id", "header"), ("fill", "#ffffff"), ("fill-opacity", "0.92"), ("stroke", "#adb5bd")])
    }
    drawToolbar(layout.topToolbar, id: "toolbar-top", into: &svg)
    drawToolbar(layout.bottomToolbar, id: "toolbar-bottom", into: &svg)
    drawInfoView(into: &svg)
    drawCard(into: &svg)
    drawFloatingToolbar(into: &svg)
    drawVerticalBar(into: &svg)
    svg.close("g")
    svg.rect(
      Rect(x: 0, y: 0, width: width, height: height), [("fill", "none"), ("stroke", "#212529"), ("stroke-width", "2")])
    drawLegend(into: &svg, label: label)
    svg.close("g")
  }

  func drawCard(into svg: inout SVG) {
    let card = layout.card
    let radius = layout.presentation.isSheet ? 24.0 : 16.0
    svg.open("g", [("id", "card-group"), ("opacity", SVG.number(layout.cardAlpha))])
    svg.element(
      "rect",
      [
        ("id", "card"), ("x", SVG.number(card.x)), ("y", SVG.number(card.y)), ("width", SVG.number(card.width)),
        ("height", SVG.number(card.height + radius)), ("rx", SVG.number(radius)), ("fill", "#ffffff"),
        ("stroke", "#ced4da"),
      ])
    svg.rect(
      Rect(x: card.midX - 18, y: card.y + 6, width: 36, height: 5),
      [("id", "grab-handle"), ("rx", "2.5"), ("fill", "#adb5bd")])
    svg.element(
      "text",
      [
        ("id", "card-title"), ("x", SVG.number(card.x + 16)), ("y", SVG.number(card.y + 36)), ("font-size", "17"),
        ("font-weight", "bold"), ("fill", "#212529"), ("fill-opacity", SVG.number(max(layout.contentAlpha, 0.6))),
      ], text: "\(layout.presentation.rawValue) · \(layout.position.rawValue)")
    svg.close("g")
  }

  /// A map toolbar and its items: the compass as a red-and-grey needle, user tracking as an arrow,
  /// the card's buttons as dots.
  func drawToolbar(_ frame: Rect?, id: String, into svg: inout SVG) {
    guard let frame else { return }
    svg.open("g", [("id", id), ("opacity", SVG.number(layout.buttonAlpha))])
    svg.rect(frame, [("rx", "8"), ("fill", "#ffffff"), ("stroke", "#ced4da")])
    for item in layout.toolbarItems where frame.intersection(item.frame) != nil {
      let (x, y) = (item.frame.midX, item.frame.midY)
      switch item.role {
      case .compass:
        svg.element(
          "polygon",
          [
            ("class", "button compass"),
            (
              "points",
              [(x, y - 12), (x + 5, y), (x - 5, y)].map { "\(SVG.number($0.0)),\(SVG.number($0.1))" }.joined(
                separator: " ")
            ),
            ("fill", "#e03131"),
            ("transform", "rotate(\(SVG.number(-(card.bearing))) \(SVG.number(x)) \(SVG.number(y)))"),
          ])
      case .userTracking:
        svg.element(
          "polygon",
          [
            ("class", "button user-tracking"),
            (
              "points",
              [(x - 7, y + 2), (x + 8, y - 8), (x + 2, y + 7), (x, y + 2)].map {
                "\(SVG.number($0.0)),\(SVG.number($0.1))"
              }.joined(separator: " ")
            ),
            ("fill", "#1971c2"),
          ])
      case .card:
        svg.element(
          "circle",
          [
            ("class", "button"), ("cx", SVG.number(x)), ("cy", SVG.number(y)), ("r", "8"), ("fill", "#1971c2"),
          ])
      }
    }
    svg.close("g")
  }

  /// The card's floating toolbar: a row of round buttons.
  func drawFloatingToolbar(into svg: inout SVG) {
    guard let frame = layout.floatingToolbar else { return }
    svg.open("g", [("id", "floating-toolbar"), ("opacity", SVG.number(layout.cardAlpha))])
    let count = card.floatingItems
    let step = count > 1 ? (frame.width - Toolbars.itemSize) / Double(count - 1) : 0
    for index in 0..<count {
      let x = frame.minX + Toolbars.itemSize / 2 + Double(index) * step
      svg.element(
        "circle",
        [
          ("class", "floating-button"), ("cx", SVG.number(x)), ("cy", SVG.number(frame.midY)), ("r", "22"),
          ("fill", "#1971c2"), ("stroke", "#ffffff"), ("stroke-width", "2"),
        ])
    }
    svg.close("g")
  }

  /// The app's info banner over the map.
  func drawInfoView(into svg: inout SVG) {
    guard let frame = layout.infoView else { return }
    svg.rect(frame, [("id", "info-view"), ("rx", "10"), ("fill", "#fff3bf"), ("stroke", "#f08c00")])
  }

  func drawVerticalBar(into svg: inout SVG) {
    guard let bar = layout.verticalBar else { return }
    svg.open("g", [("id", "vertical-bar")])
    svg.rect(bar.frame, [("fill", "#343a40")])
    for item in bar.items {
      svg.rect(item.frame, [("class", "bar-item \(item.role.rawValue)"), ("rx", "22"), ("fill", "#868e96")])
    }
    svg.close("g")
  }

  func drawContent(into svg: inout SVG) {
    guard let document, camera != nil else { return }
    svg.open("g", [("id", "content")])
    let positions = document.positions
    func point(_ i: Int) -> (Double, Double)? { screenPoint(lon: positions.lons[i], lat: positions.lats[i]) }
    func path(_ range: Range<Int>, closed: Bool) -> String {
      var d = SVGPath()
      for i in range { d.add(point(i)) }
      return d.text(closed: closed)
    }
    // Markers under the card and the controls (the exclusion zones) are dimmed, as a renderer that
    // hides labels and markers there would.
    let covered = (try? fit?.exclusionZones(in: layout))?.map(\.rect) ?? []
    func draw(_ geometry: Geometry) {
      switch geometry {
      case .point(let i):
        if let (x, y) = point(i) {
          let under = covered.contains { x >= $0.minX && x <= $0.maxX && y >= $0.minY && y <= $0.maxY }
          svg.element(
            "circle",
            [
              ("class", "point"), ("cx", SVG.number(x)), ("cy", SVG.number(y)), ("r", "5"), ("fill", "#c2255c"),
              ("fill-opacity", under ? "0.25" : "1"), ("stroke", "#ffffff"), ("stroke-width", "1.5"),
            ] + (under ? [("data-covered", "true")] : []))
        }
      case .multiPoint(let range):
        for i in range { draw(.point(i)) }
      case .lineString(let range):
        svg.element(
          "path",
          [
            ("class", "line"), ("d", path(range, closed: false)), ("fill", "none"), ("stroke", "#1864ab"),
            ("stroke-width", "3"),
          ])
      case .multiLineString(let lines):
        for line in lines { draw(.lineString(line)) }
      case .polygon(let rings):
        let d = rings.map { path($0, closed: true) }.joined(separator: " ")
        svg.element(
          "path",
          [
            ("class", "polygon"), ("d", d), ("fill", "#74c0fc"), ("fill-opacity", "0.35"), ("fill-rule", "evenodd"),
            ("stroke", "#1864ab"),
          ])
      case .multiPolygon(let polygons):
        for rings in polygons { draw(.polygon(rings)) }
      case .geometryCollection(let geometries):
        for child in geometries { draw(child) }
      }
    }
    for feature in document.features { if let geometry = feature.geometry { draw(geometry) } }
    svg.close("g")
  }

  /// Lines of longitude and latitude at a round step that gives a handful across the view.
  func drawGraticule(into svg: inout SVG) {
    guard let camera else { return }
    let degreesAcross = 360 * width / WebMercator.worldSize(zoom: camera.zoom)
    let steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30]
    let step = steps.first { degreesAcross / $0 <= 8 } ?? 30
    // On the globe every meridian and parallel of the near side, drawn in finer steps (they curve).
    let region =
      globe == nil
      ? CameraFit(width: width, height: height).visibleRegion(of: camera).bounds
      : GeoBounds(west: -180, south: -85, east: 180, north: 85)
    let samples = globe == nil ? 16 : 72
    svg.open("g", [("id", "graticule"), ("stroke", "#b2c3a8"), ("stroke-width", "0.75"), ("fill", "none")])
    let south = max(region.south, -85)
    let north = min(region.north, 85)
    var west = region.west
    let span = region.longitudeSpan
    west = (west / step).rounded(.down) * step
    var lon = west
    var lines = 0
    while lon <= west + span + step && lines < 200 {
      var d = SVGPath()
      for k in 0...samples { d.add(screenPoint(lon: lon, lat: south + (north - south) * Double(k) / Double(samples))) }
      svg.element("path", [("d", d.text(closed: false))])
      lon += step
      lines += 1
    }
    var lat = (south / step).rounded(.down) * step
    while lat <= north + step && lines < 400 {
      var d = SVGPath()
      for k in 0...samples { d.add(screenPoint(lon: west + span * Double(k) / Double(samples), lat: lat)) }
      svg.element("path", [("d", d.text(closed: false))])
      lat += step
      lines += 1
    }
    svg.close("g")
  }

  func drawLegend(into svg: inout SVG, label: String?) {
    let insets = layout.mapInsets
    var lines = [
      (label.map { "\($0) — " } ?? "") + "\(layout.presentation.rawValue), \(layout.position.rawValue)",
      "insets t \(SVG.number(insets.top)) l \(SVG.number(insets.left)) b \(SVG.number(insets.bottom)) r \(SVG.number(insets.right))",
    ]
    if let fit {
      let camera = fit.camera
      var notes = fit.worldClamped ? ["world-clamped"] : []
      if !fit.cut.isEmpty { notes.append("cut " + fit.cut.map(\.rawValue).joined(separator: ", ")) }
      let projection =
        camera.projection == .globe
        ? (camera.drawnProjection == .globe ? " on the globe" : " (globe drawn as Mercator)") : ""
      lines.append(
        "camera \(SVG.number(camera.center.lon)), \(SVG.number(camera.center.lat)) zoom \(SVG.number(camera.zoom)) bearing \(SVG.number(camera.bearing))"
          + (camera.pitch > 0 ? " pitch \(SVG.number(camera.pitch))" : "") + projection
          + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"))
    }
    for (index, line) in lines.enumerated() {
      svg.element(
        "text",
        [
          ("class", "legend"), ("x", "4"), ("y", SVG.number(height + 18 + Double(index) * 16)), ("font-size", "12"),
          ("fill", "#212529"),
        ],
        text: line)
    }
  }
}

/// An SVG path's `d` from points in order, a missing point (hidden behind the globe, behind a tilted
/// camera) breaking the line so that no segment jumps across what does not show.
struct SVGPath {
  private var d = ""
  private var broken = true

  mutating func add(_ point: (Double, Double)?) {
    guard let (x, y) = point else {
      broken = true
      return
    }
    d += (broken ? "M" : "L") + SVG.number(x) + " " + SVG.number(y)
    broken = false
  }

  /// The path, closed (`Z`) when asked and not empty.
  func text(closed: Bool) -> String { closed && !d.isEmpty ? d + "Z" : d }
}

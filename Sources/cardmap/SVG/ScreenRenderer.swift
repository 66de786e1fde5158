import CardMapWire
import PlatformMath

/// Draws one screen: the map with its content at the fitted camera, the visible rect, the card,
/// header, dimming, toolbars, vertical bar, and a legend. Every element that tests look
/// for has an `id` or a `class`.
struct ScreenRenderer {
  let environment: LayoutEnvironment
  let layout: ScreenLayout
  /// The card's state the layout was made from (its floating items, the map's bearing).
  let card: CardState
  /// The fit of the content, or nil without content.
  let fit: MapFit?
  let document: GeoJSONDocument?
  /// What the map shows at the fit's camera, in the projection it is drawn in (the fit's own
  /// transform, MapGeometry's One camera), made once for every point drawn; nil without content.
  let transform: MapTransform?
  var camera: Camera? { fit?.camera }

  init(environment: LayoutEnvironment, layout: ScreenLayout, card: CardState, fit: MapFit?, document: GeoJSONDocument?)
  {
    self.environment = environment
    self.layout = layout
    self.card = card
    self.fit = fit
    self.document = document
    transform = fit?.transform
  }

  var width: Double { environment.width }
  var height: Double { environment.height }

  /// The globe a camera on a globe map is drawn on below zoom 12; nil for a Mercator map.
  var globe: GlobeProjection? {
    if case .globe(let globe)? = transform { return globe }
    return nil
  }

  /// The Mercator map the picture is drawn with (`ScreenProjection`: MapLibre's perspective, its focus
  /// at the visible rect's centre), the globe's too from zoom 12; nil on the globe below it.
  var mercator: ScreenProjection? {
    if case .mercator(let mercator)? = transform { return mercator }
    return nil
  }

  /// A lon/lat position on screen at the camera, in its projection: on the globe, where it shows (nil
  /// on the far side); in Mercator (512-pt tiles, bearing, pitch) in the world copy nearest the camera.
  func screenPoint(lon: Double, lat: Double) -> (Double, Double)? {
    if let globe { return globe.point(of: Coordinate(lon: lon, lat: lat)).map { ($0.x, $0.y) } }
    guard let mercator else { return nil }
    // The nearest world copy: the longitude difference wrapped into [−180, 180), exactly, so that
    // a longitude of any size (540, 1e308) lands where it belongs.
    let reference = mercator.focusUnitX
    let delta = Coordinate.normalizedLongitude(Coordinate.normalizedLongitude(lon) - WebMercator.lon(x: reference))
    let point = mercator.drawnPoint(unitX: reference + delta / 360, unitY: WebMercator.y(lat: lat))
    return (point.x, point.y)
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
      if globe.camera.pitch == 0 {
        svg.element(
          "circle",
          [
            ("id", "globe"), ("cx", SVG.number(centre.x)), ("cy", SVG.number(centre.y)),
            ("r", SVG.number(globe.limbRadius)), ("fill", "#cfe3f2"),
          ])
      } else {
        // Tilted, the outline is an ellipse.
        let outline = globe.outline().map { SVG.number($0.x) + " " + SVG.number($0.y) }
        svg.element("path", [("id", "globe"), ("d", "M" + outline.joined(separator: "L") + "Z"), ("fill", "#cfe3f2")])
      }
    } else {
      svg.rect(Rect(x: 0, y: 0, width: width, height: height), [("id", "map"), ("fill", "#cfe3f2")])
    }
    drawBasemap(into: &svg)
    drawGraticule(into: &svg)
    // What covers the map (the card and the controls: the exclusion zones), for the markers' dimming
    // and the labels' room; and what the card lists, for the card and the info view.
    let covered = (try? fit?.exclusionZones(in: layout))?.map(\.rect) ?? []
    let content = CardContent(document: document)
    let markers = drawContent(covered: covered, into: &svg)
    drawLabels(markers, covered: covered, into: &svg)
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
    drawInfoView(title: content.title, into: &svg)
    drawCard(content, into: &svg)
    drawFloatingToolbar(into: &svg)
    drawVerticalBar(into: &svg)
    svg.close("g")
    svg.rect(
      Rect(x: 0, y: 0, width: width, height: height), [("fill", "none"), ("stroke", "#212529"), ("stroke-width", "2")])
    drawLegend(into: &svg, label: label)
    svg.close("g")
  }

  /// The card as a map app draws it: a grab handle, the content's title (kept clear of the floating
  /// buttons that lie over it), the presentation and position in small type, and a row per feature
  /// (an icon, its name, its details) as far as the card shows on screen.
  func drawCard(_ content: CardContent, into svg: inout SVG) {
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
    let left = card.x + 16
    // The title and subtitle keep to the side of floating buttons that lie across their lines (on
    // a collapsed card they do): before them, or after them when they sit at the leading edge.
    var (titleLeft, titleRight) = (left, card.maxX - 16)
    if let floating = layout.floatingToolbar, floating.minY < card.y + 60, floating.maxY > card.y + 16 {
      if floating.minX - 8 - left >= card.maxX - 16 - floating.maxX - 8 {
        titleRight = floating.minX - 8
      } else {
        titleLeft = floating.maxX + 8
      }
    }
    svg.element(
      "text",
      [
        ("id", "card-title"), ("x", SVG.number(titleLeft)), ("y", SVG.number(card.y + 36)), ("font-size", "20"),
        ("font-weight", "bold"), ("fill", "#212529"),
      ], text: ScreenRenderer.fitting(content.title, width: titleRight - titleLeft, fontSize: 20))
    svg.open("g", [("id", "card-content"), ("opacity", SVG.number(layout.contentAlpha))])
    svg.element(
      "text",
      [
        ("id", "card-subtitle"), ("x", SVG.number(titleLeft)), ("y", SVG.number(card.y + 56)), ("font-size", "12"),
        ("fill", "#868e96"),
      ],
      text: ScreenRenderer.fitting(
        "\(layout.presentation.rawValue) · \(layout.position.rawValue)", width: titleRight - titleLeft, fontSize: 12))
    let bottom = min(card.maxY, height) - 8
    for (index, row) in content.rows.enumerated() {
      let top = card.y + 68 + Double(index) * 52
      guard top + 48 <= bottom else { break }
      svg.open("g", [("class", "card-row")])
      svg.element(
        "circle",
        [("cx", SVG.number(left + 16)), ("cy", SVG.number(top + 22)), ("r", "16"), ("fill", "#e7f1fb")])
      ScreenRenderer.rowIcon(row.kind, x: left + 16, y: top + 22, into: &svg)
      svg.element(
        "text",
        [
          ("class", "row-name"), ("x", SVG.number(left + 42)), ("y", SVG.number(top + 18)), ("font-size", "15"),
          ("font-weight", "bold"), ("fill", "#212529"),
        ],
        text: ScreenRenderer.fitting(row.name, width: card.maxX - left - 58, fontSize: 15))
      svg.element(
        "text",
        [
          ("class", "row-detail"), ("x", SVG.number(left + 42)), ("y", SVG.number(top + 36)), ("font-size", "12"),
          ("fill", "#868e96"),
        ],
        text: ScreenRenderer.fitting(row.detail, width: card.maxX - left - 58, fontSize: 12))
      svg.close("g")
    }
    svg.close("g")
    svg.close("g")
  }

  /// A row's icon: a marker for a point, a route's zigzag, an area's outline.
  static func rowIcon(_ kind: String, x: Double, y: Double, into svg: inout SVG) {
    func p(_ dx: Double, _ dy: Double) -> String { SVG.number(x + dx) + " " + SVG.number(y + dy) }
    let d: String
    switch kind {
    case "line": d = "M\(p(-8, 6))L\(p(-2, -2))L\(p(3, 3))L\(p(8, -6))"
    case "area": d = "M\(p(-7, -6))L\(p(7, -4))L\(p(6, 6))L\(p(-6, 5))Z"
    default: d = "M\(p(0, 8))L\(p(-5, 0))A5 5 0 1 1 \(p(5, 0))Z"
    }
    svg.element(
      "path",
      [
        ("d", d), ("fill", kind == "line" ? "none" : "#1864ab"), ("fill-opacity", kind == "area" ? "0.35" : "1"),
        ("stroke", "#1864ab"), ("stroke-width", "2"), ("stroke-linejoin", "round"),
      ])
  }

  /// `text` cut with an ellipsis to `width` at `fontSize` (LabelPlacer's estimate of a line's width).
  static func fitting(_ text: String, width: Double, fontSize: Double) -> String {
    guard LabelPlacer.width(of: text, fontSize: fontSize) > width else { return text }
    let count = Int(width / LabelPlacer.width(of: "x", fontSize: fontSize)) - 1
    return count > 0 ? String(text.prefix(count)) + "…" : ""
  }

  /// A map toolbar and its items: the compass as a red needle, user tracking as an arrow, the
  /// card's buttons as glyphs (`Icons`).
  func drawToolbar(_ frame: Rect?, id: String, into svg: inout SVG) {
    guard let frame else { return }
    svg.open("g", [("id", id), ("opacity", SVG.number(layout.buttonAlpha))])
    svg.rect(frame, [("rx", "8"), ("fill", "#ffffff"), ("stroke", "#ced4da")])
    for (item, glyph) in zip(layout.toolbarItems, Icons.glyphs(of: layout.toolbarItems))
    where frame.intersection(item.frame) != nil {
      Icons.drawMapButton(glyph, x: item.frame.midX, y: item.frame.midY, bearing: card.bearing, into: &svg)
    }
    svg.close("g")
  }

  /// The card's floating toolbar: a row of round buttons, each with its glyph (directions, a star,
  /// share in turn).
  func drawFloatingToolbar(into svg: inout SVG) {
    guard layout.floatingToolbar != nil else { return }
    svg.open("g", [("id", "floating-toolbar"), ("opacity", SVG.number(layout.cardAlpha))])
    for (index, item) in layout.floatingItems.enumerated() {
      let (x, y) = (item.midX, item.midY)
      svg.element(
        "circle",
        [
          ("class", "floating-button"), ("cx", SVG.number(x)), ("cy", SVG.number(y)), ("r", "22"),
          ("fill", "#1971c2"), ("stroke", "#ffffff"), ("stroke-width", "2"),
        ])
      Icons.draw(Icons.floatingButton(index), x: x, y: y, colour: "#ffffff", into: &svg)
    }
    svg.close("g")
  }

  /// The app's info banner over the map, saying what the map shows (the content's `title`).
  func drawInfoView(title: String, into svg: inout SVG) {
    guard let frame = layout.infoView else { return }
    svg.open("g", [("id", "info-view-group"), ("opacity", SVG.number(layout.buttonAlpha))])
    svg.rect(frame, [("id", "info-view"), ("rx", "10"), ("fill", "#fff3bf"), ("stroke", "#f08c00")])
    let fontSize = min(13, max(frame.height - 8, 0))
    if fontSize >= 6 {
      let text = document == nil ? "Nothing on the map" : "Showing \(title)"
      svg.element(
        "text",
        [
          ("id", "info-view-text"), ("x", SVG.number(frame.x + 10)), ("y", SVG.number(frame.midY + fontSize * 0.35)),
          ("font-size", SVG.number(fontSize)), ("fill", "#5c3c00"),
        ], text: ScreenRenderer.fitting(text, width: frame.width - 20, fontSize: fontSize))
    }
    svg.close("g")
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

  /// A point of the content on screen, for its label: its feature's name, and whether what covers
  /// the map (the card, the controls) lies over it.
  struct Marker {
    var name: String?
    var x: Double
    var y: Double
    var covered: Bool
  }

  /// Draws the content (lines with a white casing, so that a route reads on any basemap; areas
  /// filled; points as markers, dimmed under what `covered` holds) and returns its points, for their
  /// labels.
  func drawContent(covered: [Rect], into svg: inout SVG) -> [Marker] {
    guard let document, camera != nil else { return [] }
    svg.open("g", [("id", "content")])
    let positions = document.positions
    func point(_ i: Int) -> (Double, Double)? { screenPoint(lon: positions.lons[i], lat: positions.lats[i]) }
    func path(_ range: Range<Int>, closed: Bool) -> String {
      var d = SVGPath()
      for i in range { d.add(point(i)) }
      return d.text(closed: closed)
    }
    // Markers under the card and the controls are dimmed, as a renderer that hides labels and
    // markers there would.
    var markers: [Marker] = []
    func draw(_ geometry: Geometry, name: String?) {
      switch geometry {
      case .point(let i):
        if let (x, y) = point(i) {
          let under = covered.contains { x >= $0.minX && x <= $0.maxX && y >= $0.minY && y <= $0.maxY }
          markers.append(Marker(name: name, x: x, y: y, covered: under))
        }
      case .multiPoint(let range):
        for i in range { draw(.point(i), name: name) }
      case .lineString(let range):
        let d = path(range, closed: false)
        svg.element(
          "path",
          [
            ("class", "line-casing"), ("d", d), ("fill", "none"), ("stroke", "#ffffff"), ("stroke-width", "7"),
            ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
          ])
        svg.element(
          "path",
          [
            ("class", "line"), ("d", d), ("fill", "none"), ("stroke", "#1864ab"), ("stroke-width", "4"),
            ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
          ])
      case .multiLineString(let lines):
        for line in lines { draw(.lineString(line), name: name) }
      case .polygon(let rings):
        let d = rings.map { path($0, closed: true) }.joined(separator: " ")
        svg.element(
          "path",
          [
            ("class", "polygon"), ("d", d), ("fill", "#74c0fc"), ("fill-opacity", "0.35"), ("fill-rule", "evenodd"),
            ("stroke", "#1864ab"), ("stroke-width", "2"),
          ])
      case .multiPolygon(let polygons):
        for rings in polygons { draw(.polygon(rings), name: name) }
      case .geometryCollection(let geometries):
        for child in geometries { draw(child, name: name) }
      }
    }
    for feature in document.features {
      if let geometry = feature.geometry {
        draw(geometry, name: CardContent.name(of: feature))
      }
    }
    // Markers over the lines and areas, as a map app draws its pins.
    for marker in markers {
      svg.element(
        "circle",
        [
          ("class", "point"), ("cx", SVG.number(marker.x)), ("cy", SVG.number(marker.y)), ("r", "6"),
          ("fill", "#c2255c"), ("fill-opacity", marker.covered ? "0.25" : "1"), ("stroke", "#ffffff"),
          ("stroke-width", "2"),
        ] + (marker.covered ? [("data-covered", "true")] : []))
    }
    svg.close("g")
    return markers
  }

  /// Names on the map, none overlapping another, a marker, or what covers the map: the content's
  /// points first (bold, with a white halo), then up to 12 of the basemap's places.
  func drawLabels(_ markers: [Marker], covered: [Rect], into svg: inout SVG) {
    var placer = LabelPlacer(area: layout.view, obstacles: covered + [layout.card])
    for marker in markers { placer.reserve(Rect(x: marker.x - 7, y: marker.y - 7, width: 14, height: 14)) }
    svg.open("g", [("id", "labels")])
    for marker in markers where !marker.covered {
      guard let name = marker.name,
        let placed = placer.place(name, x: marker.x, y: marker.y, radius: 6, fontSize: 13)
      else { continue }
      svg.element(
        "text",
        [
          ("class", "point-label"), ("x", SVG.number(placed.x)), ("y", SVG.number(placed.y)), ("font-size", "13"),
          ("font-weight", "bold"), ("fill", "#212529"), ("stroke", "#ffffff"), ("stroke-width", "3"),
          ("paint-order", "stroke"),
        ], text: name)
    }
    var shown = 0
    for place in places() where shown < 12 {
      // A place whose dot another name covers is left out, dot and all.
      let dot = Rect(x: place.x - 3, y: place.y - 3, width: 6, height: 6)
      guard placer.isFree(dot),
        let placed = placer.place(place.name, x: place.x, y: place.y, radius: 2.5, fontSize: 11)
      else { continue }
      placer.reserve(dot)
      shown += 1
      svg.element(
        "circle",
        [
          ("class", "city"), ("cx", SVG.number(place.x)), ("cy", SVG.number(place.y)), ("r", "2.5"),
          ("fill", "#495057"),
        ])
      svg.element(
        "text",
        [
          ("class", "city-label"), ("x", SVG.number(placed.x)), ("y", SVG.number(placed.y)), ("font-size", "11"),
          ("fill", "#495057"), ("stroke", "#ffffff"), ("stroke-width", "2"), ("paint-order", "stroke"),
        ], text: place.name)
    }
    svg.close("g")
  }

  /// Lines of longitude and latitude at a round step that gives a handful across the view.
  func drawGraticule(into svg: inout SVG) {
    guard let camera else { return }
    let degreesAcross = 360 * width / WebMercator.worldSize(zoom: camera.zoom)
    let steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30]
    let step = steps.first { degreesAcross / $0 <= 8 } ?? 30
    // On the globe every meridian and parallel of the near side, drawn in finer steps (they curve).
    let world = GeoBounds(west: -180, south: -85, east: 180, north: 85)
    let region = globe == nil ? viewRegion(around: camera) ?? world : world
    let samples = globe == nil ? 16 : 72
    svg.open("g", [("id", "graticule"), ("stroke", "#b2c3a8"), ("stroke-width", "0.75"), ("fill", "none")])
    let south = max(region.south, -85)
    let north = min(region.north, 85)
    // From a round longitude at or west of the region to one at or east of it.
    let west = (region.west / step).rounded(.down) * step
    let east = ((region.west + region.longitudeSpan) / step).rounded(.up) * step
    let span = east - west
    var lon = west
    var lines = 0
    while lon <= east + step / 2 && lines < 200 {
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

  /// The lon/lat box the whole view shows, to its edges (not only the visible rect): a grid of view
  /// points taken back to the ground (those above a tilted camera's horizon skipped), longitudes
  /// unwrapped around the camera's; nil when none reaches the ground.
  func viewRegion(around camera: Camera) -> GeoBounds? {
    guard let transform = fit?.transform else { return nil }
    var (west, south, east, north) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    let steps = 12
    for i in 0...steps {
      for j in 0...steps {
        let x = width * Double(i) / Double(steps)
        let y = height * Double(j) / Double(steps)
        guard let ground = transform.coordinate(atX: x, y: y) else { continue }
        let lon = camera.center.lon + Coordinate.normalizedLongitude(ground.lon - camera.center.lon)
        (west, east) = (min(west, lon), max(east, lon))
        (south, north) = (min(south, ground.lat), max(north, ground.lat))
      }
    }
    guard west <= east else { return nil }
    return GeoBounds(west: west, south: south, east: east, north: north)
  }

  /// The legend's lines: the presentation, the insets, the camera and its notes, each wrapped at
  /// spaces to the picture's width.
  func legendLines(label: String?) -> [String] {
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
    return lines.flatMap { ScreenRenderer.wrap($0, width: width - 8, fontSize: 12) }
  }

  /// The legend's height under the screen: 16 pt a line and a margin.
  func legendHeight(label: String? = nil) -> Double { 16 + 16 * Double(legendLines(label: label).count) }

  /// `text` broken at spaces into lines no wider than `width` (a word longer than a line has its own).
  static func wrap(_ text: String, width: Double, fontSize: Double) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if !line.isEmpty, LabelPlacer.width(of: candidate, fontSize: fontSize) > width {
        lines.append(line)
        line = String(word)
      } else {
        line = candidate
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  func drawLegend(into svg: inout SVG, label: String?) {
    for (index, line) in legendLines(label: label).enumerated() {
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

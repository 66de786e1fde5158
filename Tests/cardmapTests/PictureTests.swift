import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `cardmap render` looks like a map app: the card lists the content, buttons carry glyphs, names
/// never pile up, routes have a casing, and the grid and legend fit the picture.
@Suite("cardmap render: a picture like a map app")
struct PictureTests {
  /// Every element in order: its name, attributes and text.
  final class Elements: NSObject, XMLParserDelegate {
    struct Element {
      var name: String
      var attributes: [String: String]
      var text = ""
    }
    var all: [Element] = []
    private var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      all.append(Element(name: name, attributes: attributes))
      open.append(all.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { all[last].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      open.removeLast()
    }

    func classed(_ name: String) -> [Element] { all.filter { $0.attributes["class"] == name } }
    func id(_ id: String) -> Element? { all.first { $0.attributes["id"] == id } }
    /// The SVG's own width and height.
    var size: (Double, Double) {
      let svg = all.first { $0.name == "svg" }?.attributes ?? [:]
      return (Double(svg["width"] ?? "") ?? 0, Double(svg["height"] ?? "") ?? 0)
    }
  }

  static func render(_ arguments: [String], file: String = TeachingErrorsTests.ferries) throws -> Elements {
    let run = try Run(["render", file] + arguments + ["--output", "-"])
    #expect(run.status == 0, "\(run.stderr)")
    let parser = XMLParser(data: Data(run.stdout.utf8))
    let elements = Elements()
    parser.delegate = elements
    #expect(parser.parse())
    return elements
  }

  /// A text's box, from its attributes and a sans-serif's average advance (0.56 em, as rsvg-convert
  /// draws Helvetica's stand-in), its baseline a quarter of the size above its bottom.
  static func box(_ text: Elements.Element) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    let size = Double(text.attributes["font-size"] ?? "") ?? 12
    let x = Double(text.attributes["x"] ?? "") ?? 0
    let y = Double(text.attributes["y"] ?? "") ?? 0
    return (x, y - size * 0.9, x + Double(text.text.count) * size * 0.56, y + size * 0.25)
  }

  static func overlap(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double)) -> Bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
  }

  @Test("the card lists the content: its title, then a row per feature with its name and details")
  func card() throws {
    let svg = try Self.render(["--device", "iphone-17", "--position", "extended"])
    #expect(svg.id("card-title")?.text == "Manly ferry")
    #expect(svg.classed("row-name").map(\.text) == ["Manly ferry", "Circular Quay", "Manly"])
    #expect(svg.classed("row-detail").first?.text == "Route · route F1 · from Circular Quay · to Manly")
    #expect(svg.id("card-subtitle")?.text == "sheet-bottom · extended")
  }

  @Test("buttons carry glyphs; the info view says what the map shows; a route has a white casing under it")
  func controls() throws {
    let svg = try Self.render([
      "--device", "iphone-17", "--position", "peaking", "--top-buttons", "2", "--floating-items", "3",
      "--info-view", "240x40",
    ])
    #expect(svg.classed("icon layers").count == 1 && svg.classed("icon info").count == 1)
    #expect(["directions", "star", "share"].allSatisfy { svg.classed("icon \($0)").count == 1 })
    #expect(svg.id("info-view-text")?.text == "Showing Manly ferry")
    let casing = try #require(svg.all.firstIndex { $0.attributes["class"] == "line-casing" })
    let line = try #require(svg.all.firstIndex { $0.attributes["class"] == "line" })
    #expect(casing < line && svg.all[casing].attributes["d"] == svg.all[line].attributes["d"])
  }

  @Test("on a collapsed card the title keeps clear of the floating buttons")
  func titleClear() throws {
    let svg = try Self.render(["--device", "iphone-17", "--position", "collapsed", "--floating-items", "2"])
    let title = Self.box(try #require(svg.id("card-title")))
    for button in svg.classed("floating-button") {
      let (cx, cy) = (Double(button.attributes["cx"] ?? "") ?? 0, Double(button.attributes["cy"] ?? "") ?? 0)
      #expect(!Self.overlap(title, (cx - 22, cy - 22, cx + 22, cy + 22)), "\(title) and the button at \(cx)")
    }
  }

  @Test("place names never overlap each other or the card, even where places crowd (the Caribbean)")
  func labels() throws {
    let folder = try Run.temporaryFolder("labels")
    defer { try? FileManager.default.removeItem(at: folder) }
    let caribbean = folder.appending(path: "caribbean.geojson")
    let stops = [
      ("Havana", -82.38, 23.13), ("Kingston", -76.79, 17.99), ("Santo Domingo", -69.93, 18.49),
      ("San Juan", -66.11, 18.47), ("Nassau", -77.35, 25.04), ("Port of Spain", -61.52, 10.66),
    ]
    let features = stops.map {
      #"{"type":"Feature","properties":{"name":"\#($0.0)"},"geometry":{"type":"Point","coordinates":[\#($0.1),\#($0.2)]}}"#
    }
    try Data((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}").utf8)
      .write(to: caribbean)
    for device in ["iphone-17", "iphone-se", "ipad-11-landscape"] {
      let svg = try Self.render(["--device", device, "--position", "peaking"], file: caribbean.path)
      let names = svg.classed("point-label") + svg.classed("city-label")
      #expect(svg.classed("point-label").count >= 3, "\(device): the content's names come first")
      let card = svg.id("card")?.attributes ?? [:]
      let cardBox = (
        Double(card["x"] ?? "") ?? 0, Double(card["y"] ?? "") ?? 0,
        (Double(card["x"] ?? "") ?? 0) + (Double(card["width"] ?? "") ?? 0), 1e9
      )
      for (i, a) in names.enumerated() {
        #expect(!Self.overlap(Self.box(a), cardBox), "\(device): \(a.text) under the card")
        for b in names[(i + 1)...] {
          #expect(!Self.overlap(Self.box(a), Self.box(b)), "\(device): \(a.text) overlaps \(b.text)")
        }
      }
    }
  }

  @Test(
    "the grid reaches every edge and the legend fits the picture",
    arguments: [
      ["--device", "ipad-13"], ["--device", "iphone-17", "--pitch", "50", "--bearing", "30"],
      ["--device", "iphone-se", "--projection", "globe", "--position", "collapsed"],
    ])
  func gridAndLegend(arguments: [String]) throws {
    let greenland = Run.root.appending(path: "Data/samples/greenland.geojson").path
    let svg = try Self.render(arguments, file: greenland)
    let (width, height) = svg.size
    let screenHeight = Double(svg.id("map")?.attributes["height"] ?? "") ?? 0
    for text in svg.classed("legend") {
      let box = Self.box(text)
      #expect(box.maxX <= width && box.maxY <= height, "\(text.text) runs off the \(width) × \(height) picture")
    }
    guard !arguments.contains("globe") else { return }
    // Every point of the grid, as drawn: it spans the screen from edge to edge, both ways.
    let grid = try #require(svg.all.firstIndex { $0.attributes["id"] == "graticule" })
    let paths = svg.all[(grid + 1)...].prefix { $0.name == "path" && $0.attributes["class"] == nil }
    var xs: [Double] = []
    var ys: [Double] = []
    for path in paths {
      let values = (path.attributes["d"] ?? "").split(whereSeparator: { "ML ".contains($0) }).compactMap { Double($0) }
      for index in stride(from: 0, to: values.count - 1, by: 2) {
        xs.append(values[index])
        ys.append(values[index + 1])
      }
    }
    #expect((xs.min() ?? 1) <= 0 && (xs.max() ?? 0) >= width, "grid x \(xs.min() ?? 0)…\(xs.max() ?? 0) of \(width)")
    #expect((ys.max() ?? 0) >= screenHeight, "grid y to \(ys.max() ?? 0) of \(screenHeight)")
  }

  @Test("at street zoom, where the basemap has no detail, the content's markers are named")
  func streetZoom() throws {
    let folder = try Run.temporaryFolder("street")
    defer { try? FileManager.default.removeItem(at: folder) }
    let walk = folder.appending(path: "walk.geojson")
    try Data(
      #"""
      {"type":"FeatureCollection","features":[
      {"type":"Feature","properties":{"name":"Circular Quay"},"geometry":{"type":"Point","coordinates":[151.2108,-33.8611]}},
      {"type":"Feature","properties":{"name":"Opera House"},"geometry":{"type":"Point","coordinates":[151.2153,-33.8568]}},
      {"type":"Feature","properties":{"name":"walk"},"geometry":{"type":"LineString","coordinates":[[151.2108,-33.8611],[151.2153,-33.8568]]}}]}
      """#.utf8
    ).write(to: walk)
    let svg = try Self.render(["--device", "iphone-17", "--margin", "30"], file: walk.path)
    #expect(svg.classed("point-label").map(\.text).sorted() == ["Circular Quay", "Opera House"])
    // Markers are drawn over the route.
    let line = try #require(svg.all.firstIndex { $0.attributes["class"] == "line" })
    #expect(svg.all.indices.filter { svg.all[$0].attributes["class"] == "point" }.allSatisfy { $0 > line })
  }

  @Test("on the globe, land wholly on the far side is not drawn round the limb (it filled the sea)")
  func globeLand() throws {
    let greenland = Run.root.appending(path: "Data/samples/greenland.geojson").path
    let svg = try Self.render(["--device", "iphone-17", "--projection", "globe"], file: greenland)
    let disc = try #require(svg.id("globe")?.attributes)
    let (cx, cy, r) = (Double(disc["cx"] ?? "") ?? 0, Double(disc["cy"] ?? "") ?? 0, Double(disc["r"] ?? "") ?? 0)
    let land = try #require(svg.id("basemap-land")?.attributes["d"])
    let rings = land.split(separator: "M").map { ring in
      ring.split(whereSeparator: { "LZ ".contains($0) }).compactMap { Double($0) }
    }
    #expect(rings.count > 20)
    for ring in rings where ring.count >= 6 {
      let onLimb = stride(from: 0, to: ring.count - 1, by: 2).allSatisfy { index in
        abs(
          ((ring[index] - cx) * (ring[index] - cx) + (ring[index + 1] - cy) * (ring[index + 1] - cy)).squareRoot() - r)
          < 0.02
      }
      #expect(!onLimb, "a ring drawn wholly along the limb: \(ring.count / 2) points")
    }
  }
}

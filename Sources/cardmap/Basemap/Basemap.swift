import CardMapWire
import PlatformMath

/// Natural Earth's 1:110m countries and populated places (public domain), read once from the copy
/// the binary carries (`BasemapData`, made by `Data/basemap/make-basemap.sh`).
enum Basemap {
  /// Land: every country's rings, in lon/lat.
  static let countries: GeoJSONDocument? = try? GeoJSONReader.read(Array(BasemapData.countries.utf8))
  /// Places with their names.
  /// The countries' land for `cardmap page`, compact (a third of the GeoJSON's size): one array per
  /// polygon, one per ring, each ring's points as whole hundredths of a degree (1.1 km at most off,
  /// under the 1:110m data's own detail), every point but the first as the step from the one before:
  /// `[[[lon₀, lat₀, Δlon₁, Δlat₁, …], …], …]`.
  static let compactLand: JSONValue = {
    guard let countries else { return .array([]) }
    let positions = countries.positions
    func ring(_ range: Range<Int>) -> JSONValue {
      var (x, y) = (0.0, 0.0)
      var numbers: [JSONValue] = []
      numbers.reserveCapacity(2 * range.count)
      for index in range {
        let next = ((positions.lons[index] * 100).rounded(), (positions.lats[index] * 100).rounded())
        numbers += [.number(next.0 - x), .number(next.1 - y)]
        (x, y) = next
      }
      return .array(numbers)
    }
    var polygons: [JSONValue] = []
    for feature in countries.features {
      switch feature.geometry {
      case .polygon(let rings): polygons.append(.array(rings.map(ring)))
      case .multiPolygon(let list): polygons += list.map { .array($0.map(ring)) }
      default: break
      }
    }
    return .array(polygons)
  }()

  static let cities: [(name: String, lon: Double, lat: Double)] = {
    guard let document = try? GeoJSONReader.read(Array(BasemapData.cities.utf8)) else { return [] }
    return document.features.compactMap { feature in
      guard case .point(let index)? = feature.geometry, let name = feature.properties["name"]?.string else {
        return nil
      }
      return (name, document.positions.lons[index], document.positions.lats[index])
    }
  }()
}

extension ScreenRenderer {
  /// The basemap under the content: land filled and borders stroked, projected at the camera. A
  /// ring is unwrapped point by point and drawn at the world copies that reach the view, so land
  /// across the antimeridian and views wider than the world draw whole. Its places are drawn
  /// later, with the content's labels (`places()`).
  func drawBasemap(into svg: inout SVG) {
    guard let camera, let countries = Basemap.countries else { return }
    if let globe {
      drawGlobeBasemap(globe, countries: countries, into: &svg)
      return
    }
    guard let mercator else { return }
    let world = WebMercator.worldSize(zoom: camera.zoom)
    let centerX = mercator.focusUnitX
    func screen(_ x: Double, _ y: Double) -> (Double, Double) {
      let point = mercator.drawnPoint(unitX: x, unitY: y)
      return (point.x, point.y)
    }
    let positions = countries.positions
    var d = ""
    func ring(_ range: Range<Int>) {
      guard let first = range.first else { return }
      // Unwrapped x of every point, one world copy: each step takes the shorter way round.
      var xs: [Double] = []
      var ys: [Double] = []
      var lon = positions.lons[first]
      for i in range {
        lon += Coordinate.normalizedLongitude(positions.lons[i] - lon)
        xs.append(WebMercator.x(lon: lon))
        ys.append(WebMercator.y(lat: positions.lats[i]))
      }
      guard let minX = xs.min(), let maxX = xs.max() else { return }
      // The view's half-diagonal and more, in world units; tilted, the ground up to the horizon.
      let reach = (width + height) / world * (camera.pitch > 0 ? 1 + 8 * tan(camera.pitch * Double.pi / 180) : 1)
      let lowest = Int((centerX - reach - maxX).rounded(.down))
      let highest = Int((centerX + reach - minX).rounded(.up))
      guard lowest <= highest, highest - lowest < 64 else { return }
      for copy in lowest...highest {
        let points = zip(xs, ys).map { screen($0 + Double(copy), $1) }
        // Drawn only when its box meets the view: the rest would be clipped away.
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for (x, y) in points { box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y)) }
        guard box.minX < width, box.maxX > 0, box.minY < height, box.maxY > 0 else { continue }
        for (index, point) in points.enumerated() {
          d += (index == 0 ? "M" : "L") + SVG.number(point.0) + " " + SVG.number(point.1)
        }
        d += "Z"
      }
    }
    func rings(of geometry: Geometry) {
      switch geometry {
      case .polygon(let list):
        for range in list { ring(range) }
      case .multiPolygon(let polygons):
        for range in polygons.joined() { ring(range) }
      default: break
      }
    }
    for feature in countries.features { if let geometry = feature.geometry { rings(of: geometry) } }
    drawLand(d, into: &svg)
    drawHarbour(into: &svg)
  }

  /// The basemap on the globe: every ring's points where they show, those on the far side taken to
  /// the limb (so land that reaches round the globe hugs its outline), a ring with none showing left
  /// out. An edge with an end on the far side is cut into steps of a degree, so that its part along
  /// the limb follows the limb's curve: drawn straight, the chord between two limb points would cut
  /// across the visible disc and fill sea with land.
  func drawGlobeBasemap(_ globe: GlobeProjection, countries: GeoJSONDocument, into svg: inout SVG) {
    let positions = countries.positions
    var d = ""
    func add(_ coordinate: Coordinate, first: Bool) {
      let point = globe.pointOnDisc(of: coordinate)
      d += (first ? "M" : "L") + SVG.number(point.x) + " " + SVG.number(point.y)
    }
    func ring(_ range: Range<Int>) {
      guard let start = range.first else { return }
      func coordinate(_ i: Int) -> Coordinate { Coordinate(lon: positions.lons[i], lat: positions.lats[i]) }
      // A ring wholly on the far side shows nothing; taken to the limb it could go round it (as
      // Antarctica's does, seen from the north) and fill the whole disc.
      let shows = range.map { globe.point(of: coordinate($0)) != nil }
      guard shows.contains(true) else { return }
      for i in range {
        let from = coordinate(i)
        add(from, first: i == start)
        let j = i + 1 < range.upperBound ? i + 1 : start
        let to = coordinate(j)
        guard !shows[i - start] || !shows[j - start] else { continue }
        let dLon = Coordinate.normalizedLongitude(to.lon - from.lon)
        let steps = Int(max(abs(dLon), abs(to.lat - from.lat)).rounded(.up))
        guard steps > 1 else { continue }
        for k in 1..<steps {
          let f = Double(k) / Double(steps)
          add(Coordinate(lon: from.lon + dLon * f, lat: from.lat + (to.lat - from.lat) * f), first: false)
        }
      }
      d += "Z"
    }
    for feature in countries.features {
      switch feature.geometry {
      case .polygon(let list)?: for range in list { ring(range) }
      case .multiPolygon(let polygons)?: for range in polygons.joined() { ring(range) }
      default: break
      }
    }
    drawLand(d, into: &svg)
  }

  /// The land's path, filled and its borders stroked.
  func drawLand(_ d: String, into svg: inout SVG) {
    svg.element(
      "path",
      [
        ("id", "basemap-land"), ("d", d), ("fill", "#f4f1e8"), ("fill-rule", "nonzero"), ("stroke", "#b8ab93"),
        ("stroke-width", "0.8"),
      ])
  }

  /// The basemap's places where they show on screen, in the data's order.
  func places() -> [(name: String, x: Double, y: Double)] {
    Basemap.cities.compactMap { city in
      guard let (x, y) = screenPoint(lon: city.lon, lat: city.lat), x >= 0, x <= width, y >= 0, y <= height else {
        return nil
      }
      return (city.name, x, y)
    }
  }
}

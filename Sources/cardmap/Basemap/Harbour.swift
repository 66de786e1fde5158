import CardMapWire

/// Sydney Harbour's land and water (GSHHG's full-resolution shoreline, `HarbourData`, made by
/// `Data/harbour/make-harbour.py`), laid over Natural Earth's 1:110m land, which has no harbour at a
/// ferry's zoom, wherever the view reaches the harbour's region.
enum Harbour {
  /// `[west, south, east, north]` of the region the polygons fill.
  static let region = HarbourData.region
  /// The polygons as the binary carries them: `[kind, ring, …]`, each ring steps of 1e-5 degree.
  static let compact: JSONValue = (try? JSONValue.read(Array(HarbourData.polygons.utf8))) ?? .array([])
  /// The polygons in degrees: whether land (else water), and their rings of (lon, lat).
  static let polygons: [(land: Bool, rings: [[(lon: Double, lat: Double)]])] = {
    guard case .array(let list) = compact else { return [] }
    return list.compactMap { polygon in
      guard case .array(let parts) = polygon, case .string(let kind)? = parts.first else { return nil }
      let rings: [[(lon: Double, lat: Double)]] = parts.dropFirst().compactMap { ring in
        guard case .array(let numbers) = ring else { return nil }
        var (x, y) = (0.0, 0.0)
        var points: [(lon: Double, lat: Double)] = []
        var index = numbers.startIndex
        while index + 1 < numbers.endIndex {
          x += numbers[index].double ?? 0
          y += numbers[index + 1].double ?? 0
          points.append((x / 1e5, y / 1e5))
          index += 2
        }
        return points
      }
      return (kind == "land", rings)
    }
  }()

  /// Whether the box `[west, south, east, north]` reaches the region (no world copies: Sydney is far
  /// from the antimeridian).
  static func meets(_ box: [Double]) -> Bool {
    guard box.count == 4, box[0] <= box[2] else { return false }
    return box[0] <= region[2] && box[2] >= region[0] && box[1] <= region[3] && box[3] >= region[1]
  }
}

extension ScreenRenderer {
  /// The harbour over the land, where the flat view reaches its region: its water, then its land with
  /// its shore stroked as the land's.
  func drawHarbour(into svg: inout SVG) {
    guard globe == nil, camera != nil else { return }
    let corners = [(Harbour.region[0], Harbour.region[1]), (Harbour.region[2], Harbour.region[3])]
      .compactMap { screenPoint(lon: $0.0, lat: $0.1) }
    guard corners.count == 2 else { return }
    let (minX, maxX) = (min(corners[0].0, corners[1].0), max(corners[0].0, corners[1].0))
    let (minY, maxY) = (min(corners[0].1, corners[1].1), max(corners[0].1, corners[1].1))
    guard minX < width, maxX > 0, minY < height, maxY > 0 else { return }
    for land in [false, true] {
      var d = ""
      for polygon in Harbour.polygons where polygon.land == land {
        for ring in polygon.rings {
          for (index, point) in ring.enumerated() {
            guard let (x, y) = screenPoint(lon: point.lon, lat: point.lat) else { continue }
            d += (index == 0 ? "M" : "L") + SVG.number(x) + " " + SVG.number(y)
          }
          d += "Z"
        }
      }
      let paint: [(String, String)] =
        land ? [("fill", "#f4f1e8"), ("stroke", "#b8ab93"), ("stroke-width", "0.8")] : [("fill", "#cfe3f2")]
      svg.element("path", [("id", land ? "basemap-harbour-land" : "basemap-harbour-water"), ("d", d)] + paint)
    }
  }
}

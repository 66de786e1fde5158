/// A part of the map that the card or a control covers, for a renderer to hide or dim the labels
/// and markers under it (<doc:StacksAndManagers#Exclusion-zones>): in screen points, and as a ring
/// of coordinates at the camera.
public struct ExclusionZone: Hashable, Sendable {
  /// What covers the map there.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case card, header, topToolbar, bottomToolbar, floatingToolbar, infoView
  }

  public var kind: Kind
  /// The covered rect in view points, clipped to the view.
  public var rect: Rect
  /// The rect on the map at the camera: its corners unprojected, counter-clockwise and closed
  /// (RFC 7946 §3.1.6), each longitude in the world copy that shows under its point (not
  /// normalised: the ring never jumps at the antimeridian, and a wide or pitched one may reach
  /// beyond ±180°). Under a pitched camera the part at or above the horizon (sky) is
  /// left out, and the ring ends 99 % of the way to the horizon; the part beyond the Mercator
  /// world's north or south edge is cut off at it (up to six vertices then). Nil when nothing of
  /// the rect shows map.
  public var ring: [Coordinate]?

  public init(kind: Kind, rect: Rect, ring: [Coordinate]?) {
    self.kind = kind
    self.rect = rect
    self.ring = ring
  }

  /// The zones as one GeoJSON Feature whose geometry is a MultiPolygon, one polygon a zone with a
  /// ring, and whose `kinds` property names them in order: ready for a MapLibre `within` filter.
  public static func geoJSON(_ zones: [ExclusionZone]) -> JSONValue {
    let withRings = zones.filter { $0.ring != nil }
    let polygons = withRings.map { zone in
      JSONValue.array([.array((zone.ring ?? []).map { .array([.number($0.lon), .number($0.lat)]) })])
    }
    return .object([
      ("type", .string("Feature")),
      ("properties", .object([("kinds", .array(withRings.map { .string($0.kind.rawValue) }))])),
      ("geometry", .object([("type", .string("MultiPolygon")), ("coordinates", .array(polygons))])),
    ])
  }
}

extension MapFit {
  /// What covers the map in `layout` at this fit's camera (<doc:StacksAndManagers#Exclusion-zones>):
  /// the card (unless hidden with the map overlays), its header, the map buttons' toolbars (unless
  /// faded out), the floating toolbar and the info view, each clipped to the view; none that lies
  /// outside it.
  public func exclusionZones(in layout: ScreenLayout) -> [ExclusionZone] {
    let view = layout.view
    let screen = screen(width: view.width, height: view.height)
    let buttons = layout.buttonAlpha > 0
    let covering: [(ExclusionZone.Kind, Rect?)] = [
      (.card, layout.cardAlpha > 0 ? layout.card : nil), (.header, layout.header),
      (.topToolbar, buttons ? layout.topToolbar : nil), (.bottomToolbar, buttons ? layout.bottomToolbar : nil),
      (.floatingToolbar, layout.floatingToolbar), (.infoView, layout.infoView),
    ]
    return covering.compactMap { kind, rect in
      guard let rect, let shown = rect.intersection(view) else { return nil }
      return ExclusionZone(kind: kind, rect: shown, ring: Self.ring(of: shown, on: screen))
    }
  }

  /// `rect`'s corners unprojected at `screen`'s camera, counter-clockwise on the map and closed;
  /// below 99 % of the way to a pitched camera's horizon, and cut at the Mercator world's north and
  /// south edges (beyond them no map shows, and no latitude says where).
  static func ring(of rect: Rect, on screen: ScreenProjection) -> [Coordinate]? {
    var top = rect.minY
    if screen.camera.pitch > 0 {
      let horizon = Perspective(height: screen.height, pitch: screen.camera.pitch).horizon
      top = max(top, screen.principalPoint.y - horizon * 0.99)
      guard top < rect.maxY else { return nil }
    }
    // Top-left, bottom-left, bottom-right, top-right: counter-clockwise with north up (y down).
    let corners = [(rect.minX, top), (rect.minX, rect.maxY), (rect.maxX, rect.maxY), (rect.maxX, top)]
    var ring: [(x: Double, y: Double)] = []
    for (x, y) in corners {
      guard let unit = screen.mercator(atX: x, y: y) else { return nil }
      ring.append(unit)
    }
    // Sutherland–Hodgman against y ≥ 0, then y ≤ 1 (a projective image of a rect stays convex).
    for (edge, keepsBelow) in [(0.0, false), (1.0, true)] {
      func inside(_ p: (x: Double, y: Double)) -> Bool { keepsBelow ? p.y <= edge : p.y >= edge }
      var clipped: [(x: Double, y: Double)] = []
      for (i, current) in ring.enumerated() {
        let previous = ring[(i + ring.count - 1) % ring.count]
        if inside(current) != inside(previous) {
          let t = (edge - previous.y) / (current.y - previous.y)
          clipped.append((previous.x + (current.x - previous.x) * t, edge))
        }
        if inside(current) { clipped.append(current) }
      }
      ring = clipped
      guard ring.count >= 3 else { return nil }
    }
    let coordinates = ring.map { Coordinate(lon: WebMercator.lon(x: $0.x), lat: WebMercator.lat(y: $0.y)) }
    return coordinates + [coordinates[0]]
  }
}

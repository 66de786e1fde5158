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
  /// (RFC 7946 §3.1.6), longitudes unwrapped next to the camera's focus so that the ring never
  /// jumps at the antimeridian. Under a pitched camera the part at or above the horizon (sky) is
  /// left out, and the ring ends 99 % of the way to the horizon; nil when the whole rect is sky.
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
  /// below 99 % of the way to a pitched camera's horizon.
  static func ring(of rect: Rect, on screen: ScreenProjection) -> [Coordinate]? {
    var top = rect.minY
    if screen.camera.pitch > 0 {
      let lowest =
        screen.principalPoint.y - Perspective(height: screen.height, pitch: screen.camera.pitch).horizon * 0.99
      top = max(top, lowest)
      guard top < rect.maxY else { return nil }
    }
    // Top-left, bottom-left, bottom-right, top-right: counter-clockwise with north up (y down).
    let corners = [(rect.minX, top), (rect.minX, rect.maxY), (rect.maxX, rect.maxY), (rect.maxX, top)]
    var ring: [Coordinate] = []
    for (x, y) in corners {
      guard let coordinate = screen.coordinate(atX: x, y: y) else { return nil }
      ring.append(coordinate)
    }
    return ring + [ring[0]]
  }
}

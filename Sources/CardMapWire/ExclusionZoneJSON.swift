import CardMap

extension ExclusionZone {
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

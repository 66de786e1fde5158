/// The names GeoJSON gives meaning to (RFC 7946), matched as their UTF-8 is: code unit by code unit,
/// as JSON (RFC 8259 §8.3) and JavaScript compare names. Not by `String`'s `==`, which checks
/// canonical equivalence and in the WebAssembly engine would link Unicode's normalisation tables (a
/// tenth of the module); for these ASCII names the two agree.
extension String {
  /// Whether this string's UTF-8 is `literal`'s.
  @inline(__always) func isUTF8(_ literal: StaticString) -> Bool {
    let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    return utf8.count == bytes.count && utf8.elementsEqual(bytes)
  }

  /// Whether this string's UTF-8 is `other`'s.
  @inline(__always) func isUTF8(_ other: String) -> Bool {
    utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
  }
}

/// A GeoJSON object's `type`.
enum ObjectType: Equatable {
  case featureCollection, feature, point, multiPoint, lineString, multiLineString, polygon, multiPolygon
  case geometryCollection, unknown

  init(_ name: String) {
    switch name.utf8.count {
    case 5: self = name.isUTF8("Point") ? .point : .unknown
    case 7: self = name.isUTF8("Feature") ? .feature : name.isUTF8("Polygon") ? .polygon : .unknown
    case 10: self = name.isUTF8("MultiPoint") ? .multiPoint : name.isUTF8("LineString") ? .lineString : .unknown
    case 12: self = name.isUTF8("MultiPolygon") ? .multiPolygon : .unknown
    case 15: self = name.isUTF8("MultiLineString") ? .multiLineString : .unknown
    case 17: self = name.isUTF8("FeatureCollection") ? .featureCollection : .unknown
    case 18: self = name.isUTF8("GeometryCollection") ? .geometryCollection : .unknown
    default: self = .unknown
    }
  }

  /// A geometry type that has `coordinates`.
  var hasCoordinates: Bool {
    switch self {
    case .point, .multiPoint, .lineString, .multiLineString, .polygon, .multiPolygon: true
    case .featureCollection, .feature, .geometryCollection, .unknown: false
    }
  }
}

/// A member name GeoJSON reads as content (RFC 7946 §3); nil for a foreign member.
enum MemberName {
  case type, coordinates, features, geometry, geometries, properties, id, bbox

  init?(_ name: String) {
    switch name.utf8.count {
    case 2 where name.isUTF8("id"): self = .id
    case 4 where name.isUTF8("type"): self = .type
    case 4 where name.isUTF8("bbox"): self = .bbox
    case 8 where name.isUTF8("features"): self = .features
    case 8 where name.isUTF8("geometry"): self = .geometry
    case 10 where name.isUTF8("geometries"): self = .geometries
    case 10 where name.isUTF8("properties"): self = .properties
    case 11 where name.isUTF8("coordinates"): self = .coordinates
    default: return nil
    }
  }
}

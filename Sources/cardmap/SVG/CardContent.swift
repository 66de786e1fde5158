import CardMapWire

/// What a card shows of its content, as a map app's card does: a title, and one row per feature
/// with its name and what else its properties say. `render` draws it and `page` lists it.
///
/// A feature's name is its `name` (or `title`) property, else its `id`, else "Point 2", "Route 1"
/// by its kind and number; the detail is its kind, then its other scalar properties as
/// `key value`, joined by " · ".
struct CardContent: Equatable {
  struct Row: Equatable {
    /// `point`, `line` or `area`: the row's icon, and the word for an unnamed feature.
    var kind: String
    var name: String
    var detail: String
  }

  /// The name of the one feature, or of the one route or area among points (its stops), else
  /// "n features".
  var title: String
  var rows: [Row]

  init(document: GeoJSONDocument?) {
    guard let document, !document.features.isEmpty else {
      title = "No content"
      rows = []
      return
    }
    var numbers: [String: Int] = [:]
    rows = document.features.map { feature in
      let kind = CardContent.kind(of: feature.geometry)
      numbers[kind, default: 0] += 1
      let properties = feature.properties
      let name =
        CardContent.name(of: feature) ?? feature.id.flatMap(CardContent.scalar)
        ?? "\(CardContent.word(kind)) \(numbers[kind] ?? 1)"
      var details = [CardContent.word(kind)]
      if case .object(let members) = properties {
        for member in members where !["name", "title"].contains(member.name) {
          if let value = CardContent.scalar(member.value) { details.append("\(member.name) \(value)") }
        }
      }
      return Row(kind: kind, name: name, detail: details.joined(separator: " · "))
    }
    let shapes = rows.filter { $0.kind != "point" }
    title = rows.count == 1 ? rows[0].name : shapes.count == 1 ? shapes[0].name : "\(rows.count) features"
  }

  /// A feature's own name: its `name` property, else its `title`; nil without either (a picture
  /// labels only named points).
  static func name(of feature: Feature) -> String? {
    feature.properties["name"]?.string ?? feature.properties["title"]?.string
  }

  /// A geometry's kind for its icon: a point, a line or an area (a collection: its first member's).
  static func kind(of geometry: Geometry?) -> String {
    switch geometry {
    case .point?, .multiPoint?: "point"
    case .lineString?, .multiLineString?: "line"
    case .polygon?, .multiPolygon?: "area"
    case .geometryCollection(let members)?: kind(of: members.first)
    case nil: "point"
    }
  }

  /// The word a row's detail starts with: "Place", "Route", "Area".
  static func word(_ kind: String) -> String {
    switch kind {
    case "line": "Route"
    case "area": "Area"
    default: "Place"
    }
  }

  /// A string, number or bool as text; nil for null, arrays and objects.
  static func scalar(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text): text
    case .number(let text): text
    case .bool(let flag): flag ? "yes" : "no"
    default: nil
    }
  }
}

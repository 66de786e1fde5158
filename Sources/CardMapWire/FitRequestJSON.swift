import CardMap

/// A fit request in its JSON form, read and written here alone: the web engine's `bounds` and
/// `options` (CardMap's article On the web names each member), and what `cardmap page` gives its page.
extension FitRequest {
  /// The request of a call's `bounds` (required) and `options` members, the map turned to the
  /// card's `bearing` (nil: the options' `bearing`, for a map with no card).
  public init(json top: JSONFields, bearing: Double?) throws(JSONInputError) {
    guard let bounds = try top.bounds("bounds") else { throw top.failure("bounds", "[west, south, east, north]") }
    guard let options = try top.object("options") else {
      self.init(content: bounds, options: FitOptions(bearing: bearing ?? 0))
      return
    }
    var request = FitRequest(content: bounds, options: try FitOptions(json: options, bearing: bearing))
    request.maxBounds = try options.bounds("maxBounds", needsHeight: true, nullable: true)
    if let overlays = options.value("overlays") {
      guard case .array(let items) = overlays else { throw options.failure("overlays", "an array of rects") }
      for (index, item) in items.enumerated() {
        let rect = try JSONFields(
          item, path: options.path("overlays") + "[\(index)]", expected: "a rect {x, y, width, height}")
        let size = "a finite number ≥ 0"
        request.overlays.append(
          Rect(
            x: try rect.number("x", required: true) ?? 0, y: try rect.number("y", required: true) ?? 0,
            width: try rect.number("width", size, required: true, accepts: { $0 >= 0 }) ?? 0,
            height: try rect.number("height", size, required: true, accepts: { $0 >= 0 }) ?? 0))
        try rect.checkNoOthers()
      }
    }
    if let steady = try options.object("steady", nullable: true) {
      var from = CardPlacement.settled(.peaking)
      if let start = try steady.object("from") {
        let position = try start.choice("position", CardPosition.self)
        let y = try start.number("y")
        try start.checkNoOthers()
        switch (position, y) {
        case (let position?, nil): from = .settled(position)
        case (nil, let y?): from = .dragging(y: y)
        default: throw JSONInputError(path: start.path, "expected {\"position\": …} or {\"y\": …}, one of them")
        }
      }
      request.steady = Steady(anchor: try steady.coordinate("anchor", nullable: true), from: from)
      try steady.checkNoOthers()
    }
    if let selection = try options.coordinate("select", nullable: true) {
      var callout = Selection.defaultCallout
      if let size = try options.object("callout") {
        let side = "a finite number ≥ 0"
        callout = Callout(
          width: try size.number("width", side, required: true, accepts: { $0 >= 0 }) ?? 0,
          height: try size.number("height", side, required: true, accepts: { $0 >= 0 }) ?? 0)
        try size.checkNoOthers()
      }
      request.selection = Selection(selection, callout: callout)
    } else if options.value("callout") != nil {
      throw JSONInputError(path: options.path("callout"), "a callout needs \"select\": it is the selection's")
    }
    request.exclusions = try options.bool("exclusions") ?? false
    try options.checkNoOthers()
    self = request
  }

  /// The request's `options` member as `init(json:bearing:)` reads it: the fit options but the
  /// bearing (the card's), then the max bounds, overlays and camera modes given.
  public var optionsJSON: JSONValue {
    guard case .object(var members) = options.json else { return .null }
    members.removeAll { $0.name == "bearing" }
    func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }
    if let maxBounds { members.append(.init("maxBounds", numbers(maxBounds.array))) }
    if !overlays.isEmpty { members.append(.init("overlays", .array(overlays.map(JSONValue.init)))) }
    if let steady {
      let from: JSONValue =
        switch steady.from {
        case .settled(let position): .object([("position", .string(position.rawValue))])
        case .dragging(let y): .object([("y", .number(y))])
        }
      var held: [(String, JSONValue)] = [("from", from)]
      if let anchor = steady.anchor { held.append(("anchor", numbers([anchor.lon, anchor.lat]))) }
      members.append(.init("steady", .object(held)))
    }
    if let selection {
      members.append(.init("select", numbers([selection.coordinate.lon, selection.coordinate.lat])))
      let callout = selection.callout
      members.append(
        .init("callout", .object([("width", .number(callout.width)), ("height", .number(callout.height))])))
    }
    if exclusions { members.append(.init("exclusions", .bool(true))) }
    return .object(members)
  }

}

import CardMap

import MapGeometry

extension BoundsKeeper {
  /// The web engine's `keeper(view, bounds, options)`: `{view: {width, height, insets}, bounds:
  /// [west, south, east, north], projection}` (the projection "mercator" unless given), each checked
  /// as `fit`'s are.
  ///
  /// - Throws: `JSONInputError` naming the member at fault.
  public init(json input: JSONValue) throws(JSONInputError) {
    let top = try JSONFields(input, expected: "a keeper's object")
    guard let view = try top.object("view") else { throw top.failure("view", "a view object") }
    let size = "a finite number > 0"
    let width = try view.number("width", size, required: true, accepts: { $0 > 0 }) ?? 0
    let height = try view.number("height", size, required: true, accepts: { $0 > 0 }) ?? 0
    let insets = try view.insets("insets") ?? .zero
    try view.checkNoOthers()
    guard let bounds = try top.bounds("bounds", needsHeight: true) else { throw top.failure("bounds", "a box") }
    let projection = try top.choice("projection", MapProjection.self) ?? .mercator
    try top.checkNoOthers()
    do throws(FitError) {
      try self.init(bounds: bounds, width: width, height: height, insets: insets, projection: projection)
    } catch {
      throw JSONInputError("cannot keep a map inside \(bounds): \(error)")
    }
  }
}

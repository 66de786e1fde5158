import CardMap

/// The web engine's fit (`cardmap.mjs`'s `fit` and `fitView`), a call of its own beside `WebCall`'s so
/// that a module without it (the card controller's, whose cameras are its stacks') links none of the
/// fit's requests and answers. It answers what the command line prints for the same request:
///
/// - `{screen, card, bounds, options}`: `cardmap fit`'s object (`FitAnswer.json`);
/// - `{view, bounds, options}` for a map with no card, `view` `{width, height, insets}` (the map's
///   own padding) and the bearing an option: `cardmap fit --viewport … --insets …`'s.
public enum FitCall {
  /// The answer to the fit `input` asks for.
  ///
  /// - Throws: `JSONInputError` naming the member at fault, or why no camera fits.
  public static func answer(_ input: JSONValue) throws(JSONInputError) -> JSONValue {
    let top = try JSONFields(input, expected: "a fit's object")
    if let view = try top.object("view") { return try fit(view: view, top) }
    let (environment, card) = try WebCall.screenAndCard(top)
    let request = try FitRequest(json: top, bearing: card.bearing)
    try top.checkNoOthers()
    do throws(FitError) {
      return try request.answer(environment: environment, card: card).json()
    } catch {
      throw JSONInputError("cannot fit a camera: \(error)")
    }
  }

  /// The fit of a map with no card: `view` `{width, height, insets}`, the bearing among the options.
  static func fit(view: JSONFields, _ top: JSONFields) throws(JSONInputError) -> JSONValue {
    let size = "a finite number > 0"
    let width = try view.number("width", size, required: true, accepts: { $0 > 0 }) ?? 0
    let height = try view.number("height", size, required: true, accepts: { $0 > 0 }) ?? 0
    let insets = try view.insets("insets") ?? .zero
    try view.checkNoOthers()
    let request = try FitRequest(json: top, bearing: nil)
    try top.checkNoOthers()
    do throws(FitError) {
      return try request.answer(width: width, height: height, insets: insets).json()
    } catch {
      throw JSONInputError("cannot fit a camera: \(error)")
    }
  }
}

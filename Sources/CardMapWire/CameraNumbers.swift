import CardMap

/// A camera as numbers, for a frame of a drag passed through a typed array with no JSON and no
/// objects (the web engine's `Frames`): the one declaration of each number's place. JavaScript reads
/// the names from the engine (`slots`) instead of writing the places again.
public enum CameraNumbers {
  /// The numbers' names, in their order: the centre and focus, the zoom, bearing and pitch, whether
  /// the world bound moved the camera (1/0), the directions content is cut in (bits: north 1, south
  /// 2, east 4, west 8), the padding the focus goes with, and whether it is drawn on the globe (1/0).
  public static let names = [
    "centerLon", "centerLat", "focusLon", "focusLat", "zoom", "bearing", "pitch", "worldClamped", "cut",
    "paddingTop", "paddingLeft", "paddingBottom", "paddingRight", "drawnOnGlobe",
  ]
  public static var count: Int { names.count }

  /// The directions' bits in `cut`, as `ContentEdge`'s names.
  public static let cutBits: [(ContentEdge, Int)] = [(.north, 1), (.south, 2), (.east, 4), (.west, 8)]

  /// Writes `fit`'s camera at `out` (`count` numbers), all NaN without one.
  public static func write(_ fit: MapFit?, to out: UnsafeMutablePointer<Double>) {
    guard let fit else {
      for index in 0..<count { out[index] = .nan }
      return
    }
    let camera = fit.camera
    let cut = cutBits.reduce(0) { sum, pair in fit.cut.contains(pair.0) ? sum + pair.1 : sum }
    // Stored in place (no array a frame), in `names`' order.
    (out[0], out[1], out[2], out[3]) = (camera.center.lon, camera.center.lat, camera.focus.lon, camera.focus.lat)
    (out[4], out[5], out[6], out[7], out[8]) = (
      camera.zoom, camera.bearing, camera.pitch, fit.worldClamped ? 1 : 0, Double(cut)
    )
    (out[9], out[10], out[11], out[12]) = (fit.insets.top, fit.insets.left, fit.insets.bottom, fit.insets.right)
    out[13] = camera.drawnProjection == .globe ? 1 : 0
  }

  /// The names and bits as JSON, for the engine's `slots`: `{"camera": [names…], "cut": {"north": 1, …}}`.
  public static var json: JSONValue {
    .object([
      ("camera", .array(names.map(JSONValue.string))),
      ("cut", .object(cutBits.map { ($0.0.rawValue, .number(Double($0.1))) })),
    ])
  }
}

/// The camera of a drag's every frame for one request: the screen, the card (its `y` then moves),
/// the content and options, the steady focus or the selection followed when asked (the web engine's
/// `frames`, MapLibre's `follow`).
public struct CameraFollower: Sendable {
  public let environment: LayoutEnvironment
  public let card: CardState
  public let request: FitRequest
  /// Where a steady focus starts, fitted once (it does not move with the card), or why it cannot.
  let steadyStart: Result<MapFit, FitError>?

  public init(environment: LayoutEnvironment, card: CardState, request: FitRequest) {
    self.environment = environment
    self.card = card
    self.request = request
    steadyStart = request.steady.map { steady in
      Result { () throws(FitError) in try request.start(of: steady, environment: environment, card: card) }
    }
  }

  /// The call's `{screen, card, bounds, options}`.
  public init(json input: JSONValue) throws(JSONInputError) {
    let top = try JSONFields(input, expected: "a call's object")
    let (environment, card) = try WebCall.screenAndCard(top)
    let request = try FitRequest(json: top, bearing: card.bearing)
    try top.checkNoOthers()
    self.init(environment: environment, card: card, request: request)
  }

  /// The camera with the card's top at `y`: the steady focus's when asked (from its start, fitted
  /// once), else the selection's, else the content's: `FitRequest.answer`'s cameras.
  ///
  /// - Throws: `FitError` when there is none (the mode's reason, when it is a mode's).
  public func camera(y: Double) throws(FitError) -> MapFit {
    var moved = card
    moved.placement = .dragging(y: y)
    let answer = try request.answer(environment: environment, card: moved, steadyStart: steadyStart)
    if let steady = answer.steady { return try steady.get() }
    if let selection = answer.selection { return try selection.get().fit }
    return answer.fit
  }
}

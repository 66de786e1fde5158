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
    let values = [
      camera.center.lon, camera.center.lat, camera.focus.lon, camera.focus.lat, camera.zoom, camera.bearing,
      camera.pitch, fit.worldClamped ? 1 : 0, Double(cut), fit.insets.top, fit.insets.left, fit.insets.bottom,
      fit.insets.right, camera.drawnProjection == .globe ? 1 : 0,
    ]
    for (index, value) in values.enumerated() { out[index] = value }
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
  public var environment: LayoutEnvironment
  public var card: CardState
  public var request: FitRequest

  public init(environment: LayoutEnvironment, card: CardState, request: FitRequest) {
    self.environment = environment
    self.card = card
    self.request = request
  }

  /// The call's `{screen, card, bounds, options}`.
  public init(json input: JSONValue) throws(JSONInputError) {
    let top = try JSONFields(input, expected: "a call's object")
    (environment, card) = try WebCall.screenAndCard(top)
    request = try FitRequest(json: top, bearing: card.bearing)
    try top.checkNoOthers()
  }

  /// The camera with the card's top at `y`: the steady focus's when asked, else the selection's,
  /// else the content's.
  ///
  /// - Throws: `FitError` when there is none (the mode's reason, when it is a mode's).
  public func camera(y: Double) throws(FitError) -> MapFit {
    var moved = card
    moved.placement = .dragging(y: y)
    let answer = try request.answer(environment: environment, card: moved)
    if let steady = answer.steady { return try steady.get() }
    if let selection = answer.selection { return try selection.get().fit }
    return answer.fit
  }
}

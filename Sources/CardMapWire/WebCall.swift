import CardMap

/// The web engine's calls (`cardmap.mjs`): each takes one JSON object and answers the JSON the
/// command line prints for the same request, member for member. They live here, in the library, so
/// that the native build compiles and tests the very code the WebAssembly runs (CardMap's article
/// On the web names every member).
///
/// - `layout` `{screen, card}`: `cardmap layout`'s object.
/// - `release` `{screen, card, velocity | samples, t}`: where a card released with its top at `card.y`
///   with `velocity` (or the velocity of the pointer's `samples`, `[[seconds, y], …]`) snaps,
///   the motion's duration, and its top `t` seconds on and at the end.
/// - `motion` `{motion, t}`: the top `t` seconds into a motion as `cardmap replay` gives it
///   (`{kind, from, to, duration, damping}`), for animating any of them.
/// - `scroll` `{scroll, t}`: the content's offset `t` seconds into a fling as `cardmap replay`'s
///   `fling` gives it (`{from, velocity, maxOffset, to, duration}`): `ScrollMomentum`.
///
/// A fit is a call of its own (`FitCall`), so that an engine without the fit's requests and answers
/// (the card controller's module) links none of them.
public enum WebCall: String, CaseIterable, Sendable {
  case layout, release, motion, scroll

  /// The answer to the call `input`'s `call` member names, with the rest of `input`.
  ///
  /// - Throws: `JSONInputError` naming the member at fault, or why the engine cannot answer.
  public static func respond(to input: JSONValue) throws(JSONInputError) -> JSONValue {
    let top = try JSONFields(input, expected: "a call: an object with a \"call\" member")
    guard let call = try top.choice("call", WebCall.self, required: true) else { throw top.failure("call", "a call") }
    return try call.answer(top)
  }

  /// The answer to this call with `input`.
  ///
  /// - Throws: `JSONInputError` naming the member at fault, or why the engine cannot answer.
  public func answer(_ input: JSONValue) throws(JSONInputError) -> JSONValue {
    try answer(try JSONFields(input, expected: "a call's object"))
  }

  func answer(_ top: JSONFields) throws(JSONInputError) -> JSONValue {
    switch self {
    case .layout:
      let (environment, card) = try Self.screenAndCard(top)
      try top.checkNoOthers()
      return JSONValue(ScreenLayout(environment: environment, card: card))
    case .motion:
      return try Self.motion(top)
    case .scroll:
      guard let fields = try top.object("scroll") else { throw top.failure("scroll", "a fling object") }
      let fling = try ScrollMomentum(json: fields)
      let t = try top.number("t", "a finite time in seconds ≥ 0", required: true, accepts: { $0 >= 0 }) ?? 0
      try top.checkNoOthers()
      return .object([("offset", .number(fling.offset(at: t)))])

    case .release:
      let (environment, card) = try Self.screenAndCard(top)
      let velocity = try top.releaseVelocity(required: true) ?? 0
      let t = try top.number("t", "a finite time in seconds ≥ 0", accepts: { $0 >= 0 }) ?? 0
      try top.checkNoOthers()
      guard case .dragging(let y) = card.placement else {
        throw JSONInputError(path: "card.y", "expected the top where the card is released, found nothing")
      }
      let layout = ScreenLayout(environment: environment, card: card)
      let release = Release(y: y, velocity: velocity, dragged: layout, vertical: environment.vertical)
      let (snap, motion) = (release.snap, release.motion)
      return .object([
        ("snap", .object([("position", .string(snap.position.rawValue)), ("duration", .number(snap.duration))])),
        ("y", .number(motion.y(at: t))), ("endY", .number(motion.y(at: motion.duration))),
      ])
    }
  }

  /// `{y}`: the top `t` seconds into the `motion` member (`JSONValue(motion:)`'s form).
  static func motion(_ top: JSONFields) throws(JSONInputError) -> JSONValue {
    guard let fields = try top.object("motion") else { throw top.failure("motion", "a motion object") }
    let kind = try fields.choice("kind", CardMotion.Kind.self, required: true) ?? .snap
    let from = try fields.number("from", required: true) ?? 0
    let to = try fields.number("to", required: true) ?? 0
    let duration = try fields.number("duration", "a finite number ≥ 0", required: true, accepts: { $0 >= 0 }) ?? 0
    let damping = try fields.number("damping", "a finite number > 0", required: true, accepts: { $0 > 0 }) ?? 1
    try fields.checkNoOthers()
    let t = try top.number("t", "a finite time in seconds ≥ 0", required: true, accepts: { $0 >= 0 }) ?? 0
    try top.checkNoOthers()
    let motion = CardMotion(kind: kind, from: from, to: to, duration: duration, damping: damping)
    return .object([("y", .number(motion.y(at: t)))])
  }

  /// `{from, velocity, maxOffset, to, duration}`: a fling as `cardmap replay`'s `fling` line gives it.
  public static func scroll(_ fling: ScrollMomentum) -> JSONValue {
    .object([
      ("from", .number(fling.from)), ("velocity", .number(fling.velocity)), ("maxOffset", .number(fling.maxOffset)),
      ("to", .number(fling.to)), ("duration", .number(fling.duration)),
    ])
  }

  /// The `screen` member (required).
  public static func screen(_ top: JSONFields) throws(JSONInputError) -> LayoutEnvironment {
    guard let screen = try top.object("screen") else { throw top.failure("screen", "a screen object") }
    return try LayoutEnvironment(json: screen)
  }

  /// The `screen` (required) and `card` (default: peaking) members.
  public static func screenAndCard(_ top: JSONFields) throws(JSONInputError) -> (LayoutEnvironment, CardState) {
    let environment = try screen(top)
    var card = try top.object("card")
    if card == nil { card = try JSONFields(JSONValue.object([JSONValue.Member]()), path: top.path("card")) }
    guard let card else { throw top.failure("card", "a card object") }
    return (environment, try CardState(json: card))
  }
}

extension ScrollMomentum {
  /// A fling from its JSON form (`WebCall.scroll(_:)`'s; `to` and `duration`, which follow from the
  /// rest, are read and left).
  init(json fields: JSONFields) throws(JSONInputError) {
    let from = try fields.number("from", required: true) ?? 0
    let velocity = try fields.number("velocity", required: true) ?? 0
    let maxOffset = try fields.number("maxOffset", "a finite number ≥ 0", required: true, accepts: { $0 >= 0 }) ?? 0
    _ = try fields.number("to")
    _ = try fields.number("duration")
    try fields.checkNoOthers()
    self.init(from: from, velocity: velocity, maxOffset: maxOffset)
  }
}

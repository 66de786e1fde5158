import CardMap

/// Input the engine's JSON readers refuse: where (a JSON path such as `options.select[1]`) and what
/// was expected there, with what was found. An immutable object rather than a value: every reader
/// that can fail hands its error on as one reference (`Benchmarks/README.md`, *Why the code is as
/// it is*). Equal when path and message are.
public final class JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The member or element at fault, as a path from the input's top (`screen.safeArea.top`).
  public let path: String
  /// What was expected and what was found.
  public let message: String

  public init(path: String, _ message: String) {
    self.path = path
    self.message = message
  }

  /// A refusal of the input as a whole, at no one member.
  public convenience init(_ message: String) { self.init(path: "", message) }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }

  public static func == (a: JSONInputError, b: JSONInputError) -> Bool { a.path == b.path && a.message == b.message }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(message)
  }
}

/// An object's members read by type, for every JSON the engine takes (a card stack's events, the
/// web engine's screens, cards and fit options, snapshots): a member present with the wrong type,
/// shape or range is an error naming its path and what was expected, never a silent default or a
/// coercion (`"402"` is not a number, `"Sidebar"` is not `sidebar`). The members the reading code asks
/// for are the ones allowed (`checkNoOthers()`): the reading code is the one list of an object's members.
///
/// Names and choices are compared as UTF-8, code unit by code unit, as JSON (RFC 8259 §8.3) and
/// JavaScript compare them: never by `String`'s canonical equivalence, which in WebAssembly would
/// link Unicode's normalisation tables, a tenth of the engine.
///
/// JavaScript's values that JSON has no text for reach the engine as `{"$js": "NaN"}` (NaN,
/// ±Infinity, undefined, a function…; `cardmap.mjs` writes them so), and are named as such.
public final class JSONFields {
  /// The object's path from the top of its input ("" for the top).
  public let path: String
  let members: [JSONValue.Member]
  /// The names asked for so far, present or not.
  private(set) var asked: [String] = []

  /// The object `value`, at `path`.
  ///
  /// - Throws: `JSONInputError` when `value` is not an object.
  public init(_ value: JSONValue, path: String = "", expected: String = "an object") throws(JSONInputError) {
    guard case .object(let members) = value, JSONFields.javaScript(value) == nil else {
      throw JSONInputError(path: path, "expected \(expected), found \(JSONFields.describe(value))")
    }
    self.path = path
    self.members = members
  }

  /// The path of member `name`.
  public func path(_ name: String) -> String { path.isEmpty ? name : path + "." + name }

  /// The member `name`, or nil when absent; asking allows it.
  public func value(_ name: String) -> JSONValue? {
    // (Compared as UTF-8: String's == checks canonical equivalence, several times slower in WebAssembly.)
    if !asked.contains(where: { $0.utf8.elementsEqual(name.utf8) }) { asked.append(name) }
    return members.first { $0.name.utf8.elementsEqual(name.utf8) }?.value
  }

  /// An error at member `name`: `expected`, and what it holds.
  public func failure(_ name: String, _ expected: String) -> JSONInputError {
    JSONInputError(path: path(name), "expected \(expected), found \(JSONFields.describe(value(name) ?? .null))")
  }

  /// The member `name` converted by `convert`; nil when absent (or null, when `nullable`), an error
  /// naming it when `required`, or when `convert` does not take what it holds.
  public func read<T>(
    _ name: String, _ expected: String, required: Bool = false, nullable: Bool = false,
    _ convert: (JSONValue) -> T?
  ) throws(JSONInputError) -> T? {
    guard let found = value(name), !(nullable && found == .null) else {
      if required { throw JSONInputError(path: path(name), "expected \(expected), found nothing") }
      return nil
    }
    guard let converted = convert(found) else {
      throw failure(name, nullable ? "\(expected) or null" : expected)
    }
    return converted
  }

  /// A finite number member that `accepts` takes (`expected` says which).
  public func number(
    _ name: String, _ expected: String = "a finite number", required: Bool = false, nullable: Bool = false,
    accepts: (Double) -> Bool = { _ in true }
  ) throws(JSONInputError) -> Double? {
    try read(name, expected, required: required, nullable: nullable) { $0.double.flatMap { accepts($0) ? $0 : nil } }
  }

  /// A whole-number member within `range`.
  public func integer(_ name: String, in range: ClosedRange<Int>? = nil, required: Bool = false) throws(JSONInputError)
    -> Int?
  {
    let expected = range.map { "a whole number from \($0.lowerBound) to \($0.upperBound)" } ?? "a whole number"
    return try read(name, expected, required: required) { value in
      value.integer.flatMap { range?.contains($0) ?? true ? $0 : nil }
    }
  }

  /// A true-or-false member.
  public func bool(_ name: String, required: Bool = false) throws(JSONInputError) -> Bool? {
    try read(name, "true or false", required: required) {
      if case .bool(let value) = $0 { value } else { nil }
    }
  }

  /// A string member.
  public func string(_ name: String, required: Bool = false, nullable: Bool = false) throws(JSONInputError) -> String? {
    try read(name, "a string", required: required, nullable: nullable) { $0.string }
  }

  /// A member naming one of `T`'s cases, exactly (case-sensitive), with the nearest suggested.
  public func choice<T: CaseIterable & RawRepresentable>(
    _ name: String, _ type: T.Type, required: Bool = false, nullable: Bool = false
  ) throws(JSONInputError) -> T? where T.RawValue == String, T.AllCases == [T] {
    // (As little as can be written per type: the names, then the case at the index found.)
    var names: [String] = []
    for value in T.allCases { names.append(value.rawValue) }
    guard let index = try choice(name, among: names, required: required, nullable: nullable) else { return nil }
    return T.allCases[index]
  }

  /// The index in `names` of the member naming one of them, exactly (case-sensitive); the work of
  /// `choice(_:_:required:nullable:)`, written once rather than for each type of choice.
  public func choice(_ name: String, among names: [String], required: Bool = false, nullable: Bool = false)
    throws(JSONInputError) -> Int?
  {
    let expected = JSONFields.list(names)
    guard let text = try read(name, expected, required: required, nullable: nullable, { $0.string }) else { return nil }
    if let index = names.firstIndex(where: { $0.utf8.elementsEqual(text.utf8) }) { return index }
    throw JSONInputError(
      path: path(name),
      "expected \(expected), found \(JSONFields.describe(.string(text)))\(JSONFields.hint(text, among: names))")
  }

  /// An object member, nil when absent (or null, when `nullable`).
  public func object(_ name: String, nullable: Bool = false) throws(JSONInputError) -> JSONFields? {
    guard let found = value(name), !(nullable && found == .null) else { return nil }
    return try JSONFields(found, path: path(name), expected: nullable ? "an object or null" : "an object")
  }

  /// An array member's numbers, `count` of them when given; each element that `accepts` refuses is an
  /// error at its index (`select[1]: expected a latitude within ±90, found 91`).
  public func numbers(
    _ name: String, count: Int? = nil, required: Bool = false, nullable: Bool = false,
    element: (Int) -> String = { _ in "a finite number" }, accepts: (Int, Double) -> Bool = { _, _ in true }
  ) throws(JSONInputError) -> [Double]? {
    let shape = count.map { "an array of \($0) numbers" } ?? "an array of numbers"
    guard
      let items = try read(
        name, shape, required: required, nullable: nullable, { if case .array(let a) = $0 { a } else { nil } })
    else { return nil }
    if let count, items.count != count {
      throw JSONInputError(
        path: path(name), "expected \(shape), found \(items.count) element\(items.count == 1 ? "" : "s")")
    }
    var values: [Double] = []
    for (index, item) in items.enumerated() {
      guard let number = item.double, accepts(index, number) else {
        throw JSONInputError(
          path: "\(path(name))[\(index)]", "expected \(element(index)), found \(JSONFields.describe(item))")
      }
      values.append(number)
    }
    return values
  }

  /// Fails on a member the reader did not ask for (a misspelt `"velocty"` would otherwise be
  /// ignored), suggesting the nearest it takes; call it once everything has been read.
  public func checkNoOthers(except allowed: [String] = []) throws(JSONInputError) {
    func among(_ names: [String], _ name: String) -> Bool { names.contains { $0.utf8.elementsEqual(name.utf8) } }
    for member in members where !among(allowed, member.name) && !among(asked, member.name) {
      let names = asked.filter { !among(allowed, $0) }
      let hint = JSONFields.hint(member.name, among: names)
      let expected = names.isEmpty ? "no members" : "only " + JSONFields.list(names)
      throw JSONInputError(path: path(member.name), "unknown member\(hint); expected \(expected)")
    }
  }

  /// A drag's release velocity: `"velocity"` in pt/s, or the engine's `ReleaseVelocity` of the
  /// pointer's `"samples"`, `[[seconds, y], …]` in time order, the last at the release (a page
  /// swipe's, `[[seconds, x], …]`); not both. Neither is nil (no release given), or an error when
  /// `required` (a velocity left out, JavaScript's undefined, is then a mistake).
  public func releaseVelocity(required: Bool = false) throws(JSONInputError) -> Double? {
    let velocity = try number("velocity", "a finite number in pt/s, down positive")
    guard let list = value("samples") else {
      guard velocity != nil || !required else {
        throw failure("velocity", "a finite number in pt/s, down positive (or \"samples\")")
      }
      return velocity
    }
    guard velocity == nil else {
      throw JSONInputError(path: path("samples"), "give either \"velocity\" or \"samples\", not both")
    }
    var samples: [(time: Double, y: Double)] = []
    if case .array(let items) = list {
      for item in items {
        guard case .array(let pair) = item, pair.count == 2, let time = pair[0].double, let y = pair[1].double,
          samples.last.map({ $0.time <= time }) ?? true
        else { break }
        samples.append((time, y))
      }
      if samples.count == items.count, !items.isEmpty { return ReleaseVelocity.velocity(of: samples) }
    }
    throw failure("samples", "[[seconds, y], …] in time order")
  }

  /// A box `[west, south, east, north]`: finite, latitudes within ±90 and south ≤ north (south <
  /// north when `needsHeight`); west > east crosses the antimeridian.
  public func bounds(_ name: String, needsHeight: Bool = false, nullable: Bool = false) throws(JSONInputError)
    -> GeoBounds?
  {
    let names = ["a finite west", "a south within ±90", "a finite east", "a north within ±90"]
    guard
      let n = try numbers(
        name, count: 4, nullable: nullable, element: { names[$0] },
        accepts: { index, value in index % 2 == 0 || abs(value) <= 90 })
    else { return nil }
    guard needsHeight ? n[1] < n[3] : n[1] <= n[3] else {
      throw JSONInputError(
        path: path(name),
        "expected south \(needsHeight ? "<" : "≤") north, found south \(JSONValue.format(n[1])) and north \(JSONValue.format(n[3]))"
      )
    }
    return GeoBounds(west: n[0], south: n[1], east: n[2], north: n[3])
  }

  /// Insets `{top, left, bottom, right}` (a side left out: 0): finite, and not negative unless
  /// `signed` (a fit's padding); nil when the member is absent.
  public func insets(_ name: String, signed: Bool = false) throws(JSONInputError) -> Insets? {
    guard let sides = try object(name) else { return nil }
    let expected = signed ? "a finite number" : "a finite number ≥ 0"
    let accepts: (Double) -> Bool = { signed || $0 >= 0 }
    let insets = Insets(
      top: try sides.number("top", expected, accepts: accepts) ?? 0,
      left: try sides.number("left", expected, accepts: accepts) ?? 0,
      bottom: try sides.number("bottom", expected, accepts: accepts) ?? 0,
      right: try sides.number("right", expected, accepts: accepts) ?? 0)
    try sides.checkNoOthers()
    return insets
  }

  /// A coordinate `[lon, lat]`: finite, the latitude within ±90.
  public func coordinate(_ name: String, nullable: Bool = false) throws(JSONInputError) -> Coordinate? {
    let names = ["a finite longitude", "a latitude within ±90"]
    guard
      let n = try numbers(
        name, count: 2, nullable: nullable, element: { names[$0] },
        accepts: { index, value in index == 0 || abs(value) <= 90 })
    else { return nil }
    return Coordinate(lon: n[0], lat: n[1])
  }

  /// ` (did you mean 'name'?)` for the nearest of `names` to `word`, or nothing. A name is quoted
  /// as the command line quotes its options (`'name'`); a value found, as its JSON text.
  static func hint(_ word: String, among names: [String]) -> String {
    Suggestion.nearest(to: word, among: names).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// `'a', 'b' or 'c'`.
  static func list(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
  }

  /// The JavaScript value a `{"$js": …}` stands for, or nil.
  static func javaScript(_ value: JSONValue) -> String? {
    guard case .object(let members) = value, members.count == 1, members[0].name.utf8.elementsEqual("$js".utf8) else {
      return nil
    }
    return members[0].value.string
  }

  /// What a value is, for "found …": its JSON text cut short, or the JavaScript value it stands for.
  public static func describe(_ value: JSONValue) -> String {
    javaScript(value) ?? GeoJSONError.excerpt(value.jsonText)
  }
}

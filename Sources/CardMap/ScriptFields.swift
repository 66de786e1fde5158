/// An event's or a card's members, read by type (`StackScript`): a member that is present with the wrong type is
/// an error naming it, never a silent default. The members its reader asks for are the ones it
/// allows (`checkNoOthers()`): the reading code is the one list of an event's members.
final class ScriptFields {
  let members: [JSONValue.Member]
  /// The names asked for so far, present or not.
  private(set) var asked: Set<String> = []

  init(_ value: JSONValue) {
    if case .object(let members) = value { self.members = members } else { members = [] }
  }

  func value(_ name: String) -> JSONValue? {
    asked.insert(name)
    return members.first { $0.name == name }?.value
  }

  /// The member `name` converted by `convert`; nil when absent (an error when `required`), or null
  /// when `nullable`; an error naming it and what it holds when `convert` does not take it.
  private func read<T>(
    _ name: String, _ expected: String, required: Bool, nullable: Bool = false, _ convert: (JSONValue) -> T?
  ) throws(StackScriptError) -> T? {
    guard let found = value(name), !(nullable && found == .null) else {
      if required { throw StackScriptError("expected \(expected) \"\(name)\"") }
      return nil
    }
    guard let converted = convert(found) else {
      let expected = nullable ? "\(expected) or null" : expected
      throw StackScriptError("expected \"\(name)\" to be \(expected), found \(GeoJSONError.excerpt(found.jsonText))")
    }
    return converted
  }

  /// A string member.
  func string(_ name: String, required: Bool = false, nullable: Bool = false) throws(StackScriptError) -> String? {
    try read(name, "a string", required: required, nullable: nullable) { $0.string }
  }

  /// A finite number member.
  func number(_ name: String, required: Bool = false) throws(StackScriptError) -> Double? {
    try read(name, "a finite number", required: required) { $0.double }
  }

  /// A true-or-false member.
  func bool(_ name: String, required: Bool = false) throws(StackScriptError) -> Bool? {
    try read(name, "true or false", required: required) {
      if case .bool(let value) = $0 { value } else { nil }
    }
  }

  /// A whole-number member.
  func integer(_ name: String, required: Bool = false) throws(StackScriptError) -> Int? {
    try read(name, "a whole number", required: required) { $0.integer }
  }

  /// Fails on a member that is not `event` or one the reader asked for (a misspelt `"velocty"` would
  /// otherwise be ignored); call it once everything has been read.
  func checkNoOthers() throws(StackScriptError) {
    for member in members where member.name != "event" && !asked.contains(member.name) {
      let names = asked.subtracting(["event"]).sorted()
      let expected = names.isEmpty ? "no other members" : names.joined(separator: ", ")
      throw StackScriptError("unknown member \"\(member.name)\"; expected \(expected)")
    }
  }
}

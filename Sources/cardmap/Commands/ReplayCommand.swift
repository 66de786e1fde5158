import CardMapWire

/// `cardmap replay SCRIPT.json [ENV]`: runs a card app's events through a card stack and prints one
/// JSON line per event.
///
/// The script is a JSON array of events, or one JSON object per line:
/// `{"event": "push", "card": {"id": "A", "position": "peaking", "mapManager": "m1", "bbox": [w,s,e,n],
/// "pitch": 45, "pages": [{"id": "A1", "mapManager": "m1"}], "rows": 5}}` (a `pitch` tilts the map
/// manager's camera, MapGeometry's Fitting a camera's Pitch), `{"event": "pop"}`,
/// `{"event": "move", "y": 300}` (a frame of a drag: the card at y, nothing changed),
/// `{"event": "drag", "y": 300, "velocity": -800}`, `{"event": "predict", "y": 300, "velocity": -800}`
/// (where that release would end and its camera, nothing moved), `{"event": "tapTitle"}`, `{"event": "tapMap"}`,
/// `{"event": "key", "key": "ctrl+up"}`, `{"event": "page", "index": 1}`,
/// `{"event": "resize", "device": "NAME"}`, `{"event": "snapshot"}`, `{"event": "restore"}`.
enum ReplayCommand: Command {
  static let name = "replay"
  static let abstract = "Replay card-stack events (push, pop, drag, taps, keys, pages, resize, restore) as JSON lines."
  static let arguments = [
    Positional(
      name: "<script>", help: "A JSON array of events, or one JSON object per line; '-' or none for stdin.",
      isOptional: true)
  ]
  static let oneOf = [options.screen]
  static let options = EnvironmentOptions()
  static let examples = ["cardmap replay Data/samples/replay.json --device iphone-17"]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let files = try args.positionals(atMost: 1)
    let environment = try LayoutOptions.environment(args)
    var input = try Input(files.first)
    let bytes = try input.readAll()
    input.finish()
    let events = try parseScript(bytes, name: input.name)
    // The command line's ENV options (--os, --rtl, --header, …) apply to a resize's profile too.
    var replay = StackScript(environment: environment) { (profile) throws(StackScriptError) in
      do throws(CLIError) {
        return try LayoutOptions.environment(args, profile: profile)
      } catch {
        throw StackScriptError(error.message)
      }
    }
    for (number, event) in events.enumerated() {
      do throws(CLIError) {
        let line: JSONValue
        do throws(StackScriptError) {
          line = try replay.apply(event)
        } catch {
          throw .data(error.description)
        }
        output.out(try line.output() + "\n")
      } catch {
        throw .data("\(input.name): event \(number + 1) (\(event["event"]?.string ?? "?")): \(error.message)")
      }
    }
  }

  /// The events of a script: a JSON array of objects, or one object per line, read with the
  /// project's own JSON reader (errors name the line, column and path).
  static func parseScript(_ bytes: [UInt8], name: String) throws(CLIError) -> [JSONValue] {
    let first = bytes.first { !JSONWhitespace.contains($0) }
    if first == UInt8(ascii: "[") || bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      let value: JSONValue
      do {
        value = try JSONValue.read(bytes)
      } catch {
        throw .data("\(name): \(error)")
      }
      guard case .array(let items) = value else { throw .data("\(name): expected a JSON array of events") }
      for (index, item) in items.enumerated() {
        guard case .object = item else { throw .data("\(name): event \(index + 1) is not an object") }
      }
      return items
    }
    var events: [JSONValue] = []
    var offset = 0
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      defer { offset += line.count + 1 }
      guard line.contains(where: { !JSONWhitespace.contains($0) }) else { continue }
      let value: JSONValue
      do {
        value = try JSONValue.read(Array(line), firstLine: index + 1, streamOffset: offset)
      } catch {
        throw .data("\(name): \(error)")
      }
      guard case .object = value else {
        throw .data("\(name): line \(index + 1): expected one JSON object per line, or a JSON array of events")
      }
      events.append(value)
    }
    return events
  }
}

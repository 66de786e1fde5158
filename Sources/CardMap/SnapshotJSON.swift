/// A snapshot's JSON form, written and read by hand so that the WebAssembly build, which has no
/// `Codable`, keeps snapshots too (<doc:StacksAndManagers>): the same members as its `Codable` form
/// (what `JSONEncoder` writes, a member that is nil left out), so that one saved by an app restores
/// in a page and back. `SnapshotJSONTests` holds the two forms to each other.
extension StackSnapshot {
  /// The snapshot as JSON.
  public var json: JSONValue {
    func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }
    func manager(_ m: Manager) -> JSONValue {
      var members: [(String, JSONValue)] = [("id", .string(m.id))]
      if let bounds = m.bounds { members.append(("bounds", numbers(bounds))) }
      if let fit = m.fit { members.append(("fit", fit.json)) }
      switch m.cameraMode {
      case nil: break
      case .fitContent: members.append(("cameraMode", .object([("mode", .string("fitContent"))])))
      case .steady(let s):
        members.append(
          (
            "cameraMode",
            .object([
              ("mode", .string("steady")), ("anchor", numbers([s.anchor.lon, s.anchor.lat])),
              ("fraction", numbers([s.fractionX, s.fractionY])), ("zoom", .number(s.zoom)),
              ("bearing", .number(s.bearing)), ("pitch", .number(s.pitch)),
            ])
          ))
      case .keepClear(let selection, let c):
        members.append(
          (
            "cameraMode",
            .object([
              ("mode", .string("keepClear")), ("selection", numbers([selection.lon, selection.lat])),
              ("callout", numbers([c.width, c.height, c.offsetX, c.offsetY])),
            ])
          ))
      }
      return .object(members)
    }
    let entries = entries.map { e -> JSONValue in
      var members: [(String, JSONValue)] = [("id", .string(e.id))]
      if let position = e.preferredPosition { members.append(("preferredPosition", .string(position.rawValue))) }
      if let m = e.manager { members.append(("manager", manager(m))) }
      let pages = e.pages.map { page -> JSONValue in
        var members: [(String, JSONValue)] = [("id", .string(page.id))]
        if let m = page.manager { members.append(("manager", manager(m))) }
        return .object(members)
      }
      members += [
        ("pages", .array(pages)), ("rows", .number(Double(e.rows))), ("titleHeight", .number(e.titleHeight)),
        ("topButtons", .number(Double(e.topButtons))), ("bottomButtons", .number(Double(e.bottomButtons))),
        ("verticalBarActions", .number(Double(e.verticalBarActions))), ("position", .string(e.position.rawValue)),
      ]
      if let remembered = e.remembered { members.append(("remembered", .string(remembered.rawValue))) }
      members.append(("page", .number(Double(e.page))))
      if let highlight = e.highlight { members.append(("highlight", .number(Double(highlight)))) }
      return .object(members)
    }
    var members: [(String, JSONValue)] = [("entries", .array(entries))]
    if let camera { members.append(("camera", numbers(camera))) }
    return .object(members)
  }

  /// Reads a snapshot from its JSON form; a fit option left out takes its default, as `Codable` does.
  ///
  /// - Throws: `LayoutError` naming the member that is missing or of the wrong type.
  public init(json: JSONValue) throws(LayoutError) {
    let top = SnapshotMembers(json, "snapshot")
    var entries: [Entry] = []
    for item in try top.array("entries") {
      let e = SnapshotMembers(item, "snapshot entry")
      var pages: [Page] = []
      for page in try e.array("pages") {
        let p = SnapshotMembers(page, "snapshot page")
        pages.append(Page(id: try p.string("id"), manager: try p.object("manager").map(Self.manager)))
      }
      guard let position = try e.position("position") else {
        throw e.fail("position", "collapsed, peaking or extended")
      }
      entries.append(
        Entry(
          id: try e.string("id"), preferredPosition: try e.position("preferredPosition"),
          manager: try e.object("manager").map(Self.manager), pages: pages, rows: try e.integer("rows"),
          titleHeight: try e.number("titleHeight"), topButtons: try e.integer("topButtons"),
          bottomButtons: try e.integer("bottomButtons"), verticalBarActions: try e.integer("verticalBarActions"),
          position: position, remembered: try e.position("remembered"),
          page: try e.integer("page"), highlight: try e.integer("highlight", optional: true)))
    }
    self.init(entries: entries, camera: try top.numbers("camera", count: 4, optional: true))
  }

  static func manager(_ value: SnapshotMembers) throws(LayoutError) -> Manager {
    var m = Manager(id: try value.string("id"), bounds: try value.numbers("bounds", optional: true))
    if let fit = try value.object("fit") {
      do throws(JSONInputError) {
        let fields = try JSONFields(fit.value, path: "snapshot fit")
        m.fit = try FitOptions(json: fields)
        try fields.checkNoOthers()
      } catch {
        throw LayoutError(input: error.path, reason: error.message)
      }
    }
    if let mode = try value.object("cameraMode") {
      switch try mode.string("mode") {
      case "fitContent": m.cameraMode = .fitContent
      case "steady":
        let (anchor, fraction) = (try mode.numbers("anchor", count: 2), try mode.numbers("fraction", count: 2))
        m.cameraMode = .steady(
          SteadyFocus(
            anchor: Coordinate(lon: anchor[0], lat: anchor[1]), fractionX: fraction[0], fractionY: fraction[1],
            zoom: try mode.number("zoom"), bearing: try mode.number("bearing"), pitch: try mode.number("pitch", or: 0)))
      case "keepClear":
        let (selection, c) = (try mode.numbers("selection", count: 2), try mode.numbers("callout", count: 4))
        m.cameraMode = .keepClear(
          selection: Coordinate(lon: selection[0], lat: selection[1]),
          callout: Callout(width: c[0], height: c[1], offsetX: c[2], offsetY: c[3]))
      default: throw LayoutError(input: "snapshot cameraMode.mode", reason: "expected fitContent, steady or keepClear")
      }
    }
    return m
  }
}

/// An object of a snapshot's JSON form, its members read by type: one missing (unless optional) or
/// of the wrong type is a `LayoutError` naming it.
struct SnapshotMembers {
  let value: JSONValue
  let name: String

  init(_ value: JSONValue, _ name: String) {
    self.value = value
    self.name = name
  }

  func fail(_ member: String, _ expected: String) -> LayoutError {
    LayoutError(input: name + " \"" + member + "\"", reason: "expected " + expected)
  }

  /// The member, nil when absent or null.
  func found(_ member: String) -> JSONValue? {
    guard let found = value[member], found != .null else { return nil }
    return found
  }

  func number(_ member: String, or fallback: Double? = nil) throws(LayoutError) -> Double {
    guard let found = found(member) else {
      if let fallback { return fallback }
      throw fail(member, "a finite number")
    }
    guard let number = found.double else { throw fail(member, "a finite number") }
    return number
  }

  func number(_ member: String, optional: Bool) throws(LayoutError) -> Double? {
    found(member) == nil ? nil : try number(member)
  }

  func integer(_ member: String) throws(LayoutError) -> Int {
    guard let integer = found(member)?.integer else { throw fail(member, "a whole number") }
    return integer
  }

  func integer(_ member: String, optional: Bool) throws(LayoutError) -> Int? {
    found(member) == nil ? nil : try integer(member)
  }

  func string(_ member: String, or fallback: String? = nil) throws(LayoutError) -> String {
    if let string = found(member)?.string { return string }
    if found(member) == nil, let fallback { return fallback }
    throw fail(member, "a string")
  }

  /// A position, nil when absent.
  func position(_ member: String) throws(LayoutError) -> CardPosition? {
    guard found(member) != nil else { return nil }
    guard let position = CardPosition(rawValue: try string(member)) else {
      throw fail(member, "collapsed, peaking or extended")
    }
    return position
  }

  func numbers(_ member: String, count: Int? = nil) throws(LayoutError) -> [Double] {
    guard case .array(let items)? = found(member), count == nil || items.count == count else {
      throw fail(member, count.map { "\($0) numbers" } ?? "an array of numbers")
    }
    var values: [Double] = []
    for item in items {
      guard let number = item.double else { throw fail(member, "finite numbers") }
      values.append(number)
    }
    return values
  }

  func numbers(_ member: String, count: Int? = nil, optional: Bool) throws(LayoutError) -> [Double]? {
    found(member) == nil ? nil : try numbers(member, count: count)
  }

  func object(_ member: String) throws(LayoutError) -> SnapshotMembers? {
    guard let found = found(member) else { return nil }
    guard case .object = found else { throw fail(member, "an object") }
    return SnapshotMembers(found, member)
  }

  func array(_ member: String) throws(LayoutError) -> [JSONValue] {
    guard case .array(let items)? = found(member) else { throw fail(member, "an array") }
    return items
  }
}

import CardMap

/// A snapshot's one JSON form (CardMap's Stacks and managers article), the same in an app, the command line and a
/// web page, so that one saved by an app restores in a page and back: its members by name, a member
/// that is nil left out; a camera mode `{"mode": "fitContent"}`, `{"mode": "steady", "anchor": [lon,
/// lat], "fraction": [x, y], "zoom", "bearing", "pitch", "projection"}` or `{"mode": "keepClear",
/// "selection": [lon, lat], "callout": [width, height, offsetX, offsetY]}`.
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
              ("projection", .string(s.projection.rawValue)),
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
        ("pages", .array(pages)), ("rows", .number(Double(e.rows))), ("titleHeight", .number(e.look.titleHeight)),
        ("topButtons", .number(Double(e.look.topButtons))), ("bottomButtons", .number(Double(e.look.bottomButtons))),
        ("verticalBarActions", .number(Double(e.look.verticalBarActions))),
      ]
      members += CardLook(e.look).members.filter { $0.1 != .null }
      members.append(("position", .string(e.position.rawValue)))
      if let remembered = e.remembered { members.append(("remembered", .string(remembered.rawValue))) }
      members.append(("page", .number(Double(e.page))))
      if let highlight = e.highlight { members.append(("highlight", .number(Double(highlight)))) }
      return .object(members)
    }
    var members: [(String, JSONValue)] = [("entries", .array(entries))]
    if let camera { members.append(("camera", numbers(camera))) }
    return .object(members)
  }

  /// Reads a snapshot from its JSON form; a fit option left out takes its default, and a member that
  /// is null is absent.
  ///
  /// - Throws: `LayoutError` naming the member that is missing or of the wrong type, by its path.
  public init(json: JSONValue) throws(LayoutError) {
    do throws(JSONInputError) {
      self = try Self.read(try JSONFields(json, path: "snapshot"))
    } catch {
      throw LayoutError(input: error.path, reason: error.message)
    }
  }

  static func read(_ top: JSONFields) throws(JSONInputError) -> StackSnapshot {
    var entries: [Entry] = []
    for (index, item) in try list(top, "entries").enumerated() {
      let e = try JSONFields(item, path: top.path("entries") + "[\(index)]")
      var pages: [Page] = []
      for (index, page) in try list(e, "pages").enumerated() {
        let p = try JSONFields(page, path: e.path("pages") + "[\(index)]")
        pages.append(Page(id: try p.string("id", required: true) ?? "", manager: try manager(p)))
      }
      let count = "a whole number"
      let id = try e.string("id", required: true) ?? ""
      let preferred = try e.choice("preferredPosition", CardPosition.self, nullable: true)
      let (owner, rows) = (try manager(e), try e.integer("rows", required: true) ?? 0)
      // (The look's members past the vertical-bar actions are left out in snapshots taken before a
      // stack's cards took them: the defaults.)
      let titleHeight = try e.number("titleHeight", required: true) ?? 0
      let top = try e.integer("topButtons", required: true) ?? 0
      let bottom = try e.integer("bottomButtons", required: true) ?? 0
      let actions = try e.integer("verticalBarActions", required: true) ?? 0
      let look = try CardLook(json: e)
      let state: CardState
      do throws(LayoutError) {
        state = try CardState(
          titleHeight: titleHeight, topButtons: top, bottomButtons: bottom, isPaging: !pages.isEmpty,
          verticalBarActions: actions, floatingItems: look.floatingItems, floatingAlignment: look.floatingAlignment,
          showsCompass: look.compass,
          showsUserTracking: look.userTracking, bearing: look.bearing, infoView: look.infoView,
          contentHeight: look.contentHeight)
      } catch {
        throw JSONInputError(path: e.path(error.input), error.reason)
      }
      entries.append(
        Entry(
          id: id, preferredPosition: preferred, manager: owner, pages: pages, rows: rows, look: state,
          position: try e.choice("position", CardPosition.self, required: true) ?? .peaking,
          remembered: try e.choice("remembered", CardPosition.self, nullable: true),
          page: try e.read("page", count, required: true) { $0.integer } ?? 0,
          highlight: try e.read("highlight", count, nullable: true) { $0.integer }))
    }
    return StackSnapshot(entries: entries, camera: try top.numbers("camera", count: 4, nullable: true))
  }

  /// The array member `name` (required).
  static func list(_ fields: JSONFields, _ name: String) throws(JSONInputError) -> [JSONValue] {
    try fields.read(name, "an array", required: true) { if case .array(let items) = $0 { items } else { nil } } ?? []
  }

  /// The `manager` member of `holder`, nil when absent or null.
  static func manager(_ holder: JSONFields) throws(JSONInputError) -> Manager? {
    guard let value = try holder.object("manager", nullable: true) else { return nil }
    var m = Manager(
      id: try value.string("id", required: true) ?? "", bounds: try value.numbers("bounds", nullable: true))
    if let fit = try value.object("fit", nullable: true) {
      m.fit = try FitOptions(json: fit)
      try fit.checkNoOthers()
    }
    if let mode = try value.object("cameraMode", nullable: true) {
      switch try mode.choice("mode", ModeName.self, required: true) {
      case .fitContent?: m.cameraMode = .fitContent
      case .steady?:
        let anchor = try mode.numbers("anchor", count: 2, required: true) ?? [0, 0]
        let fraction = try mode.numbers("fraction", count: 2, required: true) ?? [0, 0]
        m.cameraMode = .steady(
          SteadyFocus(
            anchor: Coordinate(lon: anchor[0], lat: anchor[1]), fractionX: fraction[0], fractionY: fraction[1],
            zoom: try mode.number("zoom", required: true) ?? 0,
            bearing: try mode.number("bearing", required: true) ?? 0,
            pitch: try mode.number("pitch") ?? 0,
            projection: try mode.choice("projection", MapProjection.self) ?? .mercator))
      case .keepClear?:
        let selection = try mode.numbers("selection", count: 2, required: true) ?? [0, 0]
        let c = try mode.numbers("callout", count: 4, required: true) ?? [0, 0, 0, 0]
        m.cameraMode = .keepClear(
          selection: Coordinate(lon: selection[0], lat: selection[1]),
          callout: Callout(width: c[0], height: c[1], offsetX: c[2], offsetY: c[3]))
      case nil: throw mode.failure("mode", "fitContent, steady or keepClear")
      }
    }
    return m
  }
}

/// A camera mode's name in a snapshot.
enum ModeName: String, CaseIterable { case fitContent, steady, keepClear }

import CardMap

/// What a camera does besides fitting the content (MapGeometry's Cameras that move with the card):
/// a selection kept clear, a point held steady, bounds that respect padding, exclusion zones.
struct CameraOptions: OptionGroup {
  let select = Option<Coordinate>(
    "select", "lon,lat", expected: "two numbers lon,lat with the latitude within ±90",
    help: "A selected coordinate whose callout is kept clear of the card and controls with the least pan.",
    read: CameraOptions.parseCoordinate)
  let callout = Option<Size>(
    "callout", "WxH", expected: "a size WxH in points, both ≥ 0",
    help: "The selection's callout, centred above it (default 240x80).", read: CameraOptions.parseSize)
  let maxBounds = Option<GeoBounds>(
    "max-bounds", "w,s,e,n", expected: "four numbers w,s,e,n with latitudes within ±90 and s < n",
    help: "Keep the visible rect (not the whole view) inside these bounds; flat cameras only.",
    read: CameraOptions.parseMaxBounds)

  /// `--anchor lon,lat`: a point held steady while the card moves.
  static func anchor(_ help: String) -> Option<Coordinate> {
    Option<Coordinate>(
      "anchor", "lon,lat", expected: "two numbers lon,lat with the latitude within ±90", help: help,
      read: CameraOptions.parseCoordinate)
  }

  /// Refuses, as usage errors, options that cannot work together: `--max-bounds` with a pitch (a
  /// bounds constraint is for flat cameras: a pitched view reaches towards the horizon), and
  /// `--callout` without `--select` (a callout belongs to a selection).
  func checkCombinations(_ args: Arguments, pitch: Double, command: String) throws(CLIError) {
    if args[maxBounds] != nil, pitch > 0 {
      throw .usage(
        "'--max-bounds' is not supported with '--pitch': a bounds constraint is for flat cameras", command: command)
    }
    if args[callout] != nil, args[select] == nil {
      throw .usage(
        "'--callout' needs '--select': the callout is the selection's, kept clear above it", command: command)
    }
  }

  /// The default callout: a MapKit-sized bubble.
  static let defaultCallout = Size(width: 240, height: 80)

  /// The callout the command line gives, centred above the selection.
  func callout(_ args: Arguments) -> Callout {
    let size = args[callout] ?? Self.defaultCallout
    return Callout(width: size.width, height: size.height)
  }

  /// `w,s,e,n` with `s < n`: bounds with no height can hold no camera, so they are a usage error.
  static func parseMaxBounds(_ text: String) -> GeoBounds? {
    FitCommand.parseBBox(text).flatMap { $0.south < $0.north ? $0 : nil }
  }

  /// `lon,lat` → a coordinate with the latitude within ±90.
  static func parseCoordinate(_ text: String) -> Coordinate? {
    guard let n = parseNumbers(text, count: 2), abs(n[1]) <= 90 else { return nil }
    return Coordinate(lon: n[0], lat: n[1])
  }

  /// `WxH` → a size with both sides ≥ 0.
  static func parseSize(_ text: String) -> Size? {
    guard let n = parseNumbers(text, count: 2, separator: "x"), n[0] >= 0, n[1] >= 0 else { return nil }
    return Size(width: n[0], height: n[1])
  }

  /// The fit constrained to `bounds` (`--max-bounds`), and the constraint's ranges at its zoom.
  static func constrained(_ fit: MapFit, to bounds: GeoBounds, content: GeoBounds?) throws(CLIError) -> (
    MapFit, JSONValue
  ) {
    do throws(FitError) {
      let (kept, constraint) = try fit.kept(inside: bounds, content: content)
      let camera = kept.camera
      func box(_ bounds: GeoBounds?) -> JSONValue { bounds.map { .array($0.array.map(JSONValue.number)) } ?? .null }
      return (
        kept,
        .object([
          ("bounds", box(bounds)), ("minZoom", .number(constraint.minZoom)),
          ("moved", .bool(camera.focus != fit.camera.focus || camera.zoom != fit.camera.zoom)),
          ("focusBounds", box(constraint.focusBounds(zoom: camera.zoom))),
          ("centerBounds", box(constraint.centerBounds(zoom: camera.zoom))),
        ])
      )
    } catch {
      throw .data("cannot keep the camera inside --max-bounds: \(error)")
    }
  }

  /// `selection`'s callout kept clear at `fit`'s camera: the overlays of `layout` (or none) avoided.
  static func cleared(
    _ selection: Coordinate, callout: Callout, fit: MapFit, layout: ScreenLayout?, maxZoom: Double
  ) throws(CLIError) -> JSONValue {
    do throws(FitError) {
      let screen = try fit.transform.mercator(for: "a selection kept clear ('--select')")
      let cleared: ClearedSelection
      if let layout {
        cleared = try screen.keepingClear(selection, callout: callout, in: layout, maxZoom: maxZoom)
      } else {
        cleared = try screen.keepingClear(selection, callout: callout, avoiding: [], maxZoom: maxZoom)
      }
      let moved = MapFit(camera: cleared.camera, width: fit.width, height: fit.height, insets: fit.insets)
      return .object([
        ("camera", JSONValue(camera: moved)), ("move", .array([.number(cleared.moveX), .number(cleared.moveY)])),
        ("zoomed", .bool(cleared.zoomed)), ("alreadyClear", .bool(cleared.alreadyClear)),
        ("callout", JSONValue(cleared.callout)),
      ])
    } catch {
      throw .data("cannot keep the selection clear: \(error)")
    }
  }

  /// The exclusion zones of `layout` at `fit`'s camera: rects and one GeoJSON Feature.
  static func exclusions(_ fit: MapFit, layout: ScreenLayout) throws(CLIError) -> JSONValue {
    let zones: [ExclusionZone]
    do throws(FitError) { zones = try fit.exclusionZones(in: layout) } catch {
      throw .data("cannot give the exclusion zones: \(error)")
    }
    return .object([
      (
        "zones",
        .array(
          zones.map { zone in
            .object([
              ("kind", .string(zone.kind.rawValue)), ("rect", JSONValue(zone.rect)),
              ("ring", zone.ring.map { .array($0.map { .array([.number($0.lon), .number($0.lat)]) }) } ?? .null),
            ])
          })
      ),
      ("geojson", ExclusionZone.geoJSON(zones)),
    ])
  }
}

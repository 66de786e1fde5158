import CardMapWire

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
    help: "Keep what the visible rect (not the whole view) shows inside these bounds, pitched and on the globe too.",
    read: CameraOptions.parseMaxBounds)

  /// `--anchor lon,lat`: a point held steady while the card moves.
  static func anchor(_ help: String) -> Option<Coordinate> {
    Option<Coordinate>(
      "anchor", "lon,lat", expected: "two numbers lon,lat with the latitude within ±90", help: help,
      read: CameraOptions.parseCoordinate)
  }

  /// Refuses, as usage errors, options that cannot work together: `--callout` without `--select` (a
  /// callout belongs to a selection).
  func checkCombinations(_ args: Arguments, command: String) throws(CLIError) {
    if args[callout] != nil, args[select] == nil {
      throw .usage(
        "'--callout' needs '--select': the callout is the selection's, kept clear above it", command: command)
    }
  }

  /// The request the options make of fit options `fit`: max bounds, and a selection with its callout
  /// (the content is the command's to read).
  func request(_ args: Arguments, options fit: FitOptions, command: String) throws(CLIError) -> FitRequest {
    try checkCombinations(args, command: command)
    let size = args[callout]
    let bubble = size.map { Callout(width: $0.width, height: $0.height) } ?? FitRequest.Selection.defaultCallout
    return FitRequest(
      content: nil, options: fit, maxBounds: args[maxBounds],
      selection: args[select].map { FitRequest.Selection($0, callout: bubble) })
  }

  /// `w,s,e,n` with `s < n`: bounds with no height can hold no camera, so they are a usage error.
  static func parseMaxBounds(_ text: String) -> GeoBounds? {
    parseBBox(text).flatMap { $0.south < $0.north ? $0 : nil }
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
}

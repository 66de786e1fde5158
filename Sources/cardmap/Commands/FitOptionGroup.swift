import CardMapWire

/// How `fit`, `render`, `page` and `motion` fit the camera: zooms, margins, pitch and projection
/// (MapGeometry's `FitOptions`; the bearing is the card's `--bearing`).
struct FitOptionGroup: OptionGroup {
  /// `--from crs`: the CRS of the content a command reads from a file.
  static func contentCRS() -> Option<String> {
    Option<String>.text(
      "from", "crs",
      "The content's CRS, e.g. EPSG:2263 (default: the one a legacy 'crs' member names, else lon/lat).")
  }

  let minZoom = Option<Double>.number("min-zoom", "zoom", "The least zoom.").defaulting(to: FitOptions.defaultMinZoom)
  let maxZoom = Option<Double>.number("max-zoom", "zoom", "The greatest zoom.").defaulting(
    to: FitOptions.defaultMaxZoom)
  let zoomSnap = Option<Double>.number("zoom-snap", "step", "Snap the zoom down to a multiple of this; 0: none.")
    .defaulting(to: 0)
  let pointZoom = Option<Double>.number(
    "point-zoom", "zoom", "The zoom for content that is one point (default: the max zoom).")
  let margin = Option<Double>.number("margin", "points", "Keep the content this far inside the visible rect.")
    .defaulting(to: 0)
  let markerRadius = Option<Double>.number(
    "marker-radius", "points", "The radius of the symbol drawn at each position, kept whole."
  ).defaulting(to: 0)
  let padding = Option<Insets>.insets(
    "padding",
    "top=..,left=..,bottom=..,right=..: keep the content this far inside each side, the focus still at the "
      + "visible rect's centre (MapLibre's cameraForBounds padding; a side may be negative).")
  let pitch = Option<Double>.number(
    "pitch", "degrees", "Tilt the camera this far from straight down (0 … the max pitch); fits the tilted view."
  ).defaulting(to: 0)
  let maxPitch = Option<Double>.number("max-pitch", "degrees", "The map client's greatest pitch (up to 85).")
    .defaulting(to: FitOptions.defaultMaxPitch)
  let projection = Option<MapProjection>.choice(
    "projection", "name", "The map's projection: mercator, or globe (MapLibre GL JS 5's; Mercator from zoom 12)."
  ).defaulting(to: .mercator)

  /// The fit options the command line gives.
  ///
  /// - Throws: a usage error for a pitch above the greatest one, naming the default and the option
  ///   that raises it, and for a zoom limit outside `FitOptions.zoomRange` or a least zoom above the
  ///   greatest, naming the options (the fit's own check would only say "rejected input").
  func read(_ args: Arguments) throws(CLIError) -> FitOptions {
    let zooms = FitOptions.zoomRange
    let range = "\(JSONValue.format(zooms.lowerBound)) to \(JSONValue.format(zooms.upperBound))"
    let limits = [("min-zoom", args[minZoom]), ("max-zoom", args[maxZoom]), ("point-zoom", args[pointZoom])]
    for case (let option, let zoom?) in limits where !zooms.contains(zoom) {
      let given = "'--\(option) \(JSONValue.format(zoom))'"
      throw .usage("\(given) is outside the zooms a map shows, \(range)", command: args.command)
    }
    if args[minZoom] > args[maxZoom] {
      throw .usage(
        "'--min-zoom \(JSONValue.format(args[minZoom]))' is above '--max-zoom \(JSONValue.format(args[maxZoom]))'",
        command: args.command)
    }
    let (tilt, greatest) = (args[pitch], args[maxPitch])
    // A greatest pitch out of its own range is the fit's error to report.
    if FitOptions.pitchRange.contains(greatest), tilt > greatest {
      let top = JSONValue.format(FitOptions.pitchRange.upperBound)
      let limit =
        args[maxPitch.option] == nil
        ? "the default greatest pitch, \(JSONValue.format(FitOptions.defaultMaxPitch)) (MapLibre's); raise it with "
          + "'--max-pitch' (up to \(top))"
        : "'--max-pitch \(JSONValue.format(greatest))', which can be raised up to \(top)"
      throw .usage("'--pitch \(JSONValue.format(tilt))' is above \(limit)", command: args.command)
    }
    return FitOptions(
      bearing: args[CardOptions().bearing], minZoom: args[minZoom], maxZoom: args[maxZoom], zoomSnap: args[zoomSnap],
      pointZoom: args[pointZoom], margin: args[margin], markerRadius: args[markerRadius],
      padding: args[padding] ?? .zero, pitch: args[pitch],
      maxPitch: args[maxPitch], projection: args[projection])
  }
}

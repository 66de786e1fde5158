import CardMapWire

/// `cardmap fit [FILE|-] [ENV] [CARD] …`: the camera that shows GeoJSON content in the part of the
/// map the card leaves visible (MapGeometry's Fitting a camera; CardMap's article The cardmap command).
enum FitCommand: Command {
  static let name = "fit"
  static let abstract = "Fit a camera to GeoJSON content in the map area a card leaves visible."
  static let arguments = [
    Positional(
      name: "<file>", help: "GeoJSON in lon/lat (document or sequence); '-' or none for stdin.", isOptional: true)
  ]
  static let exclusive = [options.card.exclusive, [options.bbox.spec, options.from.spec]]
  static let oneOf = [options.environment.screen]
  static let options = Options()

  struct Options: OptionGroup {
    let bbox = Option<GeoBounds>(
      "bbox", "w,s,e,n", expected: "four numbers w,s,e,n with latitudes within ±90 and s ≤ n",
      help: "Fit this box instead of reading a file (w > e crosses the antimeridian).", read: parseBBox)
    let insets = Option<Insets>.insets("insets", "top=..,left=..,bottom=..,right=..: use these instead of a layout.")
    let from = FitOptionGroup.contentCRS()
    let threads = ContentReader.threadsOption()
    let fit = FitOptionGroup()
    let overlays = Option<[Rect]>(
      "overlays", "rects", expected: "rects 'x,y,w,h;x,y,w,h' with sizes ≥ 0",
      help: "More overlays the map must avoid, 'x,y,w,h;x,y,w,h' (a toast, a banner).", read: parseRects)
    let camera = CameraOptions()
    let exclusions = Flag(
      "exclusions", "Also give the rects the card and controls cover, and them as GeoJSON on the map.")
    let environment = EnvironmentOptions()
    let card = CardOptions()
  }

  static let examples = [
    "cardmap fit Data/samples/sydney-ferries.geojson --device iphone-17 --position peaking",
    "cardmap fit --bbox 175.8,-20.2,-178.3,-15.4 --viewport 512x512 --insets top=10,left=25,bottom=50,right=75",
    "cardmap fit --bbox -11,35,30,60 --device iphone-17 --position peaking --projection globe",
    "cardmap fit Data/samples/sydney-ferries.geojson --device iphone-17 --select 151.2108,-33.8568 --callout 240x80",
  ]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    let o = options
    let files = try args.positionals(atMost: 1)
    var lonLat = try ContentReader.lonLatContent(args[o.from], command: name)
    if args[o.bbox] != nil, !files.isEmpty { throw .usage("Give either a file or '--bbox', not both", command: name) }
    if args[o.exclusions], args[o.insets] != nil {
      throw .usage("'--exclusions' needs a card layout, not '--insets'", command: name)
    }
    var request = try o.camera.request(args, options: try o.fit.read(args), command: name)
    (request.overlays, request.exclusions) = (args[o.overlays] ?? [], args[o.exclusions])
    let environment = try LayoutOptions.environment(args)
    let card = args[o.insets] == nil ? try LayoutOptions.card(args) : nil
    var content = ContentReader.Content(bounds: args[o.bbox], features: 0, positions: 0)
    if args[o.bbox] == nil {
      content = try ContentReader.extent(files.first, lonLat: &lonLat, threads: ContentReader.threads(args, o.threads))
    }
    request.content = content.bounds
    let answer: FitAnswer
    do throws(FitError) {
      if let card {
        // The layout is built once, by the fit; the note about the position asked reads it.
        answer = try request.answer(environment: environment, card: card)
        if let layout = answer.layout {
          LayoutOptions.note(args, environment: environment, card: card, layout: layout, output: &output)
        }
      } else {
        answer = try request.answer(
          width: environment.width, height: environment.height, insets: args[o.insets] ?? .zero)
      }
    } catch {
      throw .data("cannot fit a camera: \(error)")
    }
    let json = answer.json(features: content.features, positions: content.positions)
    output.out(try json.output(pretty: true) + "\n")
  }
}

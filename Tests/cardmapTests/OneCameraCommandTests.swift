import Testing

/// The command line's side of one camera (MapGeometry's One camera): a pitch on the globe is a usage
/// error; a camera mode follows `FitRequest`'s globe rule, never computed in another model; a
/// camera's visible region and cut are its own.
@Suite("cardmap: one camera, every projection")
struct OneCameraCommandTests {
  static let greenland = ["--bbox", "-73,59,-11,84", "--device", "iphone-17"]

  @Test(
    "refusals before any fit: a pitch on the globe, --max-bounds with --pitch, bounds with no height (exit 64)",
    arguments: [
      (["--projection", "globe", "--pitch", "30"], "'--pitch' is not supported with the globe projection"),
      (["--max-bounds", "-80,50,0,85", "--pitch", "30"], "'--max-bounds' is not supported with '--pitch'"),
      (["--max-bounds", "-80,60,0,60"], "--max-bounds"),
    ])
  func refusals(extra: [String], message: String) throws {
    let run = try Run(["fit"] + Self.greenland + extra)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test(
    "the globe rule: a selection kept clear and exclusion zones on the sphere; max bounds where the camera is drawn in Web Mercator"
  )
  func globeRule() throws {
    // Greenland on the globe is drawn as a sphere: the selection's camera and the zones' rings are
    // the sphere's.
    let sphere = try Run(
      ["fit"] + Self.greenland + ["--projection", "globe", "--select", "-42,70", "--callout", "200x80", "--exclusions"])
    #expect(sphere.status == 0, "\(sphere.stderr)")
    let answer = try sphere.json()
    let selection = try #require(answer["selection"] as? [String: Any])
    #expect((selection["camera"] as? [String: Any])?["projection"] as? String == "globe", "\(selection)")
    let zones = try #require((answer["exclusions"] as? [String: Any])?["zones"] as? [[String: Any]])
    let card = try #require(zones.first { $0["kind"] as? String == "card" })
    #expect((card["ring"] as? [Any])?.count ?? 0 > 60 && card["pastLimb"] as? Bool == true, "\(card)")
    // Max bounds constrain the camera itself: a sphere's is a data error.
    let bounded = try Run(["fit"] + Self.greenland + ["--projection", "globe", "--max-bounds", "-80,50,0,85"])
    #expect(
      bounded.status == 65 && bounded.stderr.contains("a bounds constraint is not supported"), "\(bounded.stderr)")
    // A street on the globe is drawn in Web Mercator (zoom ≥ 12): every mode is answered.
    let street = try Run([
      "fit", "--bbox", "151.20,-33.87,151.21,-33.86", "--device", "iphone-17", "--projection", "globe", "--select",
      "151.205,-33.865", "--exclusions", "--max-bounds", "151.1,-33.95,151.3,-33.8",
    ])
    #expect(street.status == 0, "\(street.stderr)")
    #expect(!street.stdout.contains("\"reason\""), "\(street.stdout)")
    #expect(street.stdout.contains(#""projection": "mercator""#))
  }

  @Test(
    "render and page refuse a pitch on the globe, as fit does",
    arguments: [("render", "pitch", "30"), ("page", "pitch", "10")])
  func otherCommandsRefuse(command: String, option: String, value: String) throws {
    let run = try Run([
      command, Run.root.appending(path: "Data/samples/greenland.geojson").path, "--device", "iphone-17",
      "--projection", "globe", "--\(option)", value, "--output", "-",
    ])
    #expect(
      run.status == 64 && run.stderr.contains("'--\(option)' is not supported with the globe projection"),
      "\(run.stderr)")
  }

  @Test("a constrained camera's visible region is at its own bearing: corners not axis-aligned at 110°")
  func maxBoundsRegionAtBearing() throws {
    let run = try Run(
      [
        "fit", "--bbox", "-10,30,10,50", "--device", "iphone-se", "--position", "extended", "--bearing", "110",
        "--max-bounds", "-40,0,40,70",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    // An axis-aligned region repeats each corner's latitude twice; a rotated one does not.
    let polygon = try #require(run.stdout.split(separator: "\"polygon\"").last)
    let numbers = polygon.split(whereSeparator: { !"-0123456789.e".contains($0) }).compactMap { Double($0) }
    let lats = stride(from: 1, to: min(numbers.count, 8), by: 2).map { numbers[$0] }
    #expect(Set(lats).count == 4, "\(lats)")
  }
}

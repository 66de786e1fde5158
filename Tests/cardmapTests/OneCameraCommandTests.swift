import Testing

/// The command line's side of one camera (MapGeometry's One camera): combinations a projection does
/// not support are usage errors, never answers computed in another model; a camera's visible region
/// and cut are its own.
@Suite("cardmap: one camera, every projection")
struct OneCameraCommandTests {
  static let greenland = ["--bbox", "-73,59,-11,84", "--device", "iphone-17"]

  @Test(
    "globe refusals and --max-bounds with --pitch: exit 64, naming the combination",
    arguments: [
      (
        ["--projection", "globe", "--select", "-42,70", "--callout", "200x80"],
        "'--select' is not supported with the globe projection"
      ),
      (["--projection", "globe", "--exclusions"], "'--exclusions' is not supported with the globe projection"),
      (
        ["--projection", "globe", "--max-bounds", "-80,50,0,85"],
        "'--max-bounds' is not supported with the globe projection"
      ),
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
    "render and page refuse what the globe does not support, as fit does",
    arguments: [("render", "pitch", "30"), ("page", "anchor", "-42,70"), ("page", "pitch", "10")])
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

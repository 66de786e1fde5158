import Testing

/// The command line's side of one camera (MapGeometry's One camera): every projection, pitch and
/// mode is answered, in the camera's own model; a camera's visible region and cut are its own.
@Suite("cardmap: one camera, every projection")
struct OneCameraCommandTests {
  static let greenland = ["--bbox", "-73,59,-11,84", "--device", "iphone-17"]

  @Test(
    "refusals before any fit: bounds with no height (exit 64)",
    arguments: [
      (["--max-bounds", "-80,60,0,60"], "--max-bounds"),
      (["--callout", "200x60"], "'--callout' needs '--select'"),
    ])
  func refusals(extra: [String], message: String) throws {
    let run = try Run(["fit"] + Self.greenland + extra)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test(
    "the globe rule: a selection kept clear, exclusion zones and max bounds on the sphere; Web Mercator from zoom 12"
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
    #expect((card["ring"] as? [Any])?.count ?? 0 > 40 && card["pastLimb"] as? Bool == true, "\(card)")
    // Max bounds hold what shows of the sphere.
    let bounded = try Run(["fit"] + Self.greenland + ["--projection", "globe", "--max-bounds", "-80,50,0,85"])
    #expect(bounded.status == 0, "\(bounded.stderr)")
    #expect((try bounded.json()["camera"] as? [String: Any])?["projection"] as? String == "globe")
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
    "render and page draw a pitched globe: its outline an ellipse, the camera's pitch in the picture",
    arguments: [("render", "30"), ("page", "10")])
  func pitchedGlobe(command: String, pitch: String) throws {
    let run = try Run([
      command, Run.root.appending(path: "Data/samples/greenland.geojson").path, "--device", "iphone-17",
      "--projection", "globe", "--pitch", pitch, "--output", "-",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    if command == "render" {
      #expect(run.stdout.contains(#"<path id="globe""#) && run.stdout.contains("pitch \(pitch)"))
    } else {
      let data = String(decoding: try PageTests.data(of: run.stdout), as: UTF8.self)
      #expect(data.contains(#""pitch":\#(pitch)"#) || data.contains(#""pitch": \#(pitch)"#))
    }
  }

  @Test("a pitched camera keeps max bounds: the trapezoid under the visible rect inside them")
  func pitchedMaxBounds() throws {
    let run = try Run(
      [
        "fit", "--bbox", "-10,40,10,50", "--device", "iphone-17", "--position", "peaking", "--pitch", "55",
        "--max-bounds", "-20,30,20,60",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let answer = try run.json()
    let constraint = try #require(answer["constraint"] as? [String: Any])
    #expect(constraint["moved"] as? Bool == true, "\(constraint)")
    let polygon = try #require((answer["visibleRegion"] as? [String: Any])?["polygon"] as? [[Double]])
    for corner in polygon {
      #expect(corner[0] >= -20 - 1e-9 && corner[0] <= 20 + 1e-9 && corner[1] >= 30 - 1e-9 && corner[1] <= 60 + 1e-9)
    }
    #expect(polygon.contains { abs($0[1] - 30) < 1e-6 || abs($0[1] - 60) < 1e-6 }, "\(polygon)")
    // The horizon in the visible rect: no bounds hold it (data, exit 65).
    let horizon = try Run(
      [
        "fit", "--bbox", "-10,40,10,50", "--device", "iphone-17", "--pitch", "85", "--max-pitch", "85",
        "--max-bounds", "-20,30,20,60",
      ])
    #expect(horizon.status == 65 && horizon.stderr.contains("horizon"), "\(horizon.stderr)")
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

import CardMap
import CardMapWire
import GeoJSONIO
import JSONValues
import Testing

/// One place, Café de Flore, as a card's whole content.
private let flore = GeoBounds(west: 2.33258, south: 48.8541, east: 2.33258, north: 48.8541)

@Suite("The map's own limits and one place's zoom (CardMap's Card stacks and map managers, Map limits)")
struct MapLimitsTests {
  @Test("one place fits at the default point zoom, 16, unless the options give one")
  func pointZoom() throws {
    let m = MapManager(id: "cafe", bounds: flore)
    let stack = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: m))
    #expect(MapManager.defaultPointZoom == 16 && m.camera?.zoom == 16)
    m.fitOptions.pointZoom = 18.5
    stack.refit()
    #expect(m.camera?.zoom == 18.5)
  }

  @Test("the map's zooms narrow a card's, and keep one place's zoom inside them")
  func zooms() throws {
    let limits = MapLimits(minZoom: 3, maxZoom: 14)
    let bounded = limits.bounding(FitOptions(minZoom: 0, maxZoom: 18, pointZoom: 16))
    #expect(bounded.minZoom == 3 && bounded.maxZoom == 14 && bounded.pointZoom == 14)
    // Where the card's range and the map's do not meet, the map's wins.
    let apart = limits.bounding(FitOptions(minZoom: 15, maxZoom: 20))
    #expect(apart.minZoom == 14 && apart.maxZoom == 14)
    // Options wrong in themselves are left for the fit to refuse; no limits change nothing.
    let wrong = FitOptions(minZoom: 5, maxZoom: 4)
    #expect(limits.bounding(wrong) == wrong && MapLimits.none.bounding(FitOptions()) == FitOptions())

    let m = MapManager(id: "cafe", bounds: flore)
    m.limits = limits
    _ = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: m))
    #expect(m.camera?.zoom == 14)
  }

  @Test("with maxBounds the fitted camera shows nothing beyond them")
  func maxBounds() throws {
    let m = MapManager(id: "sydney", bounds: sydney)
    let bounds = GeoBounds(west: 151.2, south: -33.9, east: 151.25, north: -33.85)
    m.limits = MapLimits(minZoom: 0, maxZoom: 22, maxBounds: bounds)
    _ = CardStack(environment: try phone(), root: try Card(id: "A", mapManager: m))
    let fit = try #require(m.fit)
    let region = fit.transform.visibleRegion
    for corner in region.polygon {
      #expect(corner.lon >= bounds.west - 1e-9 && corner.lon <= bounds.east + 1e-9, "\(corner)")
      #expect(corner.lat >= bounds.south - 1e-9 && corner.lat <= bounds.north + 1e-9, "\(corner)")
    }
  }

  @Test("replay's mapLimits bounds every manager, and says what is wrong with one")
  func replay() throws {
    var script = StackScript(environment: try phone())
    func line(_ text: String) throws -> JSONValue {
      try script.apply(try JSONValue.read(Array(text.utf8)))
    }
    let pushed = try line(
      #"{"event":"push","card":{"id":"a","mapManager":"a","bbox":[2.33258,48.8541,2.33258,48.8541]}}"#)
    #expect(pushed["camera"]?["zoom"]?.double == 16 && pushed["shownCards"] == .array([.string("a")]))
    let limited = try line(#"{"event":"mapLimits","minZoom":0,"maxZoom":12}"#)
    #expect(limited["camera"]?["zoom"]?.double == 12)
    let second = try line(
      #"{"event":"push","card":{"id":"b","mapManager":"b","bbox":[2.3,48.8,2.4,48.9],"pointZoom":17}}"#)
    #expect(second["shownCards"] == .array([.string("b")]) && (second["camera"]?["zoom"]?.double ?? 99) <= 12)
    #expect(throws: StackScriptError.self) { try line(#"{"event":"mapLimits","minZoom":3,"maxZoom":1}"#) }
    do {
      _ = try line(#"{"event":"mapLimits","minZoom":3,"maxZoom":1}"#)
    } catch let error as StackScriptError {
      #expect(error.description.contains("maxZoom") && error.description.contains("minZoom (3)"))
    }
    #expect(throws: StackScriptError.self) {
      try line(#"{"event":"push","card":{"id":"c","mapManager":"c","pointZoom":40}}"#)
    }
  }
}

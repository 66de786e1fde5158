import CardMap
import Testing

@Suite("MapFit: the one way content becomes a camera")
struct MapFitTests {
  static let sydney = GeoBounds(west: 151.18, south: -33.87, east: 151.29, north: -33.8)

  func phoneLayout() throws -> ScreenLayout {
    let env = try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26))
    return ScreenLayout(environment: env, card: try CardState(titleHeight: 76))
  }

  @Test("a TG card plus a banner and map buttons: the largest part of the card's visible rect")
  func overlays() throws {
    let layout = try phoneLayout()
    let banner = Rect(x: 0, y: 0, width: 390, height: 120)
    let buttons = Rect(x: 338, y: 120, width: 44, height: 89)
    let fit = try MapFit(content: Self.sydney, layout: layout, overlays: [banner, buttons])
    // Beside the buttons (338 × 272.5) beats below them (390 × 183.5).
    #expect(fit.insets == Insets(top: 120, left: 0, bottom: 451.5, right: 52))
    #expect(try MapFit(content: Self.sydney, layout: layout).insets == layout.mapInsets)
  }

  @Test("a layout's fit is CameraFit's at the layout's view and insets, with the same region")
  func sameAsCameraFit() throws {
    let layout = try phoneLayout()
    let options = FitOptions(bearing: 30, maxZoom: 16, zoomSnap: 0.25)
    let fit = try MapFit(content: Self.sydney, layout: layout, options: options)
    let direct = CameraFit(width: 390, height: 844, insets: layout.mapInsets, options: options)
    let camera = try direct.camera(for: Self.sydney)
    #expect(fit.camera == camera && fit.visibleRegion == direct.visibleRegion(of: camera))
    let given = try MapFit(content: Self.sydney, width: 390, height: 844, insets: layout.mapInsets, options: options)
    #expect(given == fit)
  }

  @Test("no content, covered view and bad options are errors, checked in that order of inputs")
  func errors() throws {
    let layout = try phoneLayout()
    #expect(throws: FitError.noContent) { try MapFit(content: nil, layout: layout) }
    let cover = Rect(x: 0, y: 0, width: 390, height: 844)
    #expect(throws: FitError.noVisibleArea) { try MapFit(content: Self.sydney, layout: layout, overlays: [cover]) }
    #expect(throws: FitError.self) {
      try MapFit(content: Self.sydney, layout: layout, options: FitOptions(minZoom: 3, maxZoom: 2))
    }
  }

  @Test("margins: the content keeps margin + marker radius from every edge of the visible rect, one pair exactly")
  func margins() throws {
    let layout = try phoneLayout()
    for (margin, radius) in [(0.0, 0.0), (20, 0), (12, 8), (0, 30)] {
      let fit = try MapFit(
        content: Self.sydney, layout: layout, options: FitOptions(bearing: 30, margin: margin, markerRadius: radius))
      let points = WorldBoundsTests.corners(
        Self.sydney, center: fit.camera.center, zoom: fit.camera.zoom, bearing: 30, width: 390, height: 844)
      let keep = margin + radius
      let i = fit.insets
      let gaps = [
        (points.map { $0.0 }.min() ?? .nan) - i.left, 390 - i.right - (points.map { $0.0 }.max() ?? .nan),
        (points.map { $0.1 }.min() ?? .nan) - i.top, 844 - i.bottom - (points.map { $0.1 }.max() ?? .nan),
      ]
      #expect(gaps.allSatisfy { $0 >= keep - 1e-6 }, "\(gaps)")
      #expect(
        abs(gaps[0] - keep) < 1e-6 && abs(gaps[1] - keep) < 1e-6
          || abs(gaps[2] - keep) < 1e-6 && abs(gaps[3] - keep) < 1e-6, "\(gaps)")
    }
    #expect(throws: FitError.noVisibleArea) {
      try MapFit(content: Self.sydney, layout: layout, options: FitOptions(margin: 200))
    }
    #expect(throws: FitError.self) { try MapFit(content: Self.sydney, layout: layout, options: FitOptions(margin: -1)) }
  }

  @Test("on every device at every position, no floating toolbar or info view inside the fitted visible rect")
  func noOverlayInside() throws {
    var fits = 0
    var covered = 0
    for device in DeviceProfile.catalog {
      for position in CardPosition.allCases {
        let state = try CardState(
          placement: .settled(position), topButtons: 1, floatingItems: 3, showsCompass: true, bearing: 20,
          infoView: Size(width: 260, height: 48))
        let layout = ScreenLayout(environment: try device.environment(), card: state)
        var fitted: MapFit?
        do {
          fitted = try MapFit(content: Self.sydney, layout: layout)
        } catch {
          #expect(error == .noVisibleArea, "\(device.name) \(position): \(error)")
        }
        // An extended card with the overlays may cover the view: nothing to check there.
        guard let fit = fitted else {
          covered += 1
          continue
        }
        fits += 1
        let visible = fit.insets.rect(inWidth: layout.view.width, height: layout.view.height)
        for overlay in [layout.floatingToolbar, layout.infoView].compactMap({ $0 }) {
          #expect(visible.intersection(overlay) == nil, "\(device.name) \(position): \(overlay) inside \(visible)")
        }
      }
    }
    // Most views fit; only a card at its largest leaves none.
    #expect(fits >= 2 * DeviceProfile.catalog.count && covered <= DeviceProfile.catalog.count, "\(fits), \(covered)")
  }

  @Test("content nearly a world wide, world-clamped and pitched: cut names the sides both copies pass (Antarctica)")
  func cutOfWideContent() throws {
    // Natural Earth's Antarctica on an iPad 13-inch, peaking, pitch 59.35, bearing 16.51: the fit puts
    // its focus 7.5° west of the content's copy, so the copy around the focus runs some 350° west of
    // it and MapLibre GL JS draws it 1,626 px past the left side (issue 47's measurement): west is cut,
    // as well as the east and south the fit's own copy passes.
    let ipad = try #require(DeviceProfile.named("ipad-13")).environment()
    let layout = ScreenLayout(environment: ipad, card: try CardState(placement: .settled(.peaking), bearing: 16.51))
    let antarctica = GeoBounds(west: -169.95122, south: -90, east: -172.88911, north: -63.27066)
    let fit = try MapFit(content: antarctica, layout: layout, options: FitOptions(bearing: 16.51, pitch: 59.35))
    #expect(fit.worldClamped)
    #expect(Set(fit.cut).isSuperset(of: [.south, .east, .west]), "\(fit.cut)")
    // The copy around the focus alone, as a camera given (not fitted) measures it, passes the left side.
    let given = MapFit(
      camera: fit.camera, width: fit.width, height: fit.height, insets: fit.insets, content: antarctica)
    #expect(given.cut.contains(.west) && Set(given.cut).isSubset(of: Set(fit.cut)), "\(given.cut) ⊄ \(fit.cut)")
  }
}

import CardMap

/// The camera fit from a cached extent, flat, pitched and on the globe, and the per-frame camera
/// features: each as one frame of a drag, with new insets every call.
func cameraBenchmarks() -> [Measurement] {
  var results: [Measurement] = []
  let fit = CameraFit(width: 402, height: 874, insets: Insets(top: 62, bottom: 417))
  let bounds = GeoBounds(west: 150.9, south: -34.1, east: 151.4, north: -33.6)
  // Each frame of a drag refits with new insets: flat, and tilted 45° at a bearing (MapLibre's
  // perspective).
  let fits = 1_000_000
  func timeFits(_ fit: CameraFit) -> Double {
    timeFrames(fits) { i in
      var f = fit
      f.insets.bottom = 417 + Double(i & 255)
      return (try? f.camera(for: bounds).zoom) ?? 0
    }
  }
  results.append(Measurement(name: "fit.cached-extent", items: fits, nsPerItem: timeFits(fit)))
  var pitched = fit
  pitched.options = FitOptions(bearing: 30, pitch: 45)
  results.append(
    Measurement(
      name: "fit.cached-extent.pitched", items: fits, nsPerItem: timeFits(pitched), baseline: "fit.cached-extent"))
  var globe = fit
  globe.options = FitOptions(bearing: 30, projection: .globe)
  results.append(
    Measurement(
      name: "fit.cached-extent.globe", items: fits, nsPerItem: timeFits(globe), baseline: "fit.cached-extent"))
  results += cameraFeatureBenchmarks(fit: fit, bounds: bounds)
  return results
}

/// A whole frame of a drag as the WebAssembly build's `cm_fit` computes it (`make bench` times that
/// in node against this): the environment, the card at a new y, its layout, and the content's fit.
func frameBenchmarks() -> [Measurement] {
  [Measurement(name: "frame.layout-and-fit", items: 200_000, nsPerItem: timeLayoutAndFit(200_000))]
}

func timeLayoutAndFit(_ frames: Int) -> Double {
  let content = GeoBounds(west: 151.2108, south: -33.8611, east: 151.2847, north: -33.8003)
  return timeFrames(frames) { i in
    guard
      let environment = try? LayoutEnvironment(
        width: 402, height: 874, safeArea: Insets(top: 62, bottom: 34)),
      let card = try? CardState(placement: .dragging(y: 300 + Double(i & 255)))
    else { return 0 }
    let layout = ScreenLayout(environment: environment, card: card)
    return (try? MapFit(content: content, layout: layout).camera.zoom) ?? 0
  }
}

/// The per-frame camera features (MapGeometry's Cameras that move with the card), each with new
/// insets every call: a steady focus's camera, a selection kept clear of four controls, a bounds
/// constraint, and a layout's exclusion zones with their rings.
func cameraFeatureBenchmarks(fit: CameraFit, bounds: GeoBounds) -> [Measurement] {
  let count = 1_000_000
  guard let camera = try? fit.camera(for: bounds),
    let steady = SteadyFocus(
      anchor: Coordinate(lon: 151.2153, lat: -33.8568), camera: camera, width: fit.width, height: fit.height,
      insets: fit.insets),
    let constraint = try? BoundsConstraint(
      bounds: bounds, width: fit.width, height: fit.height, insets: fit.insets)
  else {
    printNote("the camera-feature benchmarks could not set up")
    return []
  }
  let selection = Coordinate(lon: 151.35, lat: -33.65)
  let callout = Callout(width: 240, height: 80)
  let controls = [
    Rect(x: 346, y: 62, width: 44, height: 96), Rect(x: 346, y: 400, width: 44, height: 44),
    Rect(x: 16, y: 62, width: 220, height: 44), Rect(x: 150, y: 420, width: 100, height: 44),
  ]
  var results: [Measurement] = []
  results.append(
    Measurement(
      name: "camera.steady-focus", items: count,
      nsPerItem: timeFrames(count) { i in
        var insets = fit.insets
        insets.bottom = 417 + Double(i & 255)
        return steady.camera(width: fit.width, height: fit.height, insets: insets)?.focus.lat ?? 0
      }, baseline: "fit.cached-extent"))
  // The same on a globe map (zoom 8, drawn as a sphere): the anchor held on the sphere.
  var globeFit = fit
  globeFit.options.projection = .globe
  if let globeCamera = try? globeFit.camera(for: GeoBounds(west: 150.5, south: -34.5, east: 151.9, north: -33.2)),
    let onGlobe = SteadyFocus(
      anchor: Coordinate(lon: 151.2153, lat: -33.8568), camera: globeCamera, width: fit.width, height: fit.height,
      insets: fit.insets)
  {
    results.append(
      Measurement(
        name: "camera.steady-focus.globe", items: count,
        nsPerItem: timeFrames(count) { i in
          var insets = fit.insets
          insets.bottom = 417 + Double(i & 255)
          return onGlobe.camera(width: fit.width, height: fit.height, insets: insets)?.focus.lat ?? 0
        }, baseline: "fit.cached-extent"))
    results.append(
      Measurement(
        name: "camera.keep-clear.globe", items: count,
        nsPerItem: timeFrames(count) { i in
          var insets = fit.insets
          insets.bottom = 300 + Double(i & 255)
          let transform = MapTransform(width: fit.width, height: fit.height, insets: insets, camera: globeCamera)
          return (try? transform.keepingClear(selection, callout: callout, avoiding: controls).moveX) ?? 0
        }, baseline: "fit.cached-extent"))
  }
  results.append(
    Measurement(
      name: "camera.keep-clear", items: count,
      nsPerItem: timeFrames(count) { i in
        var insets = fit.insets
        insets.bottom = 300 + Double(i & 255)
        let screen = ScreenProjection(width: fit.width, height: fit.height, insets: insets, camera: camera)
        return (try? screen.keepingClear(selection, callout: callout, avoiding: controls).moveX) ?? 0
      }, baseline: "fit.cached-extent"))
  results.append(
    Measurement(
      name: "camera.bounds-constraint", items: count,
      nsPerItem: timeFrames(count) { i in
        var moved = camera
        moved.focus.lat += Double(i & 255) * 1e-4
        return (try? constraint.constrain(moved).focus.lat) ?? 0
      }, baseline: "fit.cached-extent"))
  // On the globe: a camera drawn as a sphere inside bounds twice the content's, moved a little each
  // frame (each one inside: a frame of a drag).
  var onGlobe = fit
  onGlobe.options.projection = .globe
  let wide = GeoBounds(
    west: bounds.west - 4, south: bounds.south - 4, east: bounds.east + 4, north: bounds.north + 4)
  if let globeCamera = try? onGlobe.camera(for: bounds),
    let sphere = try? BoundsConstraint(
      bounds: wide, width: fit.width, height: fit.height, insets: fit.insets, projection: .globe)
  {
    // Frame `i`'s camera moved `north + (i mod 256)·step` degrees north.
    func constraining(_ name: String, frames: Int, north: Double, step: Double) -> Measurement {
      Measurement(
        name: name, items: frames,
        nsPerItem: timeFrames(frames) { i in
          var moved = globeCamera
          moved.focus.lat += north + Double(i & 255) * step
          return (try? sphere.constrain(moved).focus.lat) ?? 0
        }, baseline: "fit.cached-extent")
    }
    results.append(constraining("camera.bounds-constraint.globe", frames: 20_000, north: 0, step: 1e-4))
    // Dragged past the bounds' north edge: each frame's camera moved back inside.
    results.append(constraining("camera.bounds-constraint.globe.moved", frames: 2_000, north: 4, step: 1e-3))
  }
  results += zoneBenchmarks(fit: fit, bounds: bounds)
  return results
}

/// The exclusion zones of a frame of a drag, flat and on the globe.
func zoneBenchmarks(fit: CameraFit, bounds: GeoBounds) -> [Measurement] {
  var results: [Measurement] = []
  if let environment = try? LayoutEnvironment(
    width: fit.width, height: fit.height, safeArea: Insets(top: 62, bottom: 34), os: OSVersion(26)),
    let start = try? CardState(),
    let fitted = try? MapFit(content: bounds, layout: ScreenLayout(environment: environment, card: start))
  {
    // A frame of a drag: the zones of the layout at a new y and their rings at the camera (the
    // layouts made beforehand: `layout.drag.*` times them).
    let layouts = (0..<256).compactMap { i in
      (try? CardState(
        placement: .dragging(y: 300 + Double(i)), topButtons: 2, bottomButtons: 1, floatingItems: 2,
        infoView: Size(width: 220, height: 44))).map { ScreenLayout(environment: environment, card: $0) }
    }
    let zones = 1_000_000
    results.append(
      Measurement(
        name: "camera.exclusion-zones", items: zones,
        nsPerItem: timeFrames(zones) { i in
          (try? fitted.exclusionZones(in: layouts[i & 255]))?.first?.ring?.first?.lat ?? 0
        }, baseline: "fit.cached-extent"))
    var onGlobe = FitOptions()
    onGlobe.projection = .globe
    if let globe = try? MapFit(
      content: GeoBounds(west: 150.5, south: -34.5, east: 151.9, north: -33.2),
      layout: ScreenLayout(environment: environment, card: start), options: onGlobe)
    {
      results.append(
        Measurement(
          name: "camera.exclusion-zones.globe", items: zones,
          nsPerItem: timeFrames(zones) { i in
            (try? globe.exclusionZones(in: layouts[i & 255]))?.first?.ring?.first?.lat ?? 0
          }, baseline: "fit.cached-extent"))
    }
  }
  return results
}

/// ns per frame of `frames` calls of `frame(i)`, its results summed (so none is optimised away).
@inline(__always) func timeFrames(_ frames: Int, _ frame: (Int) -> Double) -> Double {
  measure(items: frames) {
    var sum = 0.0
    for i in 0..<frames { sum += frame(i) }
    blackHole(sum)
  }
}

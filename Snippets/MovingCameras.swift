// snippet.show
import CardMap
// snippet.hide
import CardMapTestSupport

// An iPhone-sized map, the card peaking over its lower half.
let peaking = Insets(top: 47, left: 0, bottom: 420, right: 0)
let fit = CameraFit(width: 390, height: 844, insets: peaking)
let camera = try fit.camera(for: GeoBounds(west: 151.15, south: -33.92, east: 151.3, north: -33.8))

// Hold the Opera House steady while the card is dragged down: same zoom, same place in the visible rect.
let opera = Coordinate(lon: 151.2153, lat: -33.8568)
let steady = SteadyFocus(anchor: opera, camera: camera, width: 390, height: 844, insets: peaking)
let collapsed = Insets(top: 47, left: 0, bottom: 120, right: 0)
let frame = steady?.camera(width: 390, height: 844, insets: collapsed)  // zoom unchanged

// Keep a callout over a selected ferry wharf clear of the card and a map button, with the least pan.
let screen = ScreenProjection(width: 390, height: 844, insets: peaking, camera: camera)
let wharf = Coordinate(lon: 151.28, lat: -33.80)
let button = Rect(x: 338, y: 60, width: 44, height: 96)
let cleared = try screen.keepingClear(wharf, callout: Callout(width: 240, height: 80), avoiding: [button])
print(cleared.moveX, cleared.moveY)  // the wharf's move on screen, in points: the least that clears it

// Never show beyond Sydney's box in the visible rect, whatever the user does.
let sydney = try BoundsConstraint(
  bounds: GeoBounds(west: 150.9, south: -34.1, east: 151.4, north: -33.6), width: 390, height: 844, insets: peaking)
let kept = try sydney.constrain(camera)
print(sydney.minZoom)  // 9.09…: below it the box cannot fill the visible rect

// The same content on MapLibre GL JS 5's globe.
var options = FitOptions()
options.projection = .globe
let globe = try CameraFit(width: 390, height: 844, insets: peaking, options: options)
  .camera(for: GeoBounds(west: -11, south: 35, east: 30, north: 60))
print(globe.zoom)  // 2.52…: Europe on the sphere, above the card
// snippet.hide
check(frame?.zoom == camera.zoom, "the steady frame keeps the zoom")
let before = screen.point(of: opera)!
let after = ScreenProjection(width: 390, height: 844, insets: collapsed, camera: frame!).point(of: opera)!
check(abs((before.y - 47) / 377 - (after.y - 47) / 677) < 1e-9, "the anchor keeps its fraction: \(before) \(after)")
check(!cleared.alreadyClear && (cleared.moveX * cleared.moveX + cleared.moveY * cleared.moveY) > 0, "moved")
check(kept.zoom >= sydney.minZoom, "kept zoom \(kept.zoom)")
check(abs(sydney.minZoom - 9.099) < 0.001, "min zoom \(sydney.minZoom)")
check(abs(globe.zoom - 2.524) < 0.001, "globe zoom \(globe.zoom)")

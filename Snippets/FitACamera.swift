// snippet.hide
import CardMapTestSupport
// snippet.show
import CardMap

let fit = CameraFit(width: 512, height: 512)
let camera = try fit.camera(for: GeoBounds(west: -133, south: 16, east: -68, north: 50))
print(camera.zoom)                      // 2.469…, as MapLibre's cameraForBounds
print(fit.visibleRegion(of: camera))    // what the user sees
// snippet.hide
check(abs(camera.zoom - 2.469) < 0.001, "zoom \(camera.zoom)")

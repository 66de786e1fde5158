// snippet.hide
import CardMapTestSupport
import CardMap

let phone = try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26))
let route = MapManager(id: "route", bounds: GeoBounds(west: 151.18, south: -33.87, east: 151.29, north: -33.79))
let stack = CardStack(environment: phone, root: try Card(id: "route", preferredPosition: .peaking, mapManager: route))
// snippet.show
let fit = try MapFit(content: route.bounds, layout: stack.layout, options: FitOptions(bearing: 30))
let camera = fit.camera, insets = fit.insets
// snippet.hide
check(camera.bearing == 30 && insets == Insets(top: 47, bottom: 451.5), "\(camera) \(insets)")

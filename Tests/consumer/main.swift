// A consumer of CardMap built without the PROJ trait (Tests/consumer/run.sh): the card stack, a
// map manager and a UTM transform, and the error for a CRS that needs PROJ.
import CardMap

let phone = try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26))
let ferry = MapManager(id: "ferry", bounds: GeoBounds(west: 151.2108, south: -33.8611, east: 151.2847, north: -33.8003))
let stack = CardStack(environment: phone, root: try Card(id: "route", preferredPosition: .peaking, mapManager: ferry))
let camera = stack.camera.map { $0.zoom > 10 && $0.zoom < 15 } == true ? "ok" : "missing"
let toUTM = try Transformer(from: "EPSG:4326", to: "EPSG:32756")
var lons = [151.2093]
var lats = [-33.8688]
try toUTM.transform(x: &lons, y: &lats)
var needs = "no error"
do {
  _ = try Transformer(from: "EPSG:4326", to: "EPSG:2263")
} catch {
  needs = error.kind.description
}
let easting = (lons[0] * 1000).rounded() / 1000
let northing = (lats[0] * 1000).rounded() / 1000
print("insets \(stack.layout.mapInsets.bottom) camera \(camera) utm \(easting) \(northing) \(needs)")

// snippet.hide
import CardMapTestSupport
// snippet.show
import CardMap
import Foundation

let bytes = [UInt8](try Data(contentsOf: URL(filePath: "Data/samples/sydney-ferries.geojson")))
let document = try GeoJSONReader.read(bytes)
let phone = try LayoutEnvironment(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34), os: OSVersion(26))
let ferry = try MapManager(id: "ferry", document: document)  // the extent, cached
var stack = CardStack(environment: phone, root: try Card(id: "route", preferredPosition: .peaking, mapManager: ferry))
print(stack.layout.mapInsets)                      // {top 47, left 0, bottom 451.5, right 0}
print(stack.camera?.zoom ?? 0)                     // fitted into what the card leaves visible
let toast = Rect(x: 16, y: 60, width: 358, height: 56)  // a banner the content keeps clear of
let fit = try MapFit(content: ferry.bounds, layout: stack.layout, overlays: [toast], options: FitOptions(bearing: 30))
print(stack.drag(y: 300, velocity: -800).position)  // extended, and the camera refits
let events = stack.push(try Card(id: "stop", mapManager: ferry))  // appearance callbacks, no hand-over
var lons = document.positions.lons
var lats = document.positions.lats
let toUTM = try Transformer(from: "EPSG:4326", to: "EPSG:32756")  // a SIMD kernel with PROJ's answers
try toUTM.transform(x: &lons, y: &lats)                           // in place, split across cores
// snippet.hide
check(ferry.bounds != nil && (stack.camera?.zoom ?? 0) > 10, "camera \(String(describing: stack.camera))")
check(fit.insets.top >= 116, "the toast is kept clear: \(fit.insets)")
check(stack.ids == ["route", "stop"], "\(stack.ids)")
check(!events.isEmpty, "events")
check(lons.allSatisfy { (200_000...800_000).contains($0) }, "eastings")

// snippet.hide
import CardMapTestSupport
// snippet.show
import CardMap

var lons = [151.2093]
var lats = [-33.8688]
let toUTM = try Transformer(from: "EPSG:4326", to: "EPSG:32756")   // a kernel: PROJ's answers, faster
try toUTM.transform(x: &lons, y: &lats)                             // in place
let toSwiss = try Transformer(from: "EPSG:4326", to: "EPSG:2056")  // a datum shift: PROJ (the PROJ trait)
print(toSwiss.path)                                                 // PROJ +proj=pipeline …
// snippet.hide
check(abs(lons[0] - 334_369) < 1 && abs(lats[0] - 6_250_948) < 1, "\(lons[0]) \(lats[0])")
check(!toSwiss.usesFastKernel, "PROJ")
// snippet.show
let toZone = try Transformer(from: .wgs84, to: .transverseMercator(centralMeridian: 15, scaleFactor: 0.9996,
                                                                   falseEasting: 500_000, falseNorthing: 0))
let toETRS = try Transformer(from: "EPSG:4326", to: "EPSG:25832")   // no PROJ needed
// snippet.hide
check(toZone.usesFastKernel && toETRS.usesFastKernel, "kernels")

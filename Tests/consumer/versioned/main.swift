// A consumer of CardMap as a versioned dependency (Tests/consumer/run.sh): SwiftPM takes a package
// whose kernel modules carry `-target-cpu` flags from a version tag, and the kernels run.
import CardMap

let toLambert93 = try Transformer(from: "OGC:CRS84", to: "EPSG:2154")
var lons = [2.3522, 5.3698]
var lats = [48.8566, 43.2965]
let result = try toLambert93.transform(x: &lons, y: &lats)
let paris = "\((lons[0] * 1000).rounded() / 1000) \((lats[0] * 1000).rounded() / 1000)"
print("lambert-93 \(paris) failed \(result.failed) \(toLambert93.path)")

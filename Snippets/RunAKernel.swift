// snippet.hide
import CardMapTestSupport
// snippet.show
import ProjectionKernels

var lons: [Double] = [151.2093, 2.3522]
var lats: [Double] = [-33.8688, 48.8566]
let failed = lons.withUnsafeMutableBufferPointer { x in
  lats.withUnsafeMutableBufferPointer { y in
    guard let x = x.baseAddress, let y = y.baseAddress else { return 0 }  // no points
    return WebMercatorKernel.forward(x: x, y: y, count: 2)
  }
}
// lons, lats now hold EPSG:3857 metres; failed == 0
// snippet.hide
check(failed == 0 && abs(lons[0] - 16_832_542.279) < 1e-3, "\(failed) \(lons[0])")

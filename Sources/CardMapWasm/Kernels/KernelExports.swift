// The projection kernels for JavaScript (`cardmap.mjs`'s `project`), in `cardmap.wasm` only.
import CardMapWasm
import CardMapWire

/// Transforms `count` points in place with a SIMD kernel: `kernel` 0 is Web Mercator (EPSG:4326 ↔
/// EPSG:3857), 1 UTM on WGS 84 in `zone` (1…60, negative in the south); `forward` 1 from lon/lat
/// degrees, 0 back. Returns how many points failed (NaN where they were), or -1 for a bad zone.
@_expose(wasm, "cm_project")
@_cdecl("cm_project")
public func cmProject(
  _ kernel: Int32, _ zone: Int32, _ forward: Int32, _ x: UnsafeMutablePointer<Double>,
  _ y: UnsafeMutablePointer<Double>, _ count: Int32
) -> Int32 {
  let n = Int(max(count, 0))
  // The two kernels called directly, so that the module carries no other projection's code.
  if kernel == 0 {
    return Int32(
      forward == 1 ? WebMercatorKernel.forward(x: x, y: y, count: n) : WebMercatorKernel.inverse(x: x, y: y, count: n))
  }
  guard let utm = TransverseMercatorKernel(zone: Int(abs(zone)), south: zone < 0) else { return -1 }
  return Int32(forward == 1 ? utm.forward(x: x, y: y, count: n) : utm.inverse(x: x, y: y, count: n))
}

// The engine's entry points for WebAssembly (`make wasm`): plain functions over numbers in linear
// memory, so that a call per frame passes Float64Arrays and no JSON. `cardmap.mjs` wraps them in the
// JavaScript API; the numbers' order is `Layout.input` and `Layout.output` below, mirrored there.
//
// Built with Embedded Swift (no Codable, no existentials, typed throws), not by SwiftPM: this folder
// is no package target.
import CardMap

/// The last error's message, UTF-8, for `cm_error_pointer` and `cm_error_length`.
nonisolated(unsafe) var lastError: [UInt8] = []

/// Runs `body`; a thrown error's text is kept for JavaScript and the call returns 1.
func reporting(_ body: () throws(WasmError) -> Void) -> Int32 {
  do {
    try body()
    return 0
  } catch {
    lastError = Array(error.message.utf8)
    return 1
  }
}

/// An error for JavaScript: the engine's message.
struct WasmError: Error {
  var message: String
}

/// Memory for JavaScript's arguments and results (8-byte aligned).
@_expose(wasm, "cm_alloc")
@_cdecl("cm_alloc")
public func cmAlloc(_ bytes: Int32) -> UnsafeMutableRawPointer? {
  UnsafeMutableRawPointer.allocate(byteCount: Int(max(bytes, 1)), alignment: 8)
}

@_expose(wasm, "cm_free")
@_cdecl("cm_free")
public func cmFree(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}

@_expose(wasm, "cm_error_pointer")
@_cdecl("cm_error_pointer")
public func cmErrorPointer() -> UnsafeRawPointer? {
  lastError.withUnsafeBytes { $0.baseAddress }
}

@_expose(wasm, "cm_error_length")
@_cdecl("cm_error_length")
public func cmErrorLength() -> Int32 { Int32(lastError.count) }

/// The layout of a screen and a card: `Layout.inputCount` numbers in, `Layout.outputCount` out.
@_expose(wasm, "cm_layout")
@_cdecl("cm_layout")
public func cmLayout(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>) -> Int32 {
  reporting { () throws(WasmError) in
    let layout = try Layout.read(input).layout
    Layout.write(layout, to: output)
  }
}

/// The camera for content `[w, s, e, n]` at a layout, with fit options: `Layout.inputCount` numbers,
/// then `Fit.inputCount`; out, `Fit.outputCount` numbers.
@_expose(wasm, "cm_fit")
@_cdecl("cm_fit")
public func cmFit(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>) -> Int32 {
  reporting { () throws(WasmError) in
    let (_, card, layout) = try Layout.read(input)
    let fit = try Fit.fit(layout: layout, bearing: card.bearing, input + Layout.inputCount)
    Fit.write(fit, to: output)
  }
}

/// The extent of a GeoJSON document (`length` bytes of UTF-8, lon/lat), read as `cardmap fit` reads a
/// file: `[west, south, east, north, features, positions]`, the bounds NaN without positions. A
/// document that is not GeoJSON is an error naming its line:column, byte and JSON path.
@_expose(wasm, "cm_extent")
@_cdecl("cm_extent")
public func cmExtent(_ bytes: UnsafePointer<UInt8>, _ length: Int32, _ output: UnsafeMutablePointer<Double>) -> Int32 {
  reporting { () throws(WasmError) in
    let document: GeoJSONDocument
    do throws(GeoJSONError) {
      document = try GeoJSONReader.read(Array(UnsafeBufferPointer(start: bytes, count: Int(length))))
    } catch {
      throw WasmError(message: error.description)
    }
    var extent = ExtentBuilder()
    extent.add(document.positions)
    let bounds = extent.bounds
    let values = [
      bounds?.west ?? .nan, bounds?.south ?? .nan, bounds?.east ?? .nan, bounds?.north ?? .nan,
      Double(document.features.count), Double(extent.count),
    ]
    for (index, value) in values.enumerated() { output[index] = value }
  }
}

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
  guard let utm = TransverseMercatorKernel(zone: Int(abs(zone)), south: zone < 0) else {
    lastError = Array("zone: expected 1…60, or −60…−1 in the south".utf8)
    return -1
  }
  return Int32(forward == 1 ? utm.forward(x: x, y: y, count: n) : utm.inverse(x: x, y: y, count: n))
}

// The engine's entry points for WebAssembly (`make wasm`): plain functions over numbers in linear
// memory, so that a call per frame passes Float64Arrays and no JSON. `cardmap.mjs` wraps them in the
// JavaScript API; the numbers' order is `Layout` and `Fit`'s (Numbers.swift), mirrored there.
//
// This module is the engine's core: screens, cards, cameras and snaps, linked alone into
// `cardmap-core.wasm` (the page's engine); `Documents/` adds GeoJSON, the kernels and card stacks for
// `cardmap.wasm`. Built with Embedded Swift (no Codable, no existentials, typed throws), not by
// SwiftPM: this folder is no package target.
import CardMap

/// The last error's message, UTF-8, for `cm_error_pointer` and `cm_error_length`.
nonisolated(unsafe) public var lastError: [UInt8] = []

/// Runs `body`; a thrown error's text is kept for JavaScript and the call returns 1.
public func reporting(_ body: () throws(WasmError) -> Void) -> Int32 {
  do {
    try body()
    return 0
  } catch {
    lastError = Array(error.message.utf8)
    return 1
  }
}

/// An error for JavaScript: the engine's message.
public struct WasmError: Error {
  public var message: String

  public init(message: String) { self.message = message }
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

/// The cameras for content `[w, s, e, n]` at a layout, with fit options and camera modes:
/// `Layout.inputCount` numbers, then `Fit.inputCount`; out, `Fit.outputCount` numbers.
@_expose(wasm, "cm_fit")
@_cdecl("cm_fit")
public func cmFit(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>) -> Int32 {
  reporting { () throws(WasmError) in
    let (environment, card, layout) = try Layout.read(input)
    let request = try Fit.request(bearing: card.bearing, input + Layout.inputCount)
    Fit.write(try Fit.cameras(request, environment: environment, card: card, layout: layout), to: output)
  }
}

/// A drag released at the input's `y` with `velocity` (pt/s, down positive), `t` seconds later
/// (CardLayout's Gestures and commands, Snapping; Controller rules, Motion): `[position it snaps to
/// (0 collapsed, 1 peaking, 2 extended), the motion's duration, the card's top at t, that top at the
/// end]`. A card that cannot be dragged stays where it is.
@_expose(wasm, "cm_release")
@_cdecl("cm_release")
public func cmRelease(
  _ input: UnsafePointer<Double>, _ velocity: Double, _ t: Double, _ output: UnsafeMutablePointer<Double>
) -> Int32 {
  reporting { () throws(WasmError) in
    let (environment, _, layout) = try Layout.read(input)
    guard velocity.isFinite, t.isFinite else { throw WasmError(message: "velocity and t: expected finite numbers") }
    // The snap is of the y released at; the motion starts where the card shows (as `cardmap motion`).
    let y = input[13].isNaN ? layout.card.minY : input[13]
    let snap = Snap(y: y, velocity: velocity, layout: layout, vertical: environment.vertical)
    let motion = CardMotion.snap(from: layout.card.minY, snap, positions: layout.positions)
    // Written in place: the page asks this at every animation frame.
    (output[0], output[1]) = (Double(Layout.positions.firstIndex(of: snap.position) ?? 0), snap.duration)
    (output[2], output[3]) = (motion.y(at: t), motion.y(at: motion.duration))
  }
}

/// The map the card and its controls cover at the content's fit (CardMap's exclusion zones), as
/// rings of lon/lat: `[zones, then each zone's kind (its index in ExclusionZone.Kind), point count,
/// lon, lat, …]`. Writes at most `capacity` numbers and returns how many it needs (negative: an error).
@_expose(wasm, "cm_exclusions")
@_cdecl("cm_exclusions")
public func cmExclusions(
  _ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>, _ capacity: Int32
) -> Int32 {
  var numbers: [Double] = []
  let status = reporting { () throws(WasmError) in
    let (_, card, layout) = try Layout.read(input)
    let request = try Fit.request(bearing: card.bearing, input + Layout.inputCount)
    let fit = try Fit.contentFit(request, layout: layout)
    let zones: [ExclusionZone]
    do throws(FitError) {
      zones = try fit.exclusionZones(in: layout)
    } catch {
      throw WasmError(message: "exclusion zones: " + error.description)
    }
    let rings = zones.compactMap { zone in zone.ring.map { (zone.kind, $0) } }
    numbers.append(Double(rings.count))
    for (kind, ring) in rings {
      numbers += [Double(ExclusionZone.Kind.allCases.firstIndex(of: kind) ?? 0), Double(ring.count)]
      for point in ring { numbers += [point.lon, point.lat] }
    }
  }
  guard status == 0 else { return -1 }
  for (index, value) in numbers.prefix(Int(max(capacity, 0))).enumerated() { output[index] = value }
  return Int32(numbers.count)
}

// The engine's entry points for WebAssembly (`make wasm`): JSON text in, the command line's JSON out,
// through `WebCall` (CardMapWire), so that every check and every answer is the native build's own code;
// and a drag's cameras as numbers through a typed array (`CameraNumbers`'s places, which JavaScript
// reads from `cm_slots`). `cardmap.mjs` wraps them in the JavaScript API.
//
// This module is what every engine module has: screens and cards, their releases and motions, a
// finger's slop and scroll hand-off. `make wasm` links it with `Stacks/` (card stacks) and `Extents/`
// (a GeoJSON document's extent) into `cardmap-cards.wasm` (the card controller's); with those,
// `Fits/` (fits and a drag's cameras), `Kernels/` (the batch kernels), `Keeper/` (the bounds keeper)
// and `Overlays/` (modal cards, swipe decks, expanding cards) into `cardmap.wasm`, the whole engine (which `cardmap page` inlines). Built with Embedded Swift (no Codable,
// no existentials, typed throws).
import CardMapWire

/// The last error's message, UTF-8, for `cm_error_pointer` and `cm_error_length`.
nonisolated(unsafe) var lastError: [UInt8] = []
/// The last answer's JSON text, UTF-8, for `cm_text_pointer` and `cm_text_length`.
nonisolated(unsafe) public var lastText: [UInt8] = []

/// Runs `body`: its answer's text is kept for JavaScript and the call returns 0; a thrown error's
/// text is kept instead and it returns 1.
public func answering(_ body: () throws(JSONInputError) -> JSONValue?) -> Int32 {
  do {
    if let answer = try body() { lastText = Array(answer.jsonText.utf8) }
    return 0
  } catch {
    lastError = Array(error.description.utf8)
    return 1
  }
}

/// `length` bytes at `bytes`.
public func bytes(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> [UInt8] {
  guard let pointer, length > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: pointer, count: Int(length)))
}

/// The JSON value of `length` bytes at `pointer`.
public func json(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) throws(JSONInputError) -> JSONValue {
  do throws(GeoJSONError) { return try JSONValue.read(bytes(pointer, length)) } catch {
    throw JSONInputError(error.description)
  }
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

@_expose(wasm, "cm_text_pointer")
@_cdecl("cm_text_pointer")
public func cmTextPointer() -> UnsafeRawPointer? {
  lastText.withUnsafeBytes { $0.baseAddress }
}

@_expose(wasm, "cm_text_length")
@_cdecl("cm_text_length")
public func cmTextLength() -> Int32 { Int32(lastText.count) }

/// A call (`WebCall`: a layout, a release, a motion): `length` bytes of a JSON object whose `call`
/// names it, the rest its input.
@_expose(wasm, "cm_call")
@_cdecl("cm_call")
public func cmCall(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  answering { () throws(JSONInputError) in try WebCall.respond(to: try json(pointer, length)) }
}

/// The places of a drag frame's numbers (`CameraNumbers.json`), as text.
@_expose(wasm, "cm_slots")
@_cdecl("cm_slots")
public func cmSlots() -> Int32 {
  answering { () throws(JSONInputError) in CameraNumbers.json }
}

/// Whether a finger `dx`, `dy` points from where it went down drags rather than taps (`TouchSlop`): 1 or 0.
@_expose(wasm, "cm_touch_dragging")
@_cdecl("cm_touch_dragging")
public func cmTouchDragging(_ dx: Double, _ dy: Double) -> Int32 {
  TouchSlop.isDragging(dx: dx, dy: dy) ? 1 : 0
}

/// Whether a drag that began `dx`, `dy` from where the finger went down runs across the card (`TouchSlop`): 1 or 0.
@_expose(wasm, "cm_touch_horizontal")
@_cdecl("cm_touch_horizontal")
public func cmTouchHorizontal(_ dx: Double, _ dy: Double) -> Int32 {
  TouchSlop.isHorizontal(dx: dx, dy: dy) ? 1 : 0
}

/// A finger's move of `translation` pt (+ is down) in a card whose top is `cardY`, its content
/// scrolled `offset` of at most `maxOffset`, its extended top `extended` (`ScrollHandoff`): the
/// card's new top and the content's new offset at `out`.
@_expose(wasm, "cm_handoff")
@_cdecl("cm_handoff")
public func cmHandoff(
  _ cardY: Double, _ offset: Double, _ translation: Double, _ extended: Double, _ maxOffset: Double,
  _ out: UnsafeMutablePointer<Double>
) {
  var handoff = ScrollHandoff(cardY: cardY, contentOffset: offset)
  handoff.drag(by: translation, extended: extended, maxOffset: maxOffset)
  out[0] = handoff.cardY
  out[1] = handoff.contentOffset
}

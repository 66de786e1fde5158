// The overlay cards (modal cards, swipe decks, expanding cards) for JavaScript (the engine's
// `modal()`, `deck()` and `expanding()`, under the `<cardmap-modal>`, `<cardmap-deck>` and `<cardmap-expanding>` elements): in the whole
// engine only.
import CardMapWasm
import CardMapWire

/// An overlay call (`OverlayCall`): `length` bytes of a JSON object whose `call` names it.
@_expose(wasm, "cm_overlay_call")
@_cdecl("cm_overlay_call")
public func cmOverlayCall(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  answering { () throws(JSONInputError) in try OverlayCall.respond(to: try json(pointer, length)) }
}

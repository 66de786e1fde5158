// Card stacks for JavaScript (`cardmap.mjs`'s `stack()`): a `StackScript` per handle, driven by the
// events `cardmap replay` reads (one JSON object each, the answer a JSON object, the same text the
// command prints), and a drag's cameras as numbers.
import CardMapWasm
import CardMapWire

/// The stacks JavaScript holds, by handle.
nonisolated(unsafe) var stacks = Handles<StackScript>()

/// A new stack, empty until its first `push`, on the screen of `{screen}`: its handle, or -1 with
/// the error kept.
@_expose(wasm, "cm_stack_new")
@_cdecl("cm_stack_new")
public func cmStackNew(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  stacks.add(json: pointer, length) { (input) throws(JSONInputError) in
    let top = try JSONFields(input, expected: "a call's object")
    let environment = try WebCall.screen(top)
    try top.checkNoOthers()
    return StackScript(environment: environment)
  }
}

@_expose(wasm, "cm_stack_free")
@_cdecl("cm_stack_free")
public func cmStackFree(_ handle: Int32) { stacks.remove(handle) }

/// Applies one event (`length` bytes of a JSON object, as a line of a `cardmap replay` script) to the
/// stack of `handle`; its answer's JSON text is then `cm_text_*`. A refused event changes nothing.
@_expose(wasm, "cm_stack_apply")
@_cdecl("cm_stack_apply")
public func cmStackApply(_ handle: Int32, _ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  answering { () throws(JSONInputError) in
    var script = try stacks.object(handle, "card stack")
    let answer = try script.apply(try json(pointer, length))
    stacks[handle] = script
    return answer
  }
}

/// The top card of `handle`'s stack dragged to `y`, nothing changed: its manager's camera as
/// `CameraNumbers` (NaN without one).
@_expose(wasm, "cm_stack_camera")
@_cdecl("cm_stack_camera")
public func cmStackCamera(_ handle: Int32, _ y: Double, _ out: UnsafeMutablePointer<Double>) -> Int32 {
  stacks.camera(handle, "card stack", y: y, to: out) { (script, y) throws(JSONInputError) in
    guard let current = script.stack else { throw JSONInputError("no card yet: push a root card first") }
    return current.dragFrame(y: y).fit
  }
}

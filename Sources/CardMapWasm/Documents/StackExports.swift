// Card stacks for JavaScript (`cardmap.mjs`'s `stack()`): a `StackScript` per handle, driven by the
// events `cardmap replay` reads (one JSON object each, the answer a JSON object, the same text the
// command prints), and a drag's frames as numbers.
import CardMap
import CardMapWasm

/// The stacks JavaScript holds, by handle; a freed one is nil.
nonisolated(unsafe) var stacks: [StackScript?] = []

/// The last answer's JSON text, UTF-8, for `cm_text_pointer` and `cm_text_length`.
nonisolated(unsafe) var lastText: [UInt8] = []

@_expose(wasm, "cm_text_pointer")
@_cdecl("cm_text_pointer")
public func cmTextPointer() -> UnsafeRawPointer? {
  lastText.withUnsafeBytes { $0.baseAddress }
}

@_expose(wasm, "cm_text_length")
@_cdecl("cm_text_length")
public func cmTextLength() -> Int32 { Int32(lastText.count) }

/// A new stack, empty until its first `push`, on the screen of `Layout.inputCount` numbers (the
/// card's are read and ignored): its handle, or -1 with the error kept.
@_expose(wasm, "cm_stack_new")
@_cdecl("cm_stack_new")
public func cmStackNew(_ input: UnsafePointer<Double>) -> Int32 {
  var handle: Int32 = -1
  _ = reporting { () throws(WasmError) in
    let environment = try Layout.read(input).environment
    stacks.append(StackScript(environment: environment))
    handle = Int32(stacks.count - 1)
  }
  return handle
}

@_expose(wasm, "cm_stack_free")
@_cdecl("cm_stack_free")
public func cmStackFree(_ handle: Int32) {
  if stacks.indices.contains(Int(handle)) { stacks[Int(handle)] = nil }
}

/// The stack of `handle`, or an error naming the handle.
func stack(_ handle: Int32) throws(WasmError) -> StackScript {
  guard stacks.indices.contains(Int(handle)), let script = stacks[Int(handle)] else {
    throw WasmError(message: "no card stack \(handle): it was freed, or never made")
  }
  return script
}

/// Applies one event (`length` bytes of a JSON object, as a line of a `cardmap replay` script) to the
/// stack of `handle`; its answer's JSON text is then `cm_text_*`. A refused event changes nothing.
@_expose(wasm, "cm_stack_apply")
@_cdecl("cm_stack_apply")
public func cmStackApply(_ handle: Int32, _ bytes: UnsafePointer<UInt8>, _ length: Int32) -> Int32 {
  reporting { () throws(WasmError) in
    var script = try stack(handle)
    let event: JSONValue
    do throws(GeoJSONError) {
      event = try JSONValue.read(Array(UnsafeBufferPointer(start: bytes, count: Int(max(length, 0)))))
    } catch {
      throw WasmError(message: error.description)
    }
    guard case .object = event else { throw WasmError(message: "expected an event: a JSON object") }
    let answer: JSONValue
    do throws(StackScriptError) {
      answer = try script.apply(event)
    } catch {
      throw WasmError(message: error.description)
    }
    stacks[Int(handle)] = script
    lastText = Array(answer.jsonText(pretty: false).utf8)
  }
}

/// The top card of `handle`'s stack dragged to `y`, nothing changed: `Layout.outputCount` numbers,
/// then its manager's camera (`Fit.cameraCount` numbers, NaN without one).
@_expose(wasm, "cm_stack_frame")
@_cdecl("cm_stack_frame")
public func cmStackFrame(_ handle: Int32, _ y: Double, _ output: UnsafeMutablePointer<Double>) -> Int32 {
  reporting { () throws(WasmError) in
    guard let current = try stack(handle).stack else { throw WasmError(message: "no card yet: push a root card first") }
    guard y.isFinite else { throw WasmError(message: "y: expected a finite number") }
    let frame = current.dragFrame(y: y)
    Layout.write(frame.layout, to: output)
    Fit.write(frame.fit, to: output + Layout.outputCount)
  }
}

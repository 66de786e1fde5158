// Cameras for JavaScript (`cardmap.mjs`'s `fit`, `fitView` and `frames()`): a fit's JSON answer, and
// a drag's cameras as numbers. In `cardmap.wasm`; the card controller's module (`cardmap-cards.wasm`)
// has its stacks' cameras instead.
import CardMapWasm
import CardMapWire

/// A fit (`FitCall`): `length` bytes of a JSON object, `{screen, card, bounds, options}` or
/// `{view, bounds, options}`; its answer's JSON text is then `cm_text_*`.
@_expose(wasm, "cm_fit")
@_cdecl("cm_fit")
public func cmFit(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  answering { () throws(JSONInputError) in try FitCall.answer(try json(pointer, length)) }
}

/// The followers JavaScript holds (`frames()`), by handle.
nonisolated(unsafe) var followers = Handles<CameraFollower>()

/// A follower of `{screen, card, bounds, options}` (`CameraFollower`): its handle, or -1 with the error kept.
@_expose(wasm, "cm_frames_new")
@_cdecl("cm_frames_new")
public func cmFramesNew(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  followers.add(json: pointer, length) { (input) throws(JSONInputError) in try CameraFollower(json: input) }
}

@_expose(wasm, "cm_frames_free")
@_cdecl("cm_frames_free")
public func cmFramesFree(_ handle: Int32) { followers.remove(handle) }

/// The camera of `handle`'s follower with the card's top at `y`: `CameraNumbers.count` numbers at
/// `out`. Returns 0, or 1 with the error kept (the numbers then NaN).
@_expose(wasm, "cm_frames_camera")
@_cdecl("cm_frames_camera")
public func cmFramesCamera(_ handle: Int32, _ y: Double, _ out: UnsafeMutablePointer<Double>) -> Int32 {
  followers.camera(handle, "frames", y: y, to: out) { (follower, y) throws(JSONInputError) in
    do throws(FitError) { return try follower.camera(y: y) } catch {
      throw JSONInputError("no camera at y \(JSONValue.format(y)): \(error)")
    }
  }
}

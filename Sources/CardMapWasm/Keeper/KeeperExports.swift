// A map kept inside bounds frame by frame (`BoundsKeeper`), for `cardmap/maplibre`'s
// `constrainToBounds`: a handle made from JSON, and each camera as numbers. In the full engine only
// (the card controller's module has no use for it).
import CardMapWasm
import CardMapWire

/// The keepers JavaScript holds (`keeper()`), by handle.
nonisolated(unsafe) var keepers = Handles<BoundsKeeper>()

/// A keeper of `{view, bounds, projection}` (`BoundsKeeper`): its handle, or -1 with the error kept.
@_expose(wasm, "cm_keeper_new")
@_cdecl("cm_keeper_new")
public func cmKeeperNew(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  keepers.add(json: pointer, length) { (input) throws(JSONInputError) in try BoundsKeeper(json: input) }
}

@_expose(wasm, "cm_keeper_free")
@_cdecl("cm_keeper_free")
public func cmKeeperFree(_ handle: Int32) { keepers.remove(handle) }

/// The camera `handle`'s keeper keeps for the focus `lon`, `lat` at `zoom`, `bearing` and `pitch`:
/// four numbers at `out`, the kept focus's longitude and latitude, its zoom, and 1 when moved (else
/// 0). Returns 0, or 1 with the error kept (the numbers then NaN).
@_expose(wasm, "cm_keeper_keep")
@_cdecl("cm_keeper_keep")
public func cmKeeperKeep(
  _ handle: Int32, _ lon: Double, _ lat: Double, _ zoom: Double, _ bearing: Double, _ pitch: Double,
  _ out: UnsafeMutablePointer<Double>
) -> Int32 {
  for index in 0..<4 { out[index] = .nan }
  return answering { () throws(JSONInputError) in
    var keeper = try keepers.object(handle, "keeper")
    for (name, value) in [("lon", lon), ("zoom", zoom), ("bearing", bearing)] where !value.isFinite {
      throw JSONInputError(path: name, "expected a finite number, found \(JSONValue.format(value))")
    }
    guard lat.isFinite, abs(lat) <= 90 else {
      throw JSONInputError(path: "lat", "expected a latitude within ±90, found \(JSONValue.format(lat))")
    }
    guard pitch.isFinite, pitch >= 0, pitch <= FitOptions.pitchRange.upperBound else {
      throw JSONInputError(path: "pitch", "expected a pitch from 0 to 85, found \(JSONValue.format(pitch))")
    }
    let focus = Coordinate(lon: lon, lat: lat)
    let camera = Camera(
      center: focus, focus: focus, zoom: zoom, bearing: bearing, pitch: pitch, projection: keeper.projection)
    do throws(FitError) {
      let kept = try keeper.keep(camera)
      keepers[handle] = keeper
      (out[0], out[1], out[2], out[3]) = (kept.focus.lon, kept.focus.lat, kept.zoom, kept == camera ? 0 : 1)
    } catch {
      throw JSONInputError("no camera keeps what shows inside the bounds: \(error)")
    }
    return nil
  }
}

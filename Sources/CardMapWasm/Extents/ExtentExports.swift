// A GeoJSON document's extent for JavaScript (`cardmap.mjs`'s `extent`, a card's content in
// `<cardmap-cards>`): in the card controller's module and the whole engine.
import CardMapWasm
import CardMapWire

/// The extent of a GeoJSON document (`length` bytes of UTF-8, lon/lat), read as `cardmap fit` reads a
/// file: the answer is `cardmap fit`'s `content`, `{"features", "positions", "bbox"}` (bbox null
/// without positions). A document that is not GeoJSON is an error naming its line:column, byte and
/// JSON path: the same first error as the command's, read with its options (a latitude beyond ±90
/// reported once the whole document is read, since a legacy `crs` member could come last).
@_expose(wasm, "cm_extent")
@_cdecl("cm_extent")
public func cmExtent(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
  answering { () throws(JSONInputError) in
    let document: GeoJSONDocument
    do throws(GeoJSONError) {
      document = try GeoJSONReader.read(
        bytes(pointer, length), options: GeoJSONReader.Options(exceptWithCRSMember: true))
    } catch {
      throw JSONInputError(error.description)
    }
    // (Read as the command reads it; it transforms from the CRS such a member names, the web does not.)
    let top = document.root == .feature ? (document.features.first?.foreignMembers ?? []) : document.foreignMembers
    if top.contains(where: { $0.name.utf8.elementsEqual("crs".utf8) }) {
      throw JSONInputError(
        "a legacy \"crs\" member names the content's CRS: the web engine reads lon/lat only (transform it first, "
          + "e.g. cardmap project FILE --to EPSG:4326)")
    }
    var extent = ExtentBuilder()
    extent.add(document.positions)
    return .object([
      ("features", .number(Double(document.features.count))), ("positions", .number(Double(extent.count))),
      ("bbox", extent.bounds.map { .array($0.array.map(JSONValue.number)) } ?? .null),
    ])
  }
}

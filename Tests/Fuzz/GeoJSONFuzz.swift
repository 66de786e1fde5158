// libFuzzer harness for the GeoJSON reader: every input, read as a document and as both kinds of
// sequence, gives a result or a GeoJSONError, never a crash. Built by Tests/Fuzz/fuzz.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for checksLatitude in [true, false] {
    let options = GeoJSONReader.Options(checksLatitude: checksLatitude, maxDepth: 64)
    if let document = try? GeoJSONReader.read(bytes, options: options) {
      // What was read writes and reads back.
      let text = GeoJSONWriter().write(document)
      guard (try? GeoJSONReader.read(Array(text.utf8), options: options)) != nil else {
        fatalError("round trip failed")
      }
    }
  }
  for framing in [SequenceFraming.recordSeparated, .newlineDelimited] {
    var reader = GeoJSONSequenceReader(source: BytesSource(bytes), framing: framing)
    while let record = try? reader.next() { _ = record }
  }
  return 0
}

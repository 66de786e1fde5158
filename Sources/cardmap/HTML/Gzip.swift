import CZlib

/// `bytes` gzipped (RFC 1952) at zlib's best compression: `cardmap page` carries its data so, as it
/// carries the engine, and the page opens both with the browser's `DecompressionStream("gzip")`.
///
/// - Throws: a failure (exit 1) naming zlib's error, should it refuse (out of memory).
func gzipped(_ bytes: [UInt8]) throws(CLIError) -> [UInt8] {
  var stream = z_stream()
  // 15 bits of window, + 16: a gzip header and trailer rather than zlib's.
  var status = deflateInit2_(
    &stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
    Int32(MemoryLayout<z_stream>.size))
  guard status == Z_OK else { throw .failure("gzip: zlib could not start (\(status))") }
  defer { deflateEnd(&stream) }
  var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
  var input = bytes
  status = input.withUnsafeMutableBufferPointer { source in
    output.withUnsafeMutableBufferPointer { target in
      stream.next_in = source.baseAddress
      stream.avail_in = UInt32(source.count)
      stream.next_out = target.baseAddress
      stream.avail_out = UInt32(target.count)
      return deflate(&stream, Z_FINISH)
    }
  }
  guard status == Z_STREAM_END else { throw .failure("gzip: zlib could not compress the page's data (\(status))") }
  return Array(output.prefix(Int(stream.total_out)))
}

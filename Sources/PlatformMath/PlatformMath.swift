// The C library (maths, files, errno), whichever platform provides it, under one name: a file that
// needs it says `import PlatformMath`. The modules that import it do not pass it on to their
// clients: `import CardMap` brings CardMap's API, not the platform's C library.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#elseif canImport(ucrt)
  @_exported import ucrt
#elseif arch(wasm32)
  // WebAssembly (`make wasm`, Embedded Swift): no C library module, so the maths the pure modules
  // call is declared here and linked from wasi-libc's libc.a (Debian's wasi-libc).
  @_extern(c, "sin") public func sin(_ x: Double) -> Double
  @_extern(c, "cos") public func cos(_ x: Double) -> Double
  @_extern(c, "tan") public func tan(_ x: Double) -> Double
  @_extern(c, "asin") public func asin(_ x: Double) -> Double
  @_extern(c, "atan") public func atan(_ x: Double) -> Double
  @_extern(c, "atan2") public func atan2(_ y: Double, _ x: Double) -> Double
  @_extern(c, "sinh") public func sinh(_ x: Double) -> Double
  @_extern(c, "asinh") public func asinh(_ x: Double) -> Double
  @_extern(c, "atanh") public func atanh(_ x: Double) -> Double
  @_extern(c, "exp") public func exp(_ x: Double) -> Double
  @_extern(c, "exp2") public func exp2(_ x: Double) -> Double
  @_extern(c, "log") public func log(_ x: Double) -> Double
  @_extern(c, "log2") public func log2(_ x: Double) -> Double
  @_extern(c, "pow") public func pow(_ x: Double, _ y: Double) -> Double
  @_extern(c, "ceil") public func ceil(_ x: Double) -> Double
#endif

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
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

signal(SIGPIPE, SIG_IGN)
let buffer = OutputBuffer()
var output = Output.standard(buffer)
let status = CardMapTool.main(Array(CommandLine.arguments.dropFirst()), output: &output)
buffer.flush()
exit(status)

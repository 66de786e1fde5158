#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

signal(SIGPIPE, SIG_IGN)
var output = Output.standard
exit(CardMapTool.main(Array(CommandLine.arguments.dropFirst()), output: &output))

import PlatformMath

signal(SIGPIPE, SIG_IGN)
let buffer = OutputBuffer()
var output = Output.standard(buffer)
let status = CardMapTool.main(Array(CommandLine.arguments.dropFirst()), output: &output)
buffer.flush()
// Output that the kernel took but could not deliver (a full disk) shows up at close.
if close(1) != 0 && errno != EBADF {
  writeAll("Error: cannot write the output: \(String(cString: strerror(errno)))\n", to: 2)
  exit(CLIError.Kind.failure.rawValue)
}
exit(status)

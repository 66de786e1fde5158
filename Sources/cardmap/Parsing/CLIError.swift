/// A failure of the command-line tool, with the exit code it maps to (CardMap's article The cardmap command).
///
/// Only `CardMapTool.main` turns these into a message on stderr and an exit code:
/// 64 for usage errors (sysexits' `EX_USAGE`), 65 for bad input data (`EX_DATAERR`), 1 otherwise.
struct CLIError: Error, Equatable, CustomStringConvertible {
  enum Kind: Int32 {
    case usage = 64
    case data = 65
    case failure = 1
  }

  var kind: Kind
  var message: String
  /// The command whose usage line and help hint follow a usage error, e.g. `layout`.
  var command: String?

  /// The message alone, so that an error interpolated into another reads as text, not a dump.
  var description: String { message }

  static func usage(_ message: String, command: String? = nil) -> CLIError {
    CLIError(kind: .usage, message: message, command: command)
  }

  static func data(_ message: String) -> CLIError {
    CLIError(kind: .data, message: message, command: nil)
  }

  static func failure(_ message: String) -> CLIError {
    CLIError(kind: .failure, message: message, command: nil)
  }
}

extension CLIError {
  /// The start of the error for a CRS this build refuses, naming the option that gave it:
  /// `'--to ESPG:32756' is not a CRS this cardmap takes`.
  static func crsNotTaken(option: String, crs: String) -> String {
    "'--\(option) \(crs)' is not a CRS this cardmap takes"
  }
}

/// `cardmap --generate-manual`: the man page (roff, section 1), made from the same declarations as
/// the help, so that it never falls out of date.
enum ManualPage {
  static var text: String {
    var roff = """
      .TH CARDMAP 1 "" "cardmap \(CardMapTool.version)" "User Commands"
      .SH NAME
      cardmap \\- \(escape(CardMapTool.overview))
      .SH SYNOPSIS
      .B cardmap
      .I subcommand
      [\\fIoptions\\fR]
      .SH DESCRIPTION
      Map insets, camera fits and projections for cards over a map. Output is JSON (or GeoJSON, SVG, PNG)
      on stdout; messages go to stderr.
      .SH EXIT STATUS
      0 on success, 64 for a usage error, 65 for bad input data, 1 for any other failure.

      """
    for command in CardMapTool.commands {
      roff += ".SH \(command.name.uppercased())\n"
      roff += ".B cardmap \(command.name)\n\(escape(command.usage))\n.PP\n\(escape(command.abstract))\n"
      for argument in command.arguments {
        roff += ".TP\n.I \(escape(argument.name))\n\(escape(argument.help))\n"
      }
      for option in command.specs {
        roff += ".TP\n.B \(escape(option.synopsis))\n\(escape(option.help))\n"
      }
      if !command.examples.isEmpty {
        roff += ".PP\nExamples:\n.RS\n"
        for example in command.examples { roff += ".nf\n\(escape(example))\n.fi\n" }
        roff += ".RE\n"
      }
    }
    roff += ".SH SEE ALSO\nThe DocC articles of the CardMap package: The cardmap command, Getting started.\n"
    return roff
  }

  /// Text safe in roff: backslashes as `\e`, hyphens as `\-`, and a leading dot or quote kept from
  /// starting a request.
  static func escape(_ text: String) -> String {
    let escaped = text.split(separator: "\\", omittingEmptySubsequences: false).joined(separator: "\\e")
      .split(separator: "-", omittingEmptySubsequences: false).joined(separator: "\\-")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}

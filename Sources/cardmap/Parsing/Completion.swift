/// Shell completion scripts for `cardmap --generate-completion-script bash|zsh|fish`,
/// made from the commands' own option lists, so they never fall out of date.
enum Completion {
  static let shells = ["bash", "zsh", "fish"]

  static func script(for shell: String) -> String? {
    switch shell {
    case "bash": bash
    case "zsh": zsh
    case "fish": fish
    default: nil
    }
  }

  static func words(_ command: any Command.Type) -> String {
    (command.specs.map { "--\($0.name)" } + ["--help"]).joined(separator: " ")
  }

  static var bash: String {
    let names = CardMapTool.commands.map { $0.name }.joined(separator: " ")
    var text = """
      # bash completion for cardmap: source it, or put it in /etc/bash_completion.d/cardmap
      _cardmap() {
        local cur="${COMP_WORDS[COMP_CWORD]}"
        if [ "$COMP_CWORD" -eq 1 ]; then
          COMPREPLY=($(compgen -W "\(names) help --help --version --generate-completion-script" -- "$cur"))
          return
        fi
        case "${COMP_WORDS[1]}" in

      """
    for command in CardMapTool.commands {
      text +=
        "    \(command.name)) COMPREPLY=($(compgen -W \"\(words(command))\" -- \"$cur\") $(compgen -f -- \"$cur\")) ;;\n"
    }
    text += "  esac\n}\ncomplete -F _cardmap cardmap\n"
    return text
  }

  static var zsh: String {
    var text = "#compdef cardmap\n# zsh completion for cardmap: put it on $fpath as _cardmap\n_cardmap() {\n"
    text += "  local -a commands\n  commands=(\n"
    for command in CardMapTool.commands {
      text += "    '\(command.name):\(command.abstract.replacingSingleQuotes)'\n"
    }
    text += "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' commands\n    return\n  fi\n"
    text += "  case $words[2] in\n"
    for command in CardMapTool.commands {
      let options = command.specs.map { "'--\($0.name)[\($0.help.replacingSingleQuotes.replacingBrackets)]'" }
      text += "    \(command.name)) _arguments \(options.joined(separator: " ")) '*:file:_files' ;;\n"
    }
    text += "  esac\n}\n_cardmap \"$@\"\n"
    return text
  }

  static var fish: String {
    var text = "# fish completion for cardmap: put it in ~/.config/fish/completions/cardmap.fish\n"
    for command in CardMapTool.commands {
      text +=
        "complete -c cardmap -n '__fish_use_subcommand' -a \(command.name) -d '\(command.abstract.replacingSingleQuotes)'\n"
      for option in command.specs {
        text += "complete -c cardmap -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name)"
        if option.value != nil { text += " -r" }
        text += " -d '\(option.help.replacingSingleQuotes)'\n"
      }
    }
    return text
  }
}

extension String {
  /// Single quotes made safe inside a single-quoted shell word.
  var replacingSingleQuotes: String {
    split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
  }
  /// Square brackets, which zsh's `_arguments` reads as a description's end.
  var replacingBrackets: String {
    String(map { $0 == "[" ? "(" : $0 == "]" ? ")" : $0 })
  }
}

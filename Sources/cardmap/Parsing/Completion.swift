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
    let entries = CardMapTool.entries
    var text = """
      # bash completion for cardmap: source it, or put it in /etc/bash_completion.d/cardmap
      _cardmap() {
        local cur="${COMP_WORDS[COMP_CWORD]}"
        if [ "$COMP_CWORD" -eq 1 ]; then
          COMPREPLY=($(compgen -W "\(entries.map(\.word).joined(separator: " ")) help --help --version --generate-completion-script" -- "$cur"))
          return
        fi
        case "${COMP_WORDS[1]}" in

      """
    func reply(_ command: any Command.Type) -> String {
      "COMPREPLY=($(compgen -W \"\(words(command))\" -- \"$cur\") $(compgen -f -- \"$cur\"))"
    }
    for entry in entries {
      switch entry {
      case .command(let command):
        text += "    \(command.name)) \(reply(command)) ;;\n"
      case .family(let word, let members):
        let kinds = members.compactMap(CardMapTool.kind(of:)).joined(separator: " ")
        text += "    \(word))\n"
        text +=
          "      if [ \"$COMP_CWORD\" -eq 2 ]; then COMPREPLY=($(compgen -W \"\(kinds)\" -- \"$cur\")); return; fi\n"
        text += "      case \"${COMP_WORDS[2]}\" in\n"
        for command in members { text += "        \(CardMapTool.kind(of: command) ?? "")) \(reply(command)) ;;\n" }
        text += "      esac ;;\n"
      }
    }
    text += "  esac\n}\ncomplete -F _cardmap cardmap\n"
    return text
  }

  static var zsh: String {
    let entries = CardMapTool.entries
    var text = "#compdef cardmap\n# zsh completion for cardmap: put it on $fpath as _cardmap\n_cardmap() {\n"
    text += "  local -a commands\n  commands=(\n"
    for entry in entries {
      let abstract =
        switch entry {
        case .command(let command): command.abstract
        case .family(let word, let members):
          "\(word): " + members.compactMap(CardMapTool.kind(of:)).joined(separator: ", ")
        }
      text += "    '\(entry.word):\(abstract.replacingSingleQuotes)'\n"
    }
    text += "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' commands\n    return\n  fi\n"
    func arguments(_ command: any Command.Type) -> String {
      let options = command.specs.map { "'--\($0.name)[\($0.help.replacingSingleQuotes.replacingBrackets)]'" }
      return "_arguments \(options.joined(separator: " ")) '*:file:_files'"
    }
    text += "  case $words[2] in\n"
    for entry in entries {
      switch entry {
      case .command(let command):
        text += "    \(command.name)) \(arguments(command)) ;;\n"
      case .family(let word, let members):
        let kinds = members.compactMap(CardMapTool.kind(of:)).joined(separator: " ")
        text += "    \(word))\n"
        text += "      if (( CURRENT == 3 )); then _values 'kind' \(kinds); return; fi\n"
        text += "      case $words[3] in\n"
        for command in members {
          text +=
            "        \(CardMapTool.kind(of: command) ?? "")) words=(${words[1]} ${words[3,-1]}); (( CURRENT-- )); "
          text += "\(arguments(command)) ;;\n"
        }
        text += "      esac ;;\n"
      }
    }
    text += "  esac\n}\n_cardmap \"$@\"\n"
    return text
  }

  static var fish: String {
    var text = "# fish completion for cardmap: put it in ~/.config/fish/completions/cardmap.fish\n"
    for entry in CardMapTool.entries {
      switch entry {
      case .command(let command):
        text += "complete -c cardmap -n '__fish_use_subcommand' -a \(command.name) "
        text += "-d '\(command.abstract.replacingSingleQuotes)'\n"
        text += fishOptions(command, condition: "__fish_seen_subcommand_from \(command.name)")
      case .family(let word, let members):
        let kinds = members.compactMap(CardMapTool.kind(of:)).joined(separator: " ")
        text += "complete -c cardmap -n '__fish_use_subcommand' -a \(word) -d '\(word): \(kinds)'\n"
        for command in members {
          let kind = CardMapTool.kind(of: command) ?? ""
          text += "complete -c cardmap -n '__fish_seen_subcommand_from \(word); and not __fish_seen_subcommand_from "
          text += "\(kinds)' -a \(kind) -d '\(command.abstract.replacingSingleQuotes)'\n"
          text += fishOptions(
            command, condition: "__fish_seen_subcommand_from \(word); and __fish_seen_subcommand_from \(kind)")
        }
      }
    }
    return text
  }

  /// A command's options for fish, offered when `condition` holds.
  static func fishOptions(_ command: any Command.Type, condition: String) -> String {
    var text = ""
    for option in command.specs {
      text += "complete -c cardmap -n '\(condition)' -l \(option.name)"
      if option.value != nil { text += " -r" }
      text += " -d '\(option.help.replacingSingleQuotes)'\n"
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

/// How a `Transformer` computes its points (`Transformer.path`; the CLI's `--explain`).
public enum TransformPath: Hashable, Sendable, CustomStringConvertible {
  /// A SIMD kernel: its name (`identity`, `webmerc`, `tmerc`, `lcc`, `stere`, `laea`), whether it
  /// runs backwards (projected → lon/lat), and the instruction set its loop runs in.
  case kernel(name: String, backwards: Bool, instructionSet: InstructionSet)
  /// PROJ, with its operation's definition; nil when PROJ chooses per point among several
  /// candidate operations.
  case proj(definition: String?)

  public var description: String {
    switch self {
    case .kernel(let name, let backwards, let isa): "kernel \(name)\(backwards ? " inverse" : ""), \(isa.rawValue)"
    case .proj(let definition?): "PROJ \(definition)"
    case .proj(nil): "PROJ, choosing per point among several candidate operations"
    }
  }
}

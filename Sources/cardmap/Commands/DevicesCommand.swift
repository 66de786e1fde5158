import CardMap

/// `cardmap devices`: the device profiles, as `Data/devices.json` holds them.
enum DevicesCommand: Command {
  static let name = "devices"
  static let abstract = "List the device profiles that --device accepts, as JSON."
  static let options = NoOptions()
  static let examples = ["cardmap devices > Data/devices.json"]

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    output.out(try catalogJSON.output(pretty: true) + "\n")
  }

  static var catalogJSON: JSONValue {
    .array(
      DeviceProfile.catalog.map { device in
        .object([
          ("name", .string(device.name)),
          ("summary", .string(device.summary)),
          ("size", .array([.number(device.screen.width), .number(device.screen.height)])),
          ("safeArea", JSONValue(device.screen.safeArea)),
          ("horizontal", .string(device.screen.horizontal.rawValue)),
          ("vertical", .string(device.screen.vertical.rawValue)),
          ("idiom", .string(device.screen.idiom.rawValue)),
          ("os", .string(device.screen.os.description)),
          (
            "verticalBar",
            device.screen.verticalBar.map {
              .object([("edge", .string($0.edge.rawValue)), ("width", .number($0.width))])
            }
              ?? .null
          ),
        ])
      })
  }
}

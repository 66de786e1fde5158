import CardMapWire

/// `cardmap devices`: the device profiles, as `Data/devices.json` holds them.
enum DevicesCommand: Command {
  static let name = "devices"
  static let abstract = "List the device profiles that --device accepts, as JSON (or their names)."
  static let options = Options()
  static let examples = ["cardmap devices --names", "cardmap devices > Data/devices.json"]

  struct Options: OptionGroup {
    let names = Flag("names", "One line a device: its name, its size in points and what it is.")
  }

  static func run(_ args: Arguments, _ output: inout Output) throws(CLIError) {
    _ = try args.positionals(atMost: 0)
    output.out(args[options.names] ? nameList : try catalogJSON.output(pretty: true) + "\n")
  }

  /// `iphone-17   402x874   iPhone 17, …`: names in a column, for reading at a terminal.
  static var nameList: String {
    let width = DeviceProfile.catalog.map(\.name.count).max() ?? 0
    let sizes = DeviceProfile.catalog.map {
      "\(JSONValue.format($0.screen.width))x\(JSONValue.format($0.screen.height))"
    }
    let sizeWidth = sizes.map(\.count).max() ?? 0
    return zip(DeviceProfile.catalog, sizes).map { device, size in
      device.name + String(repeating: " ", count: width - device.name.count + 2) + size
        + String(repeating: " ", count: sizeWidth - size.count + 2) + device.summary + "\n"
    }.joined()
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

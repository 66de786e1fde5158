// swift-tools-version: 6.2
// CardMap: the headless map-content and card-overlay geometry engine. See README.md and ARCHITECTURE in it.
import PackageDescription

let package = Package(
  name: "CardMap",
  products: [
    .library(name: "CardMap", targets: ["CardMap"]),
    .library(name: "ViewGeometry", targets: ["ViewGeometry"]),
    .library(name: "CardLayout", targets: ["CardLayout"]),
    .library(name: "MapGeometry", targets: ["MapGeometry"]),
    .library(name: "GeoJSONIO", targets: ["GeoJSONIO"]),
    .library(name: "Projection", targets: ["Projection"]),
    .executable(name: "cardmap", targets: ["CardMapCLI"]),
    .executable(name: "cardmap-bench", targets: ["CardMapBench"]),
  ],
  traits: [
    .trait(
      name: "PROJ",
      description: "Link the system PROJ (libproj-dev) for any CRS pair; without it, only the built-in kernels' CRSs."
    ),
    .default(enabledTraits: ["PROJ"]),
  ],
  targets: [
    .systemLibrary(
      name: "CProj",
      pkgConfig: "proj",
      providers: [.apt(["libproj-dev"])]
    ),
    .target(name: "ViewGeometry"),
    .target(name: "CardLayout", dependencies: ["ViewGeometry"]),
    .target(name: "MapGeometry", dependencies: ["ViewGeometry"]),
    .target(name: "GeoJSONIO"),
    .target(
      name: "Projection",
      dependencies: [.target(name: "CProj", condition: .when(traits: ["PROJ"])), "MapGeometry"]
    ),
    .target(
      name: "CardMap",
      dependencies: ["CardLayout", "MapGeometry", "GeoJSONIO", "Projection"]
    ),
    .executableTarget(name: "CardMapCLI", dependencies: ["CardMap"], path: "Sources/cardmap"),
    .executableTarget(
      name: "CardMapBench",
      dependencies: ["CardMap", .target(name: "CProj", condition: .when(traits: ["PROJ"]))],
      path: "Benchmarks/cardmap-bench"
    ),
    .testTarget(name: "CardLayoutTests", dependencies: ["CardLayout"]),
    .testTarget(name: "MapGeometryTests", dependencies: ["MapGeometry"]),
    .testTarget(name: "GeoJSONIOTests", dependencies: ["GeoJSONIO"]),
    .testTarget(name: "ProjectionTests", dependencies: ["Projection"]),
    .testTarget(name: "CardMapTests", dependencies: ["CardMap"]),
    .testTarget(name: "cardmapTests", dependencies: ["CardMapCLI"]),
  ],
  swiftLanguageModes: [.v6]
)

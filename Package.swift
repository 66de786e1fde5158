// swift-tools-version: 6.2
// CardMap: the headless map-content and card-overlay geometry engine. See README.md and ARCHITECTURE in it.
import PackageDescription

/// The kernels' per-instruction-set builds, on x86-64 only: a compiler for another architecture
/// rejects these CPUs. The manifest is compiled for the building machine, so Apple's device
/// platforms (always ARM, or built from an Intel Mac) are left out by name (the Kernels article).
func targetCPU(_ cpu: String) -> [SwiftSetting] {
  #if arch(x86_64)
    return [.unsafeFlags(["-target-cpu", cpu], .when(platforms: [.linux, .macOS, .windows]))]
  #else
    return []
  #endif
}

let package = Package(
  name: "CardMap",
  products: [
    .library(name: "CardMap", targets: ["CardMap"]),
    .library(name: "CardMapWire", targets: ["CardMapWire"]),
    .library(name: "ViewGeometry", targets: ["ViewGeometry"]),
    .library(name: "CardLayout", targets: ["CardLayout"]),
    .library(name: "MapGeometry", targets: ["MapGeometry"]),
    .library(name: "ProjectionKernels", targets: ["ProjectionKernels"]),
    .library(name: "JSONValues", targets: ["JSONValues"]),
    .library(name: "GeoJSONIO", targets: ["GeoJSONIO"]),
    .library(name: "Projection", targets: ["Projection"]),
    .executable(name: "cardmap", targets: ["CardMapCLI"]),
    // For tests and the benchmarks package (seeded generator, tolerances), not for apps.
    .library(name: "_CardMapTestSupport", targets: ["CardMapTestSupport"]),
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
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "PlatformMath"),
    .target(name: "ViewGeometry", dependencies: ["JSONValues"]),
    .target(name: "CardLayout", dependencies: ["ViewGeometry", "PlatformMath", "JSONValues"]),
    .target(name: "MapGeometry", dependencies: ["ViewGeometry", "PlatformMath", "JSONValues"]),
    .target(name: "ProjectionKernels", dependencies: ["PlatformMath"]),
    .target(name: "CPUFeatures"),
    .target(name: "KernelsAVX2", dependencies: ["ProjectionKernels"], swiftSettings: targetCPU("haswell")),
    .target(name: "KernelsAVX512", dependencies: ["ProjectionKernels"], swiftSettings: targetCPU("skylake-avx512")),
    .target(name: "JSONValues"),
    .target(name: "GeoJSONIO", dependencies: ["JSONValues", "MapGeometry", "PlatformMath"]),
    .target(
      name: "Projection",
      dependencies: [
        .target(name: "CProj", condition: .when(traits: ["PROJ"])), "ProjectionKernels", "PlatformMath", "CPUFeatures",
        "KernelsAVX2", "KernelsAVX512",
      ]
    ),
    .target(
      name: "CardMap",
      dependencies: ["CardLayout", "MapGeometry", "JSONValues", "GeoJSONIO", "ProjectionKernels", "Projection"]
    ),
    // CardMap's JSON forms: the readers and writers of its requests and answers, the web engine's calls,
    // the replay interpreter and the numeric slots. The CLI and the web engine link it; an app need not.
    .target(name: "CardMapWire", dependencies: ["CardMap", "CardLayout", "MapGeometry", "JSONValues", "GeoJSONIO"]),
    // The web engine's entry points (`make wasm` builds them for WebAssembly): compiled natively too,
    // so that a change that breaks the web breaks `swift build`.
    .target(name: "CardMapWasm", dependencies: ["CardMap", "CardMapWire"], path: "Sources/CardMapWasm/Engine"),
    .target(
      name: "CardMapWasmFits", dependencies: ["CardMap", "CardMapWire", "CardMapWasm"], path: "Sources/CardMapWasm/Fits"
    ),
    .target(
      name: "CardMapWasmStacks", dependencies: ["CardMap", "CardMapWire", "CardMapWasm"],
      path: "Sources/CardMapWasm/Stacks"),
    .target(
      name: "CardMapWasmExtents", dependencies: ["CardMap", "CardMapWire", "CardMapWasm"],
      path: "Sources/CardMapWasm/Extents"),
    .target(
      name: "CardMapWasmKernels", dependencies: ["CardMap", "CardMapWire", "CardMapWasm"],
      path: "Sources/CardMapWasm/Kernels"),
    .target(
      name: "CardMapWasmKeeper", dependencies: ["CardMap", "CardMapWire", "CardMapWasm"],
      path: "Sources/CardMapWasm/Keeper"),
    .target(
      name: "CardMapWasmOverlays", dependencies: ["CardMap", "CardMapWire", "CardMapWasm"],
      path: "Sources/CardMapWasm/Overlays"),
    .executableTarget(
      name: "CardMapCLI", dependencies: ["CardMap", "CardMapWire", "PlatformMath", "CZlib"], path: "Sources/cardmap"),
    .target(
      name: "CardMapTestSupport", dependencies: ["PlatformMath", "MapGeometry"], path: "Tests/CardMapTestSupport"),
    .testTarget(name: "CardLayoutTests", dependencies: ["CardLayout", "CardMapTestSupport"]),
    .testTarget(name: "MapGeometryTests", dependencies: ["MapGeometry", "CardMapTestSupport"]),
    .testTarget(
      name: "ProjectionKernelsTests", dependencies: ["ProjectionKernels", "PlatformMath", "CardMapTestSupport"]),
    .testTarget(
      name: "GeoJSONIOTests", dependencies: ["GeoJSONIO", "JSONValues", "MapGeometry", "CardMapTestSupport"]),
    .testTarget(name: "ProjectionTests", dependencies: ["Projection", "CardMapTestSupport"]),
    .testTarget(name: "CardMapTests", dependencies: ["CardMap", "CardMapWire", "CardMapTestSupport"]),
    .testTarget(name: "CardMapWireTests", dependencies: ["CardMapWire", "CardMapTestSupport"]),
    .testTarget(name: "cardmapTests", dependencies: ["CardMapCLI", "CardMapTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

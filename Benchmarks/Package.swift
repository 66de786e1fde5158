// swift-tools-version: 6.2
// The benchmarks, apart from the library so that its products link nothing they do not need.
//   swift run -c release cardmap-bench        (from this folder; or `make bench` at the top)
import PackageDescription

let package = Package(
  name: "CardMapBenchmarks",
  dependencies: [.package(name: "CardMap", path: "..")],
  targets: [
    .systemLibrary(name: "CProjBaseline", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
    .executableTarget(
      name: "cardmap-bench",
      dependencies: [
        .product(name: "CardMap", package: "CardMap"), .product(name: "_CardMapTestSupport", package: "CardMap"),
        .product(name: "ProjectionKernels", package: "CardMap"),
        "CProjBaseline",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

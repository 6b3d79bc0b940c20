// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Emotext",
  products: [
    .library(name: "Emotext", targets: ["Emotext"]),
    .executable(name: "emotext", targets: ["emotext"]),
  ],
  targets: [
    // The only place that includes ICU headers (in its .c files); its public headers use <stdint.h> types only.
    .target(
      name: "CICU",
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
    ),
    // generate-tlds.py writes TLDs.swift beside it; it is not part of the build.
    .target(name: "Emotext", dependencies: ["CICU"], exclude: ["Entities/generate-tlds.py"]),
    .executableTarget(name: "emotext", dependencies: ["Emotext"]),
    .executableTarget(name: "emotext-bench", dependencies: ["Emotext", "CICU"], path: "Benchmarks/emotext-bench"),
    .testTarget(name: "EmotextTests", dependencies: ["Emotext", "CICU"]),
  ],
  swiftLanguageModes: [.v6]
)

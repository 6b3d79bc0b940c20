// swift-tools-version:6.0
import PackageDescription

// O(document) consistency checks after every edit, and tiny tree nodes so small documents have deep trees:
// on when EMOTEXT_INTERNAL_CHECKS is set at build time (.ci/run and Fuzz/run.sh set it), off in clients' builds.
let internalChecks: [SwiftSetting] =
  Context.environment["EMOTEXT_INTERNAL_CHECKS"] != nil ? [.define("EMOTEXT_INTERNAL_CHECKS")] : []

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
    .target(
      name: "Emotext", dependencies: ["CICU"], exclude: ["Entities/generate-tlds.py"], swiftSettings: internalChecks),
    .executableTarget(name: "emotext", dependencies: ["Emotext"]),
    .executableTarget(name: "emotext-bench", dependencies: ["Emotext", "CICU"], path: "Benchmarks/emotext-bench"),
    .testTarget(name: "EmotextTests", dependencies: ["Emotext", "CICU"], swiftSettings: internalChecks),
  ],
  swiftLanguageModes: [.v6]
)

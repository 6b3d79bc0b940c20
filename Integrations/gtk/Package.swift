// swift-tools-version:6.0
import PackageDescription

// The GTK 4 composer: a package of its own so the root package builds and tests without GTK. Only the executable
// imports GTK (through CGTK); the mapping between GTK's events and the engine is EmotextToolkitHost, in the root.
let package = Package(
  name: "EmotextGTK",
  products: [.executable(name: "emotext-gtk", targets: ["emotext-gtk"])],
  dependencies: [.package(name: "Emotext", path: "../..")],
  targets: [
    // GTK 4 by pkg-config, with static inline wrappers for the cast macros, g_signal_connect and variadic calls.
    .systemLibrary(name: "CGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .executableTarget(
      name: "emotext-gtk",
      dependencies: [
        "CGTK", .product(name: "Emotext", package: "Emotext"),
        .product(name: "EmotextToolkitHost", package: "Emotext"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

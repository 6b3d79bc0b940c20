// swift-tools-version:6.0
import PackageDescription

// O(document) consistency checks after every edit, and tiny tree nodes so small documents have deep trees:
// on when EMOTEXT_INTERNAL_CHECKS is set at build time (.ci/run and Fuzz/run.sh set it), off in clients' builds.
let internalChecks: [SwiftSetting] =
  Context.environment["EMOTEXT_INTERNAL_CHECKS"] != nil ? [.define("EMOTEXT_INTERNAL_CHECKS")] : []

// The layers, each importing only those below it (Sources/Emotext/Emotext.docc/GettingStarted.md, "Package layout"):
//   CICU → EmotextUnicode → Emotext → EmotextCLISupport → emotext, and beside it EmotextC (the C ABI)
// EmotextTestSupport sits beside the library, for the tests, the benchmark and the fuzz targets.
let package = Package(
  name: "Emotext",
  products: [
    // The one library a host embeds; its public API is listed in Sources/Emotext/PublicAPI.txt, which CI
    // compares (.ci/public-api.sh).
    .library(name: "Emotext", targets: ["Emotext"]),
    .executable(name: "emotext", targets: ["emotext"]),
    // The C ABI (Sources/EmotextC/include/emotext.h) as a shared library; Integrations/c/build-library.sh builds
    // the self-contained libemotext.so that the Python package ships.
    .library(name: "EmotextC", type: .dynamic, targets: ["EmotextC"]),
    // The mapping between a scalar-offset toolkit (GTK) and the engine, with no toolkit import; the GTK composer
    // (Integrations/gtk) builds on it.
    .library(name: "EmotextToolkitHost", targets: ["EmotextToolkitHost"]),
  ],
  targets: [
    // The only place that includes ICU headers (in its .c files); its public headers use <stdint.h> types only.
    .target(
      name: "CICU",
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
    ),
    // Unicode over ICU: grapheme table and boundaries, line breaks, Backspace rules, cell widths, NFC,
    // transliteration, emoji clusters, regular expressions. Works on bytes and strings; knows no document.
    .target(name: "EmotextUnicode", dependencies: ["CICU"], swiftSettings: internalChecks),
    // The library: catalog, tokenizers, document, editor, entities, length, serialization, renderers, interop.
    // generate-tlds.py writes TLDs.swift (from tld_lib.yml), generate-emoji-names.py EmojiNameTable.swift; neither
    // the scripts, their input nor the API listing is part of the build.
    .target(
      name: "Emotext", dependencies: ["EmotextUnicode"],
      exclude: [
        "Entities/generate-tlds.py", "Entities/tld_lib.yml", "Spoken/generate-emoji-names.py", "PublicAPI.txt",
      ],
      swiftSettings: internalChecks),
    // What the command-line tool needs around the library: the batch pipeline, line decoding, JSON Lines,
    // the edit-script protocol, the terminal composer screen, listings. Not a product.
    .target(name: "EmotextCLISupport", dependencies: ["Emotext"]),
    .executableTarget(name: "emotext", dependencies: ["EmotextCLISupport", "Emotext"]),
    // The C ABI: @_cdecl functions over opaque handles, each calling the answer the CLI calls (EmotextCLISupport),
    // so every binding writes the CLI's bytes. Its header is a headers-only C target that EmotextC imports, so the
    // compiler lays out every struct the Swift side reads (emotext_html_options, emotext_change) from the header.
    .target(name: "EmotextCHeader", path: "Sources/EmotextC/include", publicHeadersPath: "."),
    .target(name: "EmotextC", dependencies: ["EmotextCHeader", "Emotext", "EmotextCLISupport"], exclude: ["include"]),
    // Toolkit events (scalar offsets, UTF-8 bytes) to Editor calls, and Editor changes to buffer edits: plain Swift
    // a toolkit shell drives (Integrations/gtk), tested here with a fake buffer.
    .target(name: "EmotextToolkitHost", dependencies: ["Emotext"]),
    // Seeded randomness for the tests, the benchmark and the fuzz targets; not part of the library.
    .target(name: "EmotextTestSupport"),
    .executableTarget(
      name: "emotext-bench",
      dependencies: ["Emotext", "EmotextUnicode", "EmotextTestSupport", "EmotextC", "EmotextCHeader", "CICU"],
      path: "Benchmarks/emotext-bench"),
    .testTarget(
      name: "EmotextTests",
      dependencies: [
        "Emotext", "EmotextUnicode", "EmotextCLISupport", "EmotextTestSupport", "EmotextToolkitHost", "EmotextC",
        "CICU",
      ],
      swiftSettings: internalChecks),
  ],
  swiftLanguageModes: [.v6]
)

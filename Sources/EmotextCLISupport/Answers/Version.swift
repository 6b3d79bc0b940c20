/// What `emotext --version` prints after the program name, and what the C ABI's `emotext_version` returns (a
/// static string literal, so its bytes are NUL-terminated and never released).
package let emotextVersion: StaticString = "0.1.0"

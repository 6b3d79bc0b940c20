import Foundation
import Testing

/// Runs the built `emotext` binary, as a user or a batch job would, and captures what it prints.
struct CLIProcess {
  /// What one run printed and how it exited.
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `emotext` that `swift build` / `swift test` built beside the test bundle, or in `.build/debug`.
  static let binary: URL? = {
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent().appending(path: "emotext"))
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appending(path: "emotext"))
    candidates.append(TestPaths.packageRoot.appending(path: ".build/debug/emotext"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Why every CLI test fails when there is no binary (`swift test` builds it; a test that ran nothing must not
  /// pass).
  static let missingReason: Comment = "no built emotext binary beside the tests or in .build/debug: run swift build"

  /// The tool that drops root's privileges for ``run(_:stdin:terminalKeys:stdoutPath:withoutRoot:)``.
  static let setpriv = "/usr/bin/setpriv"

  /// Runs `emotext arguments…` with `stdin` as its standard input (through files, so large inputs cannot
  /// deadlock on a pipe). With `terminalKeys`, it runs under `script` on a pseudo-terminal instead, and
  /// `terminalKeys` is typed every 0.2 s until it exits (keys typed before the program switches the terminal
  /// to raw mode are lost), for at most 20 s. With `stdoutPath` (such as `/dev/full`), stdout is that file
  /// and `Output.stdout` is empty.
  ///
  /// With `withoutRoot`, a run as root drops to `nobody` first (through `setpriv`, which must be there), so file
  /// permissions apply as they do to a user: CI runs as root, which reads any file.
  static func run(
    _ arguments: [String], stdin: Data = Data(), terminalKeys: Data? = nil, stdoutPath: String? = nil,
    withoutRoot: Bool = false
  ) throws -> Output {
    let binary = try #require(binary, missingReason)
    let dropsRoot = withoutRoot && getuid() == 0
    if dropsRoot {
      try #require(
        FileManager.default.isExecutableFile(atPath: setpriv), "running as root and \(setpriv) is missing (util-linux)")
    }
    let folder = FileManager.default.temporaryDirectory.appending(path: "emotext-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "stdin")
    let output = folder.appending(path: "stdout")
    let errors = folder.appending(path: "stderr")
    try stdin.write(to: input)
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

    let process = Process()
    let keyboard = Pipe()
    if terminalKeys != nil {
      // Note: `script` runs the command on a pseudo-terminal and copies stdin to it.
      process.executableURL = URL(filePath: "/usr/bin/script")
      let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      process.arguments = ["-qec", command.joined(separator: " "), "/dev/null"]
    } else if dropsRoot {
      process.executableURL = URL(filePath: setpriv)
      process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
      // Note: a binary built for coverage writes its profile at exit; as nobody it cannot write the build folder, and
      // says so on stderr. Its profile goes to this run's folder, which nobody may write, and is dropped with it.
      try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
      var environment = ProcessInfo.processInfo.environment
      environment["LLVM_PROFILE_FILE"] = folder.appending(path: "nobody.profraw").path
      process.environment = environment
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    process.standardInput = terminalKeys == nil ? try FileHandle(forReadingFrom: input) : keyboard
    process.standardOutput = try FileHandle(forWritingTo: stdoutPath.map { URL(filePath: $0) } ?? output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    if let terminalKeys {
      for _ in 0..<100 where process.isRunning {
        try? keyboard.fileHandleForWriting.write(contentsOf: terminalKeys)
        usleep(200_000)
      }
      if process.isRunning { process.terminate() }
      try? keyboard.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
  }
}

import Foundation
import Testing

@testable import Emotext
@testable import EmotextCLISupport

/// The script files `emotext edit` reads are bounded: regular files only, at most
/// ``EditScript/maximumFileByteCount`` bytes, refused as what they are before they are read; standard input stays a
/// stream. The limit is given to ``LineSource`` by the command, so the reader is tested here with a small one.
@Suite("Edit script files are bounded")
struct EditScriptFileBoundsTests {
  /// A regular file holding `bytes` in a new scratch folder.
  static func file(_ bytes: [UInt8]) -> String {
    let path = CatalogTestFiles.scratchFolder() + "/script.jsonl"
    precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  /// The message `LineSource` refuses `path` with under a limit of `limit` bytes, or nil when it opens it.
  static func refusal(_ path: String, limit: Int) -> String? {
    do {
      _ = try LineSource(path: path, maximumFileUTF8Count: limit)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aFileUpToTheLimitIsReadAndOneByteMoreIsRefused() throws {
    let atLimit = Self.file(Array("{}\n{}\n{}\n".utf8))
    var source = try LineSource(path: atLimit, maximumFileUTF8Count: 9)
    #expect(try source.nextBatch(maxLines: 10) == ["{}", "{}", "{}"])
    #expect(try source.nextBatch(maxLines: 10) == nil)
    let over = Self.file(Array("{}\n{}\n{}\n!".utf8))
    #expect(Self.refusal(over, limit: 9) == "\(over): expected a file of at most 9 bytes, found 10 bytes")
  }

  @Test func aFileThatGrowsPastTheLimitWhileItIsReadIsRefused() throws {
    let path = Self.file(Array("{}\n".utf8))
    var source = try LineSource(path: path, maximumFileUTF8Count: 9)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: 1_000))
    try handle.close()
    #expect(throws: BatchError(BatchLocation(file: path), "expected a file of at most 9 bytes, found 1003 bytes")) {
      _ = try source.nextBatch(maxLines: 10)
    }
  }

  @Test func aFIFOOrADeviceIsRefusedAsWhatItIs() {
    let fifo = CatalogFileBoundsTests.fifo(named: "script.jsonl")
    #expect(Self.refusal(fifo, limit: 9) == "\(fifo): expected a regular file, found a FIFO")
    #expect(Self.refusal("/dev/zero", limit: 9) == "/dev/zero: expected a regular file, found a character device")
    let folder = CatalogTestFiles.scratchFolder()
    #expect(Self.refusal(folder, limit: 9) == "\(folder): expected a regular file, found a directory")
    #expect(Self.refusal("/nonexistent/emotext", limit: 9) == "/nonexistent/emotext: No such file or directory")
  }

  /// `-` is not checked, whatever standard input is (a terminal, `/dev/null`, a pipe or a file of any size).
  @Test func standardInputIsNotChecked() throws {
    _ = try LineSource(path: "-", maximumFileUTF8Count: 0)
    let script = String(repeating: #"{"insert": "a"}"# + "\n", count: 4)
    let output = try CLIProcess.run(["edit", "-"], stdin: Data(script.utf8))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.split(separator: "\n").count == 4)
  }

  /// Through the command: a FIFO (which nothing writes to: reading it would wait forever), `/dev/zero` (which has
  /// no end) and a sparse file one byte over the limit are refused with the file named, before a line is read.
  @Test func emotextEditRefusesAFIFOADeviceAndAFileOverTheLimit() throws {
    let fifo = CatalogFileBoundsTests.fifo(named: "script.jsonl")
    let limit = EditScript.maximumFileByteCount
    let huge = CatalogFileBoundsTests.hugeFile(named: "script.jsonl", byteCount: limit + 1)
    for (path, message) in [
      (fifo, "expected a regular file, found a FIFO"),
      ("/dev/zero", "expected a regular file, found a character device"),
      (huge, "expected a file of at most \(limit) bytes, found \(limit + 1) bytes"),
    ] {
      let output = try CLIProcess.run(["edit", path])
      #expect(output.status == 1, "\(path)")
      #expect(output.stdout.isEmpty, "\(path)")
      #expect(output.stderr == "emotext edit: \(path): \(message)\n", "\(path)")
    }
  }
}

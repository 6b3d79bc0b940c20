import Foundation
import Testing

@Suite("CLI catalog search")
struct CLICatalogSearchTests {
  @Test func printsOneCodePerLineBestFirst() throws {
    let output = try CLIProcess.run(["catalog", "search", "hh", "--limit", "2"])
    #expect(output.status == 0)
    #expect(output.stdout == "[哈哈]\t😆\t哈哈\n[右哼哼]\t😤\t右哼哼\n")
  }

  @Test func searchesAJSONCatalog() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(
      #"{"version":1,"packs":[{"id":"p","displayName":"p","emoticons":[{"code":"[小明]","png":"a.png"},{"code":"[明天]","png":"b.png"}]}]}"#
        .utf8
    ).write(to: file)
    let output = try CLIProcess.run(["catalog", "search", "ming", "--catalog", file.path])
    #expect(output.stdout == "[明天]\t-\t明天\n[小明]\t-\t小明\n", "\(output.stderr)")
  }

  @Test func aMissingQueryIsAUsageError() throws {
    let output = try CLIProcess.run(["catalog", "search"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("search takes exactly one QUERY"))
  }
}

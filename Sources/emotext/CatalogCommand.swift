import Emotext
import EmotextCLISupport

enum CatalogCommand: Command {
  static let name = "catalog"
  static let summary = "list, validate, page, export or search an emoticon catalog"
  static let usage = """
    usage: emotext catalog list [--catalog PATH] [--emoticons] [--header]
           emotext catalog validate [--catalog] PATH
           emotext catalog pages [--catalog PATH] [--pack ID] [--rows R --columns C]
           emotext catalog export [--catalog PATH]
           emotext catalog search QUERY [--limit N] [--catalog PATH]

    PATH is a tutorial Emoticons.bundle folder (emoticons.plist + <id>/info.plist) or a JSON catalog file;
    without --catalog the embedded default catalog is used. A bundle's images are in each pack's folder; in
    a JSON catalog, a pack's "directory" (relative to the file) is where its image files are, and a pack
    without one has no images for render --html (the embedded catalog has none either).

      list       one tab-separated line per pack (id, name, count, display-only when it is); --emoticons:
                 one per emoticon (pack, code, aliases, image file or emoji, fallback); --header first
                 prints a row naming the columns
      validate   one line per problem ("error: file: key path: …", "warning: …"), image files that are
                 missing included; exit 1 when any error
      pages      the keyboard pages of each keyboard pack (not display-only ones) or of --pack ID,
                 rows × columns cells (default 3 × 7),
                 the delete key (⌫) last, empty cells as ·
      export     the catalog in the JSON catalog format (version 1) on stdout
      search     the image emoticons matching QUERY by name or pinyin (haha, hh, 哈h), best first, at
                 most N (default 20): one tab-separated line each, the code, the fallback (- when none)
                 and the names searched (the code and its aliases without brackets); exit 1 with a
                 message on stderr when nothing matches

    options:
      --catalog PATH  the catalog (validate: also a bare PATH)
      --emoticons     list: one line per emoticon instead of per pack
      --header        list: a header row naming the columns first (packs: the count a bare number,
                      display-only yes or no)
      --pack ID       pages: only this pack's pages
      --rows R        pages: rows per page (default 3)
      --columns C     pages: columns per page (default 7)
      --limit N       search: at most N results (default 20)

    examples:
      emotext catalog validate Tests/Fixtures/catalogs/yykit-layout
      emotext catalog pages --pack com.sina.default --rows 4 --columns 8
      emotext catalog export --catalog Tests/Fixtures/catalogs/tutorial-quirks > catalog.json
      emotext catalog search hh --limit 3
    """

  static func run(_ arguments: inout Arguments) throws -> Int32 {
    let catalogPath = try arguments.option("--catalog")
    let showEmoticons = arguments.flag("--emoticons")
    let header = arguments.flag("--header")
    let packID = try arguments.option("--pack")
    let rows = try arguments.integerOption("--rows", in: 1...100)
    let columns = try arguments.integerOption("--columns", in: 1...100)
    let limit = try arguments.integerOption("--limit", in: 0...100_000)
    var words = try arguments.positionals()
    guard !words.isEmpty else { throw UsageError("missing subcommand: list, validate, pages, export or search") }
    let subcommand = words.removeFirst()
    if header && subcommand != "list" { throw UsageError("--header goes with list") }
    if subcommand == "validate" {
      guard let path = catalogPath.map({ words.isEmpty ? $0 : nil }) ?? (words.count == 1 ? words[0] : nil) else {
        throw UsageError("validate takes exactly one catalog: --catalog PATH, or PATH")
      }
      let report = EmoticonCatalog.validate(contentsOf: path)
      // Note: image files are checked only when the catalog loaded; a missing file is a warning, since a
      // host may serve the images from elsewhere (render --image-base).
      let lines = report.lines + (report.errors.isEmpty ? report.catalog.missingImageFileLines : [])
      for line in lines { StandardOutput.write(line) }
      if lines.isEmpty { StandardOutput.write("ok: \(counted(report.catalog.packs.count, "pack")), no problems") }
      return report.errors.isEmpty ? 0 : 1
    }
    if subcommand == "search" {
      guard words.count == 1 else { throw UsageError("search takes exactly one QUERY") }
      let catalog = try loadCatalog(at: catalogPath)
      let found = catalog.search(words[0], limit: limit ?? 20)
      for emoticon in found { StandardOutput.write(emoticon.searchLine) }
      guard !found.isEmpty else { throw CommandFailure("no emoticon matches '\(words[0])'") }
      return 0
    }
    guard ["list", "pages", "export"].contains(subcommand) else {
      throw UsageError("unknown subcommand '\(subcommand)'; expected list, validate, pages, export or search")
    }
    if let extra = words.first { throw UsageError("unexpected argument '\(extra)'") }
    let catalog = try loadCatalog(at: catalogPath)
    switch subcommand {
    case "list":
      if header {
        StandardOutput.write(showEmoticons ? EmoticonCatalog.emoticonColumns : EmoticonCatalog.packColumns)
      }
      let packLines = header ? catalog.packRows : catalog.packLines
      for line in showEmoticons ? catalog.emoticonLines : packLines { StandardOutput.write(line) }
    case "pages":
      let rows = rows ?? KeyboardLayout.standard.rows
      let columns = columns ?? KeyboardLayout.standard.columns
      guard rows * columns >= 2 else { throw UsageError("a page needs at least 2 cells (an emoticon and delete)") }
      var packs = catalog.keyboardPacks
      if let packID {
        guard let pack = catalog.pack(id: packID) else {
          throw CommandFailure(
            "no pack '\(packID)'; the catalog has \(catalog.packs.map(\.id).joined(separator: ", "))")
        }
        packs = [pack]
      }
      for pack in packs {
        for page in pack.pages(layout: KeyboardLayout(rows: rows, columns: columns)) {
          StandardOutput.write("\(pack.id) page \(page.pageIndex + 1)")
          StandardOutput.write(page.textGrid)
        }
      }
    default:
      StandardOutput.writeRaw(catalog.jsonText)
    }
    return 0
  }
}

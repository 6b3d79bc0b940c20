import Emotext

/// `count` and `noun`, plural unless `count` is 1: `1 pack`, `2 packs`.
package func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// Plain-text listings of a catalog, for `emotext catalog list` and `pages`.
extension EmoticonCatalog {
  /// One line per pack: id, display name, emoticon count, and `display-only` when it is, tab-separated.
  ///
  /// ```swift
  /// EmoticonCatalog.default.packLines[0]   // "com.sina.default\t默认\t111 emoticons"
  /// ```
  package var packLines: [String] {
    // Note: the columns are named by ``packColumns``; keep the two together.
    packs.map { pack in
      [pack.id, pack.displayName, counted(pack.emoticons.count, "emoticon")].joined(separator: "\t")
        + (pack.isDisplayOnly ? "\tdisplay-only" : "")
    }
  }

  /// One line per emoticon: pack id, code, aliases (comma-separated), kind (`png` name or
  /// `emoji 0x…`) and fallback, tab-separated, with empty fields left empty.
  ///
  /// ```swift
  /// EmoticonCatalog.default.emoticonLines[4]   // "com.sina.default\t[爱你]\t[愛你]\td_aini.png\t😍"
  /// ```
  package var emoticonLines: [String] {
    // Note: the columns are named by ``emoticonColumns``; keep the two together.
    packs.flatMap { pack in
      pack.emoticons.map { emoticon in
        let kind =
          switch emoticon.kind {
          case .image(let png, _): png
          case .emoji(let emoji): "emoji " + EmojiCode.format(emoji)
          }
        return [pack.id, emoticon.code, emoticon.aliases.joined(separator: ","), kind, emoticon.fallback ?? ""]
          .joined(separator: "\t")
      }
    }
  }
}

extension EmoticonCatalog {
  /// The header row of ``packRows``.
  package static let packColumns = ["pack", "name", "emoticons", "display-only"].joined(separator: "\t")

  /// ``packLines`` as a table under ``packColumns``: every row has each column, the count a bare number and
  /// display-only `yes` or `no`, so a spreadsheet or `cut` reads numbers.
  ///
  /// ```swift
  /// EmoticonCatalog.default.packRows[0]   // "com.sina.default\t默认\t111\tno"
  /// ```
  package var packRows: [String] {
    packs.map { pack in
      [pack.id, pack.displayName, String(pack.emoticons.count), pack.isDisplayOnly ? "yes" : "no"]
        .joined(separator: "\t")
    }
  }
  /// The header row of ``emoticonLines``.
  package static let emoticonColumns = ["pack", "code", "aliases", "kind", "fallback"].joined(separator: "\t")
}

extension Emoticon {
  /// A line of `catalog search`: the code, the fallback (`-` when none) and the names search matches (the
  /// code and the aliases without their brackets), tab-separated.
  ///
  /// ```swift
  /// EmoticonCatalog.default.search("aini", limit: 1)[0].searchLine   // "[爱你]\t😍\t爱你,愛你"
  /// ```
  package var searchLine: String {
    let names = ([code] + aliases).map { name in
      name.hasPrefix("[") && name.hasSuffix("]") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
    }
    return [code, fallback ?? "-", names.joined(separator: ",")].joined(separator: "\t")
  }
}

extension KeyboardPage {
  /// The page as text, one line per row: each cell is the emoticon's code (emoji as themselves), `·`
  /// for an empty cell and `⌫` for the delete key, separated by spaces.
  ///
  /// ```swift
  /// EmoticonPack(id: "p", displayName: "P", emoticons: []).pages(layout: KeyboardLayout(rows: 1, columns: 3))[0]
  ///   .textGrid   // "· · ⌫"
  /// ```
  package var textGrid: String {
    rowCells.map { row in
      row.map { cell in
        switch cell {
        case .emoticon(let emoticon): emoticon.code
        case .empty: "·"
        case .delete: "⌫"
        }
      }.joined(separator: " ")
    }.joined(separator: "\n")
  }
}

import EmotextUnicode

/// The size of one page of the emoticon keyboard, in cells.
///
/// ```swift
/// let layout = KeyboardLayout(rows: 3, columns: 7)   // 21 cells: 20 emoticons + delete
/// layout.emoticonsPerPage   // 20
/// ```
public struct KeyboardLayout: Hashable, Sendable {
  /// Rows of cells on a page (at least 1).
  public let rows: Int
  /// Cells in a row (at least 1).
  public let columns: Int

  /// A page of `rows × columns` cells, which must leave room for at least one emoticon and the delete key.
  public init(rows: Int, columns: Int) {
    precondition(
      rows >= 1 && columns >= 1, "KeyboardLayout needs at least 1 row and 1 column, got \(rows) × \(columns)")
    precondition(
      rows * columns >= 2, "KeyboardLayout needs at least 2 cells (an emoticon and delete), got \(rows) × \(columns)")
    self.rows = rows
    self.columns = columns
  }

  /// The Weibo keyboard: 3 rows of 7 cells.
  public static let standard = KeyboardLayout(rows: 3, columns: 7)

  /// Cells on a page, the delete key included.
  public var cellsPerPage: Int { rows * columns }
  /// Emoticons on a full page: every cell but the delete key.
  public var emoticonsPerPage: Int { rows * columns - 1 }
}

/// One page of the emoticon keyboard: `rows × columns` cells in reading order, the delete key last.
///
/// ```swift
/// let pages = EmoticonCatalog.default.packs[0].pages(layout: .standard)
/// pages[0].cells.last            // .delete
/// pages[0].rowCells[0].count     // 7
/// ```
public struct KeyboardPage: Hashable, Sendable {
  /// What one cell of a page holds.
  public enum Cell: Hashable, Sendable {
    case emoticon(Emoticon)
    /// Padding on the last page.
    case empty
    /// The delete (Backspace) key, always the last cell.
    case delete
  }

  /// The id of the pack the page belongs to.
  public let packID: String
  /// The page's position in its pack, from 0.
  public let pageIndex: Int
  /// The page size.
  public let layout: KeyboardLayout
  /// `layout.cellsPerPage` cells in reading order (row by row); the last is ``Cell/delete``.
  public let cells: [Cell]

  /// The cells row by row: `layout.rows` arrays of `layout.columns` cells.
  public var rowCells: [[Cell]] {
    stride(from: 0, to: cells.count, by: layout.columns).map { Array(cells[$0..<($0 + layout.columns)]) }
  }

  /// The emoticons on the page, in order.
  public var emoticons: [Emoticon] {
    cells.compactMap { if case .emoticon(let emoticon) = $0 { emoticon } else { nil } }
  }
}

extension EmoticonPack {
  /// The pack laid out as keyboard pages: each page holds `layout.emoticonsPerPage` emoticons then the
  /// delete key; the last page is padded with empty cells before its delete key; an empty pack gives one
  /// page of empty cells and the delete key.
  ///
  /// - Complexity: O(*n*) in the number of emoticons.
  public func pages(layout: KeyboardLayout = .standard) -> [KeyboardPage] {
    let perPage = layout.emoticonsPerPage
    let pageCount = max(1, (emoticons.count + perPage - 1) / perPage)
    return (0..<pageCount).map { pageIndex in
      let start = pageIndex * perPage
      let slice = emoticons[start..<min(start + perPage, emoticons.count)]
      let cells =
        slice.map(KeyboardPage.Cell.emoticon) + Array(repeating: .empty, count: perPage - slice.count) + [.delete]
      return KeyboardPage(packID: id, pageIndex: pageIndex, layout: layout, cells: cells)
    }
  }
}

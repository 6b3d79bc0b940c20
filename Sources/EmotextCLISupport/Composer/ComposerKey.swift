import Emotext

/// A key press the composer understands, decoded from terminal input by ``ComposerKeyDecoder``.
package enum ComposerKey: Hashable, Sendable {
  /// Typed or pasted text (one or more characters, no control characters).
  case text(String)
  case left, right, up, down, home, end
  case backspace, delete
  /// Toggles the emoticon keyboard.
  case tab
  case enter
  case pageUp, pageDown
  /// Cancels (Esc).
  case escape
  /// Sends (Ctrl-D).
  case send
  /// Ctrl-C: cancels, like Esc.
  case interrupt
  /// Ctrl-Z and Ctrl-Y.
  case undo, redo
}

/// Turns the bytes a terminal in raw mode sends into ``ComposerKey``s.
///
/// Escape sequences (`ESC [ A`, `ESC [ 5 ~`, `ESC O H`…) and UTF-8 may arrive split across reads: an
/// unfinished one waits for the next ``decode(_:)``. A lone `ESC` is the Esc key only once no more bytes
/// follow, which the caller says by calling ``flush()`` after a short quiet time.
///
/// ```swift
/// var decoder = ComposerKeyDecoder()
/// decoder.decode(Array("好\u{1B}[D\u{7F}".utf8))   // [.text("好"), .left, .backspace]
/// decoder.decode([0x1B])                          // [] (maybe the start of a sequence)
/// decoder.flush()                                 // [.escape]
/// ```
package struct ComposerKeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder with nothing held back.
  package init() {}

  /// The keys completed by `bytes` (and any bytes held back from before).
  package mutating func decode(_ bytes: [UInt8]) -> [ComposerKey] {
    pending += bytes
    var keys: [ComposerKey] = []
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
      text = []
    }
    loop: while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x1B:
        guard index + 1 < pending.count else { break loop }
        let next = pending[index + 1]
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
          flushText()
          keys.append(.escape)
          index += 1
          continue
        }
        // CSI or SS3: parameters, then a final byte in 0x40...0x7E.
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { break loop }
        flushText()
        if let key = Self.key(forSequence: Array(pending[(index + 2)...end])) { keys.append(key) }
        index = end + 1
      case _ where Self.controlKeys[byte] != nil:
        flushText()
        keys.append(Self.controlKeys[byte]!)
        index += 1
      case 0x00..<0x20: index += 1  // other controls are ignored
      default:
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= pending.count else { break loop }
        text += pending[index..<(index + length)]
        index += length
      }
    }
    flushText()
    pending.removeFirst(index)
    return keys
  }

  /// The keys held back waiting for more bytes, decided now: a lone `ESC` is the Esc key; an unfinished
  /// sequence or UTF-8 character is dropped.
  package mutating func flush() -> [ComposerKey] {
    defer { pending = [] }
    return pending.first == 0x1B ? [.escape] : []
  }

  /// Whether bytes are held back (so the caller should call ``flush()`` after a short wait).
  package var hasPending: Bool { !pending.isEmpty }

  /// The keys sent as one control byte.
  private static let controlKeys: [UInt8: ComposerKey] = [
    0x7F: .backspace, 0x08: .backspace, 0x09: .tab, 0x0D: .enter, 0x0A: .enter, 0x04: .send, 0x03: .interrupt,
    0x1A: .undo, 0x19: .redo, 0x01: .home, 0x05: .end,
  ]

  /// The key for the bytes after `ESC [` or `ESC O`, final byte included.
  private static func key(forSequence bytes: [UInt8]) -> ComposerKey? {
    let sequence = String(decoding: bytes, as: UTF8.self)
    switch sequence {
    case "A": return .up
    case "B": return .down
    case "C": return .right
    case "D": return .left
    case "H", "1~", "7~": return .home
    case "F", "4~", "8~": return .end
    case "3~": return .delete
    case "5~": return .pageUp
    case "6~": return .pageDown
    case "Z": return .tab  // Shift-Tab
    default: return nil
    }
  }
}

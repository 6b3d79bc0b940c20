extension Emoticon {
  /// The emoticon's name: its code without the brackets (`哈哈` for `[哈哈]`), or the code itself when it has none.
  var name: String { Self.name(ofToken: code) }

  /// The name a token spells: `token` without its brackets when it is `[…]`, else `token` itself.
  static func name(ofToken token: String) -> String {
    // Note: with `[` and `]` the first and last characters, three characters are three bytes or more.
    guard token.hasPrefix("["), token.hasSuffix("]"), token.utf8.count >= 3 else { return token }
    return String(token.dropFirst().dropLast())
  }
}

import EmotextUnicode

/// One scan of valid UTF-8 for ``URLFinder``, on byte offsets: twitter-text's `VALID_URL` pattern written out as
/// code, so that it runs in linear time without a regex engine.
struct URLScan {
  let bytes: UnsafeBufferPointer<UInt8>
  let detection: URLFinder.Detection

  /// The most bytes of a host examined: 253 characters (DNS's limit) of up to 4 bytes each. Beyond it, the scan
  /// stops as at the end of the text; this keeps every match attempt short, so the scan is linear.
  static let hostUTF8Limit = 253 * 4
  /// The longest label, in scalars (a longer one cannot be 63 characters once punycode-encoded).
  static let labelScalarLimit = 63
  /// twitter-text's longest URL, counted with `https://` when it has no scheme.
  static let urlUTF16Limit = 4096
  /// twitter-text's longest `t.co` slug.
  static let tcoSlugLimit = 40

  /// A match of the pattern: where it ends (the scan resumes there) and the URL, or nil when twitter-text rejects
  /// the match after finding it (a bare domain after `-`, an invalid host, a long `t.co` slug).
  struct Match {
    var end: Int
    var url: Range<Int>?
  }

  /// The URLs in ``bytes``, in order, never overlapping, each on grapheme-cluster boundaries.
  func ranges() -> [Range<Int>] {
    var result: [Range<Int>] = []
    var preceding = 0  // Note: as in the pattern, a URL's preceding character is part of the match.
    var trigger = -1
    while preceding < bytes.count {
      if preceding >= trigger {
        // Note: every URL holds a trigger (a host's `.`, a scheme's `://`); one that starts before the trigger's
        // region would have to reach it through a character no host holds, so the scan jumps to the region.
        guard let region = nextRegion(after: preceding) else { break }
        trigger = region.trigger
        if region.start > 0 { preceding = Swift.max(preceding, decode(before: region.start).start) }
      }
      let (scalar, next) = decode(at: preceding)
      var match: Match?
      if allowsURL(after: scalar) { match = self.match(at: next, after: scalar, limit: bytes.count) }
      if match == nil, preceding == 0 { match = self.match(at: 0, after: nil, limit: bytes.count) }
      guard let match else {
        preceding = next
        continue
      }
      if let url = match.url, let onBoundaries = onClusterBoundaries(url) { result.append(onBoundaries) }
      preceding = match.end
    }
    return result
  }

  /// The next trigger after `utf8Offset` and where the URLs that can hold it start at the earliest: for bare
  /// domains, a `.` and the run of host characters before it (at most one label), with a scheme right before
  /// that run; for schemes only, the `://` of `http://` or `https://` and its `h`.
  private func nextRegion(after utf8Offset: Int) -> (trigger: Int, start: Int)? {
    var trigger = utf8Offset + 1
    while trigger < bytes.count {
      defer { trigger += 1 }
      if detection == .twitterText {
        guard bytes[trigger] == UInt8(ascii: ".") else { continue }
        var start = trigger
        var scalars = 0
        while start > 0, scalars <= Self.labelScalarLimit {
          let (scalar, previous) = decode(before: start)
          guard scalar.isURLUnicodeDomainCharacter || scalar == "-" || scalar == "_" else { break }
          start = previous
          scalars += 1
        }
        if scalars <= Self.labelScalarLimit {
          if start >= 7, schemeEnd(at: start - 7, limit: start) == start {
            start -= 7
          } else if start >= 8, schemeEnd(at: start - 8, limit: start) == start {
            start -= 8
          }
        }
        return (trigger, start)
      }
      guard bytes[trigger] == UInt8(ascii: ":"), trigger + 2 < bytes.count, bytes[trigger + 1] == UInt8(ascii: "/"),
        bytes[trigger + 2] == UInt8(ascii: "/")
      else { continue }
      for start in [trigger - 5, trigger - 4] where start >= 0 && schemeEnd(at: start, limit: trigger + 3) != nil {
        return (trigger, start)
      }
    }
    return nil
  }

  /// `url`, or the URL matched again up to the cluster boundary before its end, when its end is inside a
  /// grapheme cluster; nil when it starts inside a cluster or no URL ends on a boundary.
  private func onClusterBoundaries(_ url: Range<Int>) -> Range<Int>? {
    guard isBoundary(url.lowerBound) else { return nil }
    var url = url
    // Note: each try ends at the boundary before the last end; a URL ends in an ASCII or Latin character, so
    // one or two tries suffice in practice, and the cap keeps a hostile text linear.
    for _ in 0..<4 {
      if isBoundary(url.upperBound) { return url }
      let limit = GraphemeBreaks.boundary(before: url.upperBound, inUTF8: bytes)
      guard limit > url.lowerBound else { return nil }
      let precedingScalar = url.lowerBound > 0 ? decode(before: url.lowerBound).scalar : nil
      guard let shorter = match(at: url.lowerBound, after: precedingScalar, limit: limit)?.url,
        shorter.lowerBound == url.lowerBound
      else { return nil }
      url = shorter
    }
    return nil
  }

  /// Whether `utf8Offset` is a grapheme-cluster boundary; asks ICU only next to a non-ASCII character.
  private func isBoundary(_ utf8Offset: Int) -> Bool {
    if utf8Offset == 0 || utf8Offset == bytes.count { return true }
    let before = bytes[utf8Offset - 1]
    let after = bytes[utf8Offset]
    // Note: two ASCII characters are always apart, but for CR LF (UAX #29 GB3).
    if before < 0x80, after < 0x80 { return !(before == 0x0D && after == 0x0A) }
    return GraphemeBreaks.isBoundary(utf8Offset, inUTF8: bytes)
  }

  /// Whether a URL may start right after `scalar`.
  private func allowsURL(after scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCIIAlphanumeric { return false }
    guard detection == .twitterText else { return true }
    switch scalar {
    case "@", "$", "#", "\u{FF20}", "\u{FF03}", "\u{FFFE}", "\u{FEFF}", "\u{FFFF}": return false
    default: return true
    }
  }

  /// The match of the pattern whose URL starts at `start`, reading no further than `limit`.
  func match(at start: Int, after preceding: Unicode.Scalar?, limit: Int) -> Match? {
    guard start < limit else { return nil }
    if let schemeEnd = schemeEnd(at: start, limit: limit), let hostEnd = hostEnd(at: schemeEnd, limit: limit) {
      return validated(start: start, hostStart: schemeEnd, hostEnd: hostEnd, hasScheme: true, preceding, limit)
    }
    // Note: a host starts with a URL character, or any letter right after a scheme; most starts fail here.
    guard detection == .twitterText else { return nil }
    let first = decode(at: start).scalar
    guard first.isURLCharacter || (followsScheme(start) && first.isURLUnicodeDomainCharacter),
      let hostEnd = hostEnd(at: start, limit: limit)
    else { return nil }
    return validated(start: start, hostStart: start, hostEnd: hostEnd, hasScheme: false, preceding, limit)
  }

  /// The match with port, path and query after the host, checked as twitter-text's extractor checks it.
  private func validated(
    start: Int, hostStart: Int, hostEnd: Int, hasScheme: Bool, _ preceding: Unicode.Scalar?, _ limit: Int
  ) -> Match {
    var end = hostEnd
    if end + 1 < limit, bytes[end] == UInt8(ascii: ":"), bytes[end + 1].isASCIIDigit {
      end += 1
      while end < limit, bytes[end].isASCIIDigit { end += 1 }
    }
    if end < limit, bytes[end] == UInt8(ascii: "/") { end = pathEnd(from: end + 1, limit: limit) }
    if end < limit, bytes[end] == UInt8(ascii: "?") { end = queryEnd(from: end + 1, limit: limit) ?? end }
    var match = Match(end: end, url: start..<end)
    if !hasScheme, let preceding, "-_./".unicodeScalars.contains(preceding) {
      match.url = nil
    } else if hasScheme, let slugRange = tcoSlug(hostStart: hostStart, hostEnd: hostEnd, urlEnd: end) {
      if slugRange.count > Self.tcoSlugLimit {
        match.url = nil
      } else {
        var tcoEnd = slugRange.upperBound
        if tcoEnd < end, bytes[tcoEnd] == UInt8(ascii: "?") {
          tcoEnd = queryEnd(from: tcoEnd + 1, limit: end) ?? tcoEnd
        }
        match.url = start..<tcoEnd
      }
    }
    if let url = match.url, !isValidHost(hostStart..<hostEnd, url: url, hasScheme: hasScheme) { match.url = nil }
    return match
  }

  // MARK: Scheme and host

  /// The end of `http://` or `https://` (any case) at `start`.
  private func schemeEnd(at start: Int, limit: Int) -> Int? {
    guard start + 7 <= limit, bytes[start] | 0x20 == UInt8(ascii: "h"), bytes[start + 1] | 0x20 == UInt8(ascii: "t"),
      bytes[start + 2] | 0x20 == UInt8(ascii: "t"), bytes[start + 3] | 0x20 == UInt8(ascii: "p")
    else { return nil }
    var index = start + 4
    if bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
    guard index + 3 <= limit, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
      bytes[index + 2] == UInt8(ascii: "/")
    else { return nil }
    return index + 3
  }

  /// Whether the text before `index` ends with a scheme (the pattern's `(?<=https?://)`).
  private func followsScheme(_ index: Int) -> Bool {
    (index >= 7 && schemeEnd(at: index - 7, limit: index) == index)
      || (index >= 8 && schemeEnd(at: index - 8, limit: index) == index)
  }

  /// One label from `start`: the run of characters of `kind` and `-`, `_`, and what the pattern allows it as.
  private struct Label {
    var end: Int
    /// `(?:C[C\-_]*)?C`: starts and ends with a URL character.
    var isSubdomain: Bool
    /// A subdomain without `_`.
    var isDomainName: Bool
    /// Followed by `.` before `limit`.
    var endsInDot: Bool
  }

  private func label(at start: Int, unicode: Bool, limit: Int) -> Label {
    var index = start
    var count = 0
    var first = true
    var lastIsLabelCharacter = false
    var startsWell = false
    var hasUnderscore = false
    while index < limit, count <= Self.labelScalarLimit {
      let (scalar, next) = decode(at: index)
      let isLabelCharacter = unicode ? scalar.isURLUnicodeDomainCharacter : scalar.isURLCharacter
      if scalar == "_" && !unicode {
        hasUnderscore = true
      } else if scalar != "-" && !isLabelCharacter {
        break
      }
      if first { startsWell = isLabelCharacter }
      first = false
      lastIsLabelCharacter = isLabelCharacter
      count += 1
      index = next
    }
    let valid = count > 0 && count <= Self.labelScalarLimit && startsWell && lastIsLabelCharacter
    return Label(
      end: index, isSubdomain: valid, isDomainName: valid && !hasUnderscore,
      endsInDot: index < limit && bytes[index] == UInt8(ascii: "."))
  }

  /// The end of the host at `start` (the pattern's `URL_VALID_DOMAIN`), or nil.
  func hostEnd(at start: Int, limit: Int) -> Int? {
    let limit = Swift.min(limit, start + Self.hostUTF8Limit)
    // Subdomains, as many as match; then one domain name and a TLD, giving back subdomains until one fits.
    var subdomainStarts: [Int] = []  // Note: stays unallocated for the usual word without a dot.
    var index = start
    while true {
      let subdomain = label(at: index, unicode: false, limit: limit)
      guard subdomain.isSubdomain, subdomain.endsInDot else { break }
      subdomainStarts.append(index)
      index = subdomain.end + 1
    }
    for count in stride(from: subdomainStarts.count, through: 0, by: -1) {
      let labelStart = count == subdomainStarts.count ? index : subdomainStarts[count]
      let name = label(at: labelStart, unicode: false, limit: limit)
      guard name.isDomainName, name.endsInDot else { continue }
      if let end = topLevelDomainEnd(at: name.end + 1, limit: limit, kinds: .all) { return end }
    }
    // After a scheme: one domain name with a country TLD, or one label of any letters with any TLD.
    guard followsScheme(start) else { return nil }
    let name = label(at: start, unicode: false, limit: limit)
    if name.isDomainName, name.endsInDot,
      let end = topLevelDomainEnd(at: name.end + 1, limit: limit, kinds: .country)
    {
      return end
    }
    let unicodeName = label(at: start, unicode: true, limit: limit)
    if unicodeName.isSubdomain, unicodeName.endsInDot {
      return topLevelDomainEnd(at: unicodeName.end + 1, limit: limit, kinds: .listed)
    }
    return nil
  }

  private enum TLDKinds { case all, listed, country }

  /// The end of a top-level domain at `start` that is not followed by an ASCII letter or digit, `@`, `+` or `-`
  /// (any punycode label `xn--…` also counts for `.all`).
  private func topLevelDomainEnd(at start: Int, limit: Int, kinds: TLDKinds) -> Int? {
    guard start < limit else { return nil }
    let table = TopLevelDomainTable.shared
    if bytes[start] < 0x80 {
      var end = start
      while end < limit, bytes[end].isASCIIAlphanumeric || bytes[end] == UInt8(ascii: "-") { end += 1 }
      guard end > start else { return nil }
      // Note: ASCII letters, digits and `-` only, so lowercased byte by byte (no `String.lowercased()`, which maps
      // Unicode) and counted in bytes, which are its characters.
      let count = end - start
      let name = String(unsafeUninitializedCapacity: count) { name in
        for offset in 0..<count {
          let byte = bytes[start + offset]
          name[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        return count
      }
      if kinds == .all, count > 4, name.hasPrefix("xn--") { return end }
      guard end == limit || (bytes[end] != UInt8(ascii: "@") && bytes[end] != UInt8(ascii: "+")) else { return nil }
      let listed = kinds == .country ? table.asciiCountry.contains(name) : table.ascii.contains(name)
      return listed ? end : nil
    }
    // Note: a non-ASCII TLD matches in any case (`.РУС` is `.рус`), as in twitter-text's JavaScript and Ruby
    // patterns and in DNS; Java's pattern folds ASCII only. The next scalars (at most as many as the longest
    // such TLD has) are lowercased once, each on its own, by ICU.
    // Note: most non-ASCII text starts no TLD; when the first scalar, lowercased, starts none, nothing more is
    // lowercased and no TLD is compared.
    var lowercased: [UInt8] = []
    var ends: [(lowercasedCount: Int, utf8End: Int)] = []
    var index = start
    while index < limit, bytes[index] >= 0x80, ends.count < table.longestNonASCIIScalarCount {
      let (scalar, next) = decode(at: index)
      let lower = ScalarCategories.lowercased(String(scalar))
      if ends.isEmpty, let first = lower.unicodeScalars.first, !table.nonASCIIFirstScalars.contains(first) {
        return nil
      }
      lowercased.append(contentsOf: lower.utf8)
      ends.append((lowercased.count, next))
      index = next
    }
    var best: Int?
    for (tld, isCountry) in table.nonASCIIUTF8 where kinds != .country || isCountry {
      guard lowercased.first == tld.first, lowercased.starts(with: tld),
        let end = ends.first(where: { $0.lowercasedCount == tld.count })
      else { continue }
      let utf8End = end.utf8End
      guard utf8End > best ?? start else { continue }
      if utf8End < limit {
        let next = bytes[utf8End]
        if next.isASCIIAlphanumeric || next == UInt8(ascii: "@") || next == UInt8(ascii: "+")
          || next == UInt8(ascii: "-")
        {
          continue
        }
      }
      best = utf8End
    }
    return best
  }

  // MARK: Path and query

  /// The end of the path whose first character (after `/`) is at `start`.
  ///
  /// The pattern's path is a run of pieces, each either path characters and balanced parentheses up to a
  /// character that may end a path, or (by the precedence of `|` in twitter-text's `URL_VALID_PATH`) one
  /// balanced pair alone: `/a(b)` keeps `(b)` but `/a%(b)` ends at `a`. One pass finds the last such character;
  /// pairs right after it follow.
  private func pathEnd(from start: Int, limit: Int) -> Int {
    var index = start
    var end = start
    while index < limit {
      if bytes[index] == UInt8(ascii: "(") {
        guard let close = balancedParenthesesEnd(at: index, limit: limit) else { break }
        index = close
        continue
      }
      let (scalar, next) = decode(at: index)
      guard scalar.isURLPathCharacter else { break }
      index = next
      if scalar.isURLPathEndingCharacter { end = index }
    }
    while end < limit, bytes[end] == UInt8(ascii: "("), let close = balancedParenthesesEnd(at: end, limit: limit) {
      end = close
    }
    return end
  }

  /// The end of `(…)` or `(…(…)…)` of path characters at `start`.
  private func balancedParenthesesEnd(at start: Int, limit: Int) -> Int? {
    let inner = pathCharactersEnd(from: start + 1, limit: limit)
    guard inner < limit else { return nil }
    if inner > start + 1, bytes[inner] == UInt8(ascii: ")") { return inner + 1 }
    guard bytes[inner] == UInt8(ascii: "(") else { return nil }
    let nested = pathCharactersEnd(from: inner + 1, limit: limit)
    guard nested > inner + 1, nested < limit, bytes[nested] == UInt8(ascii: ")") else { return nil }
    let after = pathCharactersEnd(from: nested + 1, limit: limit)
    guard after < limit, bytes[after] == UInt8(ascii: ")") else { return nil }
    return after + 1
  }

  private func pathCharactersEnd(from start: Int, limit: Int) -> Int {
    var index = start
    while index < limit {
      let (scalar, next) = decode(at: index)
      guard scalar.isURLPathCharacter else { break }
      index = next
    }
    return index
  }

  /// The end of the query whose first character (after `?`) is at `start`, or nil when it has no character that
  /// may end a query.
  private func queryEnd(from start: Int, limit: Int) -> Int? {
    var index = start
    var end: Int?
    while index < limit, bytes[index].isURLQueryCharacter {
      index += 1
      if bytes[index - 1].isURLQueryEndingCharacter { end = index }
    }
    return end
  }

  /// The slug of a `t.co` URL: `[a-z0-9]+` after `t.co/`.
  private func tcoSlug(hostStart: Int, hostEnd: Int, urlEnd: Int) -> Range<Int>? {
    guard hostEnd - hostStart == 4, bytes[hostStart] | 0x20 == UInt8(ascii: "t"),
      bytes[hostStart + 1] == UInt8(ascii: "."), bytes[hostStart + 2] | 0x20 == UInt8(ascii: "c"),
      bytes[hostStart + 3] | 0x20 == UInt8(ascii: "o"), hostEnd < urlEnd, bytes[hostEnd] == UInt8(ascii: "/")
    else { return nil }
    var end = hostEnd + 1
    while end < urlEnd, bytes[end].isASCIIAlphanumeric { end += 1 }
    return end > hostEnd + 1 ? (hostEnd + 1)..<end : nil
  }

  // MARK: Host validation

  /// twitter-text's `isValidHostAndLength`: each label 1 to 63 characters once punycode-encoded (Java's
  /// `IDN.toASCII`), no non-ASCII label starting with `xn--`, and the URL at most 4096 UTF-16 units with the host
  /// encoded (and `https://` added when it has no scheme).
  private func isValidHost(_ host: Range<Int>, url: Range<Int>, hasScheme: Bool) -> Bool {
    var encodedHostCount = 0
    var labelStart = host.lowerBound
    for index in host.lowerBound...host.upperBound where index == host.upperBound || bytes[index] == UInt8(ascii: ".") {
      let label = String(decoding: UnsafeBufferPointer(rebasing: bytes[labelStart..<index]), as: UTF8.self)
      guard let encoded = Punycode.encodedLabelCount(label), (1...63).contains(encoded) else { return false }
      encodedHostCount += encoded + (index == host.upperBound ? 0 : 1)
      labelStart = index + 1
    }
    let urlCount = utf16Count(url) - utf16Count(host) + encodedHostCount + (hasScheme ? 0 : "https://".count)
    return urlCount <= Self.urlUTF16Limit
  }

  private func utf16Count(_ range: Range<Int>) -> Int {
    var count = 0
    for index in range {
      let byte = bytes[index]
      if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
    }
    return count
  }

  // MARK: UTF-8

  /// The scalar starting at `index` and the index after it (the text is valid UTF-8).
  func decode(at index: Int) -> (scalar: Unicode.Scalar, next: Int) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), index + 1) }
    let count = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var value = lead & (0xFF >> (count + 1))
    for offset in 1..<count { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", index + count)
  }

  /// The scalar ending at `index` and where it starts.
  func decode(before index: Int) -> (scalar: Unicode.Scalar, start: Int) {
    var start = index - 1
    while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return (decode(at: start).scalar, start)
  }
}

/// The TLD list as the scanner looks it up, built once.
struct TopLevelDomainTable: Sendable {
  static let shared = TopLevelDomainTable()

  /// ASCII TLDs, country and generic.
  let ascii: Set<String>
  /// ASCII country TLDs.
  let asciiCountry: Set<String>
  /// Non-ASCII TLDs and whether each is a country TLD.
  let nonASCII: [(String, Bool)]
  /// The most scalars in a non-ASCII TLD.
  let longestNonASCIIScalarCount: Int
  /// ``nonASCII``'s TLDs as UTF-8 bytes, compared with the lowercased text without a `String`.
  let nonASCIIUTF8: [([UInt8], Bool)]
  /// The first scalar of each non-ASCII TLD.
  let nonASCIIFirstScalars: Set<Unicode.Scalar>

  private init() {
    asciiCountry = Set(TopLevelDomains.country.filter { $0.utf8.allSatisfy { $0 < 0x80 } })
    ascii = asciiCountry.union(TopLevelDomains.generic.filter { $0.utf8.allSatisfy { $0 < 0x80 } })
    nonASCII =
      TopLevelDomains.country.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }.map { ($0, true) }
      + TopLevelDomains.generic.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }.map { ($0, false) }
    longestNonASCIIScalarCount = nonASCII.map(\.0.unicodeScalars.count).max() ?? 0
    nonASCIIUTF8 = nonASCII.map { (Array($0.utf8), $1) }
    nonASCIIFirstScalars = Set(nonASCII.compactMap(\.0.unicodeScalars.first))
  }
}

extension UInt8 {
  fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  fileprivate var isASCIIAlphanumeric: Bool {
    isASCIIDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z"))
  }
  /// `[a-z0-9!?*'();:&=+$/%#\[\]\-_.,~|@]`
  fileprivate var isURLQueryCharacter: Bool {
    isASCIIAlphanumeric || "!?*'();:&=+$/%#[]-_.,~|@".utf8.contains(self)
  }
  /// `[a-z0-9\-_&=#/]`
  fileprivate var isURLQueryEndingCharacter: Bool { isASCIIAlphanumeric || "-_&=#/".utf8.contains(self) }
}

extension Unicode.Scalar {
  fileprivate var isASCIIAlphanumeric: Bool { isASCII && UInt8(value).isASCIIAlphanumeric }

  /// twitter-text's `LATIN_ACCENTS_CHARS`.
  fileprivate var isLatinAccent: Bool {
    switch value {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263,
      0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
      true
    default: false
    }
  }

  fileprivate var isCyrillic: Bool { (0x400...0x4FF).contains(value) }

  /// `URL_VALID_CHARS`: an ASCII letter or digit, or a Latin letter with an accent.
  fileprivate var isURLCharacter: Bool { isASCIIAlphanumeric || isLatinAccent }

  /// `URL_VALID_UNICODE_CHARS`: not ASCII punctuation, not a space or separator, not General Punctuation.
  var isURLUnicodeDomainCharacter: Bool {
    if isASCII { return UInt8(value).isASCIIAlphanumeric || !(value <= 0x20 || value == 0x7F || isASCIIPunctuation) }
    if (0x2000...0x206F).contains(value) { return false }
    return !ScalarCategories.isSeparator(self)
  }

  /// twitter-text's `PUNCTUATION_CHARS` (every ASCII punctuation character except `\`).
  private var isASCIIPunctuation: Bool {
    // Note: `-_!"#$%&'()*+,./:;<=>?@[]^`{|}~` as ranges, not a scan of that string for every character.
    switch value {
    case 0x21...0x2F, 0x3A...0x40, 0x5B, 0x5D...0x60, 0x7B...0x7E: true
    default: false
    }
  }

  /// `URL_VALID_GENERAL_PATH_CHARS`.
  var isURLPathCharacter: Bool {
    if isASCII { return UInt8(value).isASCIIAlphanumeric || "!*';:=+,.$/%#[]-_~|&@".unicodeScalars.contains(self) }
    return value == 0x2013 || isLatinAccent || isCyrillic
  }

  /// `URL_VALID_PATH_ENDING_CHARS` without the parentheses.
  fileprivate var isURLPathEndingCharacter: Bool {
    if isASCII { return UInt8(value).isASCIIAlphanumeric || "=_#/-+".unicodeScalars.contains(self) }
    return isLatinAccent || isCyrillic
  }
}

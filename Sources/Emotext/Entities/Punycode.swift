import EmotextUnicode

/// Punycode (RFC 3492) as far as URL host validation needs it: how long a label is once encoded.
enum Punycode {
  /// The length of `label` in its ASCII form (`xn--` and the punycode of its lowercase form when it has a
  /// non-ASCII character, else its own length), or nil when a non-ASCII label already starts with `xn--`
  /// (what Java's `IDN.toASCII` rejects).
  static func encodedLabelCount(_ label: String) -> Int? {
    if label.utf8.allSatisfy({ $0 < 0x80 }) { return label.utf8.count }
    let lowercased = ScalarCategories.lowercased(label)
    if lowercased.hasPrefix("xn--") { return nil }
    return 4 + encodedCount(lowercased.unicodeScalars.map(\.value))
  }

  /// The number of characters RFC 3492's encoder writes for `input`.
  static func encodedCount(_ input: [UInt32]) -> Int {
    let base = 36
    let tMin = 1
    let tMax = 26
    let basicCount = input.count { $0 < 0x80 }
    var count = basicCount + (basicCount > 0 ? 1 : 0)
    var n: UInt32 = 0x80
    var delta = 0
    var bias = 72
    var handled = basicCount
    while handled < input.count {
      let next = input.filter { $0 >= n }.min() ?? n
      delta += Int(next - n) * (handled + 1)
      n = next
      for scalar in input {
        if scalar < n { delta += 1 }
        guard scalar == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
          if q < t { break }
          count += 1
          q = (q - t) / (base - t)
          k += base
        }
        count += 1
        bias = adapt(delta: delta, points: handled + 1, first: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return count
  }

  private static func adapt(delta: Int, points: Int, first: Bool) -> Int {
    var delta = first ? delta / 700 : delta / 2
    delta += delta / points
    var k = 0
    while delta > ((36 - 1) * 26) / 2 {
      delta /= 36 - 1
      k += 36
    }
    return k + (36 * delta) / (delta + 38)
  }
}

import EmotextUnicode

extension WeightedLengthRule {
  /// The weight of one scalar value by this rule: the first range holding it, else ``defaultWeight``.
  // Note: a plain loop over the ranges' bounds, without a closure per scalar: this runs once per scalar of
  // every post counted.
  @inline(__always)
  func weight(ofScalarValue value: UInt32) -> Int {
    ranges.withUnsafeBufferPointer { ranges in
      for range in ranges where range.scalars.lowerBound <= value && value <= range.scalars.upperBound {
        return range.weight
      }
      return defaultWeight
    }
  }

  /// The weight every ASCII scalar has by this rule, if they all have the same (the first range holding
  /// one holds all of them).
  var asciiWeight: Int? {
    for range in ranges where range.scalars.lowerBound <= 0x7F {
      return range.scalars.lowerBound == 0 && range.scalars.upperBound >= 0x7F ? range.weight : nil
    }
    return defaultWeight
  }

  /// The sum of the weights of the scalars in valid UTF-8.
  @inline(__always)
  func weight(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, asciiWeight: Int?) -> Int {
    var sum = 0
    var index = 0
    while index < utf8.count {
      if let asciiWeight, utf8[index] < 0x80 {
        // Note: the common case, one add per byte.
        sum &+= asciiWeight
        index &+= 1
        continue
      }
      let (value, length) = GraphemeBreaks.scalar(in: utf8, at: index)
      sum &+= weight(ofScalarValue: value)
      index &+= length
    }
    return sum
  }
}

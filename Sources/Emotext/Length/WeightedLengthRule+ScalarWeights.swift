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

  /// The sum of the weights of the scalars in valid UTF-8.
  @inline(__always)
  func weight(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var sum = 0
    var index = 0
    while index < utf8.count {
      let (value, length) = GraphemeBreaks.scalar(in: utf8, at: index)
      sum &+= weight(ofScalarValue: value)
      index &+= length
    }
    return sum
  }
}

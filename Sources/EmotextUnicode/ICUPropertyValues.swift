/// ICU's enumerated property values as Swift enums, so call sites name a value (`.extend`, `.wide`) instead of
/// ICU's number. The raw values are ICU's C enum values (`unicode/uchar.h`, stable across ICU versions); the
/// accessors on `Unicode.Scalar` in ScalarProperties.swift read them through the CICU shim.
package enum ICU {
  /// Grapheme_Cluster_Break (UAX #29), ICU's `UGraphemeClusterBreak`.
  package enum GraphemeClusterBreak: Int32, Sendable {
    case other = 0
    case control = 1
    case cr = 2
    case extend = 3
    case l = 4
    case lf = 5
    case lv = 6
    case lvt = 7
    case t = 8
    case v = 9
    case spacingMark = 10
    case prepend = 11
    case regionalIndicator = 12
    case eBase = 13
    case eBaseGaz = 14
    case eModifier = 15
    case glueAfterZwj = 16
    case zwj = 17
  }

  /// Line_Break (UAX #14), ICU's `ULineBreak`.
  package enum LineBreak: Int32, Sendable {
    case unknown = 0
    case ambiguous = 1
    case alphabetic = 2
    case breakBoth = 3
    case breakAfter = 4
    case breakBefore = 5
    case mandatoryBreak = 6
    case contingentBreak = 7
    case closePunctuation = 8
    case combiningMark = 9
    case carriageReturn = 10
    case exclamation = 11
    case glue = 12
    case hyphen = 13
    case ideographic = 14
    case inseparable = 15
    case infixNumeric = 16
    case lineFeed = 17
    case nonstarter = 18
    case numeric = 19
    case openPunctuation = 20
    case postfixNumeric = 21
    case prefixNumeric = 22
    case quotation = 23
    case complexContext = 24
    case surrogate = 25
    case space = 26
    case breakSymbols = 27
    case zwspace = 28
    case nextLine = 29
    case wordJoiner = 30
    case h2 = 31
    case h3 = 32
    case jl = 33
    case jt = 34
    case jv = 35
    case closeParenthesis = 36
    case conditionalJapaneseStarter = 37
    case hebrewLetter = 38
    case regionalIndicator = 39
    case eBase = 40
    case eModifier = 41
    case zwj = 42
  }

  /// East_Asian_Width (UAX #11), ICU's `UEastAsianWidth`.
  package enum EastAsianWidth: Int32, Sendable {
    case neutral = 0
    case ambiguous = 1
    case halfwidth = 2
    case fullwidth = 3
    case narrow = 4
    case wide = 5
  }

  /// General_Category, ICU's `UCharCategory`.
  package enum GeneralCategory: Int32, Sendable {
    case unassigned = 0
    case uppercaseLetter = 1
    case lowercaseLetter = 2
    case titlecaseLetter = 3
    case modifierLetter = 4
    case otherLetter = 5
    case nonSpacingMark = 6
    case enclosingMark = 7
    case combiningSpacingMark = 8
    case decimalDigitNumber = 9
    case letterNumber = 10
    case otherNumber = 11
    case spaceSeparator = 12
    case lineSeparator = 13
    case paragraphSeparator = 14
    case controlChar = 15
    case formatChar = 16
    case privateUseChar = 17
    case surrogate = 18
    case dashPunctuation = 19
    case startPunctuation = 20
    case endPunctuation = 21
    case connectorPunctuation = 22
    case otherPunctuation = 23
    case mathSymbol = 24
    case currencySymbol = 25
    case modifierSymbol = 26
    case otherSymbol = 27
    case initialPunctuation = 28
    case finalPunctuation = 29
  }

  /// Indic_Syllabic_Category, ICU's `UIndicSyllabicCategory`.
  package enum IndicSyllabicCategory: Int32, Sendable {
    case other = 0
    case avagraha = 1
    case bindu = 2
    case brahmiJoiningNumber = 3
    case cantillationMark = 4
    case consonant = 5
    case consonantDead = 6
    case consonantFinal = 7
    case consonantHeadLetter = 8
    case consonantInitialPostfixed = 9
    case consonantKiller = 10
    case consonantMedial = 11
    case consonantPlaceholder = 12
    case consonantPrecedingRepha = 13
    case consonantPrefixed = 14
    case consonantSubjoined = 15
    case consonantSucceedingRepha = 16
    case consonantWithStacker = 17
    case geminationMark = 18
    case invisibleStacker = 19
    case joiner = 20
    case modifyingLetter = 21
    case nonJoiner = 22
    case nukta = 23
    case number = 24
    case numberJoiner = 25
    case pureKiller = 26
    case registerShifter = 27
    case syllableModifier = 28
    case toneLetter = 29
    case toneMark = 30
    case virama = 31
    case visarga = 32
    case vowel = 33
    case vowelDependent = 34
    case vowelIndependent = 35
  }

}

#ifndef CICU_PROPERTIES_H
#define CICU_PROPERTIES_H

#include <stdint.h>

// Unicode character properties from ICU's data (ICU 72: Unicode 15.0), so no table is copied by hand.

typedef enum CICUBinaryProperty {
  CICU_EMOJI = 0,
  CICU_EMOJI_PRESENTATION = 1,
  CICU_EMOJI_MODIFIER = 2,
  CICU_EMOJI_MODIFIER_BASE = 3,
  CICU_EMOJI_COMPONENT = 4,
  CICU_REGIONAL_INDICATOR = 5,
  CICU_EXTENDED_PICTOGRAPHIC = 6,
  CICU_VARIATION_SELECTOR = 7,
  CICU_WHITE_SPACE = 8,
  CICU_ALPHABETIC = 9,
  CICU_IDEOGRAPHIC = 10,
} CICUBinaryProperty;

/// 1 when `scalar` has the property, else 0.
int32_t cicu_has_property(uint32_t scalar, CICUBinaryProperty property);

/// The canonical combining class (0 for starters).
int32_t cicu_combining_class(uint32_t scalar);

/// The enumerated properties `cicu_int_property` reads; Swift names their values in ICUPropertyValues.swift.
typedef enum CICUIntProperty {
  CICU_GRAPHEME_CLUSTER_BREAK = 0,
  CICU_LINE_BREAK = 1,
  CICU_EAST_ASIAN_WIDTH = 2,
  CICU_GENERAL_CATEGORY = 3,
  CICU_INDIC_SYLLABIC_CATEGORY = 4,
  CICU_NFC_QUICK_CHECK = 5,
} CICUIntProperty;

/// The value of an enumerated property as ICU's C enum value (UGraphemeClusterBreak, ULineBreak,
/// UEastAsianWidth, UCharCategory, UIndicSyllabicCategory, UNormalizationCheckResult), or -1 for an unknown `property`.
int32_t cicu_int_property(uint32_t scalar, CICUIntProperty property);

/// Writes the code point ranges whose `property` has `value` (as closed ranges: `ranges[2 * i]` to
/// `ranges[2 * i + 1]`) into `ranges`, up to `capacity` ranges, and returns how many there are (which may
/// exceed `capacity`; call again with room for them), or -1 on failure with ICU's UErrorCode in `status`.
int32_t cicu_int_property_ranges(CICUIntProperty property, int32_t value, uint32_t *ranges, int32_t capacity,
                                 int32_t *status);

/// Like `cicu_int_property_ranges`, for the code points that have a binary property.
int32_t cicu_binary_property_ranges(CICUBinaryProperty property, uint32_t *ranges, int32_t capacity,
                                    int32_t *status);

/// 1 when the UTF-16 string `text` of `length` units is one RGI emoji (ICU's RGI_Emoji property of strings:
/// the fully-qualified sequences and components of emoji-test.txt), else 0.
int32_t cicu_is_rgi_emoji(const uint16_t *text, int32_t length);

/// Every RGI emoji (single code points and sequences) as UTF-16, each followed by a 0 unit, written into
/// `buffer` as far as `capacity` allows. Returns the number of units the whole list needs (call with
/// capacity 0 to size the buffer), or -1 on an ICU error.
int32_t cicu_rgi_emoji_list(uint16_t *buffer, int32_t capacity);

/// Writes the full lowercase mapping of the UTF-16 `text` of `length` units (root locale, ICU's u_strToLower)
/// into `destination`, up to `capacity` units, and returns the length it needs (call again with that much room
/// when it exceeds `capacity`), or -1 on failure with ICU's UErrorCode in `status`.
int32_t cicu_lowercase(const uint16_t *text, int32_t length, uint16_t *destination, int32_t capacity, int32_t *status);

/// ICU's Unicode version, e.g. "15.0", written into `buffer` (at least 16 bytes).
void cicu_unicode_version(char *buffer, int32_t capacity);

#endif

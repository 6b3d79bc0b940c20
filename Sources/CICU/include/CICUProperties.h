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
} CICUBinaryProperty;

/// 1 when `scalar` has the property, else 0.
int32_t cicu_has_property(uint32_t scalar, CICUBinaryProperty property);

/// The canonical combining class (0 for starters).
int32_t cicu_combining_class(uint32_t scalar);

/// East_Asian_Width: 0 neutral, 1 ambiguous, 2 halfwidth, 3 fullwidth, 4 narrow, 5 wide (ICU's UEastAsianWidth).
int32_t cicu_east_asian_width(uint32_t scalar);

/// The general category as ICU's UCharCategory value (e.g. 6 = Mn, 7 = Me, 8 = Mc, 15 = Cc, 16 = Cf).
int32_t cicu_general_category(uint32_t scalar);

/// Grapheme_Cluster_Break as ICU's UGraphemeClusterBreak value (0 = Other).
int32_t cicu_grapheme_cluster_break(uint32_t scalar);

/// 1 when the UTF-16 string `text` of `length` units is one RGI emoji (ICU's RGI_Emoji property of strings:
/// the fully-qualified sequences and components of emoji-test.txt), else 0.
int32_t cicu_is_rgi_emoji(const uint16_t *text, int32_t length);

/// Every RGI emoji (single code points and sequences) as UTF-16, each followed by a 0 unit, written into
/// `buffer` as far as `capacity` allows. Returns the number of units the whole list needs (call with
/// capacity 0 to size the buffer), or -1 on an ICU error.
int32_t cicu_rgi_emoji_list(uint16_t *buffer, int32_t capacity);

/// ICU's Unicode version, e.g. "15.0", written into `buffer` (at least 16 bytes).
void cicu_unicode_version(char *buffer, int32_t capacity);

#endif

#ifndef CICU_BIDI_H
#define CICU_BIDI_H

#include <stdint.h>

// The Unicode Bidirectional Algorithm (UAX #9) through ICU's ubidi, on UTF-16 text.

/// The paragraph direction `cicu_bidi_resolve` starts from.
typedef enum CICUBidiDirection {
  /// Rules P2 and P3: the first strong character's direction, left-to-right when there is none.
  CICU_BIDI_FIRST_STRONG = 0,
  CICU_BIDI_LEFT_TO_RIGHT = 1,
  CICU_BIDI_RIGHT_TO_LEFT = 2,
} CICUBidiDirection;

/// Resolves the embedding level of each of the `length` UTF-16 units of `text`, taken as one paragraph laid out
/// as one line (rules L1 included), and the visual order: `levels[i]` receives unit i's level and
/// `visualToLogical[v]` the logical index of the unit at visual position v (every unit, those rule X9 removes
/// included, at the level ICU gives them). Both arrays have room for `length` entries. Returns the paragraph
/// level (0 or 1), or -1 on failure with ICU's UErrorCode in `status`.
int32_t cicu_bidi_resolve(const uint16_t *text, int32_t length, CICUBidiDirection direction, uint8_t *levels,
                          int32_t *visualToLogical, int32_t *status);

/// Rule L2 alone: writes into `visualToLogical` the visual order of `count` items with the given embedding
/// `levels` (each at most 125). Returns 0, or -1 when the levels are invalid.
int32_t cicu_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical);

/// Rule L4: the Bidi_Mirroring_Glyph of `scalar` when it is Bidi_Mirrored and has one, else `scalar`.
uint32_t cicu_bidi_mirror(uint32_t scalar);

#endif

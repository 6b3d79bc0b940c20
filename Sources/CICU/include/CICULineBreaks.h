#ifndef CICU_LINE_BREAKS_H
#define CICU_LINE_BREAKS_H

#include <stdint.h>

// Line break opportunities (UAX #14) through ICU's line break iterator, for wrapping text to a width.
//
// Text is UTF-8 (pointer + byte count); offsets are UTF-8 byte offsets into it. Each thread keeps one
// iterator. On an ICU failure the function returns -1 and, when `status` is not NULL, stores ICU's UErrorCode.

/// Writes up to `capacity` line break opportunities after `utf8Offset` (the end of the text included) into
/// `boundaries` and returns how many were written; call again from the last one to continue. A line may
/// start at each of them; a mandatory break (after a line feed) is one too. When `mandatory` is not NULL, it
/// receives 1 for each opportunity that is a mandatory break (ICU's UBRK_LINE_HARD status), else 0.
int32_t cicu_line_break_opportunities(const uint8_t *utf8, int32_t length, int32_t utf8Offset,
                                      int32_t *boundaries, uint8_t *mandatory, int32_t capacity, int32_t *status);

#endif

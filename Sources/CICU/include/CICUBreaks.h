#ifndef CICU_BREAKS_H
#define CICU_BREAKS_H

#include <stdint.h>

// Grapheme cluster boundaries (UAX #29, extended clusters) through ICU's character break iterator.
//
// Text is UTF-8 (pointer + byte count); every offset is a UTF-8 byte offset into it. Each thread
// keeps one break iterator, so the calls are cheap, stateless for the caller, and thread-safe.
// Text longer than INT32_MAX bytes is not supported (ICU break offsets are 32-bit).
// On an ICU failure the functions return -1 and, when `status` is not NULL, store ICU's UErrorCode.

/// The first boundary after `utf8Offset`, or `length` when there is none.
int32_t cicu_grapheme_following(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status);

/// The last boundary before `utf8Offset`, or 0 when there is none.
int32_t cicu_grapheme_preceding(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status);

/// 1 when `utf8Offset` is a boundary, 0 when not, -1 on failure.
int32_t cicu_grapheme_is_boundary(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status);

/// Writes up to `capacity` boundaries after `utf8Offset` (the end of the text included) into `boundaries`
/// and returns how many were written; call again from the last one to continue.
int32_t cicu_grapheme_boundaries(const uint8_t *utf8, int32_t length, int32_t utf8Offset,
                                 int32_t *boundaries, int32_t capacity, int32_t *status);

#endif

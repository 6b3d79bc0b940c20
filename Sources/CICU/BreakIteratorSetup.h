#ifndef CICU_BREAK_ITERATOR_SETUP_H
#define CICU_BREAK_ITERATOR_SETUP_H

// Private to the shim: the set-up every break iterator call shares (Breaks.c, LineBreaks.c).

#include <stdint.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

/// One thread's reusable break iterator of one type over UTF-8 text: ubrk_open is far costlier than
/// ubrk_setUText, so each thread opens it once and points it at new text per call.
typedef struct CICUThreadIterator {
  UBreakIterator *iterator;
  UText text;
} CICUThreadIterator;

#define CICU_THREAD_ITERATOR_INITIALIZER {NULL, UTEXT_INITIALIZER}

/// Opens `slot`'s iterator of `type` if needed and sets it on the UTF-8 text (`length` bytes; an empty text
/// still gets a valid pointer). Returns NULL and sets `status` on failure.
UBreakIterator *cicu_iterator_on_utf8(CICUThreadIterator *slot, UBreakIteratorType type, const uint8_t *utf8,
                                      int32_t length, UErrorCode *status);

/// Writes up to `capacity` boundaries of `iterator` after `utf8Offset` into `boundaries`; returns how many.
/// When `hardLineBreaks` is not NULL (line iterators), it receives 1 for each boundary whose rule status is a
/// mandatory break (UBRK_LINE_HARD), else 0.
int32_t cicu_iterator_collect(UBreakIterator *iterator, int32_t utf8Offset, int32_t *boundaries,
                              uint8_t *hardLineBreaks, int32_t capacity);

/// Stores `code` in `status` (when not NULL) and returns -1: the shim's failure convention.
int32_t cicu_fail(UErrorCode code, int32_t *status);

#endif

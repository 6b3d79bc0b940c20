#include "CICUBreaks.h"

#include "BreakIteratorSetup.h"

static _Thread_local CICUThreadIterator threadCharacterIterator = CICU_THREAD_ITERATOR_INITIALIZER;

static UBreakIterator *iteratorFor(const uint8_t *utf8, int32_t length, UErrorCode *status) {
  return cicu_iterator_on_utf8(&threadCharacterIterator, UBRK_CHARACTER, utf8, length, status);
}

int32_t cicu_grapheme_following(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return cicu_fail(code, status);
  int32_t next = ubrk_following(iterator, utf8Offset);
  return next == UBRK_DONE ? length : next;
}

int32_t cicu_grapheme_preceding(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return cicu_fail(code, status);
  int32_t previous = ubrk_preceding(iterator, utf8Offset);
  return previous == UBRK_DONE ? 0 : previous;
}

int32_t cicu_grapheme_is_boundary(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return cicu_fail(code, status);
  return ubrk_isBoundary(iterator, utf8Offset) ? 1 : 0;
}

int32_t cicu_grapheme_boundaries(const uint8_t *utf8, int32_t length, int32_t utf8Offset,
                                 int32_t *boundaries, int32_t capacity, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return cicu_fail(code, status);
  return cicu_iterator_collect(iterator, utf8Offset, boundaries, NULL, capacity);
}

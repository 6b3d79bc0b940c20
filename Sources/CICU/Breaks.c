#include "CICUBreaks.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>

// One character break iterator per thread, reused across calls: ubrk_open is far costlier than ubrk_setUText.
static _Thread_local UBreakIterator *threadIterator = NULL;
static _Thread_local UText threadText = UTEXT_INITIALIZER;

static UBreakIterator *iteratorFor(const uint8_t *utf8, int32_t length, UErrorCode *status) {
  if (threadIterator == NULL) {
    threadIterator = ubrk_open(UBRK_CHARACTER, "", NULL, 0, status);
    if (U_FAILURE(*status)) {
      threadIterator = NULL;
      return NULL;
    }
  }
  // An empty text still needs a valid pointer.
  static const char empty[1] = {0};
  utext_openUTF8(&threadText, length > 0 ? (const char *)utf8 : empty, length, status);
  if (U_FAILURE(*status)) return NULL;
  ubrk_setUText(threadIterator, &threadText, status);
  if (U_FAILURE(*status)) return NULL;
  return threadIterator;
}

static int32_t fail(UErrorCode code, int32_t *status) {
  if (status != NULL) *status = (int32_t)code;
  return -1;
}

int32_t cicu_grapheme_following(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return fail(code, status);
  int32_t next = ubrk_following(iterator, utf8Offset);
  return next == UBRK_DONE ? length : next;
}

int32_t cicu_grapheme_preceding(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return fail(code, status);
  int32_t previous = ubrk_preceding(iterator, utf8Offset);
  return previous == UBRK_DONE ? 0 : previous;
}

int32_t cicu_grapheme_is_boundary(const uint8_t *utf8, int32_t length, int32_t utf8Offset, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return fail(code, status);
  return ubrk_isBoundary(iterator, utf8Offset) ? 1 : 0;
}

int32_t cicu_grapheme_boundaries(const uint8_t *utf8, int32_t length, int32_t utf8Offset,
                                 int32_t *boundaries, int32_t capacity, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = iteratorFor(utf8, length, &code);
  if (iterator == NULL) return fail(code, status);
  int32_t count = 0;
  int32_t next = ubrk_following(iterator, utf8Offset);
  while (next != UBRK_DONE && count < capacity) {
    boundaries[count++] = next;
    if (count < capacity) next = ubrk_next(iterator);
  }
  return count;
}

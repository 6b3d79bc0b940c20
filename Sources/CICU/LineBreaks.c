#include "CICULineBreaks.h"

#include "BreakIteratorSetup.h"

static _Thread_local CICUThreadIterator threadLineIterator = CICU_THREAD_ITERATOR_INITIALIZER;

int32_t cicu_line_break_opportunities(const uint8_t *utf8, int32_t length, int32_t utf8Offset,
                                      int32_t *boundaries, uint8_t *mandatory, int32_t capacity, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBreakIterator *iterator = cicu_iterator_on_utf8(&threadLineIterator, UBRK_LINE, utf8, length, &code);
  if (iterator == NULL) return cicu_fail(code, status);
  return cicu_iterator_collect(iterator, utf8Offset, boundaries, mandatory, capacity);
}

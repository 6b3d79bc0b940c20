#include "CICULineBreaks.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>

// One line break iterator per thread, reused across calls: ubrk_open is far costlier than ubrk_setUText.
static _Thread_local UBreakIterator *threadLineIterator = NULL;
static _Thread_local UText threadLineText = UTEXT_INITIALIZER;

int32_t cicu_line_break_opportunities(const uint8_t *utf8, int32_t length, int32_t utf8Offset,
                                      int32_t *boundaries, int32_t capacity, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  if (threadLineIterator == NULL) {
    threadLineIterator = ubrk_open(UBRK_LINE, "", NULL, 0, &code);
    if (U_FAILURE(code)) {
      threadLineIterator = NULL;
      if (status != NULL) *status = (int32_t)code;
      return -1;
    }
  }
  static const char empty[1] = {0};
  utext_openUTF8(&threadLineText, length > 0 ? (const char *)utf8 : empty, length, &code);
  if (U_SUCCESS(code)) ubrk_setUText(threadLineIterator, &threadLineText, &code);
  if (U_FAILURE(code)) {
    if (status != NULL) *status = (int32_t)code;
    return -1;
  }
  int32_t count = 0;
  int32_t next = ubrk_following(threadLineIterator, utf8Offset);
  while (next != UBRK_DONE && count < capacity) {
    boundaries[count++] = next;
    if (count < capacity) next = ubrk_next(threadLineIterator);
  }
  return count;
}

#include "BreakIteratorSetup.h"

UBreakIterator *cicu_iterator_on_utf8(CICUThreadIterator *slot, UBreakIteratorType type, const uint8_t *utf8,
                                      int32_t length, UErrorCode *status) {
  if (slot->iterator == NULL) {
    slot->iterator = ubrk_open(type, "", NULL, 0, status);
    if (U_FAILURE(*status)) {
      slot->iterator = NULL;
      return NULL;
    }
  }
  static const char empty[1] = {0};
  utext_openUTF8(&slot->text, length > 0 ? (const char *)utf8 : empty, length, status);
  if (U_FAILURE(*status)) return NULL;
  ubrk_setUText(slot->iterator, &slot->text, status);
  if (U_FAILURE(*status)) return NULL;
  return slot->iterator;
}

int32_t cicu_iterator_collect(UBreakIterator *iterator, int32_t utf8Offset, int32_t *boundaries,
                              uint8_t *hardLineBreaks, int32_t capacity) {
  int32_t count = 0;
  int32_t next = ubrk_following(iterator, utf8Offset);
  while (next != UBRK_DONE && count < capacity) {
    if (hardLineBreaks != NULL) {
      int32_t ruleStatus = ubrk_getRuleStatus(iterator);
      hardLineBreaks[count] = ruleStatus >= UBRK_LINE_HARD && ruleStatus < UBRK_LINE_HARD_LIMIT;
    }
    boundaries[count++] = next;
    if (count < capacity) next = ubrk_next(iterator);
  }
  return count;
}

int32_t cicu_fail(UErrorCode code, int32_t *status) {
  if (status != NULL) *status = (int32_t)code;
  return -1;
}

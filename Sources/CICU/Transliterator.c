#include "CICUTransliterator.h"

#include <unicode/utrans.h>

CICUTransliterator *cicu_transliterator_open(const uint16_t *identifier, int32_t length, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UTransliterator *transliterator =
      utrans_openU((const UChar *)identifier, length, UTRANS_FORWARD, NULL, 0, NULL, &code);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    if (transliterator != NULL) utrans_close(transliterator);
    return NULL;
  }
  return (CICUTransliterator *)transliterator;
}

int32_t cicu_transliterator_transform(CICUTransliterator *transliterator, uint16_t *buffer, int32_t length,
                                      int32_t capacity, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  int32_t textLength = length;
  int32_t limit = length;
  utrans_transUChars((UTransliterator *)transliterator, (UChar *)buffer, &textLength, capacity, 0, &limit, &code);
  if (code == U_BUFFER_OVERFLOW_ERROR) return textLength > capacity ? textLength : capacity + 1;
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  return textLength;
}

void cicu_transliterator_close(CICUTransliterator *transliterator) {
  if (transliterator != NULL) utrans_close((UTransliterator *)transliterator);
}

#include "CICUNormalizer.h"

#include <unicode/unorm2.h>

int32_t cicu_normalize_nfc(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity,
                           int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  const UNormalizer2 *nfc = unorm2_getNFCInstance(&code);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  static const UChar empty[1] = {0};
  int32_t written = unorm2_normalize(nfc, length > 0 ? (const UChar *)source : empty, length, (UChar *)destination,
                                     capacity, &code);
  if (code == U_BUFFER_OVERFLOW_ERROR || code == U_STRING_NOT_TERMINATED_WARNING) return written;
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  return written;
}

int32_t cicu_is_nfc(const uint16_t *source, int32_t length, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  const UNormalizer2 *nfc = unorm2_getNFCInstance(&code);
  static const UChar empty[1] = {0};
  if (U_SUCCESS(code)) {
    UNormalizationCheckResult result =
        unorm2_quickCheck(nfc, length > 0 ? (const UChar *)source : empty, length, &code);
    if (U_SUCCESS(code)) return result == UNORM_YES ? 1 : 0;
  }
  *status = (int32_t)code;
  return -1;
}

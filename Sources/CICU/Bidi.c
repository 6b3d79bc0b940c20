#include "CICUBidi.h"

#include <unicode/ubidi.h>
#include <unicode/uchar.h>

int32_t cicu_bidi_resolve(const uint16_t *text, int32_t length, CICUBidiDirection direction, uint8_t *levels,
                          int32_t *visualToLogical, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &code);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  UBiDiLevel paragraphLevel = direction == CICU_BIDI_LEFT_TO_RIGHT    ? 0
                              : direction == CICU_BIDI_RIGHT_TO_LEFT ? 1
                                                                     : UBIDI_DEFAULT_LTR;
  static const UChar empty[1] = {0};
  ubidi_setPara(bidi, length > 0 ? (const UChar *)text : empty, length, paragraphLevel, NULL, &code);
  int32_t resolved = -1;
  if (U_SUCCESS(code)) {
    resolved = ubidi_getParaLevel(bidi) & 1;
    if (length > 0) {
      const UBiDiLevel *resolvedLevels = ubidi_getLevels(bidi, &code);
      if (U_SUCCESS(code)) {
        for (int32_t index = 0; index < length; index++) levels[index] = resolvedLevels[index];
        ubidi_getVisualMap(bidi, visualToLogical, &code);
      }
    }
  }
  ubidi_close(bidi);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  return resolved;
}

int32_t cicu_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical) {
  for (int32_t index = 0; index < count; index++) {
    if (levels[index] > UBIDI_MAX_EXPLICIT_LEVEL + 1) return -1;
  }
  if (count > 0) ubidi_reorderVisual((const UBiDiLevel *)levels, count, visualToLogical);
  return 0;
}

uint32_t cicu_bidi_mirror(uint32_t scalar) { return (uint32_t)u_charMirror((UChar32)scalar); }

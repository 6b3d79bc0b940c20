#include "CICUProperties.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/uset.h>
#include <unicode/uversion.h>

static int32_t whichBinaryProperty(CICUBinaryProperty property, UProperty *which) {
  switch (property) {
    case CICU_EMOJI: *which = UCHAR_EMOJI; return 1;
    case CICU_EMOJI_PRESENTATION: *which = UCHAR_EMOJI_PRESENTATION; return 1;
    case CICU_EMOJI_MODIFIER: *which = UCHAR_EMOJI_MODIFIER; return 1;
    case CICU_EMOJI_MODIFIER_BASE: *which = UCHAR_EMOJI_MODIFIER_BASE; return 1;
    case CICU_EMOJI_COMPONENT: *which = UCHAR_EMOJI_COMPONENT; return 1;
    case CICU_REGIONAL_INDICATOR: *which = UCHAR_REGIONAL_INDICATOR; return 1;
    case CICU_EXTENDED_PICTOGRAPHIC: *which = UCHAR_EXTENDED_PICTOGRAPHIC; return 1;
    case CICU_VARIATION_SELECTOR: *which = UCHAR_VARIATION_SELECTOR; return 1;
    case CICU_WHITE_SPACE: *which = UCHAR_WHITE_SPACE; return 1;
    case CICU_ALPHABETIC: *which = UCHAR_ALPHABETIC; return 1;
    case CICU_IDEOGRAPHIC: *which = UCHAR_IDEOGRAPHIC; return 1;
    default: return 0;
  }
}

int32_t cicu_has_property(uint32_t scalar, CICUBinaryProperty property) {
  UProperty which;
  if (!whichBinaryProperty(property, &which)) return 0;
  return u_hasBinaryProperty((UChar32)scalar, which) ? 1 : 0;
}

int32_t cicu_combining_class(uint32_t scalar) { return (int32_t)u_getCombiningClass((UChar32)scalar); }

static int32_t whichProperty(CICUIntProperty property, UProperty *which) {
  switch (property) {
    case CICU_GRAPHEME_CLUSTER_BREAK: *which = UCHAR_GRAPHEME_CLUSTER_BREAK; return 1;
    case CICU_LINE_BREAK: *which = UCHAR_LINE_BREAK; return 1;
    case CICU_EAST_ASIAN_WIDTH: *which = UCHAR_EAST_ASIAN_WIDTH; return 1;
    case CICU_GENERAL_CATEGORY: *which = UCHAR_GENERAL_CATEGORY; return 1;
    case CICU_INDIC_SYLLABIC_CATEGORY: *which = UCHAR_INDIC_SYLLABIC_CATEGORY; return 1;
    case CICU_NFC_QUICK_CHECK: *which = UCHAR_NFC_QUICK_CHECK; return 1;
    default: return 0;
  }
}

static int32_t rangesOf(UProperty which, int32_t value, uint32_t *ranges, int32_t capacity, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  USet *set = uset_openEmpty();
  uset_applyIntPropertyValue(set, which, value, &code);
  if (U_FAILURE(code)) {
    uset_close(set);
    *status = (int32_t)code;
    return -1;
  }
  int32_t count = uset_getRangeCount(set);
  for (int32_t index = 0; index < count && index < capacity; index++) {
    UChar32 start, end;
    UErrorCode itemCode = U_ZERO_ERROR;
    uset_getItem(set, index, &start, &end, NULL, 0, &itemCode);
    ranges[2 * index] = (uint32_t)start;
    ranges[2 * index + 1] = (uint32_t)end;
  }
  uset_close(set);
  return count;
}

int32_t cicu_int_property_ranges(CICUIntProperty property, int32_t value, uint32_t *ranges, int32_t capacity,
                                 int32_t *status) {
  UProperty which;
  if (!whichProperty(property, &which)) {
    *status = (int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    return -1;
  }
  return rangesOf(which, value, ranges, capacity, status);
}

int32_t cicu_binary_property_ranges(CICUBinaryProperty property, uint32_t *ranges, int32_t capacity,
                                    int32_t *status) {
  UProperty which;
  if (!whichBinaryProperty(property, &which)) {
    *status = (int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    return -1;
  }
  return rangesOf(which, 1, ranges, capacity, status);
}

int32_t cicu_int_property(uint32_t scalar, CICUIntProperty property) {
  UProperty which;
  if (!whichProperty(property, &which)) return -1;
  return u_getIntPropertyValue((UChar32)scalar, which);
}

int32_t cicu_lowercase(const uint16_t *text, int32_t length, uint16_t *destination, int32_t capacity, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  static const UChar empty[1] = {0};
  int32_t needed = u_strToLower((UChar *)destination, capacity, length > 0 ? (const UChar *)text : empty, length, "", &code);
  if (code == U_BUFFER_OVERFLOW_ERROR || code == U_STRING_NOT_TERMINATED_WARNING) return needed;
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  return needed;
}

void cicu_unicode_version(char *buffer, int32_t capacity) {
  UVersionInfo version;
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_getUnicodeVersion(version);
  u_versionToString(version, text);
  strncpy(buffer, text, (size_t)capacity - 1);
  buffer[capacity - 1] = '\0';
}

int32_t cicu_is_rgi_emoji(const uint16_t *text, int32_t length) {
  return u_stringHasBinaryProperty((const UChar *)text, length, UCHAR_RGI_EMOJI) ? 1 : 0;
}

int32_t cicu_rgi_emoji_list(uint16_t *buffer, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  USet *set = uset_openEmpty();
  uset_applyIntPropertyValue(set, UCHAR_RGI_EMOJI, 1, &status);
  if (U_FAILURE(status)) {
    uset_close(set);
    return -1;
  }
  int32_t needed = 0;
  UChar string[64];
  int32_t items = uset_getItemCount(set);
  for (int32_t index = 0; index < items && needed >= 0; index++) {
    UChar32 first = 0, last = 0;
    status = U_ZERO_ERROR;
    int32_t length = uset_getItem(set, index, &first, &last, string, 64, &status);
    if (U_FAILURE(status)) {
      needed = -1;
      break;
    }
    if (length == 0) {
      for (UChar32 scalar = first; scalar <= last; scalar++) {
        UChar units[2];
        int32_t count = 0;
        U16_APPEND_UNSAFE(units, count, scalar);
        for (int32_t unit = 0; unit < count; unit++, needed++) {
          if (needed < capacity) buffer[needed] = units[unit];
        }
        if (needed < capacity) buffer[needed] = 0;
        needed++;
      }
    } else {
      for (int32_t unit = 0; unit < length; unit++, needed++) {
        if (needed < capacity) buffer[needed] = string[unit];
      }
      if (needed < capacity) buffer[needed] = 0;
      needed++;
    }
  }
  uset_close(set);
  return needed;
}

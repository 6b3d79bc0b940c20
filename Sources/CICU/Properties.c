#include "CICUProperties.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/uset.h>
#include <unicode/uversion.h>

int32_t cicu_has_property(uint32_t scalar, CICUBinaryProperty property) {
  UProperty which;
  switch (property) {
    case CICU_EMOJI: which = UCHAR_EMOJI; break;
    case CICU_EMOJI_PRESENTATION: which = UCHAR_EMOJI_PRESENTATION; break;
    case CICU_EMOJI_MODIFIER: which = UCHAR_EMOJI_MODIFIER; break;
    case CICU_EMOJI_MODIFIER_BASE: which = UCHAR_EMOJI_MODIFIER_BASE; break;
    case CICU_EMOJI_COMPONENT: which = UCHAR_EMOJI_COMPONENT; break;
    case CICU_REGIONAL_INDICATOR: which = UCHAR_REGIONAL_INDICATOR; break;
    case CICU_EXTENDED_PICTOGRAPHIC: which = UCHAR_EXTENDED_PICTOGRAPHIC; break;
    case CICU_VARIATION_SELECTOR: which = UCHAR_VARIATION_SELECTOR; break;
    default: return 0;
  }
  return u_hasBinaryProperty((UChar32)scalar, which) ? 1 : 0;
}

int32_t cicu_combining_class(uint32_t scalar) { return (int32_t)u_getCombiningClass((UChar32)scalar); }

int32_t cicu_east_asian_width(uint32_t scalar) {
  return u_getIntPropertyValue((UChar32)scalar, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t cicu_general_category(uint32_t scalar) { return (int32_t)u_charType((UChar32)scalar); }

int32_t cicu_grapheme_cluster_break(uint32_t scalar) {
  return u_getIntPropertyValue((UChar32)scalar, UCHAR_GRAPHEME_CLUSTER_BREAK);
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

#include "CICUProperties.h"

#include <string.h>
#include <unicode/uchar.h>
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

int32_t cicu_int_property(uint32_t scalar, CICUIntProperty property) {
  UProperty which;
  switch (property) {
    case CICU_GRAPHEME_CLUSTER_BREAK: which = UCHAR_GRAPHEME_CLUSTER_BREAK; break;
    case CICU_LINE_BREAK: which = UCHAR_LINE_BREAK; break;
    case CICU_EAST_ASIAN_WIDTH: which = UCHAR_EAST_ASIAN_WIDTH; break;
    case CICU_GENERAL_CATEGORY: which = UCHAR_GENERAL_CATEGORY; break;
    case CICU_INDIC_SYLLABIC_CATEGORY: which = UCHAR_INDIC_SYLLABIC_CATEGORY; break;
    default: return -1;
  }
  return u_getIntPropertyValue((UChar32)scalar, which);
}

void cicu_unicode_version(char *buffer, int32_t capacity) {
  UVersionInfo version;
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_getUnicodeVersion(version);
  u_versionToString(version, text);
  strncpy(buffer, text, (size_t)capacity - 1);
  buffer[capacity - 1] = '\0';
}

#include "CICURegex.h"

#include <unicode/uregex.h>
#include <unicode/utext.h>
#include <unicode/utypes.h>

CICURegex *cicu_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags, CICURegexError *error) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError parse = {0};
  parse.line = 0;
  parse.offset = -1;
  static const UChar empty[1] = {0};
  URegularExpression *regex = uregex_open(length > 0 ? (const UChar *)pattern : empty, length, flags, &parse, &status);
  if (error != NULL) {
    error->status = (int32_t)status;
    error->line = parse.line;
    error->codePointColumn = parse.offset;
  }
  if (U_FAILURE(status)) {
    if (regex != NULL) uregex_close(regex);
    return NULL;
  }
  return (CICURegex *)regex;
}

void cicu_regex_close(CICURegex *regex) {
  if (regex != NULL) uregex_close((URegularExpression *)regex);
}

// Records the ticks the current search has taken (ICU calls it once a tick, with the ticks so far).
static UBool cicu_regex_count_ticks(const void *context, int32_t ticks) {
  int32_t *longest = (int32_t *)context;
  if (ticks > *longest) *longest = ticks;
  return 1;
}

int32_t cicu_regex_each_match(const CICURegex *regex, const uint8_t *utf8, int32_t length, int32_t tickLimit,
                              int32_t *longestSearchTicks, void *context,
                              int32_t (*body)(void *context, int32_t utf8Start, int32_t utf8End)) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t longest = 0;
  URegularExpression *clone = uregex_clone((const URegularExpression *)regex, &status);
  if (U_FAILURE(status)) return (int32_t)status;
  static const char empty[1] = {0};
  UText text = UTEXT_INITIALIZER;
  utext_openUTF8(&text, length > 0 ? (const char *)utf8 : empty, length, &status);
  if (U_SUCCESS(status)) uregex_setUText(clone, &text, &status);
  // A pattern with nested quantifiers can backtrack exponentially on hostile text: each search stops
  // with U_REGEX_TIME_OUT after `tickLimit` ticks of ICU's match engine.
  if (U_SUCCESS(status)) uregex_setTimeLimit(clone, tickLimit, &status);
  if (U_SUCCESS(status)) uregex_setMatchCallback(clone, cicu_regex_count_ticks, &longest, &status);
  // Note: each search starts with uregex_find64, which resets ICU's tick count, so the limit holds for each
  // search; uregex_findNext would count on from the previous matches and give up on long ordinary text.
  int64_t from = 0;
  while (U_SUCCESS(status) && from <= length && uregex_find64(clone, from, &status)) {
    // With UTF-8 UText input, ICU's 64-bit indexes are native (UTF-8 byte) offsets.
    int64_t start = uregex_start64(clone, 0, &status);
    int64_t end = uregex_end64(clone, 0, &status);
    if (U_FAILURE(status)) break;
    if (body(context, (int32_t)start, (int32_t)end) == 0) break;
    from = end;
    if (end == start) {
      // After an empty match the next search starts one code point on, as uregex_findNext does.
      if (end >= length) break;
      from = end + 1;
      while (from < length && (utf8[from] & 0xC0) == 0x80) from += 1;
    }
  }
  uregex_close(clone);
  utext_close(&text);
  if (longestSearchTicks != NULL) *longestSearchTicks = longest;
  if (status == U_REGEX_TIME_OUT || status == U_REGEX_STACK_OVERFLOW) return CICU_REGEX_GAVE_UP;
  return U_FAILURE(status) ? (int32_t)status : 0;
}

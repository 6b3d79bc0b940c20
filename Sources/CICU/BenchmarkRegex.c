#include "CICUBenchmarkRegex.h"

#include <stdlib.h>
#include <unicode/uregex.h>
#include <unicode/utext.h>

struct CICUBenchmarkRegex {
  URegularExpression *regex;
  UText text;
};

CICUBenchmarkRegex *cicu_benchmark_regex_open(const char *pattern, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  URegularExpression *compiled = uregex_openC(pattern, 0, NULL, &code);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return NULL;
  }
  CICUBenchmarkRegex *regex = malloc(sizeof(CICUBenchmarkRegex));
  if (regex == NULL) {
    uregex_close(compiled);
    *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
    return NULL;
  }
  regex->regex = compiled;
  UText initial = UTEXT_INITIALIZER;
  regex->text = initial;
  return regex;
}

void cicu_benchmark_regex_close(CICUBenchmarkRegex *regex) {
  if (regex == NULL) return;
  uregex_close(regex->regex);
  utext_close(&regex->text);
  free(regex);
}

int32_t cicu_benchmark_regex_reset(CICUBenchmarkRegex *regex, const uint8_t *utf8, int64_t length, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  static const char empty[1] = {0};
  utext_openUTF8(&regex->text, length > 0 ? (const char *)utf8 : empty, length, &code);
  if (U_SUCCESS(code)) uregex_setUText(regex->regex, &regex->text, &code);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  return 0;
}

int32_t cicu_benchmark_regex_next(CICUBenchmarkRegex *regex, int64_t *start, int64_t *end, int32_t *status) {
  UErrorCode code = U_ZERO_ERROR;
  if (!uregex_findNext(regex->regex, &code)) {
    if (U_FAILURE(code)) {
      *status = (int32_t)code;
      return -1;
    }
    return 0;
  }
  // For UTF-8 text, ICU's native indices are byte offsets.
  *start = uregex_start64(regex->regex, 0, &code);
  *end = uregex_end64(regex->regex, 0, &code);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return -1;
  }
  return 1;
}

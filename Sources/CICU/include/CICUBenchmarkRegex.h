#ifndef CICU_BENCHMARK_REGEX_H
#define CICU_BENCHMARK_REGEX_H

#include <stdint.h>

// ICU's regular expressions (uregex) over UTF-8 text, for the benchmark runner's baseline: what a C or
// C++ program calling ICU directly would do. Offsets are UTF-8 byte offsets into the text.
// On an ICU failure the functions return -1 (NULL for open) and store ICU's UErrorCode in `status`.

typedef struct CICUBenchmarkRegex CICUBenchmarkRegex;

/// Compiles `pattern` (NUL-terminated, invariant ASCII characters only); NULL on failure.
CICUBenchmarkRegex *cicu_benchmark_regex_open(const char *pattern, int32_t *status);

/// Frees the regex.
void cicu_benchmark_regex_close(CICUBenchmarkRegex *regex);

/// Starts matching `utf8` (`length` bytes, read in place: keep it alive until the next call). 0, or -1.
int32_t cicu_benchmark_regex_reset(CICUBenchmarkRegex *regex, const uint8_t *utf8, int64_t length, int32_t *status);

/// Finds the next match: 1 with its byte range in `start` and `end`, 0 when there is none, -1 on failure.
int32_t cicu_benchmark_regex_next(CICUBenchmarkRegex *regex, int64_t *start, int64_t *end, int32_t *status);

#endif

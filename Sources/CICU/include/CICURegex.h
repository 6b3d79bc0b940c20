#ifndef CICU_REGEX_H
#define CICU_REGEX_H

#include <stdint.h>

// Regular expressions through ICU's uregex, matched against UTF-8 text through UText so that every
// offset is a UTF-8 byte offset into the caller's buffer.
//
// A compiled pattern is immutable; each search works on its own clone, so one pattern can be shared
// across threads.

typedef struct CICURegex CICURegex;

/// Where and why a pattern failed to compile.
typedef struct CICURegexError {
  /// ICU's UErrorCode.
  int32_t status;
  /// The 1-based line of the error in the pattern (0 when unknown); ICU starts a line after CR, LF, CR LF,
  /// NEL and U+2028.
  int32_t line;
  /// How many code points of that line ICU had read when it stopped (-1 when unknown): ICU's
  /// UParseError.offset, which for regular expressions counts code points, not UTF-16 units.
  int32_t codePointColumn;
} CICURegexError;

/// Compiles a UTF-16 `pattern` of `length` units; `flags` are ICU's URegexpFlag bits.
/// Returns NULL on failure and fills `error`.
CICURegex *cicu_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags, CICURegexError *error);

/// Releases a pattern from `cicu_regex_open`.
void cicu_regex_close(CICURegex *regex);

/// What `cicu_regex_each_match` returns when ICU gave up on the text: a search took more than its tick limit
/// (U_REGEX_TIME_OUT) or more than ICU's backtracking stack (U_REGEX_STACK_OVERFLOW), which depends on the
/// pattern and the text, not on the installation.
#define CICU_REGEX_GAVE_UP (-1)

/// Calls `body(context, utf8Start, utf8End)` for each non-overlapping match of `regex` in the UTF-8 text,
/// in order, until `body` returns 0. Each search (from the start, or from the end of the previous match) may
/// take `tickLimit` ticks of ICU's match engine (0: no limit); a tick is 10,000 of the engine's backtracking
/// state saves, the unit of ICU's uregex_setTimeLimit. Returns 0; CICU_REGEX_GAVE_UP when a search took more
/// than `tickLimit` ticks or ran out of backtracking stack, the matches before it having been reported; or any
/// other ICU error code. `longestSearchTicks`, when not NULL, receives the most ticks one search took.
int32_t cicu_regex_each_match(const CICURegex *regex, const uint8_t *utf8, int32_t length, int32_t tickLimit,
                              int32_t *longestSearchTicks, void *context,
                              int32_t (*body)(void *context, int32_t utf8Start, int32_t utf8End));

#endif

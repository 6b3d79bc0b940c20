#ifndef CICU_TRANSLITERATOR_H
#define CICU_TRANSLITERATOR_H

#include <stdint.h>

// Transliteration (ICU's utrans) on UTF-16 buffers: `Han-Latin; Latin-ASCII` gives tone-free pinyin.

/// An open ICU transliterator.
typedef struct CICUTransliterator CICUTransliterator;

/// Opens the transliterator with the compound ID `identifier` (`length` UTF-16 units), forward direction.
/// Returns NULL on failure and stores ICU's UErrorCode in `status`.
CICUTransliterator *cicu_transliterator_open(const uint16_t *identifier, int32_t length, int32_t *status);

/// Transliterates `buffer[0..<length]` in place and returns the new length in UTF-16 units. When that exceeds
/// `capacity`, the buffer holds nothing useful and the caller retries with a larger buffer holding the
/// original text. Returns -1 on failure and stores ICU's UErrorCode in `status`.
int32_t cicu_transliterator_transform(CICUTransliterator *transliterator, uint16_t *buffer, int32_t length,
                                      int32_t capacity, int32_t *status);

/// Closes a transliterator opened by `cicu_transliterator_open` (NULL is ignored).
void cicu_transliterator_close(CICUTransliterator *transliterator);

#endif

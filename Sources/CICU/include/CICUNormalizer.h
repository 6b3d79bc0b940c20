#ifndef CICU_NORMALIZER_H
#define CICU_NORMALIZER_H

#include <stdint.h>

// Unicode normalization (UAX #15) through ICU's unorm2, on UTF-16 buffers.

/// Writes the NFC form of `source` (`length` UTF-16 units) into `destination` and returns its length
/// in UTF-16 units; when that exceeds `capacity`, nothing useful is written and the caller retries with
/// a buffer of the returned size. Returns -1 on failure and stores ICU's UErrorCode in `status`.
int32_t cicu_normalize_nfc(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity,
                           int32_t *status);

/// 1 when `source` is already in NFC (a quick check that may answer "maybe" as 0), -1 on failure.
int32_t cicu_is_nfc(const uint16_t *source, int32_t length, int32_t *status);

#endif

#ifndef CICU_STATUS_H
#define CICU_STATUS_H

#include <stdint.h>

// ICU's status codes (UErrorCode), sorted by the failure policy Emotext follows (the Errors article, "ICU failures").

/// ICU's name for an error code, e.g. "U_REGEX_MISMATCHED_PAREN".
const char *cicu_error_name(int32_t status);

/// 1 when `status` is a failure that no input can cause, only a broken ICU installation (missing or corrupt
/// data, an internal error) or memory exhaustion (U_MEMORY_ALLOCATION_ERROR, U_MISSING_RESOURCE_ERROR,
/// U_FILE_ACCESS_ERROR, U_INVALID_FORMAT_ERROR, U_INTERNAL_PROGRAM_ERROR); else 0.
int32_t cicu_is_environment_failure(int32_t status);

#endif

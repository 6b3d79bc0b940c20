#include "CICUStatus.h"

#include <unicode/utypes.h>

const char *cicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

int32_t cicu_is_environment_failure(int32_t status) {
  switch ((UErrorCode)status) {
    case U_MEMORY_ALLOCATION_ERROR:
    case U_MISSING_RESOURCE_ERROR:
    case U_FILE_ACCESS_ERROR:
    case U_INVALID_FORMAT_ERROR:
    case U_INTERNAL_PROGRAM_ERROR:
      return 1;
    default:
      return 0;
  }
}

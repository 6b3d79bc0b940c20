#ifndef CICU_H
#define CICU_H

// The umbrella header of the ICU shim: every public header, each with <stdint.h> types and opaque pointers only.
// Note: listing them here (rather than letting SwiftPM take the whole folder) makes a new header change this
// file, so incremental builds rebuild the cached module instead of reporting its new functions missing.

#include "CICUBidi.h"
#include "CICUBreaks.h"
#include "CICULineBreaks.h"
#include "CICUNormalizer.h"
#include "CICUProperties.h"
#include "CICURegex.h"
#include "CICUStatus.h"
#include "CICUTransliterator.h"

#endif

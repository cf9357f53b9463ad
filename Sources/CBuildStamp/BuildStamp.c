// Values come from the compiler command line (scripts/build passes
// -Xcc -DMELI_BUILD_VERSION="..." and friends), so stamping a build never edits a source file.
#include "CBuildStamp.h"

#ifndef MELI_BUILD_VERSION
#define MELI_BUILD_VERSION ""
#endif
#ifndef MELI_BUILD_COMMIT
#define MELI_BUILD_COMMIT ""
#endif
#ifndef MELI_BUILD_DATE
#define MELI_BUILD_DATE ""
#endif

const char *meli_build_version(void) { return MELI_BUILD_VERSION; }
const char *meli_build_commit(void) { return MELI_BUILD_COMMIT; }
const char *meli_build_date(void) { return MELI_BUILD_DATE; }

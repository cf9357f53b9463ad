// Values come from the compiler command line (scripts/build passes
// -Xcc -DMELI_BUILD_VERSION="..." and friends; Package.swift passes the environments table), so
// stamping a build never edits a source file.
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
// Config/environments, one row a line, passed by Package.swift (see EnvironmentTable.swift).
#ifndef MELI_ENVIRONMENTS
#define MELI_ENVIRONMENTS ""
#endif

const char *meli_build_version(void) { return MELI_BUILD_VERSION; }
const char *meli_build_commit(void) { return MELI_BUILD_COMMIT; }
const char *meli_build_date(void) { return MELI_BUILD_DATE; }
const char *meli_environments(void) { return MELI_ENVIRONMENTS; }
// Config/signing-keys, one key a line, passed by Package.swift (see SigningKeys.swift).
#ifndef MELI_SIGNING_KEYS
#define MELI_SIGNING_KEYS ""
#endif
const char *meli_signing_keys(void) { return MELI_SIGNING_KEYS; }

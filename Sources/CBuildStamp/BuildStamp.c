// Values come from outside the sources, so stamping a build never edits a source file: the
// version, commit and date from meli-build-stamp.h, which scripts/build writes into a folder of
// .build it puts on the include path (-Xcc -I); the environments table and the keys from
// Package.swift. A header, not -Xcc -D flags: a flag is on the command line of every Swift
// compile too, so each new stamp recompiled every Swift file of a debug build (about a minute),
// where a changed header recompiles this file and the incremental Swift builds find nothing to
// do. A release build gains nothing: SwiftPM reruns MeliCore's whole-module compile whenever an
// object of a C target it imports changes.
#include "CBuildStamp.h"

#if defined(__has_include)
#if __has_include(<meli-build-stamp.h>)
#include <meli-build-stamp.h>
#endif
#endif

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

// The version sits in the binary's bytes right after a marker ("MELI_BUILD_VERSION", then the
// byte 0x1F), so that an installer reads it from a package's binary without running it
// (Sources/MeliCore/Update/BuildStamp.swift); unstamped, the marker is followed by the NUL.
static const char meli_version_stamp[] = "MELI_BUILD_VERSION\x1f" MELI_BUILD_VERSION;
const char *meli_build_version(void) { return meli_version_stamp + sizeof("MELI_BUILD_VERSION\x1f") - 1; }
const char *meli_build_commit(void) { return MELI_BUILD_COMMIT; }
const char *meli_build_date(void) { return MELI_BUILD_DATE; }
const char *meli_environments(void) { return MELI_ENVIRONMENTS; }
// Config/signing-keys, one key a line, passed by Package.swift (see SigningKeys.swift).
#ifndef MELI_SIGNING_KEYS
#define MELI_SIGNING_KEYS ""
#endif
const char *meli_signing_keys(void) { return MELI_SIGNING_KEYS; }
// Config/repository, passed by Package.swift (see ProjectLinks.swift).
#ifndef MELI_REPOSITORY
#define MELI_REPOSITORY ""
#endif
const char *meli_repository(void) { return MELI_REPOSITORY; }

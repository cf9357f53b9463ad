#ifndef CBUILDSTAMP_H
#define CBUILDSTAMP_H

/// The version this binary was built as, e.g. "1.2.0-rc.3"; "" when the build was not stamped.
const char *meli_build_version(void);
/// The commit this binary was built from (short sha); "" when the build was not stamped.
const char *meli_build_commit(void);
/// The commit's time as ISO 8601 UTC; "" when the build was not stamped.
const char *meli_build_date(void);
/// Config/environments as Package.swift read it: one row a line, fields one space apart.
const char *meli_environments(void);
/// Config/signing-keys as Package.swift read it: `<environment> <base64 Ed25519 public key>` a line.
const char *meli_signing_keys(void);
/// Config/repository as Package.swift read it: the project's https address (help's LEARN MORE).
const char *meli_repository(void);

#endif

#ifndef CPROCESSSETUP_H
#define CPROCESSSETUP_H

// This target's constructors set the process up before main (Sources/CProcessSetup/
// ProcessSetup.c); MeliCore depends on it, so every binary links it. It also holds the few file
// calls Swift cannot reach (Files.c), and SHA-256's block function (SHA256.c), which is built
// optimised in every configuration.

#include <stddef.h>
#include <stdint.h>

/// Gives the open file `fd` its blocks up to `length` bytes (Linux's fallocate, mode 0), without
/// writing anything: 0, or the system's error code (EOPNOTSUPP where the file system cannot,
/// ENOSYS off Linux).
int meli_reserve_blocks(int fd, long long length);

/// Hashes `blocks` whole 64-byte blocks at `data` into the SHA-256 state `state` (eight words).
void meli_sha256_blocks(uint32_t state[8], const unsigned char *data, size_t blocks);

#endif

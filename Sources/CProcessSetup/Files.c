// File calls Swift cannot reach: Linux's fallocate is declared only for _GNU_SOURCE, which the
// Glibc module is not built with.
#define _GNU_SOURCE
#include "CProcessSetup.h"

#include <errno.h>
#include <fcntl.h>

int meli_reserve_blocks(int fd, long long length) {
#if defined(__linux__)
    // fallocate(2) itself, not posix_fallocate(3): where the file system has no fallocate
    // (ext2, NFSv3, many FUSE mounts), glibc's posix_fallocate writes a byte into every block
    // instead (2,213 writes for a 9 MB answer on ext2: found by issue 28's attack round), which
    // costs what the reservation was meant to save. Here that is EOPNOTSUPP, and nothing is done.
    return fallocate(fd, 0, 0, (off_t)length) == 0 ? 0 : errno;
#else
    (void)fd;
    (void)length;
    return ENOSYS;
#endif
}

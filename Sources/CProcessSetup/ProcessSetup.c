// The process's set-up before main, for every binary and the tests (MeliCore links this target).
#include "CProcessSetup.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

// A standard descriptor the program was started without (`meli-qa search x >&-`) is held by
// /dev/null opened the wrong way round (writes to 1 and 2, reads from 0, fail with EBADF, as on
// the closed descriptor, so the output's error still says so), and no file or socket the program
// opens can take its number: libcurl's wake-up socket pair became descriptor 1, and a search's
// output went into it, lost, with exit 0 (attack round of issue 28). POSIX; three fcntl calls.
__attribute__((constructor)) static void meli_hold_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int held = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (held >= 0 && held != fd) {
            (void)dup2(held, fd);
            (void)close(held);
        }
    }
}

// One malloc arena for the whole process (glibc; nothing elsewhere), set before main, before any
// thread starts. The command runs on the main thread (MeliCore's CLI/MainThreadExecutor.swift),
// as do libcurl's transfers while it waits for them; libdispatch's queues (and transfers that
// must not wait for the main thread) run on threads of their own, and glibc gives each
// thread that allocates its own arena: when the command ran on libdispatch's workers an uncached
// search held three (372, 152 and 88 KB resident) beside an unused main heap, memory freed in one
// never reused by the next thread. A few threads that mostly wait share one lock without cost.
#if defined(__linux__)
#include <malloc.h>
#if defined(M_ARENA_MAX)
__attribute__((constructor)) static void meli_one_malloc_arena(void) { (void)mallopt(M_ARENA_MAX, 1); }
#endif
#endif

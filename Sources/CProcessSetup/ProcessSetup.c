// The process's set-up before main, for every binary and the tests (MeliCore links this target).
#include "CProcessSetup.h"

// One malloc arena for the whole process (glibc; nothing elsewhere), set before main, before any
// thread starts. The command runs on the main thread (MeliCore's CLI/MainThreadExecutor.swift),
// libcurl's transfers and libdispatch's queues on threads of their own, and glibc gives each
// thread that allocates its own arena: when the command ran on libdispatch's workers an uncached
// search held three (372, 152 and 88 KB resident) beside an unused main heap, memory freed in one
// never reused by the next thread. A few threads that mostly wait share one lock without cost.
#if defined(__linux__)
#include <malloc.h>
#if defined(M_ARENA_MAX)
__attribute__((constructor)) static void meli_one_malloc_arena(void) { (void)mallopt(M_ARENA_MAX, 1); }
#endif
#endif

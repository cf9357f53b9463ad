// Stamps the clock at the phases of a run, for the README's "Where the rest goes" table: loaded
// with LD_PRELOAD into meli, Tests/bench/floor.c or curl by Tests/bench/phases.py, it notes when
// its own constructor runs (the loader is done), when libcurl's dlopen starts and returns, each
// thread started, connect(2), the last short read of the body, mkstemp (meli's last-search hint),
// the first write to standard output, and the exit (_exit, exit, or main's return), as ms since
// PHASES_T0 (the spawn, on CLOCK_MONOTONIC), and appends them as one line to PHASES_OUT.
// Linux (glibc) only; it changes nothing the program does.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double t0;
static char line[4096];
static int length, threads, wrote, saved;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void mark(const char *what) {
    if (length < (int)sizeof line - 64) length += snprintf(line + length, sizeof line - length, "%s=%.3f ", what, now() - t0);
}

static void save(void) {
    if (saved++) return;
    const char *out = getenv("PHASES_OUT");
    FILE *file = out ? fopen(out, "a") : NULL;
    if (file) { fprintf(file, "%s\n", line); fclose(file); }
}

__attribute__((constructor)) static void start(void) {
    const char *origin = getenv("PHASES_T0");
    t0 = origin ? atof(origin) : now();
    mark("loaded");
}

__attribute__((destructor)) static void finish(void) { mark("exit"); save(); }

void *dlopen(const char *file, int mode) {
    static void *(*real)(const char *, int);
    if (!real) real = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
    int curl = file && strstr(file, "libcurl");
    if (curl) mark("dlopen");
    void *handle = real(file, mode);
    if (curl) mark("dlopened");
    return handle;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*body)(void *), void *argument) {
    static int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
    if (!real) real = (int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))dlsym(RTLD_NEXT, "pthread_create");
    char what[16];
    snprintf(what, sizeof what, "thread%d", threads++);
    mark(what);
    return real(thread, attributes, body, argument);
}

int connect(int fd, const struct sockaddr *address, socklen_t size) {
    static int (*real)(int, const struct sockaddr *, socklen_t);
    if (!real) real = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
    mark("connect");
    return real(fd, address, size);
}

ssize_t recv(int fd, void *buffer, size_t size, int flags) {
    static ssize_t (*real)(int, void *, size_t, int);
    if (!real) real = (ssize_t (*)(int, void *, size_t, int))dlsym(RTLD_NEXT, "recv");
    ssize_t got = real(fd, buffer, size, flags);
    if (got > 0 && (size_t)got < size) mark("lastread");
    return got;
}

int mkstemp(char *pattern) {
    static int (*real)(char *);
    if (!real) real = (int (*)(char *))dlsym(RTLD_NEXT, "mkstemp");
    mark("mkstemp");
    return real(pattern);
}

ssize_t write(int fd, const void *buffer, size_t size) {
    static ssize_t (*real)(int, const void *, size_t);
    if (!real) real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    if (fd == 1 && !wrote++) mark("stdout");
    return real(fd, buffer, size);
}

void _exit(int status) {
    static void (*real)(int);
    if (!real) real = (void (*)(int))dlsym(RTLD_NEXT, "_exit");
    mark("exit");
    save();
    real(status);
    abort();
}

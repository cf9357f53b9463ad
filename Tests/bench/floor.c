// The floor under any client that loads libcurl the way meli does (Sources/CCurl/ccurl.c:
// dlopen("libcurl.so.4", RTLD_LAZY) at the first request, GnuTLS told not to initialise itself,
// then curl_global_init), for scripts/bench: it loads libcurl so, fetches one URL into memory with
// the options meli's transport sets for a plain GET, and writes nothing. What meli takes beyond
// this program is meli's own work (start-up, settings, decoding, rendering, the cache) and its
// runtime's; what this program takes beyond 'curl -s -o /dev/null URL' is the cost of loading
// libcurl at run time instead of at exec.
//
// scripts/bench-floors builds it twice: as a C program, and, compiled with -Dmain=meli_floor_main,
// inside Tests/bench/floor-swift.swift, a static Swift program linked as scripts/build links meli:
// the same work, plus what any such binary costs (its size, the Swift runtime's start).
//
// Usage: floor URL (exit 0 when the transfer succeeded with a 2xx status)
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curl/curl.h>

#if defined(__linux__)
// GnuTLS's opt-out, answered as meli answers it (ccurl.c; the program must export it:
// scripts/bench-floors links with --export-dynamic-symbol). Without it the floor loaded more than
// meli does: 0.97 of curl's time against 0.94 with it (60 interleaved rounds).
__attribute__((visibility("default"), used)) int _gnutls_global_init_skip(void);
__attribute__((visibility("default"), used)) int _gnutls_global_init_skip(void) { return 1; }
#endif

struct body { char *bytes; size_t count, capacity; };

static size_t collect(char *data, size_t size, size_t items, void *context) {
    struct body *body = context;
    size_t count = size * items;
    if (body->count + count > body->capacity) {
        size_t capacity = body->capacity ? body->capacity * 2 : 65536;
        while (capacity < body->count + count) capacity *= 2;
        char *bytes = realloc(body->bytes, capacity);
        if (bytes == NULL) return 0;
        body->bytes = bytes;
        body->capacity = capacity;
    }
    memcpy(body->bytes + body->count, data, count);
    body->count += count;
    return count;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s URL\n", argv[0]); return 2; }
#ifdef __APPLE__
    void *library = dlopen("libcurl.4.dylib", RTLD_LAZY | RTLD_LOCAL);
#else
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
#endif
    if (library == NULL) { fprintf(stderr, "floor: %s\n", dlerror()); return 1; }
    CURLcode (*global_init)(long) = (CURLcode (*)(long))dlsym(library, "curl_global_init");
    CURL *(*easy_init)(void) = (CURL *(*)(void))dlsym(library, "curl_easy_init");
    CURLcode (*setopt)(CURL *, CURLoption, ...) = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
    CURLcode (*perform)(CURL *) = (CURLcode (*)(CURL *))dlsym(library, "curl_easy_perform");
    CURLcode (*getinfo)(CURL *, CURLINFO, ...) = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
    if (!global_init || !easy_init || !setopt || !perform || !getinfo) { fprintf(stderr, "floor: %s\n", dlerror()); return 1; }
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) { fprintf(stderr, "floor: curl_global_init failed\n"); return 1; }
    CURL *handle = easy_init();
    if (handle == NULL) return 1;
    struct body body = { NULL, 0, 0 };
    setopt(handle, CURLOPT_URL, argv[1]);
    setopt(handle, CURLOPT_NOSIGNAL, 1L);
    setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    setopt(handle, CURLOPT_WRITEFUNCTION, collect);
    setopt(handle, CURLOPT_WRITEDATA, &body);
    CURLcode result = perform(handle);
    long status = 0;
    getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    if (result != CURLE_OK || status < 200 || status > 299 || body.count == 0) {
        fprintf(stderr, "floor: the transfer failed (curl code %d, status %ld)\n", (int)result, status);
        return 1;
    }
    return 0;
}

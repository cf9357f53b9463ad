#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// The functions meli uses, found in the loaded library by name.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
} curl;

#if defined(__linux__)
// GnuTLS's own opt-out of the initialisation it runs as it is loaded (GNUTLS_SKIP_GLOBAL_INIT in
// <gnutls/gnutls.h>): its constructor asks this weak symbol first, and the program's definition,
// exported (Package.swift), wins over the library's. libcurl4 brings GnuTLS in only through
// librtmp, for rtmp:// URLs, which meli never asks for (only http and https, below); a libcurl
// built on GnuTLS calls gnutls_global_init itself (curl's gtls_init), so nothing goes without it.
// Its constructor parsed two ASN.1 trees and seeded its generator at every load: 604K
// instructions, 0.4 ms of each uncached request (measured on dlopen alone, 60 rounds).
__attribute__((visibility("default"), used)) int _gnutls_global_init_skip(void);
__attribute__((visibility("default"), used)) int _gnutls_global_init_skip(void) { return 1; }
#endif

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static const char *load_error = NULL;

#define FIND(field, name)                                      \
    do {                                                       \
        *(void **)(&curl.field) = dlsym(library, name);        \
        if (curl.field == NULL) { load_error = dlerror(); return; } \
    } while (0)

static void load(void) {
#if defined(__APPLE__)
    // The SDK's libcurl, part of the system.
    static const char *const names[] = {"/usr/lib/libcurl.4.dylib", "libcurl.4.dylib", NULL};
#else
    // libcurl4 (Debian, Ubuntu), libcurl (Fedora); the unversioned name only with the dev files.
    static const char *const names[] = {"libcurl.so.4", "libcurl.so", NULL};
#endif
    // RTLD_LAZY: the libraries built without -z now (nghttp2, rtmp, Kerberos, brotli, zlib...)
    // then bind a function at its first call rather than all of them here; the others keep their
    // own BIND_NOW. Measured with callgrind on an uncached search: 30.3M instructions with
    // RTLD_NOW, 27.6M with RTLD_LAZY (0.5 ms less user time; wall time within the noise).
    void *library = NULL;
    for (const char *const *name = names; *name != NULL && library == NULL; name++) {
        library = dlopen(*name, RTLD_LAZY | RTLD_LOCAL);
    }
    if (library == NULL) {
        load_error = dlerror();
        return;
    }
    FIND(global_init, "curl_global_init");
    FIND(easy_init, "curl_easy_init");
    FIND(easy_cleanup, "curl_easy_cleanup");
    FIND(easy_strerror, "curl_easy_strerror");
    FIND(easy_setopt, "curl_easy_setopt");
    FIND(easy_getinfo, "curl_easy_getinfo");
    FIND(slist_append, "curl_slist_append");
    FIND(slist_free_all, "curl_slist_free_all");
    FIND(multi_init, "curl_multi_init");
    FIND(multi_cleanup, "curl_multi_cleanup");
    FIND(multi_setopt, "curl_multi_setopt");
    FIND(multi_add_handle, "curl_multi_add_handle");
    FIND(multi_remove_handle, "curl_multi_remove_handle");
    FIND(multi_perform, "curl_multi_perform");
    FIND(multi_info_read, "curl_multi_info_read");
    FIND(multi_poll, "curl_multi_poll");        // libcurl 7.66
    FIND(multi_wakeup, "curl_multi_wakeup");    // libcurl 7.68
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        load_error = "curl_global_init failed";
        return;
    }
    loaded = 1;
}

int ccurl_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *ccurl_load_error(void) { return load_error; }

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback function) {
    return curl.easy_setopt(handle, option, function);
}

CURLcode ccurl_allow_http_only(CURL *handle) {
    // The library loaded may be older than the headers built against: CURLOPT_PROTOCOLS_STR
    // (7.85) first, the older bitmask when the library does not know it.
#ifdef CURLOPT_PROTOCOLS_STR
    CURLcode code = curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (code == CURLE_OK) code = curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    if (code != CURLE_UNKNOWN_OPTION) return code;
#endif
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CURLcode old = curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (old == CURLE_OK) old = curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#pragma GCC diagnostic pop
    return old;
}

CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) { return curl.easy_getinfo(handle, info, value); }
CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) { return curl.easy_getinfo(handle, info, value); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) { return curl.slist_append(list, line); }
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) { return curl.multi_setopt(multi, option, value); }
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) { return curl.multi_remove_handle(multi, handle); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *left) { return curl.multi_info_read(multi, left); }
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) { return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
CURLcode ccurl_message_result(const CURLMsg *message) { return message->data.result; }

// libcurl for Swift, loaded when the first request is made, not when the program starts.
//
// Why not link it: libcurl.so.4 brings some 30 libraries (OpenSSL, GnuTLS, Kerberos, LDAP,
// nghttp2, libssh2...) whose loading and relocation cost every start of the program, network or
// not. Measured on 2 cores: an empty C program takes 0.95 ms linked alone and 10.8 ms linked
// with -lcurl. The release meli-dev's `--version` (scripts/build dev, callgrind instructions /
// hyperfine user+sys CPU): URLSession 19.4 M / 9.5 ms; libcurl linked 18.4 M / 9.3 ms; libcurl
// loaded on the first request 4.6 M / 3.1 ms. Only commands that reach the network pay it, once.
//
// Also: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift
// cannot call, so each argument type gets a typed wrapper here. The types and constants come from
// libcurl's own header (the development files are needed to build, as before).
#ifndef MELI_CCURL_H
#define MELI_CCURL_H

#include <curl/curl.h>

/// Loads libcurl and initialises it (curl_global_init), once, whichever thread asks first.
/// Returns 1 when it can be used; otherwise 0, and `ccurl_load_error` says why.
int ccurl_load(void);
/// Why loading failed (the loader's words), or NULL.
const char *ccurl_load_error(void);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
/// libcurl copies strings (CURLOPT_POSTFIELDS, which does not, is not used).
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback function);
/// Only http and https, for the request and for redirects (which libcurl is told not to follow).
CURLcode ccurl_allow_http_only(CURL *handle);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line);
void ccurl_slist_free_all(struct curl_slist *list);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *left);
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/// The result of a finished transfer; `CURLMsg.data` is a union Swift reads awkwardly.
CURLcode ccurl_message_result(const CURLMsg *message);

#endif

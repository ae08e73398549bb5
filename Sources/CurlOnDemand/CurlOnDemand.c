// libcurl, loaded on first use instead of at start-up.
//
// FoundationNetworking calls libcurl, so a binary that links it loads libcurl and its ~30
// libraries (OpenSSL, GnuTLS, LDAP, SSH…) before `main`; resolving their symbols was over half of
// the dynamic loader's work and a third of `workbench`'s start-up instructions
// (docs/ARCHITECTURE.md, "Start-up costs"). The `workbench` executable defines the functions
// FoundationNetworking uses here instead; the first call opens libcurl.so.4 with dlopen and each
// function forwards to the real one. `make build` then removes libcurl from the release binary's
// load-time libraries (patchelf; the linker's --as-needed comes too late on Swift's link line to
// drop it). Debug builds, where FoundationNetworking is a shared library with libcurl as its own
// dependency, do not export these definitions and call libcurl directly.
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "CurlOnDemand.h"  // libcurl's declarations, which the definitions below must match

static void *library;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_library(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "workbench: cannot load libcurl (%s); install libcurl4\n", dlerror());
        abort();
    }
}

static void *real(const char *name) {
    pthread_once(&opened, open_library);
    void *function = dlsym(library, name);
    if (function == NULL) {
        fprintf(stderr, "workbench: libcurl has no %s (%s)\n", name, dlerror());
        abort();
    }
    return function;
}

// Each function looks its real one up once; the pointer is then read without a lock (a race
// only repeats the same lookup).
#define FORWARD(result, name, parameters, arguments)                  \
    result name parameters {                                          \
        static result (*function) parameters;                         \
        if (function == NULL) function = real(#name);                 \
        return function arguments;                                    \
    }

FORWARD(CURLcode, curl_global_init, (long flags), (flags))
FORWARD(CURL *, curl_easy_init, (void), ())
FORWARD(void, curl_easy_cleanup, (CURL *handle), (handle))
FORWARD(CURLcode, curl_easy_pause, (CURL *handle, int bitmask), (handle, bitmask))
FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code))
FORWARD(void, curl_free, (void *pointer), (pointer))
FORWARD(CURLM *, curl_multi_init, (void), ())
FORWARD(CURLMcode, curl_multi_cleanup, (CURLM *multi), (multi))
FORWARD(CURLMcode, curl_multi_add_handle, (CURLM *multi, CURL *handle), (multi, handle))
FORWARD(CURLMcode, curl_multi_remove_handle, (CURLM *multi, CURL *handle), (multi, handle))
FORWARD(CURLMcode, curl_multi_assign, (CURLM *multi, curl_socket_t socket, void *pointer), (multi, socket, pointer))
FORWARD(CURLMsg *, curl_multi_info_read, (CURLM *multi, int *remaining), (multi, remaining))
FORWARD(CURLMcode, curl_multi_socket_action, (CURLM *multi, curl_socket_t socket, int mask, int *running),
        (multi, socket, mask, running))
FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *text), (list, text))
FORWARD(void, curl_slist_free_all, (struct curl_slist *list), (list))
FORWARD(CURLU *, curl_url, (void), ())
FORWARD(CURLUcode, curl_url_get, (CURLU *url, CURLUPart part, char **text, unsigned int flags), (url, part, text, flags))
FORWARD(CURLUcode, curl_url_set, (CURLU *url, CURLUPart part, const char *text, unsigned int flags), (url, part, text, flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(curl_version_info_data *, curl_version_info, (CURLversion version), (version))

// The variadic three take exactly one more argument: a long, a curl_off_t, a pointer or a
// function pointer, each passed in one 64-bit integer register on x86-64 and arm64 Linux, so it
// is read and passed on as one.
#define FORWARD_ONE_MORE(result, name, handle_type, option_type)               \
    result name(handle_type handle, option_type option, ...) {                 \
        static result (*function)(handle_type, option_type, ...);              \
        if (function == NULL) function = real(#name);                          \
        va_list arguments;                                                     \
        va_start(arguments, option);                                           \
        void *value = va_arg(arguments, void *);                               \
        va_end(arguments);                                                     \
        return function(handle, option, value);                                \
    }

FORWARD_ONE_MORE(CURLcode, curl_easy_setopt, CURL *, CURLoption)
FORWARD_ONE_MORE(CURLcode, curl_easy_getinfo, CURL *, CURLINFO)
FORWARD_ONE_MORE(CURLMcode, curl_multi_setopt, CURLM *, CURLMoption)

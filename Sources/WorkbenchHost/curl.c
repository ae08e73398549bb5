// The session's own URLSessions, seen where FoundationNetworking calls libcurl: this program
// exports these functions (Package.swift), so the dynamic linker gives FoundationNetworking's
// calls to them first, and each goes on to libcurl's own (RTLD_NEXT). Every URLSession passes
// here (`.shared`, `.default`, `.ephemeral`), which `URLProtocol` cannot reach on Linux.
//
// - Offline mode: a real API's URL is routed to the sandbox by WorkbenchKit's
//   `workbench_offline_url` (Sources/WorkbenchKit/HostRuntime/HostOfflineRoutes.swift).
// - Replay's end waits for the requests in flight (`workbench_host_transfers`).
// - History: what each request received (status, headers, body, time) is handed to
//   `workbench_host_transfer_ended` (Sources/WorkbenchKit/HostRuntime/SessionRequests.swift),
//   by teeing the write and header callbacks FoundationNetworking sets.
// - `stop` (work.c) ends the requests in flight: the teed callbacks (body, headers and the progress
//   FoundationNetworking sets) tell libcurl to abort, and the task's completion gets an error. A
//   request waiting for its answer calls none of them, so every socket libcurl has open (opened
//   and closed through callbacks set here) is shut down too: libcurl wakes, sees it closed, and
//   ends the transfer. An idle connection in libcurl's pool is shut down with them, and the next
//   request opens a new one.
//
// Every option's value is one machine word on this platform (a long, a pointer or a curl_off_t).
#define _GNU_SOURCE  // RTLD_NEXT, RTLD_DEFAULT
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "host.h"

enum {
    optionWriteData = 10001, optionURL = 10002, optionHeaderData = 10029, optionCustomRequest = 10036,
    optionProgressData = 10057, optionWriteFunction = 20011, optionHeaderFunction = 20079, optionProgressFunction = 20219,
    optionOpenSocketFunction = 20163, optionCloseSocketFunction = 20208,
    infoResponseCode = 0x200002,
    // A body kept for history stops growing here (the response itself is not touched).
    keptBodyLimit = 64 << 20,
};

typedef size_t (*Callback)(char *, size_t, size_t, void *);
typedef int (*ProgressCallback)(void *, int64_t, int64_t, int64_t, int64_t);

// What one easy handle's request received so far.
struct Transfer {
    void *handle;
    char *url;  // the first URL set on the handle: the one the code asked for (a redirect sets more)
    char *method;
    Callback write, header;
    void *writeData, *headerData;
    ProgressCallback progress;
    void *progressData;
    char *body, *headers;
    size_t bodyLength, bodyCapacity, headersLength, headersCapacity;
    struct timespec started;
    int recorded;  // whether the session recorded requests when this one started (not while inputs run again quietly)
    int inFlight;  // added to a multi handle and not removed yet
    int stopped;   // `stop` ended it: each callback tells libcurl to abort
    struct Transfer *next;
};

// What libcurl passes the callback that opens a socket (struct curl_sockaddr).
struct SocketAddress {
    int family, socketType, protocol;
    unsigned int length;
    struct sockaddr address;
};

static pthread_mutex_t transfersLock = PTHREAD_MUTEX_INITIALIZER;
static struct Transfer *transfers = NULL;
static volatile int transfersInFlight = 0;

static void *next(const char *name) { return dlsym(RTLD_NEXT, name); }

// The sockets libcurl has open, for `stop` to shut down.
static pthread_mutex_t socketsLock = PTHREAD_MUTEX_INITIALIZER;
static int *openSockets = NULL;
static size_t openSocketCount = 0, openSocketCapacity = 0;

static int openSocket(void *unused, int purpose, struct SocketAddress *address) {
    (void)unused;
    (void)purpose;
    int descriptor = socket(address->family, address->socketType | SOCK_CLOEXEC, address->protocol);
    if (descriptor < 0) return -1;  // CURL_SOCKET_BAD
    pthread_mutex_lock(&socketsLock);
    if (openSocketCount == openSocketCapacity) {
        size_t capacity = openSocketCapacity ? openSocketCapacity * 2 : 16;
        int *grown = realloc(openSockets, capacity * sizeof *grown);
        if (grown) {
            openSockets = grown;
            openSocketCapacity = capacity;
        }
    }
    // Without room it is not listed: `stop` then waits for the transfer's next callback.
    if (openSocketCount < openSocketCapacity) openSockets[openSocketCount++] = descriptor;
    pthread_mutex_unlock(&socketsLock);
    return descriptor;
}

static int closeSocket(void *unused, int descriptor) {
    (void)unused;
    pthread_mutex_lock(&socketsLock);
    for (size_t index = 0; index < openSocketCount; index++) {
        if (openSockets[index] == descriptor) {
            openSockets[index] = openSockets[--openSocketCount];
            break;
        }
    }
    // Closed under the lock: `stop` never shuts down a number that was closed and given out again.
    int result = close(descriptor);
    pthread_mutex_unlock(&socketsLock);
    return result;
}

static struct Transfer *transferOf(void *handle, int create) {
    struct Transfer *found = transfers;
    while (found && found->handle != handle) found = found->next;
    if (!found && create) {
        found = calloc(1, sizeof *found);
        if (!found) return NULL;
        found->handle = handle;
        found->next = transfers;
        transfers = found;
    }
    return found;
}

static void append(char **buffer, size_t *length, size_t *capacity, const char *data, size_t count) {
    if (*length + count > keptBodyLimit) return;
    if (*length + count > *capacity) {
        size_t grown = (*length + count) * 2;
        char *larger = realloc(*buffer, grown);
        if (!larger) return;
        *buffer = larger;
        *capacity = grown;
    }
    memcpy(*buffer + *length, data, count);
    *length += count;
}

static int isStopped(struct Transfer *transfer) { return __atomic_load_n(&transfer->stopped, __ATOMIC_ACQUIRE); }

static size_t teeBody(char *data, size_t size, size_t count, void *user) {
    struct Transfer *transfer = user;
    if (isStopped(transfer)) return 0;  // CURLE_WRITE_ERROR
    size_t taken = transfer->write ? transfer->write(data, size, count, transfer->writeData) : size * count;
    // Kept only when taken: a paused transfer (CURL_WRITEFUNC_PAUSE) hands the same bytes again.
    if (taken == size * count) append(&transfer->body, &transfer->bodyLength, &transfer->bodyCapacity, data, taken);
    return taken;
}

static size_t teeHeader(char *data, size_t size, size_t count, void *user) {
    struct Transfer *transfer = user;
    if (isStopped(transfer)) return 0;
    size_t taken = transfer->header ? transfer->header(data, size, count, transfer->headerData) : size * count;
    if (taken == size * count) append(&transfer->headers, &transfer->headersLength, &transfer->headersCapacity, data, taken);
    return taken;
}

static int teeProgress(void *user, int64_t downloadTotal, int64_t downloaded, int64_t uploadTotal, int64_t uploaded) {
    struct Transfer *transfer = user;
    if (isStopped(transfer)) return 1;  // CURLE_ABORTED_BY_CALLBACK
    if (!transfer->progress) return 0;
    return transfer->progress(transfer->progressData, downloadTotal, downloaded, uploadTotal, uploaded);
}

int curl_easy_setopt(void *handle, int option, ...) {
    static int (*real)(void *, int, ...) = NULL;
    static char *(*route)(const char *) = NULL;
    if (!real) real = (int (*)(void *, int, ...))next("curl_easy_setopt");
    if (!real) return 48;  // CURLE_UNKNOWN_OPTION; not reached: its only caller, FoundationNetworking, links libcurl
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    pthread_mutex_lock(&transfersLock);
    struct Transfer *transfer = transferOf(handle, 1);
    if (transfer) {
        switch (option) {
        case optionURL:
            if (!transfer->url && value) transfer->url = strdup(value);
            break;
        case optionCustomRequest:
            free(transfer->method);
            transfer->method = value ? strdup(value) : NULL;
            break;
        case optionWriteFunction: transfer->write = (Callback)value; value = (void *)teeBody; break;
        case optionWriteData: transfer->writeData = value; value = transfer; break;
        case optionHeaderFunction: transfer->header = (Callback)value; value = (void *)teeHeader; break;
        case optionHeaderData: transfer->headerData = value; value = transfer; break;
        case optionProgressFunction: transfer->progress = (ProgressCallback)value; value = (void *)teeProgress; break;
        case optionProgressData: transfer->progressData = value; value = transfer; break;
        }
    }
    pthread_mutex_unlock(&transfersLock);
    if (option == optionURL && value) {
        if (!route) route = (char *(*)(const char *))dlsym(RTLD_DEFAULT, "workbench_offline_url");
        char *routed = route ? route((const char *)value) : NULL;
        if (routed) {
            // libcurl keeps its own copy of a URL.
            int result = real(handle, option, routed);
            free(routed);
            return result;
        }
    }
    return real(handle, option, value);
}

void curl_easy_cleanup(void *handle) {
    static void (*real)(void *) = NULL;
    if (!real) real = (void (*)(void *))next("curl_easy_cleanup");
    pthread_mutex_lock(&transfersLock);
    struct Transfer **link = &transfers;
    while (*link && (*link)->handle != handle) link = &(*link)->next;
    struct Transfer *gone = *link;
    if (gone) *link = gone->next;
    pthread_mutex_unlock(&transfersLock);
    if (gone) {
        free(gone->url);
        free(gone->method);
        free(gone->body);
        free(gone->headers);
        free(gone);
    }
    if (real) real(handle);
}

int curl_multi_add_handle(void *multi, void *easy) {
    static int (*real)(void *, void *) = NULL;
    static int (*records)(void) = NULL;
    static int (*setOption)(void *, int, ...) = NULL;
    if (!real) real = (int (*)(void *, void *))next("curl_multi_add_handle");
    if (!setOption) setOption = (int (*)(void *, int, ...))next("curl_easy_setopt");
    if (!records) records = (int (*)(void))dlsym(RTLD_DEFAULT, "workbench_host_records_requests");
    if (!real) return 1;
    int recorded = records ? records() : 0;
    pthread_mutex_lock(&transfersLock);
    struct Transfer *transfer = transferOf(easy, 1);
    if (transfer) {
        transfer->recorded = recorded;
        __atomic_store_n(&transfer->stopped, 0, __ATOMIC_RELEASE);
        // Before libcurl has it: it may end (and be removed) before `real` returns.
        transfer->inFlight = 1;
        transfer->bodyLength = 0;
        transfer->headersLength = 0;
        clock_gettime(CLOCK_MONOTONIC, &transfer->started);
    }
    pthread_mutex_unlock(&transfersLock);
    // Set on each transfer, before libcurl connects for it (FoundationNetworking sets neither).
    if (setOption) {
        setOption(easy, optionOpenSocketFunction, (void *)openSocket);
        setOption(easy, optionCloseSocketFunction, (void *)closeSocket);
    }
    int result = real(multi, easy);
    if (result == 0) {
        __atomic_add_fetch(&transfersInFlight, 1, __ATOMIC_SEQ_CST);
    } else {
        pthread_mutex_lock(&transfersLock);
        struct Transfer *refused = transferOf(easy, 0);
        if (refused) refused->inFlight = 0;
        pthread_mutex_unlock(&transfersLock);
    }
    return result;
}

int curl_multi_remove_handle(void *multi, void *easy) {
    static int (*real)(void *, void *) = NULL;
    static int (*info)(void *, int, ...) = NULL;
    static void (*ended)(const char *, const char *, long, const char *, long, const char *, long, long) = NULL;
    if (!real) real = (int (*)(void *, void *))next("curl_multi_remove_handle");
    if (!info) info = (int (*)(void *, int, ...))next("curl_easy_getinfo");
    if (!ended) ended = (void (*)(const char *, const char *, long, const char *, long, const char *, long, long))
                        dlsym(RTLD_DEFAULT, "workbench_host_transfer_ended");
    if (!real) return 1;
    long status = 0;
    if (info) info(easy, infoResponseCode, &status);
    int result = real(multi, easy);
    if (result == 0 && __atomic_load_n(&transfersInFlight, __ATOMIC_SEQ_CST) > 0) __atomic_sub_fetch(&transfersInFlight, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_lock(&transfersLock);
    struct Transfer *transfer = transferOf(easy, 0);
    if (transfer) transfer->inFlight = 0;
    // A request `stop` ended is left out of the history: what it received is cut short.
    if (transfer && transfer->recorded && !isStopped(transfer) && transfer->url && status > 0 && ended) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long milliseconds = (now.tv_sec - transfer->started.tv_sec) * 1000 + (now.tv_nsec - transfer->started.tv_nsec) / 1000000;
        ended(transfer->url, transfer->method ? transfer->method : "GET", status, transfer->headers, (long)transfer->headersLength,
              transfer->body, (long)transfer->bodyLength, milliseconds);
    }
    pthread_mutex_unlock(&transfersLock);
    return result;
}

int workbench_host_transfers(void) { return __atomic_load_n(&transfersInFlight, __ATOMIC_SEQ_CST); }

int stopTransfers(void) {
    int stopped = 0;
    pthread_mutex_lock(&transfersLock);
    for (struct Transfer *transfer = transfers; transfer; transfer = transfer->next) {
        if (!transfer->inFlight || isStopped(transfer)) continue;
        __atomic_store_n(&transfer->stopped, 1, __ATOMIC_RELEASE);
        stopped += 1;
    }
    pthread_mutex_unlock(&transfersLock);
    if (stopped == 0) return 0;
    pthread_mutex_lock(&socketsLock);
    for (size_t index = 0; index < openSocketCount; index++) shutdown(openSockets[index], SHUT_RDWR);
    pthread_mutex_unlock(&socketsLock);
    return stopped;
}

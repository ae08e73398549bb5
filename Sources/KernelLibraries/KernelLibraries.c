// ZeroMQ and OpenSSL's HMAC for the Jupyter kernel, opened with dlopen when the kernel starts.
//
// Linking libzmq would load it and its libraries (libsodium, libpgm, libnorm, GSSAPI…) in every
// `workbench` process, whose start-up is measured (Benchmarks/); only `workbench kernel` needs it.
// libcrypto is OpenSSL's, already on any machine with libcurl (FoundationNetworking's transport),
// which saves building a second copy of a crypto library into the binary for one HMAC.
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "KernelLibraries.h"

_Static_assert(WB_ZMQ_PUB == ZMQ_PUB && WB_ZMQ_REP == ZMQ_REP && WB_ZMQ_ROUTER == ZMQ_ROUTER, "socket types");
_Static_assert(WB_ZMQ_SNDMORE == ZMQ_SNDMORE, "flags");

static struct {
    void *(*ctx_new)(void);
    void *(*socket)(void *, int);
    int (*setsockopt)(void *, int, const void *, size_t);
    int (*bind)(void *, const char *);
    int (*close)(void *);
    int (*send)(void *, const void *, size_t, int);
    int (*msg_init)(zmq_msg_t *);
    int (*msg_recv)(zmq_msg_t *, void *, int);
    void *(*msg_data)(zmq_msg_t *);
    size_t (*msg_size)(const zmq_msg_t *);
    int (*msg_more)(const zmq_msg_t *);
    int (*msg_close)(zmq_msg_t *);
    int (*proxy)(void *, void *, void *);
    int (*errno_)(void);
    const char *(*strerror)(int);
} zmq;

// OpenSSL's SHA-256 (the low-level functions, which need no provider lookup per call). HMAC is
// computed with them as RFC 2104 defines it, the key's inner and outer states made once
// (`wb_hmac_sha256_prepare`) and copied for each message: OpenSSL's one-shot HMAC() looked up its
// algorithm again for every message.
static int (*sha256_init)(void *);
static int (*sha256_update)(void *, const void *, size_t);
static int (*sha256_final)(unsigned char *, void *);
typedef struct { _Alignas(16) unsigned char bytes[256]; } sha256_state;  // SHA256_CTX is 112 bytes
typedef struct { sha256_state inner, outer; } hmac_key;
_Static_assert(sizeof(hmac_key) <= WB_HMAC_KEY_SIZE, "a prepared key's size");

#define LOOK_UP(library, field, name)                     \
    if ((*(void **)&(field) = dlsym(library, name)) == NULL) return "libzmq.so.5 has no " name;

const char *wb_kernel_libraries_load(void) {
    void *zmq_library = dlopen("libzmq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (zmq_library == NULL) return "the kernel needs ZeroMQ: install libzmq5 (Debian: apt-get install libzmq5)";
    LOOK_UP(zmq_library, zmq.ctx_new, "zmq_ctx_new")
    LOOK_UP(zmq_library, zmq.socket, "zmq_socket")
    LOOK_UP(zmq_library, zmq.setsockopt, "zmq_setsockopt")
    LOOK_UP(zmq_library, zmq.bind, "zmq_bind")
    LOOK_UP(zmq_library, zmq.close, "zmq_close")
    LOOK_UP(zmq_library, zmq.send, "zmq_send")
    LOOK_UP(zmq_library, zmq.msg_init, "zmq_msg_init")
    LOOK_UP(zmq_library, zmq.msg_recv, "zmq_msg_recv")
    LOOK_UP(zmq_library, zmq.msg_data, "zmq_msg_data")
    LOOK_UP(zmq_library, zmq.msg_size, "zmq_msg_size")
    LOOK_UP(zmq_library, zmq.msg_more, "zmq_msg_more")
    LOOK_UP(zmq_library, zmq.msg_close, "zmq_msg_close")
    LOOK_UP(zmq_library, zmq.proxy, "zmq_proxy")
    LOOK_UP(zmq_library, zmq.errno_, "zmq_errno")
    LOOK_UP(zmq_library, zmq.strerror, "zmq_strerror")
    // OpenSSL 3, or 1.1 on older distributions: both have the SHA-256 functions used here.
    void *crypto = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (crypto == NULL) crypto = dlopen("libcrypto.so.1.1", RTLD_NOW | RTLD_LOCAL);
    if (crypto == NULL) return "the kernel signs messages with OpenSSL: install libssl3 (Debian: apt-get install libssl3)";
    if ((*(void **)&sha256_init = dlsym(crypto, "SHA256_Init")) == NULL) return "libcrypto.so.3 has no SHA256_Init";
    if ((*(void **)&sha256_update = dlsym(crypto, "SHA256_Update")) == NULL) return "libcrypto.so.3 has no SHA256_Update";
    if ((*(void **)&sha256_final = dlsym(crypto, "SHA256_Final")) == NULL) return "libcrypto.so.3 has no SHA256_Final";
    return NULL;
}

void *wb_zmq_context_new(void) { return zmq.ctx_new(); }

void *wb_zmq_bound_socket(void *context, int type, const char *endpoint, int unlimited_queue, const char **error) {
    void *socket = zmq.socket(context, type);
    int linger = 0, no_limit = 0;
    if (socket == NULL || zmq.setsockopt(socket, ZMQ_LINGER, &linger, sizeof linger) != 0
        || (unlimited_queue && zmq.setsockopt(socket, ZMQ_SNDHWM, &no_limit, sizeof no_limit) != 0)
        || zmq.bind(socket, endpoint) != 0) {
        *error = zmq.strerror(zmq.errno_());
        if (socket != NULL) zmq.close(socket);
        return NULL;
    }
    return socket;
}

int wb_zmq_send(void *socket, const void *data, size_t size, int flags) { return zmq.send(socket, data, size, flags); }

long wb_zmq_receive(void *socket, void **data, int *more, int waits) {
    zmq_msg_t message;
    zmq.msg_init(&message);
    // SIGINT (the kernel's interrupt) lands on any thread and ends a wait with EINTR: wait again.
    int received;
    while ((received = zmq.msg_recv(&message, socket, waits ? 0 : ZMQ_DONTWAIT)) < 0 && zmq.errno_() == EINTR) {}
    if (received < 0) {
        int reason = zmq.errno_();
        zmq.msg_close(&message);
        return reason == EAGAIN ? -2 : -1;
    }
    size_t size = zmq.msg_size(&message);
    *data = malloc(size > 0 ? size : 1);
    memcpy(*data, zmq.msg_data(&message), size);
    *more = zmq.msg_more(&message);
    zmq.msg_close(&message);
    return (long)size;
}

void wb_zmq_echo(void *socket) {
    while (zmq.proxy(socket, socket, NULL) != 0 && zmq.errno_() == EINTR) {}
}

const char *wb_zmq_error(void) { return zmq.strerror(zmq.errno_()); }

void wb_hmac_sha256_prepare(const void *key, size_t key_length, void *prepared) {
    hmac_key *keyed = prepared;
    unsigned char block[64] = {0}, pad[64];
    if (key_length > sizeof block) {
        sha256_state hashed;
        sha256_init(&hashed);
        sha256_update(&hashed, key, key_length);
        sha256_final(block, &hashed);
    } else {
        memcpy(block, key, key_length);
    }
    for (int i = 0; i < 64; i++) pad[i] = block[i] ^ 0x36;
    sha256_init(&keyed->inner);
    sha256_update(&keyed->inner, pad, sizeof pad);
    for (int i = 0; i < 64; i++) pad[i] = block[i] ^ 0x5c;
    sha256_init(&keyed->outer);
    sha256_update(&keyed->outer, pad, sizeof pad);
}

void wb_hmac_sha256(const void *prepared, const void *data, size_t length, unsigned char *digest) {
    const hmac_key *keyed = prepared;
    sha256_state state = keyed->inner;
    unsigned char inner[32];
    sha256_update(&state, data, length);
    sha256_final(inner, &state);
    state = keyed->outer;
    sha256_update(&state, inner, sizeof inner);
    sha256_final(digest, &state);
}

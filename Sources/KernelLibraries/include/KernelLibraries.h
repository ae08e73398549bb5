// The two C libraries the Jupyter kernel speaks through, ZeroMQ (libzmq.so.5) and OpenSSL's
// SHA-256 for HMAC (libcrypto.so.3), loaded when `workbench kernel` starts: every other `workbench` run would
// otherwise load libzmq and its eight libraries at start-up for nothing (KernelLibraries.c).
#ifndef KERNEL_LIBRARIES_H
#define KERNEL_LIBRARIES_H
#include <stddef.h>

// libzmq's socket types and flags (checked against zmq.h where the functions are defined).
enum {
    WB_ZMQ_PUB = 1,
    WB_ZMQ_REP = 4,
    WB_ZMQ_ROUTER = 6,
    WB_ZMQ_SNDMORE = 2,
};

// Loads both libraries; NULL when they are there, else a sentence saying which is missing.
const char *wb_kernel_libraries_load(void);

void *wb_zmq_context_new(void);
// A socket of `type` bound to `endpoint`, its linger 0 (closing never waits for a slow client),
// with `unlimited_queue` no high-water mark (a PUB socket then drops nothing for a slow client);
// NULL with `*error` set to libzmq's message.
void *wb_zmq_bound_socket(void *context, int type, const char *endpoint, int unlimited_queue, const char **error);
int wb_zmq_send(void *socket, const void *data, size_t size, int flags);
// Receives one frame into a buffer the caller frees; its size, -1 on failure (see
// wb_zmq_error()), or, when it does not wait (`waits` 0), -2 when no frame is there.
// `*more` says whether another frame of the same message follows.
long wb_zmq_receive(void *socket, void **data, int *more, int waits);
// Forwards frames from `socket` back to it until the context ends: the heartbeat's echo.
void wb_zmq_echo(void *socket);
const char *wb_zmq_error(void);

// An HMAC-SHA256 key made ready to sign with: its two padded blocks hashed once, into `prepared`
// (WB_HMAC_KEY_SIZE bytes).
enum { WB_HMAC_KEY_SIZE = 512 };
void wb_hmac_sha256_prepare(const void *key, size_t key_length, void *prepared);
// HMAC-SHA256 of `data` with a prepared key, into `digest` (32 bytes).
void wb_hmac_sha256(const void *prepared, const void *data, size_t length, unsigned char *digest);

#endif

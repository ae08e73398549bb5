// The system zlib, for the sandbox's gzip responses (zlib1g-dev).
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 is a macro over deflateInit2_; Swift cannot call macros.
static inline int czlib_deflate_init2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}
#endif

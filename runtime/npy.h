/* Reading and writing numpy .npy files, so that vtc-run and the tests can
 * exchange tensors with numpy. Little-endian, C order only. */
#ifndef VTC_RUNTIME_NPY_H
#define VTC_RUNTIME_NPY_H

#include "runtime/tensor.h"

/* Supported descrs: '<f4' f32, '<f2' f16, '<f8' f64, '<i4' i32, '<i8' i64,
 * '|b1' i1, and '<u2' bf16.
 *
 * bf16 has no numpy dtype. We store it as its raw uint16 bit patterns with
 * descr '<u2', and read '<u2' back as bf16: the round trip is exact and the
 * file stays a plain numpy array. vtc has no u16 type, so '<u2' is never
 * ambiguous inside vtc. In numpy, turn such an array `u` into float32 with
 *   (u.astype(np.uint32) << 16).view(np.float32)
 * and build one from float32 `x` by rounding its top 16 bits.
 *
 * Reading accepts format versions 1.0, 2.0 and 3.0 (3.0 only differs by a
 * UTF-8 header, which for the keys we accept is plain ASCII). Writing always
 * produces 1.0: a header for rank <= VTC_MAX_RANK is far below the 64 KiB
 * limit that would need 2.0. Loaded i1 bytes other than 0 are stored as 1.
 *
 * Every function returns 0 on success, or -1 with a message in err (and the
 * output left empty); malformed input never crashes. */

/* Parses a whole .npy image held in memory into an empty `out`. */
int vtc_npy_parse(const void *buf, size_t len, vtc_tensor *out, char *err, size_t errlen);
/* Reads a file; messages are prefixed with the path. */
int vtc_npy_load(const char *path, vtc_tensor *out, char *err, size_t errlen);

/* Encodes `t` as a .npy image in a malloc'd buffer the caller frees. */
int vtc_npy_encode(const vtc_tensor *t, void **buf, size_t *len, char *err, size_t errlen);
int vtc_npy_save(const char *path, const vtc_tensor *t, char *err, size_t errlen);

#endif

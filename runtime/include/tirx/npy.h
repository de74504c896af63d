/* tirx/npy.h — a small NumPy .npy reader/writer (for tirx-run, tests and examples).
 *
 * Writes format version 1.0 (header padded so the data starts at a multiple of 64);
 * reads versions 1.0, 2.0 and 3.0.  C order, little-endian only.  dtypes: float16/32/64,
 * int8..int64, uint8..uint64, bool ('|b1').  bfloat16 has no standard NumPy descr: it is
 * stored as '<u2' (the raw bits), and '<u2' / '|V2' / '<V2' files are accepted where a
 * bfloat16 tensor is expected (tirx_npy_compatible); likewise '|u1' / '|i1' for the
 * float8 types.
 */
#ifndef TIRX_NPY_H
#define TIRX_NPY_H

#include <dlpack/dlpack.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TIRX_NPY_MAX_DIMS 16

typedef struct TirxNpy {
  DLDataType dtype; /* void ('|V2') reads as {kDLOpaqueHandle, 16, 1} */
  int32_t ndim;
  int64_t shape[TIRX_NPY_MAX_DIMS];
  size_t nbytes; /* product(shape) * element bytes */
  void *data;    /* malloc'd; free with tirx_npy_free */
} TirxNpy;

/* 0, or -1 with a malloc'd message (path included) in *err. */
TirxStatus tirx_npy_read_file(const char *path, TirxNpy *out, char **err);
TirxStatus tirx_npy_read(const void *buf, size_t size, TirxNpy *out, char **err);
void tirx_npy_free(TirxNpy *n);

/* Write data (C order) as .npy; bfloat16 is written as '<u2'. */
TirxStatus tirx_npy_write_file(const char *path, DLDataType dtype, int32_t ndim,
                               const int64_t *shape, const void *data, char **err);

/* The descr for a dtype ('<f4', '|b1', ...), or NULL when .npy cannot hold it. */
const char *tirx_npy_descr(DLDataType dtype);

/* Can a file of dtype `file` feed a tensor of dtype `want`?  Equal dtypes, a
 * bfloat16 tensor from raw 2-byte data ('<u2', '<i2', '|V2'), or a one-byte float
 * (float8_e4m3fn, float8_e5m2, ...) from raw 1-byte data ('|u1', '|i1'). */
int tirx_npy_compatible(DLDataType file, DLDataType want);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_NPY_H */

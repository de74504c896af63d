/* npy_selftest.c — tirx/npy.h: write every supported dtype, read it back, compare;
 * reject malformed files.  Usage: tirx-npy-selftest DIR (scratch directory).  Prints
 * one line per case; exits 1 on failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/npy.h"
#include "tirx/plan.h"

static int failures;

static void roundtrip(const char *dir, DLDataType t, int32_t ndim, const int64_t *shape) {
  char path[512], dt[32];
  snprintf(path, sizeof path, "%s/%s-%dd.npy", dir, tirx_dl_dtype_str(t, dt), (int)ndim);
  size_t n = 1, elem = (t.bits + 7u) / 8u;
  for (int32_t k = 0; k < ndim; k++)
    n *= (size_t)shape[k];
  unsigned char *data = malloc(n * elem + 1);
  for (size_t i = 0; i < n * elem; i++)
    data[i] = (unsigned char)(i * 37 + 11);
  if (t.code == TIRX_DL_BOOL)
    for (size_t i = 0; i < n; i++)
      data[i] &= 1;
  char *err = NULL;
  TirxNpy r;
  if (tirx_npy_write_file(path, t, ndim, shape, data, &err) != 0 ||
      tirx_npy_read_file(path, &r, &err) != 0) {
    printf("FAIL %s: %s\n", dt, err);
    failures++;
  } else {
    int same = r.ndim == ndim && r.nbytes == n * elem && memcmp(r.data, data, n * elem) == 0;
    for (int32_t k = 0; same && k < ndim; k++)
      same = r.shape[k] == shape[k];
    same = same && tirx_npy_compatible(r.dtype, t);
    printf("%s %s: %s\n", dt, tirx_npy_descr(t), same ? "ok" : "FAIL");
    failures += !same;
    tirx_npy_free(&r);
  }
  free(err);
  free(data);
}

static void reject(const char *what, const char *bytes, size_t n) {
  TirxNpy r;
  char *err = NULL;
  if (tirx_npy_read(bytes, n, &r, &err) == 0) {
    printf("FAIL %s accepted\n", what);
    failures++;
    tirx_npy_free(&r);
  } else {
    printf("%s: %s\n", what, err);
  }
  free(err);
}

/* A v1.0 file with the given header text followed by ndata zero bytes. */
static void reject_header(const char *what, const char *header, size_t ndata) {
  char buf[256];
  size_t hl = strlen(header);
  memcpy(buf, "\x93NUMPY\x01\x00", 8);
  buf[8] = (char)(hl & 0xFF);
  buf[9] = (char)(hl >> 8);
  memcpy(buf + 10, header, hl);
  memset(buf + 10 + hl, 0, ndata);
  reject(what, buf, 10 + hl + ndata);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: tirx-npy-selftest DIR\n");
    return 2;
  }
  const int64_t s1[1] = {5}, s2[2] = {3, 4}, s0[1] = {0};
  DLDataType types[] = {{kDLFloat, 16, 1}, {kDLFloat, 32, 1}, {kDLFloat, 64, 1},
                        {kDLBfloat, 16, 1}, {kDLInt, 8, 1},   {kDLInt, 16, 1},
                        {kDLInt, 32, 1},   {kDLInt, 64, 1},   {kDLUInt, 8, 1},
                        {kDLUInt, 16, 1},  {kDLUInt, 32, 1},  {kDLUInt, 64, 1},
                        {TIRX_DL_BOOL, 8, 1}};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    roundtrip(argv[1], types[i], i % 2 ? 2 : 1, i % 2 ? s2 : s1);
  roundtrip(argv[1], (DLDataType){kDLFloat, 32, 1}, 0, s0); /* 0-d scalar */

  char *err = NULL;
  char path[512];
  snprintf(path, sizeof path, "%s/empty.npy", argv[1]);
  TirxNpy r;
  if (tirx_npy_write_file(path, (DLDataType){kDLInt, 32, 1}, 1, s0, NULL, &err) == 0 &&
      tirx_npy_read_file(path, &r, &err) == 0) {
    printf("empty: ndim=%d shape0=%lld nbytes=%zu\n", (int)r.ndim, (long long)r.shape[0],
           r.nbytes);
    tirx_npy_free(&r);
  } else {
    printf("FAIL empty: %s\n", err);
    failures++;
  }
  free(err);
  err = NULL;
  if (tirx_npy_write_file(path, (DLDataType){kDLFloat, 32, 4}, 1, s1, "", &err) == 0) {
    printf("FAIL float32x4 written\n");
    failures++;
  } else {
    printf("vector: %s\n", err);
  }
  free(err);

  /* raw bits feed the types NumPy lacks: bfloat16 from 2-byte, float8 from 1-byte data */
  const DLDataType u1 = {kDLUInt, 8, 1}, i1 = {kDLInt, 8, 1}, u2 = {kDLUInt, 16, 1};
  const DLDataType e4m3 = {TIRX_DL_FLOAT8_E4M3FN, 8, 1}, e5m2 = {TIRX_DL_FLOAT8_E5M2, 8, 1};
  printf("compatible: u1->e4m3 %d i1->e5m2 %d u2->e4m3 %d u1->bf16 %d u2->bf16 %d "
         "u1->u2 %d\n", tirx_npy_compatible(u1, e4m3), tirx_npy_compatible(i1, e5m2),
         tirx_npy_compatible(u2, e4m3), tirx_npy_compatible(u1, (DLDataType){kDLBfloat, 16, 1}),
         tirx_npy_compatible(u2, (DLDataType){kDLBfloat, 16, 1}), tirx_npy_compatible(u1, u2));
  reject("magic", "PK\x03\x04 not numpy", 15);
  reject_header("fortran", "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", 16);
  reject_header("big-endian", "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", 8);
  reject_header("complex", "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", 16);
  reject_header("short-data", "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 3);
  reject_header("bad-shape", "{'descr': '<f4', 'fortran_order': False, 'shape': (2,x), }", 8);
  reject_header("no-descr", "{'fortran_order': False, 'shape': (2,), }", 8);
  printf("failures: %d\n", failures);
  return failures ? 1 : 0;
}

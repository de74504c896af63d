/* dtype.c — the runtime's view of tirx/dtype.def (the table the compiler
 * uses too): names, DLPack types, kernel-argument C types, TMA data types and
 * .npy descrs, one row per scalar dtype. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const RtDType rows[] = {
#define X(E, name, code, bits, dl_code, dl_bits, ctype, tma, npy) \
  {name, {(uint8_t)(dl_code), (uint8_t)(dl_bits), 1}, ctype, tma, npy},
#include "tirx/dtype.def"
#undef X
};
enum { NROWS = sizeof rows / sizeof rows[0] };

const RtDType *rt_dtype_find(DLDataType t) {
  for (int i = 0; i < NROWS; i++)
    if (rows[i].dl.bits && rows[i].dl.code == t.code && rows[i].dl.bits == t.bits) return &rows[i];
  return NULL;
}

const RtDType *rt_dtype_at(int i) { return i >= 0 && i < NROWS ? &rows[i] : NULL; }

int tirx_dl_dtype_parse(const char *s, size_t n, DLDataType *out) {
  for (int i = 0; i < NROWS; i++)
    if (rows[i].dl.bits && rows[i].dl.code != kDLOpaqueHandle && strlen(rows[i].name) == n &&
        memcmp(rows[i].name, s, n) == 0) {
      *out = rows[i].dl;
      return 0;
    }
  return -1;
}

const char *tirx_dl_dtype_str(DLDataType t, char *buf) {
  const RtDType *r = rt_dtype_find(t);
  int n;
  if (r) n = snprintf(buf, 32, "%s", r->name);
  else if (t.code == kDLUInt && t.bits == 1) n = snprintf(buf, 32, "bool");
  else if (t.code == kDLInt) /* widths tirx has no dtype for (int4, ...) */
    n = snprintf(buf, 32, "int%u", (unsigned)t.bits);
  else if (t.code == kDLUInt) n = snprintf(buf, 32, "uint%u", (unsigned)t.bits);
  else if (t.code == kDLFloat) n = snprintf(buf, 32, "float%u", (unsigned)t.bits);
  else if (t.code == kDLBfloat) n = snprintf(buf, 32, "bfloat%u", (unsigned)t.bits);
  else if (t.code == kDLComplex) n = snprintf(buf, 32, "complex%u", (unsigned)t.bits);
  else n = snprintf(buf, 32, "dtype(%u,%u)", (unsigned)t.code, (unsigned)t.bits);
  if (t.lanes > 1 && n > 0 && n < 24) snprintf(buf + n, 32 - (size_t)n, "x%u", (unsigned)t.lanes);
  return buf;
}

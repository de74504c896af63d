/* npy.c — NumPy .npy files (tirx/npy.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tirx/npy.h"
#include "tirx/plan.h"

/* Descrs come from tirx/dtype.def's npy column; reading also accepts "V2"
 * (16-bit void, how some writers store bfloat16). */
const char *tirx_npy_descr(DLDataType t) {
  const RtDType *r = t.lanes == 1 ? rt_dtype_find(t) : NULL;
  return r ? r->npy : NULL;
}

/* The dtype of a descr without its byte-order character; 0 or -1. */
static int npy_dtype_of(const char *descr, DLDataType *out) {
  if (strcmp(descr, "V2") == 0) {
    *out = (DLDataType){kDLOpaqueHandle, 16, 1};
    return 0;
  }
  for (int i = 0; rt_dtype_at(i); i++) { /* the first row wins: "u2" is uint16 */
    const RtDType *r = rt_dtype_at(i);
    if (r->npy && strcmp(r->npy + 1, descr) == 0) {
      *out = r->dl;
      return 0;
    }
  }
  return -1;
}

int tirx_npy_compatible(DLDataType file, DLDataType want) {
  if (file.code == want.code && file.bits == want.bits && file.lanes == want.lanes) return 1;
  if (want.lanes != 1 || file.lanes != 1 || want.bits != file.bits) return 0;
  /* raw bits of the types NumPy lacks: bfloat16 from 2-byte integers or void, the
   * one-byte floats (float8_e4m3fn, float8_e5m2, ...) from 1-byte integers */
  if (want.code == kDLBfloat && want.bits == 16)
    return file.code == kDLUInt || file.code == kDLInt || file.code == kDLOpaqueHandle;
  if (want.bits == 8 && want.code >= TIRX_DL_FLOAT8_E3M4 && want.code <= TIRX_DL_FLOAT8_E8M0FNU)
    return file.code == kDLUInt || file.code == kDLInt;
  return 0;
}

void tirx_npy_free(TirxNpy *n) {
  free(n->data);
  n->data = NULL;
}

/* Find `'key':` in the header dict; pointer just after the colon, or NULL. */
static const char *find_key(const char *h, const char *key) {
  char pat[32];
  snprintf(pat, sizeof pat, "'%s'", key);
  const char *p = strstr(h, pat);
  if (!p) {
    snprintf(pat, sizeof pat, "\"%s\"", key);
    p = strstr(h, pat);
  }
  if (!p) return NULL;
  p += strlen(pat);
  while (*p == ' ') p++;
  return *p == ':' ? p + 1 : NULL;
}

static const char *skip_ws(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\n') p++;
  return p;
}

/* Parse the header dict into out (dtype, ndim, shape). */
static int parse_header(const char *h, TirxNpy *out, char **err) {
  const char *p = find_key(h, "descr");
  if (!p) return rt_errorf(err, "no 'descr' in header");
  p = skip_ws(p);
  char q = *p;
  if (q != '\'' && q != '"')
    return rt_errorf(err, "unsupported dtype descr (structured arrays are not supported)");
  const char *end = strchr(p + 1, q);
  if (!end || end - p - 1 >= 16) return rt_errorf(err, "bad 'descr'");
  char descr[16];
  memcpy(descr, p + 1, (size_t)(end - p - 1));
  descr[end - p - 1] = '\0';
  char order = descr[0];
  if (order != '<' && order != '|' && order != '=' && order != '>')
    return rt_errorf(err, "unsupported dtype '%s'", descr);
  if (npy_dtype_of(descr + 1, &out->dtype) != 0)
    return rt_errorf(err, "unsupported dtype '%s'", descr);
  if (order == '>' && out->dtype.bits > 8)
    return rt_errorf(err, "big-endian data ('%s') is not supported", descr);

  p = find_key(h, "fortran_order");
  if (!p) return rt_errorf(err, "no 'fortran_order' in header");
  p = skip_ws(p);
  if (strncmp(p, "True", 4) == 0)
    return rt_errorf(err, "Fortran-order arrays are not supported (save with "
                          "np.ascontiguousarray)");
  if (strncmp(p, "False", 5) != 0) return rt_errorf(err, "bad 'fortran_order'");

  p = find_key(h, "shape");
  if (!p) return rt_errorf(err, "no 'shape' in header");
  p = skip_ws(p);
  if (*p != '(') return rt_errorf(err, "bad 'shape'");
  p++;
  out->ndim = 0;
  for (;;) {
    p = skip_ws(p);
    if (*p == ')') break;
    char *e;
    errno = 0;
    long long v = strtoll(p, &e, 10);
    if (e == p || v < 0 || errno) return rt_errorf(err, "bad 'shape'");
    if (out->ndim >= TIRX_NPY_MAX_DIMS)
      return rt_errorf(err, "more than %d dimensions", TIRX_NPY_MAX_DIMS);
    out->shape[out->ndim++] = v;
    p = skip_ws(e);
    if (*p == ',') p++;
    else if (*p != ')') return rt_errorf(err, "bad 'shape'");
  }
  return 0;
}

TirxStatus tirx_npy_read(const void *buf, size_t size, TirxNpy *out, char **err) {
  const unsigned char *b = buf;
  memset(out, 0, sizeof(*out));
  if (size < 10 || memcmp(b, "\x93NUMPY", 6) != 0) return rt_errorf(err, "not a .npy file");
  unsigned major = b[6];
  size_t hlen, hstart;
  if (major == 1) {
    hlen = (size_t)b[8] | (size_t)b[9] << 8;
    hstart = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12) return rt_errorf(err, "truncated .npy header");
    hlen = (size_t)b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
    hstart = 12;
  } else {
    return rt_errorf(err, "unsupported .npy version %u.%u", major, (unsigned)b[7]);
  }
  if (hlen > size - hstart) return rt_errorf(err, "truncated .npy header");
  char *h = malloc(hlen + 1);
  if (!h) return rt_errorf(err, "out of memory");
  memcpy(h, b + hstart, hlen);
  h[hlen] = '\0';
  int rc = parse_header(h, out, err);
  free(h);
  if (rc != 0) return -1;
  size_t n = 1;
  for (int32_t k = 0; k < out->ndim; k++) {
    if (out->shape[k] != 0 && n > SIZE_MAX / (size_t)out->shape[k])
      return rt_errorf(err, "array too large");
    n *= (size_t)out->shape[k];
  }
  size_t elem = rt_dtype_bytes(out->dtype);
  if (n > SIZE_MAX / elem) return rt_errorf(err, "array too large");
  out->nbytes = n * elem;
  size_t dstart = hstart + hlen;
  if (size - dstart < out->nbytes)
    return rt_errorf(err, "truncated .npy data: expected %zu bytes, found %zu", out->nbytes,
                     size - dstart);
  out->data = malloc(out->nbytes ? out->nbytes : 1);
  if (!out->data) return rt_errorf(err, "out of memory");
  memcpy(out->data, b + dstart, out->nbytes);
  return 0;
}

TirxStatus tirx_npy_read_file(const char *path, TirxNpy *out, char **err) {
  memset(out, 0, sizeof(*out));
  RtStrBuf sb;
  if (rt_read_file_limited(path, "", true, &sb, err) != 0) /* data: any size */
    return -1;
  char *sub = NULL;
  int rc = tirx_npy_read(sb.buf ? sb.buf : "", sb.len, out, &sub);
  rt_sb_free(&sb);
  if (rc != 0) {
    rt_errorf(err, "%s: %s", path, sub ? sub : "bad .npy file");
    free(sub);
  }
  return rc;
}

TirxStatus tirx_npy_write_file(const char *path, DLDataType dtype, int32_t ndim,
                               const int64_t *shape, const void *data, char **err) {
  const char *descr = tirx_npy_descr(dtype);
  if (!descr) {
    char dt[32];
    return rt_errorf(err, "cannot store %s in a .npy file", tirx_dl_dtype_str(dtype, dt));
  }
  RtStrBuf h;
  rt_sb_init(&h);
  rt_sb_printf(&h, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  size_t n = 1;
  for (int32_t k = 0; k < ndim; k++) {
    rt_sb_printf(&h, "%s%" PRId64, k ? ", " : "", shape[k]);
    n *= (size_t)shape[k];
  }
  rt_sb_append(&h, ndim == 1 ? ",), }" : "), }");
  /* Pad with spaces so that 10 + header length (incl. '\n') is a multiple of 64. */
  while ((10 + h.len + 1) % 64) rt_sb_append(&h, " ");
  rt_sb_append(&h, "\n");
  if (h.oom || h.len > 65535) {
    rt_sb_free(&h);
    return rt_errorf(err, "cannot build .npy header");
  }
  unsigned char pre[10] = {0x93,
                           'N',
                           'U',
                           'M',
                           'P',
                           'Y',
                           1,
                           0,
                           (unsigned char)(h.len & 0xFF),
                           (unsigned char)(h.len >> 8)};
  FILE *f = fopen(path, "wb");
  if (!f) {
    rt_sb_free(&h);
    return rt_errorf(err, "cannot write %s: %s", path, strerror(errno));
  }
  size_t bytes = n * rt_dtype_bytes(dtype);
  int ok = fwrite(pre, 1, 10, f) == 10 && fwrite(h.buf, 1, h.len, f) == h.len &&
           (bytes == 0 || fwrite(data, 1, bytes, f) == bytes);
  ok = (fclose(f) == 0) && ok;
  rt_sb_free(&h);
  if (!ok) return rt_errorf(err, "cannot write %s: %s", path, strerror(errno));
  return 0;
}

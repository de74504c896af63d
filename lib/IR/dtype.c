/* Data types: the table in dtype.def plus vector lanes. */
#include "tirx/internal/ir.h"

#include <stdio.h>
#include <string.h>

static const struct {
  const char *name;
  DTypeCode code;
  int bits;
} dtypes[DT_COUNT] = {
#define X(E, name, code, bits, dl_code, dl_bits, ctype, tma, npy) [E] = {name, code, bits},
#include "tirx/dtype.def"
#undef X
};

/* Short spellings TVM's parser accepts (T.f32 ...). */
static const struct {
  const char *alias;
  DTypeId id;
} aliases[] = {
    {"f16", DT_FLOAT16}, {"f32", DT_FLOAT32}, {"f64", DT_FLOAT64}, {"bf16", DT_BFLOAT16},
    {"i8", DT_INT8},     {"i16", DT_INT16},   {"i32", DT_INT32},   {"i64", DT_INT64},
    {"u8", DT_UINT8},    {"u16", DT_UINT16},  {"u32", DT_UINT32},  {"u64", DT_UINT64},
};

DType tirx_dtype(DTypeId id) { return (DType){(uint8_t)id, 1}; }
DType tirx_dtype_vec(DTypeId id, int lanes) { return (DType){(uint8_t)id, (uint16_t)lanes}; }
DTypeCode tirx_dtype_code(DType t) { return dtypes[t.id].code; }
int tirx_dtype_bits(DType t) { return dtypes[t.id].bits; }
const char *tirx_dtype_scalar_name(DTypeId id) { return dtypes[id].name; }

char *tirx_dtype_str(DType t, char *buf) {
  if (t.lanes > 1) snprintf(buf, 32, "%sx%d", dtypes[t.id].name, t.lanes);
  else { /* names are short: a copy, no printf */ size_t n = strlen(dtypes[t.id].name);
    if (n > 31) n = 31;
    memcpy(buf, dtypes[t.id].name, n);
    buf[n] = '\0';
  }
  return buf;
}

static bool lookup_scalar(const char *s, size_t len, DTypeId *out) {
  if (!len) return false;
  for (int i = 0; i < DT_COUNT; i++)
    if (dtypes[i].name[0] == s[0] && strlen(dtypes[i].name) == len &&
        memcmp(dtypes[i].name, s, len) == 0) {
      *out = (DTypeId)i;
      return true;
    }
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (aliases[i].alias[0] == s[0] && strlen(aliases[i].alias) == len &&
        memcmp(aliases[i].alias, s, len) == 0) {
      *out = aliases[i].id;
      return true;
    }
  return false;
}

bool tirx_dtype_parse(const char *s, size_t len, DType *out) {
  DTypeId id;
  if (lookup_scalar(s, len, &id)) {
    *out = tirx_dtype(id);
    return true;
  }
  /* vector suffix: NAMExLANES with LANES in {2,4,8,16,32,64} */
  for (size_t i = len; i > 0; i--) {
    if (s[i - 1] != 'x') continue;
    if (i == len || !lookup_scalar(s, i - 1, &id)) continue;
    int lanes = 0;
    for (size_t j = i; j < len; j++) {
      if (s[j] < '0' || s[j] > '9' || lanes > 1000) return false;
      lanes = lanes * 10 + (s[j] - '0');
    }
    if (lanes < 2 || lanes > 64 || (lanes & (lanes - 1))) return false;
    DTypeCode c = dtypes[id].code;
    if (c == DTC_HANDLE || c == DTC_VOID) return false;
    *out = tirx_dtype_vec(id, lanes);
    return true;
  }
  return false;
}

bool tirx_dtype_eq(DType a, DType b) { return a.id == b.id && a.lanes == b.lanes; }
bool tirx_dtype_is_int(DType t) {
  DTypeCode c = tirx_dtype_code(t);
  return c == DTC_INT || c == DTC_UINT;
}
bool tirx_dtype_is_float(DType t) {
  DTypeCode c = tirx_dtype_code(t);
  return c == DTC_FLOAT || c == DTC_BFLOAT || c == DTC_F8 || c == DTC_F6 || c == DTC_F4;
}
bool tirx_dtype_is_bool(DType t) { return tirx_dtype_code(t) == DTC_BOOL; }
bool tirx_dtype_is_handle(DType t) { return tirx_dtype_code(t) == DTC_HANDLE; }

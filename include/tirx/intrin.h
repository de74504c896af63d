/* The intrinsic registry: every `T.*`, `T.cuda.*` and `T.ptx.*` name the
 * parser accepts, one table per family (intrin_core.def, intrin_cuda.def,
 * intrin_ptx.def).  Each row: X(ID, "name", min_args, max_args, "kinds",
 * RET, FLAGS).
 *
 *   name      dotted name without the `T.` prefix ("cuda.cta_sync",
 *             "ptx.mbarrier.init.shared.b64"); T.ptx names use PTX spelling
 *             (`::` kept), so the chained form T.ptx.cp.async_.ca... and the
 *             string form T.ptx["cp.async.ca..."] resolve to one row.
 *   max_args  -1 = variadic.
 *   kinds     one letter per positional argument (the last repeats when
 *             variadic): e expr, i integer expr, f float expr, p pointer,
 *             s string literal, d dtype (string or T.<dtype>), l list/tuple,
 *             b buffer or region, v lvalue (scalar or buffer element), a any.
 *   RET       how the result dtype is computed (IntrinRet).
 *   FLAGS     INTRIN_SPECIAL rows are statement forms the parser handles
 *             itself (alloc_shared, match_buffer, cta_id ...); INTRIN_PURE
 *             calls may be removed/reordered.
 */
#ifndef TIRX_INTRIN_H
#define TIRX_INTRIN_H

#include "tirx/ir.h"

typedef enum {
  RET_VOID,    /* statement */
  RET_ARG0,    /* dtype of argument 0 */
  RET_ARG1,    /* dtype of argument 1 */
  RET_BOOL, RET_I32, RET_U32, RET_I64, RET_U64, RET_F32, RET_F64, RET_HANDLE,
  RET_DTYPE0,  /* argument 0 is a dtype (reinterpret, call_extern) */
  RET_DTYPE1,  /* argument 1 is a dtype (ldg) */
  RET_DTYPE_KW,/* return_type= / dtype= keyword */
  RET_SPECIAL  /* computed by the parser (scope ids, buffers ...) */
} IntrinRet;

enum {
  INTRIN_PURE = 1u << 0,
  INTRIN_SPECIAL = 1u << 1,   /* parser-level construct, never an E_CALL */
  INTRIN_FRAME = 1u << 2,     /* usable as `with ...:` */
  INTRIN_ASM = 1u << 3,       /* lowered through the inline-asm table */
  INTRIN_SM90 = 1u << 4,      /* needs sm_90+ */
  INTRIN_SM100 = 1u << 5,     /* needs sm_100a (tcgen05) */
  INTRIN_NORETURN_VALUE = 1u << 6,
};

typedef enum {
#define X(ID, name, mn, mx, kinds, ret, flags) ID,
#include "tirx/intrin_core.def"
#include "tirx/intrin_cuda.def"
#include "tirx/intrin_ptx.def"
#undef X
  INTRIN_COUNT
} IntrinId;

struct Intrin {
  IntrinId id;
  const char *name;
  short min_args, max_args;
  const char *kinds;
  IntrinRet ret;
  unsigned flags;
};

const Intrin *tirx_intrin(IntrinId id);
/* Exact lookup of a dotted name ("cuda.cta_sync", "ptx.mbarrier.init.shared.b64"). */
const Intrin *tirx_intrin_lookup(const char *name, size_t len);
/* The closest registered name (edit distance), or NULL if nothing is close. */
const char *tirx_intrin_suggest(const char *name, size_t len);
int tirx_intrin_count(void);
/* Tile primitives: T.<scope>.<op>.  Returns the canonical "T.cta.fill"
 * spelling (interned by the caller) or NULL when `name` ("cta.fill",
 * "warpgroup.copy") is not one. */
bool tirx_tile_op_split(const char *name, const char **scope, size_t *scope_len, const char **op);

#endif

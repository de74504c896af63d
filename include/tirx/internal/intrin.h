/* The intrinsic registry: every `T.*`, `T.cuda.*` and `T.ptx.*` name the
 * parser accepts, one table per family (intrin_core.def, intrin_cuda.def, and
 * for T.ptx the one T.ptx registry, ptx_table.def: its PTX_NVVM and PTX_IR rows,
 * named "ptx." + spelling).  Each row: X(ID, "name", min_args, max_args,
 * "kinds", RET, FLAGS).
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

#include "tirx/internal/ir.h"

typedef enum {
  RET_VOID, /* statement */
  RET_ARG0, /* dtype of argument 0 */
  RET_ARG1, /* dtype of argument 1 */
  RET_BOOL,
  RET_I32,
  RET_U32,
  RET_I64,
  RET_U64,
  RET_F32,
  RET_F64,
  RET_HANDLE,
  RET_DTYPE0,   /* argument 0 is a dtype (reinterpret, call_extern) */
  RET_DTYPE1,   /* argument 1 is a dtype (ldg) */
  RET_DTYPE_KW, /* return_type= / dtype= keyword */
  RET_SPECIAL   /* computed by the parser (scope ids, buffers ...) */
} IntrinRet;

enum {
  INTRIN_PURE = 1u << 0,
  INTRIN_SPECIAL = 1u << 1, /* parser-level construct, never an E_CALL */
  INTRIN_FRAME = 1u << 2,   /* usable as `with ...:` */
  INTRIN_ASM = 1u << 3,     /* lowered through the inline-asm table */
  INTRIN_SM90 = 1u << 4,    /* needs sm_90+ */
  INTRIN_SM100 = 1u << 5,   /* needs sm_100a (tcgen05) */
  INTRIN_NVSHMEM = 1u << 6, /* an NVSHMEM device call: links libnvshmem_device, marks the kernel */
};

typedef enum {
#define X(ID, name, mn, mx, kinds, ret, flags) ID,
#include "tirx/internal/intrin_core.def"
#include "tirx/internal/intrin_cuda.def"
#undef X
#define PTX_NVVM(ID, ...) ID,
#define PTX_IR(ID, ...) ID,
#include "tirx/internal/ptx_table.def"
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

/* ---- scalar T.ptx ALU families (PTX_ALU rows of ptx_table.def) ---------- */
typedef enum {
  PA_SAME,  /* operands and result: the type (mul/mad .wide: result double width) */
  PA_SHIFT, /* a: the type, b: uint32 */
  PA_COUNT, /* a: the type, result uint32 (popc, clz) */
  PA_BFE,   /* a: the type, pos/len uint32 */
  PA_BFI,   /* f, b: the type, pos/len uint32 */
  PA_SELP,  /* a, b: the type, c bool */
  PA_SETP,  /* a, b: the type, result bool */
  PA_TESTP, /* a: the type, result bool */
  PA_CVT    /* a: the second type, result the first */
} PtxAluRule;

enum { /* modifier classes */
       PM_RND = 1u << 0,
       PM_FTZ = 1u << 1,
       PM_SAT = 1u << 2,
       PM_APPROX = 1u << 3,
       PM_FULL = 1u << 4,
       PM_HLW = 1u << 5,
       PM_CMP = 1u << 6,
       PM_TESTP = 1u << 7,
};
enum {                    /* type classes */
       PTC_INT = 1u << 0, /* s8..s64, u8..u64 */
       PTC_BIT = 1u << 1, /* b16, b32, b64 */
       PTC_F = 1u << 2,   /* f32, f64 */
       PTC_H = 1u << 3,   /* f16, f16x2, bf16, bf16x2 (uint16 / uint32 carriers) */
};

typedef enum {
  PT_NONE,
  PT_S8,
  PT_S16,
  PT_S32,
  PT_S64,
  PT_U8,
  PT_U16,
  PT_U32,
  PT_U64,
  PT_B16,
  PT_B32,
  PT_B64,
  PT_F16,
  PT_F16X2,
  PT_BF16,
  PT_BF16X2,
  PT_F32,
  PT_F64
} PtxType;

typedef struct PtxAluFamily {
  const char *name;
  int nops;
  PtxAluRule rule;
  unsigned mods, types;
} PtxAluFamily;

typedef struct PtxAlu {
  const PtxAluFamily *fam;
  const char *rnd; /* NULL or "rn" "rz" "rm" "rp" "rni" "rzi" "rmi" "rpi" */
  bool ftz, sat, approx, full;
  char hlw;        /* 0, 'l' (.lo), 'h' (.hi), 'w' (.wide) */
  const char *cmp; /* setp comparison / testp property */
  PtxType type[2];
  int ntypes;
} PtxAlu;

/* The family named by the first token of `spelling` ("mul.wide.s32"), or NULL. */
const PtxAluFamily *tirx_ptx_alu_family(const char *spelling);
/* The closest family name to `name` (edit distance), or NULL. */
const char *tirx_ptx_alu_suggest_family(const char *name, size_t len);
/* Decodes a spelling whose family is an ALU family; on failure writes a
 * message ("unknown modifier '.rx' ...") into err and returns false.  A caller
 * that only asks whether it decodes passes err NULL, errn 0: nothing is formatted. */
bool tirx_ptx_alu_parse(const char *spelling, PtxAlu *out, char *err, size_t errn);
const char *tirx_ptx_type_name(PtxType t);
int tirx_ptx_type_bits(PtxType t);
bool tirx_ptx_type_is_float(PtxType t); /* f32/f64 and the 16-bit float types */
bool tirx_ptx_type_is_signed(PtxType t);
/* The canonical TVM dtype of a PTX type (f16/bf16 → uint16, x2 → uint32). */
DType tirx_ptx_type_dtype(PtxType t);
/* The dtype of source operand i / of the result. */
DType tirx_ptx_alu_operand_dtype(const PtxAlu *p, int i);
DType tirx_ptx_alu_result_dtype(const PtxAlu *p);

#endif

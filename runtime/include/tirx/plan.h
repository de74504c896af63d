/* tirx/plan.h — the launch plan: the contract between the compiler and libtirxrt.
 *
 * A TirxPlan describes ONE callable entry function (a PrimFunc's host side) as plain
 * data: its parameters, the symbolic shape variables they bind, and the device kernels
 * it launches in program order with their arguments and launch extents.  The compiler's
 * split-host-device pass builds a plan with the tirx_plan_* helpers below; the runtime
 * evaluates it on every call (runtime_semantics.md §1–3).  A plan owns all its memory:
 * strings and arrays are malloc'd copies, nothing points into compiler memory, so a
 * plan can be written to a bundle (tirx/bundle.h) and read back by a program that has
 * no compiler.
 *
 * Fields are public so that tools can print and inspect a plan; build and modify a plan
 * only through the functions below (they keep the arrays and counts consistent).
 *
 * Binding rules the runtime applies (runtime_semantics.md §2), which tell the compiler
 * what to record:
 *   - a SCALAR param with sym >= 0 binds that symbol from its value (phase 1, before
 *     any tensor is looked at);
 *   - a TENSOR dim whose expression is exactly one TIRX_EXPR_SYM op defines the symbol
 *     at its first occurrence (param order, then dim order) and is checked for equality
 *     ("Mismatched X.shape[k] ... expected to match <first path>") at later ones;
 *   - any other dim (a constant or an expression) is checked after all symbols are
 *     bound ("Invalid X.shape[k] ... expected <expr>");
 *   - every symbol that a kernel argument or a launch expression uses must be bound
 *     by some param (tirx_plan_validate checks this).
 *
 * Signature (SIG in the messages, runtime_semantics.md §1.1): the compiler MAY set it
 * with tirx_plan_set_signature; when it is NULL the runtime renders it from the params
 * (tirx_plan_render_signature), printing integers plainly (no `T.int64(1)`).
 */
#ifndef TIRX_PLAN_H
#define TIRX_PLAN_H

#include <dlpack/dlpack.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Expressions ---------------------------------------------------------------- */

/* Postfix opcodes.  Evaluated on an int64 stack with Python semantics: FLOORDIV and
 * FLOORMOD round toward negative infinity, CEILDIV(a, b) = -FLOORDIV(-a, b).  A
 * division by zero is an evaluation error.  Binary ops pop b then a and push a OP b. */
typedef enum TirxExprOpcode {
  TIRX_EXPR_CONST = 0, /* push imm */
  TIRX_EXPR_SYM = 1,   /* push the value of symbol #imm */
  TIRX_EXPR_ADD = 2,
  TIRX_EXPR_SUB = 3,
  TIRX_EXPR_MUL = 4,
  TIRX_EXPR_FLOORDIV = 5,
  TIRX_EXPR_FLOORMOD = 6,
  TIRX_EXPR_MIN = 7,
  TIRX_EXPR_MAX = 8,
  TIRX_EXPR_CEILDIV = 9,
  TIRX_EXPR_NUM_OPCODES
} TirxExprOpcode;

typedef struct TirxExprOp {
  int32_t op;  /* a TirxExprOpcode */
  int64_t imm; /* CONST: the value; SYM: the symbol index; otherwise 0 */
} TirxExprOp;

/* An expression: nops postfix ops.  nops == 0 means "absent" (the field's default:
 * 1 for launch extents, 0 for dynamic shared memory).  A well-formed expression leaves
 * exactly one value on the stack. */
typedef struct TirxPlanExpr {
  int32_t nops;
  TirxExprOp *ops; /* owned; NULL when nops == 0 */
} TirxPlanExpr;

/* Expression building.  An expression built here is owned by the caller until it is
 * passed to a tirx_plan_* function, which COPIES it; free yours with
 * tirx_plan_expr_clear.  push returns 0, or -1 when out of memory. */
void tirx_plan_expr_init(TirxPlanExpr *e);
int tirx_plan_expr_push(TirxPlanExpr *e, TirxExprOpcode op, int64_t imm);
void tirx_plan_expr_clear(TirxPlanExpr *e);
/* Convenience: e := CONST v / SYM s (e must be initialised; its old ops are freed). */
int tirx_plan_expr_set_const(TirxPlanExpr *e, int64_t v);
int tirx_plan_expr_set_sym(TirxPlanExpr *e, int32_t sym);
/* Deep copy; returns 0 or -1 (out of memory). */
int tirx_plan_expr_copy(TirxPlanExpr *dst, const TirxPlanExpr *src);

/* Evaluate with the given symbol values (syms[i] for symbol i).  Returns 0 and sets
 * *out, or -1 with a malloc'd message in *err (stack underflow, bad symbol index,
 * division by zero).  nsyms bounds the SYM indices. */
int tirx_plan_expr_eval(const TirxPlanExpr *e, const int64_t *syms, int32_t nsyms, int64_t *out,
                        char **err);

/* DLPack type codes newer than the installed dlpack.h (v0.6) knows; values as in
 * DLPack 1.x, which TVM uses. */
enum {
  TIRX_DL_BOOL = 6, /* bool: bits 8 */
  TIRX_DL_FLOAT8_E3M4 = 7,
  TIRX_DL_FLOAT8_E4M3 = 8,
  TIRX_DL_FLOAT8_E4M3B11FNUZ = 9,
  TIRX_DL_FLOAT8_E4M3FN = 10,
  TIRX_DL_FLOAT8_E4M3FNUZ = 11,
  TIRX_DL_FLOAT8_E5M2 = 12,
  TIRX_DL_FLOAT8_E5M2FNUZ = 13,
  TIRX_DL_FLOAT8_E8M0FNU = 14,
  TIRX_DL_FLOAT6_E2M3FN = 15,
  TIRX_DL_FLOAT6_E3M2FN = 16,
  TIRX_DL_FLOAT4_E2M1FN = 17,
};

/* ---- Parameters and symbols -------------------------------------------------------- */

typedef enum TirxParamKind {
  TIRX_PARAM_TENSOR = 0, /* a buffer: the caller passes a DLTensor* */
  TIRX_PARAM_SCALAR = 1, /* int/uint/float/bool by value */
  TIRX_PARAM_HANDLE = 2, /* a raw T.handle not matched to a buffer: the caller passes a
                            pointer ("expected pointer"); a DLTensor* is also accepted
                            and passes the DLTensor's own address, as TVM does */
} TirxParamKind;

typedef struct TirxPlanParam {
  int32_t kind;        /* a TirxParamKind */
  char *name;          /* TENSOR: buffer name (`A`, used in messages and SIG);
                        SCALAR/HANDLE: the parameter name */
  char *handle_name;   /* TENSOR: the handle parameter's name (`A_ptr`, `a`), or NULL when
                        it is the same as name; tools accept either; NULL otherwise */
  DLDataType dtype;    /* TENSOR: element type; SCALAR: value type; HANDLE: unused */
  int32_t ndim;        /* TENSOR only */
  TirxPlanExpr *shape; /* TENSOR only: ndim declared extents, outermost first */
  int32_t has_strides; /* TENSOR: declared explicit strides.  Always 0 for now: the
                          tensor must be compact (NULL strides or C-contiguous). */
  int32_t sym;         /* SCALAR: the symbol this param binds, or -1 */
  /* elem_offset is always the constant 0 for now: byte_offset must be 0. */
} TirxPlanParam;

typedef struct TirxPlanSymbol {
  char *name;       /* the TVMScript var name (`n`, `batch_size`), used in SIG */
  DLDataType dtype; /* int32 (usual), int64, uint32, ...: bound values are cast
                       (truncated) to it, as TVM does */
} TirxPlanSymbol;

/* ---- Kernels ------------------------------------------------------------------------ */

/* Where a kernel argument's value comes from. */
typedef enum TirxArgSource {
  TIRX_ARG_DATA_PTR = 0,     /* DLTensor.data of param #index (TENSOR) or the pointer of
                                param #index (HANDLE); byte_offset is never added */
  TIRX_ARG_SYMBOL = 1,       /* the bound value of symbol #index */
  TIRX_ARG_SCALAR_PARAM = 2, /* the value of SCALAR param #index */
  TIRX_ARG_EXPR = 3,         /* a host expression over symbols (the arg's expr) */
  TIRX_ARG_TENSOR_MAP = 4,   /* the CUtensorMap the runtime encodes from tensor-map
                                spec #index (plan->maps) on every call; C type
                                TIRX_CTYPE_TENSORMAP */
} TirxArgSource;

/* The C type the kernel parameter has; the runtime converts the source value to it and
 * passes a correctly sized holder (bf16/f16 by bit pattern, bool as one byte). */
typedef enum TirxCType {
  TIRX_CTYPE_I32 = 0,
  TIRX_CTYPE_I64 = 1,
  TIRX_CTYPE_U32 = 2,
  TIRX_CTYPE_F32 = 3,
  TIRX_CTYPE_F64 = 4,
  TIRX_CTYPE_PTR = 5,
  TIRX_CTYPE_F16 = 6,
  TIRX_CTYPE_BF16 = 7,
  TIRX_CTYPE_U8 = 8,
  TIRX_CTYPE_BOOL = 9,
  TIRX_CTYPE_I8 = 10,
  TIRX_CTYPE_U64 = 11,
  TIRX_CTYPE_I16 = 12,
  TIRX_CTYPE_U16 = 13,
  TIRX_CTYPE_TENSORMAP = 14, /* a 128-byte CUtensorMap passed by value (a
                                `__grid_constant__` param): the kernelParams entry is
                                the address of the 64-byte-aligned map itself.  Source
                                TENSOR_MAP (encoded by the runtime), or DATA_PTR of a
                                HANDLE param (the caller passes a pointer to a map it
                                encoded, TVM's HANDLE_TO_TENSORMAP) */
  TIRX_CTYPE_NUM
} TirxCType;

typedef struct TirxPlanKernelArg {
  int32_t source;    /* a TirxArgSource */
  int32_t index;     /* param index (DATA_PTR, SCALAR_PARAM), symbol index (SYMBOL) or
                     tensor-map index (TENSOR_MAP) */
  int32_t ctype;     /* a TirxCType */
  TirxPlanExpr expr; /* EXPR only */
} TirxPlanKernelArg;

/* Which launch dimension triple. */
typedef enum TirxLaunchDim {
  TIRX_LAUNCH_GRID = 0,              /* total CTAs (blockIdx extents), not clusters */
  TIRX_LAUNCH_BLOCK = 1,             /* threadIdx extents */
  TIRX_LAUNCH_CLUSTER = 2,           /* clusterCtaIdx extents */
  TIRX_LAUNCH_PREFERRED_CLUSTER = 3, /* preferredClusterCtaIdx extents */
  TIRX_LAUNCH_NUM
} TirxLaunchDim;

/* Kernel flags (runtime_semantics.md §3.2 step 4). */
enum {
  TIRX_KERNEL_PDL = 1u << 0,         /* PROGRAMMATIC_STREAM_SERIALIZATION = 1 */
  TIRX_KERNEL_COOPERATIVE = 1u << 1, /* COOPERATIVE = 1 */
  /* calls NVSHMEM's device library (T.nvshmem.*): the runtime loads libnvshmem_host.so.3,
     initialises NVSHMEM and the module (nvshmemx_cumodule_init) before launching it;
     bundles with such a kernel are version 3 */
  TIRX_KERNEL_NVSHMEM = 1u << 2,
};

typedef struct TirxPlanKernel {
  char *name; /* the kernel's symbol in the code object (`main_kernel`) */
  int32_t nargs;
  TirxPlanKernelArg *args; /* in kernel-parameter order */
  /* launch[d][axis]: extents as expressions; absent (nops == 0) = 1.  A value <= 0 at
     run time is launched as 1 (TVM's quirk, kept for fidelity). */
  TirxPlanExpr launch[TIRX_LAUNCH_NUM][3];
  TirxPlanExpr dyn_smem; /* dynamic shared memory bytes; absent = 0 */
  uint32_t flags;        /* TIRX_KERNEL_* */
} TirxPlanKernel;

/* ---- TMA tensor maps (runtime_semantics.md §4) ------------------------------------- */

/* What `T.call_packed("runtime.cuTensorMapEncodeTiled", map, dtype, rank, base, ...)`
 * before T.device_entry() asks for, as data: the runtime evaluates the expressions with
 * the bound symbols, validates the result (§4.2, tirxrt_tensor_map_eval) and calls the
 * driver's cuTensorMapEncodeTiled on every call, before the first kernel is launched
 * (the host program's order: all encodes precede the device region).  All lists are
 * innermost dimension first, as the driver wants them. */
#define TIRX_TMAP_MAX_RANK 5

typedef struct TirxPlanTensorMap {
  char *name;               /* the map variable (`A_map`), for messages */
  int32_t param;            /* the TENSOR (DLTensor.data) or HANDLE (the pointer) param whose
                         data pointer is the base address */
  TirxPlanExpr byte_offset; /* added to that pointer; absent = 0 */
  DLDataType dtype;         /* the encode call's element type (float16, int8, ...) */
  int32_t rank;             /* 1..TIRX_TMAP_MAX_RANK */
  TirxPlanExpr global_dim[TIRX_TMAP_MAX_RANK];         /* rank entries, elements */
  TirxPlanExpr global_strides[TIRX_TMAP_MAX_RANK - 1]; /* rank - 1 entries, bytes, of
                                                           dims 1 .. rank-1 */
  TirxPlanExpr box_dim[TIRX_TMAP_MAX_RANK];            /* rank entries */
  TirxPlanExpr element_strides[TIRX_TMAP_MAX_RANK];    /* rank entries */
  int32_t interleave;     /* CUtensorMapInterleave value (0 none, 1 16B, 2 32B) */
  int32_t swizzle;        /* CUtensorMapSwizzle value (0 none, 1 32B, 2 64B, 3 128B, ...) */
  int32_t l2_promotion;   /* CUtensorMapL2promotion value (0 none, 1 64B, 2 128B, 3 256B) */
  int32_t oob_fill;       /* CUtensorMapFloatOOBfill value (0 none, 1 NaN) */
  int32_t force_cu_dtype; /* -1 = none; 11 = CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 */
} TirxPlanTensorMap;

/* ---- The plan ---------------------------------------------------------------------- */

typedef struct TirxPlan {
  char *name;      /* the entry's global_symbol (`main`, `func`), used in SIG */
  char *signature; /* SIG, or NULL: the runtime renders it from the params */
  int32_t nparams;
  TirxPlanParam *params;
  int32_t nsyms;
  TirxPlanSymbol *syms;
  int32_t nkernels;
  TirxPlanKernel *kernels; /* in host program order */
  int32_t nmaps;
  TirxPlanTensorMap *maps; /* in host program order (encoded in this order) */
} TirxPlan;

/* Create an empty plan for entry function `name`; NULL when out of memory. */
TirxPlan *tirx_plan_create(const char *name);
void tirx_plan_destroy(TirxPlan *plan);

/* Set (copy) the pre-rendered signature; NULL clears it.  0 or -1 (out of memory). */
int tirx_plan_set_signature(TirxPlan *plan, const char *sig);

/* Each add_* returns the new item's index (>= 0), or -1 when out of memory or an
 * argument is obviously invalid (NULL name, negative ndim).  Cross-references (symbol
 * and param indices inside expressions and kernel args) are checked by
 * tirx_plan_validate, so items may be added in any order. */
int tirx_plan_add_symbol(TirxPlan *plan, const char *name, DLDataType dtype);
/* shape: ndim expressions, copied. handle_name may be NULL. */
int tirx_plan_add_tensor_param(TirxPlan *plan, const char *buffer_name, const char *handle_name,
                               DLDataType dtype, int32_t ndim, const TirxPlanExpr *shape);
/* sym: the symbol this scalar binds, or -1. */
int tirx_plan_add_scalar_param(TirxPlan *plan, const char *name, DLDataType dtype, int32_t sym);
int tirx_plan_add_handle_param(TirxPlan *plan, const char *name);

int tirx_plan_add_kernel(TirxPlan *plan, const char *symbol);
/* For DATA_PTR / SYMBOL / SCALAR_PARAM / TENSOR_MAP sources; returns the arg's
 * position. */
int tirx_plan_kernel_add_arg(TirxPlan *plan, int32_t kernel, TirxArgSource source, int32_t index,
                             TirxCType ctype);
/* Add a tensor-map spec (deep copy of *spec: name and expressions; entries beyond the
 * rank are ignored).  Returns its index (the TENSOR_MAP arg's index) or -1. */
int tirx_plan_add_tensor_map(TirxPlan *plan, const TirxPlanTensorMap *spec);
/* Initialise a spec for building: no name, param -1, every expression absent,
 * force_cu_dtype -1.  clear frees the spec's expressions (not its name, which stays the
 * caller's; a plan frees the copies it owns) and re-initialises it. */
void tirx_plan_tensor_map_init(TirxPlanTensorMap *spec);
void tirx_plan_tensor_map_clear(TirxPlanTensorMap *spec);

/* For an EXPR source (expression copied). */
int tirx_plan_kernel_add_expr_arg(TirxPlan *plan, int32_t kernel, const TirxPlanExpr *e,
                                  TirxCType ctype);
/* Set launch[dim][axis] (copied; an expression with nops == 0 resets to absent).
 * Returns 0 or -1. */
int tirx_plan_kernel_set_launch(TirxPlan *plan, int32_t kernel, TirxLaunchDim dim, int32_t axis,
                                const TirxPlanExpr *e);
int tirx_plan_kernel_set_dyn_smem(TirxPlan *plan, int32_t kernel, const TirxPlanExpr *e);
int tirx_plan_kernel_set_flags(TirxPlan *plan, int32_t kernel, uint32_t flags);

/* Check internal consistency: indices in range, expressions well formed, every symbol
 * used by a kernel, launch expression, tensor-map spec or non-defining dim is bound by
 * some param, kernel-arg sources match param kinds (and tensor maps), tensor-map specs
 * are well formed (rank 1..5, a tensor or handle base, every entry present), at least
 * one kernel.  Returns 0, or -1 with a
 * malloc'd message in *err (err may be NULL).  The runtime calls this when it loads a
 * plan; the compiler should call it before writing a bundle. */
int tirx_plan_validate(const TirxPlan *plan, char **err);

/* Render SIG from the params (`main(A: Tensor([n, 128], float32), x: int32)`), or
 * return a copy of plan->signature when set.  Returns a malloc'd string or NULL (out
 * of memory). */
char *tirx_plan_render_signature(const TirxPlan *plan);

/* Render a DLDataType DLPack-style: float32, bfloat16, int8, uint64, bool,
 * float8_e4m3fn, float32x4 ...  buf must hold at least 32 bytes; returns buf. */
const char *tirx_dl_dtype_str(DLDataType t, char *buf);
/* The DLPack type of the tirx dtype name s[0..n) ("float32", "bool",
 * "float8_e4m3fn"; not "handle"): 0, or -1 when unknown.  From dtype.def. */
int tirx_dl_dtype_parse(const char *s, size_t n, DLDataType *out);

/* A readable multi-line description of the plan (symbols, params, kernels with their
 * args, extents, dyn smem and flags) for dumps and golden tests; malloc'd or NULL. */
char *tirx_plan_dump(const TirxPlan *plan);

/* Deep copy of a whole plan (NULL when out of memory). */
TirxPlan *tirx_plan_clone(const TirxPlan *plan);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_PLAN_H */

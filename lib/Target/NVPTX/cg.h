/* NVPTX codegen internals: the state of one tirx_codegen_module call and the
 * helpers the statement, expression and intrinsic emitters share.
 *
 * Layout of lib/Target/NVPTX:
 *   target.c        arch table, LLVM target init (once), target machine
 *   pipeline.c      tirx_codegen_module: irgen → verify → default<On> → PTX
 *   split.c         several kernels: one part per kernel on threads, the PTX joined
 *   emit_func.c     kernels, parameters, attributes, statements, buffers
 *   emit_expr.c     expressions, casts, loads and stores
 *   builtins.c      shared building blocks: NVVM calls, sregs, shuffles,
 *                   warp reductions, vprintf, strings, inline asm
 *   intrin_core.c   T.* rows      }  one table each: IntrinId → emitter
 *   intrin_cuda.c   T.cuda.* rows }
 *   intrin_ptx.c    T.ptx.* rows  }
 *   intrin_ptx_alu.c  the scalar T.ptx ALU/cvt families (one row, I_PTX_ALU)
 *   asm_table.def   every inline-asm string (only where LLVM 22 has no intrinsic)
 *   libdevice.c     linking libdevice when a __nv_* function is used
 *   pack_cvt.c      after the pipeline: two 16-bit floats packed into an i32 by integer
 *                   ops become a <2 x half> (cvt.rn.f16x2.f32 / bf16x2)
 *   intrin_nvshmem.c  T.nvshmem.* rows (nvshmem.def) and linking NVSHMEM's device bitcode
 *
 * Error discipline: an emitter that finds a fault reports it with cg_error
 * (a located "codegen: ..." diagnostic) and returns a poison value of the
 * expected type, so emission continues and finds further errors; nothing in
 * here aborts.  Because LLVM's instruction selector aborts the process on IR
 * it cannot select, emitters check the arch (cg_require_sm) before producing
 * any sm_90+/sm_100a-only intrinsic.
 */
#ifndef TIRX_TARGET_NVPTX_CG_H
#define TIRX_TARGET_NVPTX_CG_H

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <stdbool.h>
#include <stdint.h>

#include "tirx/internal/codegen.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"
#include "tirx/target.h"
#include "Support/oom.h"
#include "Support/ptrmap.h"
#include "Support/strbuf.h"
#include "Support/vec.h"

/* NVPTX address spaces. */
enum {
  AS_GENERIC = 0,
  AS_GLOBAL = 1,
  AS_SHARED = 3,
  AS_CONST = 4,
  AS_LOCAL = 5,
  AS_TMEM = 6,
  AS_SHARED_CLUSTER = 7,
};


typedef struct LoopTarget {
  LLVMBasicBlockRef brk, cont;
} LoopTarget;

typedef struct CG {
  Module *m;
  TirxDiag *diag;
  const TirxArchInfo *arch;
  int opt_level;
  bool no_fmad; /* TirxTargetOptions.no_fmad: no `contract` flags (cg_contract) */

  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b;  /* where code goes */
  LLVMBuilderRef ab; /* end of the current kernel's alloca block */

  /* common types */
  LLVMTypeRef t_void, t_i1, t_i8, t_i16, t_i32, t_i64, t_f16, t_bf16, t_f32, t_f64, t_ptr;

  /* the kernel being emitted */
  PrimFunc *f;
  LLVMValueRef fn;
  LLVMBasicBlockRef alloca_bb;
  TxPtrMap vars;       /* Var* → LLVMValueRef (SSA value or pointer) */
  TxPtrMap let_values; /* Var* → the Expr* an S_BIND gave it (alignment of vector accesses);
                          LET_AMBIGUOUS when bound more than once */
  TxPtrMap bufs;       /* Buffer* → LLVMValueRef (base pointer) */
  LoopTarget *loops;
  int nloops, caploops;
  int64_t ntid[3];     /* constant threadIdx.{x,y,z} extents seen (0 = none) */
  bool ntid_dynamic;   /* some threadIdx extent is not a constant */
  Loc ntid_loc;        /* where the thread extents are declared */
  int64_t smem_static; /* bytes of statically sized shared allocations */
  int64_t smem_dyn;    /* constant dynamic shared memory bytes (0 = none or symbolic) */
  Loc smem_dyn_loc;

  /* module-wide */
  LLVMValueRef dyn_smem; /* @__tirx_dyn_smem, created on first use */
  /* intrin_ptx_table.c tries the ALU lowering first: a spelling it cannot
   * lower then sets alu_failed instead of reporting an error */
  bool alu_probe, alu_failed;
  bool linked_bitcode; /* cg_link_bitcode ran: cg_internalize before optimising */
  /* the first T.nvshmem call (where a missing NVSHMEM library is reported) */
  bool uses_nvshmem;
  Loc nvshmem_loc;
  /* device functions called (cg_device_func), in first-use order;
   * standalone_funcs: a module of device functions alone (no kernel), whose
   * functions are all emitted, visible, for a relocatable cubin */
  struct CGFunc {
    PrimFunc *f;
    LLVMValueRef fn;
  } * funcs;
  int nfuncs, capfuncs;
  bool standalone_funcs;
  int nexterns;            /* functions called that the module does not define */
  const char *extern_name; /* the first of them, and where it is called */
  Loc extern_loc;
  int nerrors;
} CG;

/* ---- diagnostics ---------------------------------------------------------- */
/* Appends "codegen: <msg>" at `loc` (or the kernel's location when loc is 0). */
void cg_error(CG *cg, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Device functions (emit_func.c): the LLVM function of f, declared and
 * queued on first use; the queued bodies, emitted after the kernels. */
LLVMValueRef cg_device_func(CG *cg, PrimFunc *f);
/* pack_cvt.c: rewrite integer packings of half / bfloat pairs; returns how many */
int cg_pack_half_pairs(LLVMModuleRef mod);
void cg_emit_device_funcs(CG *cg);
void cg_warning(CG *cg, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "codegen: T.<name> is not supported by the NVPTX backend yet". */
LLVMValueRef cg_unsupported(CG *cg, const Expr *e);
/* Checks that the target is at least sm_<sm> (and an "a" arch when
 * arch_specific); reports "T.<name> requires sm_XX..." otherwise. */
bool cg_require_sm(CG *cg, const Expr *e, int sm, bool arch_specific);

/* ---- types and values ----------------------------------------------------- */
LLVMTypeRef cg_type(CG *cg, DType t);     /* register type: bool → i1 */
LLVMTypeRef cg_mem_type(CG *cg, DType t); /* memory type: bool → i8 */
LLVMTypeRef cg_ptr_type(CG *cg, unsigned as);
int cg_dtype_bytes(DType t);   /* bytes of one lane in memory */
bool cg_dtype_signed(DType t); /* int (not uint/bool) */
LLVMValueRef cg_poison(CG *cg, DType t);
LLVMValueRef cg_i32(CG *cg, int64_t v);
LLVMValueRef cg_i64(CG *cg, int64_t v);
LLVMValueRef cg_const(CG *cg, DType t, int64_t iv, double fv); /* splat for vectors */
unsigned cg_ptr_as(LLVMValueRef p);
/* addrspacecast `p` to `as` (through generic when neither side is generic). */
LLVMValueRef cg_cast_ptr(CG *cg, LLVMValueRef p, unsigned as);
/* A value of dtype `from` converted to `to` (all int/float/bool/handle combos). */
LLVMValueRef cg_cast(CG *cg, LLVMValueRef v, DType from, DType to, Loc loc);
/* Coerces v to LLVM type `ty` by its own type: int width, int↔ptr, ptr
 * address space, i1 from ints, float width.  Used when calling intrinsics. */
LLVMValueRef cg_coerce(CG *cg, LLVMValueRef v, LLVMTypeRef ty, bool is_signed);
LLVMValueRef cg_splat(CG *cg, LLVMValueRef v, int lanes);
/* Converts a condition to i1 (x != 0 for ints, x != 0.0 for floats). */
LLVMValueRef cg_bool(CG *cg, LLVMValueRef v);

/* ---- blocks, locals ------------------------------------------------------- */
LLVMBasicBlockRef cg_block(CG *cg, const char *name);
bool cg_terminated(CG *cg);
/* After br/ret: continue in a fresh block that nothing reaches. */
void cg_dead_block(CG *cg);
LLVMValueRef cg_alloca(CG *cg, LLVMTypeRef ty, unsigned align, const char *name);

/* ---- expressions and statements (emit_expr.c / emit_func.c) --------------- */
void cg_emit_kernel(CG *cg, PrimFunc *f);
LLVMValueRef cg_emit_load(CG *cg, Expr *e);
/* One lane of an index of dtype t, as i32/i64 by t's signedness. */
LLVMValueRef cg_index_lane(CG *cg, LLVMValueRef v, DType t);
LLVMValueRef cg_expr(CG *cg, Expr *e);
LLVMValueRef cg_cond(CG *cg, Expr *e); /* as i1 */
void cg_stmt(CG *cg, Stmt *s);
/* The base pointer of a buffer (its allocation, declaration or data var). */
LLVMValueRef cg_buffer_base(CG *cg, Buffer *b, Loc loc);
/* Address of element `idx` (an LLVM integer) of `b`, elem_offset included. */
LLVMValueRef cg_buffer_elem_ptr(CG *cg, Buffer *b, LLVMValueRef idx, Loc loc);
/* Flat element index of a (possibly multi-dimensional) scalar access. */
LLVMValueRef cg_flat_index(CG *cg, Buffer *b, Expr **idx, int n, Loc loc);
/* A load/store through `ptr` of memory type dtype t (bool as i8). */
LLVMValueRef cg_load_typed(CG *cg, LLVMValueRef ptr, DType t, unsigned align);
void cg_store_typed(CG *cg, LLVMValueRef ptr, LLVMValueRef v, DType t, unsigned align);
/* The LLVM value of a variable (NULL + error when undefined). */
LLVMValueRef cg_var(CG *cg, Var *v, Loc loc);
/* Integer binary op with TIRx semantics (floordiv etc.). */
LLVMValueRef cg_binary(CG *cg, ExprKind k, LLVMValueRef a, LLVMValueRef b, DType t, Loc loc);
/* v (an fadd / fsub / fmul just built) with LLVM's `contract` flag unless --fmad=false. */
LLVMValueRef cg_contract(CG *cg, LLVMValueRef v);
/* True when evaluating `e` has no side effects and cannot fault (no loads,
 * no calls): such operands of and/or/if_then_else are evaluated eagerly. */
bool cg_expr_is_trivial(const Expr *e);
/* A compile-time integer argument (after simplify); reports an error naming
 * `what` otherwise. */
bool cg_const_arg(CG *cg, const Expr *call, int i, const char *what, int64_t *out);

/* ---- builtins.c ------------------------------------------------------------ */
/* Calls the LLVM intrinsic `name` (overloaded on `ov`), coercing each
 * argument to the declared parameter type.  NULL result for void. */
LLVMValueRef cg_intrinsic(CG *cg, const char *name, LLVMTypeRef *ov, int nov, LLVMValueRef *args,
                          int nargs);
/* llvm.nvvm.read.ptx.sreg.<name> (i32 or i64 as declared). */
LLVMValueRef cg_sreg(CG *cg, const char *name);
/* if (!ok) trap; — blocks named fail_name / ok_name. */
void cg_trap_unless(CG *cg, LLVMValueRef ok, const char *fail_name, const char *ok_name);
/* threadIdx.x + ntid.x * (threadIdx.y + ntid.y * threadIdx.z), i32. */
LLVMValueRef cg_linear_tid(CG *cg);
/* A shared-memory address argument: a pointer (any space but global, cast to
 * shared) or a 32-bit shared-window address.  Result: ptr addrspace(3). */
LLVMValueRef cg_shared_addr(CG *cg, Expr *arg);
/* A global/generic address argument: a pointer, or a 64-bit integer. */
LLVMValueRef cg_generic_addr(CG *cg, Expr *arg);

typedef enum { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY } ShflMode;
/* CUDA's __shfl_*_sync(mask, value, lane, width) for any 8..64-bit value. */
LLVMValueRef cg_shfl(CG *cg, ShflMode mode, LLVMValueRef mask, LLVMValueRef v, DType t,
                     LLVMValueRef lane, LLVMValueRef width);
typedef enum { RED_SUM, RED_MAX, RED_MIN } ReduceOp;
bool cg_reduce_op(const char *s, size_t len, ReduceOp *op);
LLVMValueRef cg_reduce2(CG *cg, ReduceOp op, LLVMValueRef a, LLVMValueRef b, DType t);
/* Full-mask butterfly all-reduce within groups of `width` lanes. */
LLVMValueRef cg_warp_reduce(CG *cg, ReduceOp op, LLVMValueRef v, DType t, int width);
/* The identity of op for dtype t (0, lowest, highest). */
LLVMValueRef cg_reduce_identity(CG *cg, ReduceOp op, DType t);

/* A NUL-terminated string constant in global memory; generic pointer. */
LLVMValueRef cg_cstring(CG *cg, const char *s, size_t len);
/* vprintf(fmt, {args}) — args already promoted (double, i32, i64, ptr). */
void cg_vprintf(CG *cg, LLVMValueRef fmt, LLVMValueRef *args, int n);
/* Promotes a value of dtype t for printf: float → double, small ints → i32. */
LLVMValueRef cg_printf_promote(CG *cg, LLVMValueRef v, DType t);

typedef enum {
#define X(ID, text, constraints) ID,
#include "asm_table.def"
#undef X
  ASM_COUNT
} AsmId;
/* Calls the inline-asm row `id` (side effects assumed) returning `ret`. */
LLVMValueRef cg_asm(CG *cg, AsmId id, LLVMTypeRef ret, LLVMValueRef *args, int n);

/* A libdevice function (`__nv_expf`), declared with type `fty`. */
LLVMValueRef cg_libdevice(CG *cg, const char *name, LLVMTypeRef ret, LLVMValueRef *args, int n);

/* ---- intrinsic tables ------------------------------------------------------ */
/* An emitter: returns the call's value (NULL when the call is void). */
typedef LLVMValueRef (*CgIntrinFn)(CG *cg, Expr *e);
CgIntrinFn cg_intrin_core(IntrinId id);
CgIntrinFn cg_intrin_cuda(IntrinId id);
CgIntrinFn cg_intrin_ptx(IntrinId id);
CgIntrinFn cg_intrin_nvshmem(IntrinId id); /* intrin_nvshmem.c, rows in nvshmem.def */
/* The scalar T.ptx ALU/conversion row (I_PTX_ALU, intrin_ptx_alu.c). */
LLVMValueRef cg_ptx_alu(CG *cg, Expr *e);
/* Every T.ptx table instruction (I_PTX_INSTR, intrin_ptx_table.c). */
LLVMValueRef cg_ptx_instr(CG *cg, Expr *e);
/* Dispatches an E_CALL through the three tables. */
LLVMValueRef cg_call(CG *cg, Expr *e);

/* ---- libdevice.c / target.c ------------------------------------------------ */
/* Links libdevice into cg->mod if some __nv_* function is declared; 0 or 1. */
int cg_link_libdevice(CG *cg);
/* Links the bitcode file `path` lazily (only what the module references is
 * copied); `what` names it in errors, `hint` ends the unreadable-file one.
 * 0 or 1 (reported).  Sets cg->linked_bitcode. */
int cg_link_bitcode(CG *cg, const char *path, const char *what, const char *hint);
/* After linking: every definition but the kernels (and NVSHMEM's host-visible
 * constants) internal, so global DCE keeps only what is used. */
void cg_internalize(CG *cg);
/* Links NVSHMEM's device bitcode if some nvshmem* function is declared; 0 or 1
 * (intrin_nvshmem.c).  Runs before cg_link_libdevice. */
int cg_link_nvshmem(CG *cg);
/* The nvshmemi_*_d constants the host library fills in (kept external). */
bool cg_nvshmem_host_global(const char *name, size_t len);
/* Initialises the NVPTX target (once per process) and builds a target
 * machine; NULL with a message in *err. */
LLVMTargetMachineRef cg_target_machine(const TirxArchInfo *a, int opt_level, char **err);
/* LLVM's optimisation pipeline for level opt, cg_pack_half_pairs and PTX emission on mod
 * (pipeline.c): *ptx (and *ir_opt when keep_ir) malloc'd, the stage times; 1 with *err
 * ("what\nLLVM's message", malloc'd).  Uses only mod's context and tm. */
int cg_opt_emit(LLVMModuleRef mod, LLVMTargetMachineRef tm, int opt, bool keep_ir, char **ir_opt,
                char **ptx, double *ms_opt, double *ms_ptx, char **err);
/* The kernels of mod (linked and verified, left unchanged) as parts on up to `jobs`
 * threads, their PTX joined (split.c).  0 with *ptx (and *ir_opt), the wall time split
 * into the two stages; 1 with *err as cg_opt_emit's; -1 when the parts cannot be joined
 * (two define one symbol differently): compile mod whole instead. */
int cg_codegen_split(LLVMModuleRef mod, const TirxArchInfo *arch, int opt, int jobs, bool keep_ir,
                     char **ir_opt, char **ptx, double *ms_opt, double *ms_ptx, char **err);

#endif

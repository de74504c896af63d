/* Tile-primitive dispatch (prefix tile_): the interface between the pass
 * (lib/Transforms/tile_dispatch.c) and the op families (one file per family
 * in this folder: elementwise.c, reduction.c, ...).
 *
 * A variant is one row of variants.def:
 *   TILE_VARIANT(op, "variant", scopes, priority, precondition, emitter)
 * `scopes` is a mask of TileScope bits; higher priority is tried first; rows
 * of one op with equal priority are tried in row order.  The precondition
 * says whether the variant applies to one call (false + a reason, which the
 * "no variant applies" error quotes); the emitter builds the tirx IR that
 * replaces the call (loops, buffer loads/stores, intrinsics the backend
 * lowers) and returns NULL only after reporting a located error.  Both get
 * the call as a TileOp.  Adding a variant: a row here, its two functions in
 * its family's file, a test (docs/architecture.md). */
#ifndef TIRX_TRANSFORMS_TILE_H
#define TIRX_TRANSFORMS_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/internal/layout.h"
#include "Transforms/xform.h"

/* The execution scope of a call: its namespace T.tile / T.warp / T.wg /
 * T.cta / T.cluster. */
typedef enum TileScope {
  TS_THREAD = 1,
  TS_WARP = 2,
  TS_WG = 4,
  TS_CTA = 8,
  TS_CLUSTER = 16,
} TileScope;
#define TS_UP_TO_CTA (TS_THREAD | TS_WARP | TS_WG | TS_CTA)

typedef struct TileOp {
  Module *m;
  TirxDiag *d;
  Expr *call;       /* the I_TILE_CALL */
  const char *name; /* "T.cta.add" */
  const char *op;   /* "add" */
  TileScope scope;
  Loc loc;
  Expr **args; /* positional arguments: E_REGION for buffers, else scalars */
  int nargs;
  /* NULL when every thread of the scope runs the call, else why not
   * ("under `if tx < 32` (a per-thread condition)"). */
  const char *inactive;
  /* Threads of the scope (1, 32, 128, the CTA's); -1 when the declarations
   * do not say. */
  int64_t nthreads;
  /* Statements the emitter needs before its code (a thread-index
   * declaration, a per-thread view of a register buffer): tile_pre. */
  PtrVec pre;
  int serial; /* distinguishes names the emitter makes */
  /* Host statements the call needs before the T.device_entry() of its
   * device region (a TMA tensor map's T.tvm_stack_alloca + encode), and the
   * keys of the ones already there (tile_host_once); owned by the pass. */
  PtrVec *host;
  PtrVec *host_keys; /* interned key strings */
  PtrVec *host_vals; /* the Var each key made */
  PtrVec *dev_init;  /* statements for the start of the device region (after its scope ids) */
  /* The T.let bindings seen so far in the function (Var*, and its value Expr*): tile_let_value. */
  const PtrVec *let_vars, *let_vals;
} TileOp;

typedef bool (*TilePreFn)(TileOp *op, char *why, size_t nwhy);
typedef Stmt *(*TileEmitFn)(TileOp *op);

#define TILE_VARIANT(op, variant, scopes, priority, pre, emit) \
  bool pre(TileOp *o, char *why, size_t nwhy);                 \
  Stmt *emit(TileOp *o);
#include "Transforms/Tile/variants.def"
#undef TILE_VARIANT

/* ---- the call --------------------------------------------------------------- */
/* A precondition's reason: formats into why[0..nwhy) and returns false.  The
 * buffers are bounded (the callers' TILE_WHY_LEN); a reason that does not fit
 * ends in a visible "[...cut]" marker instead of being cut silently. */
#define TILE_WHY_LEN 512
bool tile_why(char *why, size_t nwhy, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The keyword argument `name` (NULL: absent). */
Expr *tile_kwarg(const TileOp *op, const char *name);
/* The value v was bound to by a T.let before the call (NULL: none). */
Expr *tile_let_value(const TileOp *op, const Var *v);
/* A located error at the call. */
void tile_error(TileOp *op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *tile_scope_name(TileScope s);
/* Whether the scope's thread count is known (op->nthreads > 0); false with the reason
 * every variant that splits work over the threads gives. */
bool tile_threads_known(const TileOp *op, char *why, size_t nwhy);

/* The module's arch is sm_<lo..hi>a (or f): else false with "<what> needs sm_<lo>a[ .. sm_<hi>a]
 * (compiling for <arch>)".  A variant's arch is its precondition's first check, so the "no
 * variant applies" error names the variant, the arch and the call's line. */
bool tile_need_arch(const TileOp *op, int lo, int hi, const char *what, char *why, size_t nwhy);
/* A warpgroup register layout (wgmma's accumulator and A fragment, tcgen05.ld/st's
 * registers): no replicas, thread axes tid_in_wg, wid_in_wg or laneid only.  `name` is
 * shown as given; `who` begins the reason ("wgmma takes"). */
bool tile_wg_layout(const Layout *l, const char *name, const char *who, char *why, size_t nwhy);
/* The module's arch is sm_<lo> or newer (any suffix): else "<what> needs sm_<lo> or newer ...". */
bool tile_need_sm(const TileOp *op, int lo, const char *what, char *why, size_t nwhy);

/* ---- operands ------------------------------------------------------------------
 * A buffer operand: the region buf[lo[0]:lo[0]+ext[0], ...] with constant
 * extents (lo may be symbolic).  tile_region fails with a reason for a
 * scalar, a symbolic extent. */
typedef struct TileRegion {
  Buffer *buf;
  int nd;
  Expr **lo;
  int64_t *ext;
  int64_t n; /* elements */
} TileRegion;
bool tile_is_region(const Expr *arg);
bool tile_region(TileOp *op, Expr *arg, TileRegion *r, char *why, size_t nwhy);
/* Every lo constant: into lo[] (nd entries). */
bool tile_region_const_lo(const TileRegion *r, int64_t *lo);
/* The layout of the region (lay_of_buffer sliced by lay_slice); false with a
 * reason when the layout or the region cannot be modelled. */
bool tile_region_layout(TileOp *op, const TileRegion *r, Layout *out, char *why, size_t nwhy);
/* tile_region_layout with every symbolic start taken as 0 (the strides are the
 * same; callers judge the symbolic starts apart), also for a compact row-major
 * buffer whose outermost extent is symbolic (A: T.Buffer((n, 128))): its
 * strides do not depend on it. */
bool tile_region_layout_any_lo(TileOp *op, const TileRegion *r, Layout *out, char *why,
                               size_t nwhy);
/* r's buffer, or a copy whose symbolic outermost extent is replaced by the
 * region's end when that changes no stride (a compact row-major buffer). */
Buffer *tile_const_shape(TileOp *op, const TileRegion *r);
/* Each symbolic start of r moves it (in r's whole buffer, swizzle left out) by a multiple of
 * `repeat` elements (the start known to be a multiple of f when it is `x * f`): false with a
 * reason naming `name` otherwise.  What keeps &buf[lo] on a swizzle pattern's first row. */
bool tile_sym_lo_aligned(TileOp *op, const TileRegion *r, int64_t repeat, const char *name,
                         char *why, size_t nwhy);
/* A factor every value of e has (`k * 32`: 32; 1 when nothing is known; 0 for the constant 0). */
int64_t tile_known_factor(const Expr *e);
/* buf[lo + c] for region-relative coordinates c[0..nd). */
Expr *tile_load(TileOp *op, const TileRegion *r, Expr **c);
Stmt *tile_store(TileOp *op, const TileRegion *r, Expr **c, Expr *value);
bool tile_scope_is(const Buffer *b, TirxScope s);

/* ---- IR building -------------------------------------------------------------- */
Expr *tile_int(TileOp *op, int64_t v);
Stmt *tile_eval(TileOp *op, Expr *e);             /* the statement evaluating e */
Expr *tile_ld1(TileOp *op, Buffer *b, int64_t i); /* b[i] of a flat (1-D) buffer */
int64_t tile_local_span(TileOp *op,
                        Buffer *b); /* registers per thread of a local buffer's layout */
Expr *tile_bin(TileOp *op, ExprKind k, Expr *a, Expr *b);
Expr *tile_cast(TileOp *op, DType t, Expr *e); /* no-op when e has dtype t */
Expr *tile_call(TileOp *op, IntrinId id, DType t, Expr **args, int n);
/* A T.ptx table instruction (I_PTX_INSTR, as the parser builds it): row
 * `entry` of ptx_table.def, its modifier tokens the '.'-separated `tokens`
 * after the mnemonic (each fills the first open slot listing it), operands in
 * PTX order already coerced (shared addresses as uint32 windows).  NULL after
 * a located error when a token fits no slot (an emitter bug). */
Expr *tile_ptx(TileOp *op, const char *entry, const char *tokens, Expr **ops, int n);
/* A fresh loop variable "<base>_<serial>" and `for v in range(extent): body`
 * (kind FOR_SERIAL or FOR_UNROLLED). */
Var *tile_var(TileOp *op, const char *base);
Stmt *tile_for(TileOp *op, Var *v, Expr *extent, ForKind kind, Stmt *body);
Stmt *tile_if(TileOp *op, Expr *cond, Stmt *then_);
Stmt *tile_seq(TileOp *op, Stmt **items, int n);
/* Row-major digits of `flat` over ext[0..nd) (constant extents). */
Expr **tile_unravel(TileOp *op, Expr *flat, const int64_t *ext, int nd);
/* The index of this thread in the op's scope (0 at thread scope): declares a
 * deferred scope id (T.thread_id() / T.thread_id_in_wg() / T.lane_id()) into
 * op->pre, which lower-tirx binds. */
Expr *tile_thread_index(TileOp *op);
/* The scope id `sid` of this thread (T.warp_id(), ...), declared the same way. */
Expr *tile_scope_id(TileOp *op, ScopeIdKind sid);
/* A per-thread 1-d view (span elements, "local") of register buffer b, declared
 * into op->pre: what TVM's b.local() is. */
Buffer *tile_local_view(TileOp *op, Buffer *b, int64_t span);
/* A 1-d view `name` of n elements of type t over b's storage (same scope), declared into
 * op->pre: tile_local_view, and the 32-bit word views of 16-bit register tiles. */
Buffer *tile_storage_view(TileOp *op, Buffer *b, const char *name, DType t, int64_t n);
/* A fresh local scratch buffer of n elements (allocated into op->pre). */
Buffer *tile_alloc(TileOp *op, const char *base, DType t, int64_t n, const char *scope);
/* Appends s to op->pre. */
void tile_pre(TileOp *op, Stmt *s);
/* The host variable made for `key` by an earlier call in this device region
 * (NULL: none yet); tile_host_add records v under key and appends the
 * statements that define it to the host prologue. */
Var *tile_host_find(TileOp *op, const char *key);
void tile_host_add(TileOp *op, const char *key, Var *v, Stmt **stmts, int n);
/* Same, the statements going to the start of the device region instead (after
 * its leading scope-id declarations), e.g. a one-time prefetch. */
void tile_device_init(TileOp *op, const char *key, Var *v, Stmt **stmts, int n);

#endif

/* Kernels and statements: one `ptx_kernel` LLVM function per device kernel.
 *
 * Requires: the lowered form split-host-device leaves (tirx/codegen.h):
 *   S_LAUNCH for thread/block ids, flattened constant-size allocations,
 *   no S_SCOPEID, handle params (global pointers), tensor-map params, scalars.
 * Produces: a function with the PTX kernel calling convention, its launch
 *   attributes ("nvvm.maxntid", "nvvm.minctasm", "nvvm.maxnreg",
 *   "nvvm.cluster_dim"), shared buffers as internal addrspace(3) globals, the
 *   dynamic arena as one external addrspace(3) [0 x i8], local buffers as
 *   entry-block allocas, structured control flow.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Target/NVPTX/cg.h"

/* ---- pointer map ---------------------------------------------------------- */

/* ---- diagnostics ---------------------------------------------------------- */

/* "codegen: <msg>" at loc (the function's location when loc is 0). */
static void cg_report(CG *cg, DiagLevel lv, Loc loc, const char *fmt, va_list ap) {
  char msg[900];
  vsnprintf(msg, sizeof msg, fmt, ap);
  if (!loc.line && cg->f) loc = cg->f->loc;
  tirx_diag_add(cg->diag, lv, loc.line, loc.col, "codegen: %s", msg);
}

void cg_error(CG *cg, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cg_report(cg, DIAG_ERROR, loc, fmt, ap);
  va_end(ap);
  cg->nerrors++;
}

void cg_warning(CG *cg, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  cg_report(cg, DIAG_WARNING, loc, fmt, ap);
  va_end(ap);
}

/* ---- blocks and locals ---------------------------------------------------- */

LLVMBasicBlockRef cg_block(CG *cg, const char *name) {
  return LLVMAppendBasicBlockInContext(cg->ctx, cg->fn, name);
}

bool cg_terminated(CG *cg) {
  return LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(cg->b)) != NULL;
}

void cg_dead_block(CG *cg) { LLVMPositionBuilderAtEnd(cg->b, cg_block(cg, "dead")); }

LLVMValueRef cg_alloca(CG *cg, LLVMTypeRef ty, unsigned align, const char *name) {
  LLVMValueRef a = LLVMBuildAlloca(cg->ab, ty, name);
  LLVMSetAlignment(a, align);
  return a;
}

LLVMValueRef cg_var(CG *cg, Var *v, Loc loc) {
  LLVMValueRef x = txmap_get(&cg->vars, v);
  if (x) return x;
  if (v->kind == VAR_BUFDATA && v->buffer) {
    x = txmap_get(&cg->bufs, v->buffer);
    if (x) return x;
  }
  cg_error(cg, loc, "variable '%s' is not defined in kernel '%s'", v->name, cg->f->name);
  return NULL;
}

/* Names an unnamed instruction after the variable it defines. */
static void name_value(LLVMValueRef x, const char *name) {
  size_t len;
  if (x && name && *name && LLVMIsAInstruction(x) && !LLVMGetValueName2(x, &len)[0])
    LLVMSetValueName2(x, name, strlen(name));
}

/* cg->let_values' mark of a variable bound more than once, or of a scalar whose address is
 * taken (its divisibility is unknown): the map's own address, which no Expr has. */
#define LET_AMBIGUOUS(map) ((void *)(map))

static void bind(CG *cg, const void *key, LLVMValueRef v, TxPtrMap *m) {
  (void)cg;
  txmap_put(m, key, v);
}

/* ---- buffers -------------------------------------------------------------- */

/* The address space a buffer of storage scope `scope` lives in. */
static unsigned scope_as(const char *scope) {
  if (tirx_scope_is(scope, MEM_SHARED) || tirx_scope_is(scope, MEM_SHARED_DYN)) return AS_SHARED;
  if (tirx_scope_is(scope, MEM_LOCAL) || tirx_scope_is(scope, MEM_LOCAL_VAR)) return AS_GENERIC;
  return AS_GLOBAL;
}

/* The number of elements of a constant shape (false: symbolic, negative or over 2^62). */
static bool const_elems(const Buffer *b, int64_t *out) {
  int64_t n = 1;
  for (int i = 0; i < b->ndim; i++) {
    int64_t d;
    if (!tirx_expr_is_const_int(b->shape[i], &d) || d < 0 || __builtin_mul_overflow(n, d, &n) ||
        n > ((int64_t)1 << 62))
      return false;
  }
  *out = n;
  return true;
}

/* Number of elements of an allocation (constant shape), or -1. */
static int64_t alloc_elems(CG *cg, Buffer *b) {
  int64_t n;
  if (!const_elems(b, &n)) {
    cg_error(cg, b->loc, "allocation '%s' needs a constant shape (of at most 2^62 elements)",
             b->name);
    return -1;
  }
  return n;
}

/* The dynamic shared-memory arena, aligned to at least 64 bytes and to the largest
 * `align=` of a shared.dyn buffer (TVM's `extern __shared__ __align__(N)`): 128B-swizzled
 * TMA / wgmma tiles need 1024-byte-aligned addresses. */
static LLVMValueRef dyn_smem(CG *cg, int64_t align) {
  if (!cg->dyn_smem) {
    LLVMTypeRef ty = LLVMArrayType2(cg->t_i8, 0);
    cg->dyn_smem = LLVMAddGlobalInAddressSpace(cg->mod, ty, "__tirx_dyn_smem", AS_SHARED);
    LLVMSetLinkage(cg->dyn_smem, LLVMExternalLinkage);
    LLVMSetAlignment(cg->dyn_smem, 64);
  }
  if (align > (int64_t)LLVMGetAlignment(cg->dyn_smem) && align <= 4096 &&
      (align & (align - 1)) == 0)
    LLVMSetAlignment(cg->dyn_smem, (unsigned)align);
  return cg->dyn_smem;
}

static void emit_alloc(CG *cg, Stmt *s) {
  Buffer *b = s->u.alloc.buf;
  const char *scope = b->scope;
  LLVMValueRef base;
  if (tirx_scope_is(scope, MEM_TMEM)) {
    /* Tensor memory is allocated at run time (tcgen05.alloc) and addressed
     * through allocated_addr by the tcgen05 instructions: the declaration
     * (TVM's T.decl_buffer(..., scope="tmem")) needs no storage here. */
    return;
  }
  if (tirx_scope_is(scope, MEM_SHARED_DYN)) {
    base = dyn_smem(cg, b->align);
    int64_t n, bytes;
    if (!cg->smem_dyn && b->ndim > 0 && const_elems(b, &n) && n > 0) {
      if (__builtin_mul_overflow(n, (int64_t)(cg_dtype_bytes(b->dtype) * b->dtype.lanes), &bytes))
        bytes = INT64_MAX / 2;
      cg->smem_dyn = bytes;
      cg->smem_dyn_loc = s->loc;
    }
  } else {
    int64_t n = alloc_elems(cg, b);
    if (n < 0) return;
    unsigned esize = (unsigned)(cg_dtype_bytes(b->dtype) * b->dtype.lanes);
    if (tirx_scope_is(scope, MEM_SHARED)) {
      int64_t bytes;
      if (__builtin_mul_overflow(n, (int64_t)esize, &bytes) ||
          __builtin_add_overflow(cg->smem_static, bytes, &cg->smem_static) ||
          cg->smem_static > cg->arch->max_smem_static) {
        if (cg->arch->max_smem_static < cg->arch->max_smem_per_block)
          cg_error(cg, s->loc,
                   "kernel '%s': static shared memory exceeds %lld bytes on %s with '%s' (use a "
                   "scope=\"shared.dyn\" buffer for more, up to %lld bytes per block)",
                   cg->f->name, (long long)cg->arch->max_smem_static, cg->arch->name, b->name,
                   (long long)cg->arch->max_smem_per_block);
        else
          cg_error(cg, s->loc,
                   "kernel '%s': static shared memory exceeds %lld bytes on %s with '%s' (the most "
                   "a block has)",
                   cg->f->name, (long long)cg->arch->max_smem_static, cg->arch->name, b->name);
        cg->smem_static = INT64_MAX / 2;
        return;
      }
    }
    LLVMTypeRef ty = LLVMArrayType2(cg_mem_type(cg, b->dtype), (uint64_t)n);
    if (tirx_scope_is(scope, MEM_SHARED)) {
      StrBuf name = {0};
      strbuf_printf(&name, "%s_%s", cg->f->name, b->name);
      /* LLVM uniquifies a taken name with a numeric suffix. */
      base = LLVMAddGlobalInAddressSpace(cg->mod, ty, strbuf_str(&name), AS_SHARED);
      strbuf_free(&name);
      LLVMSetLinkage(base, LLVMInternalLinkage);
      LLVMSetInitializer(base, LLVMGetUndef(ty));
      LLVMSetAlignment(base, b->align > 0 ? (unsigned)b->align : 64);
    } else if (tirx_scope_is(scope, MEM_LOCAL) || tirx_scope_is(scope, MEM_LOCAL_VAR) ||
               tirx_scope_is(scope, MEM_GLOBAL) || !scope || !*scope) {
      /* A "global"-scope allocation inside a kernel is per-thread storage, as
       * in TVM's CUDA output (a plain local array). */
      unsigned align = b->align > 0 ? (unsigned)b->align : (esize > 16 ? esize : 16);
      base = cg_alloca(cg, ty, align, b->name);
    } else {
      cg_error(cg, s->loc, "cannot allocate buffer '%s' in scope '%s' on the device", b->name,
               scope ? scope : "");
      return;
    }
  }
  bind(cg, b, base, &cg->bufs);
}

/* S_DECL: the buffer aliases decl_data (another buffer's data, a pointer
 * param or bind); a generic pointer is narrowed to shared for shared scopes. */
static void emit_decl(CG *cg, Stmt *s) {
  Buffer *b = s->u.alloc.buf;
  LLVMValueRef p;
  if (b->decl_data) {
    p = cg_expr(cg, b->decl_data);
  } else {
    p = cg_var(cg, b->data, s->loc);
  }
  if (!p) return;
  if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind) {
    cg_error(cg, s->loc, "buffer '%s' must be declared on a pointer", b->name);
    return;
  }
  /* Only a shared scope is trusted to narrow a generic pointer: "global" is
   * also the default scope of a declaration over any pointer. */
  if (cg_ptr_as(p) == AS_GENERIC && scope_as(b->scope) == AS_SHARED)
    p = cg_cast_ptr(cg, p, AS_SHARED);
  /* a view's align= raises the arena's, as TVM's printer does */
  if (tirx_scope_is(b->scope, MEM_SHARED_DYN) && b->align > 0 && cg->dyn_smem)
    dyn_smem(cg, b->align);
  bind(cg, b, p, &cg->bufs);
}

/* ---- statements ----------------------------------------------------------- */

static void push_loop(CG *cg, LLVMBasicBlockRef brk, LLVMBasicBlockRef cont) {
  TIRX_VEC_PUSH(cg->loops, cg->nloops, cg->caploops, ((LoopTarget){brk, cont}));
}

/* !llvm.loop !{self, !{"llvm.loop.unroll.full"}} on a latch branch. */
static void mark_unroll_full(CG *cg, LLVMValueRef br);

static void emit_for(CG *cg, Stmt *s) {
  Var *v = s->u.for_.var;
  DType t = v->dtype;
  if (s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread) {
    /* Legacy `for i in T.thread_binding(n, thread="threadIdx.x")`. */
    Stmt l = *s;
    l.kind = S_LAUNCH;
    l.u.launch.var = v;
    l.u.launch.tag = s->u.for_.thread;
    l.u.launch.extent = s->u.for_.extent;
    l.u.launch.body = s->u.for_.body;
    cg_stmt(cg, &l);
    return;
  }
  LLVMTypeRef ty = cg_type(cg, t);
  LLVMValueRef lo = cg_cast(cg, cg_expr(cg, s->u.for_.min), s->u.for_.min->dtype, t, s->loc);
  LLVMValueRef ext = cg_cast(cg, cg_expr(cg, s->u.for_.extent), s->u.for_.extent->dtype, t, s->loc);
  LLVMValueRef step =
      s->u.for_.step ? cg_cast(cg, cg_expr(cg, s->u.for_.step), s->u.for_.step->dtype, t, s->loc)
                     : LLVMConstInt(ty, 1, 0);
  bool sgn = cg_dtype_signed(t);
  LLVMValueRef end =
      sgn ? LLVMBuildNSWAdd(cg->b, lo, ext, "end") : LLVMBuildAdd(cg->b, lo, ext, "end");
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(cg->b);
  LLVMBasicBlockRef head = cg_block(cg, "for.head"), body = cg_block(cg, "for.body"),
                    latch = cg_block(cg, "for.latch"), exit = cg_block(cg, "for.end");
  LLVMBuildBr(cg->b, head);
  LLVMPositionBuilderAtEnd(cg->b, head);
  LLVMValueRef iv = LLVMBuildPhi(cg->b, ty, v->name);
  LLVMValueRef c = LLVMBuildICmp(cg->b, sgn ? LLVMIntSLT : LLVMIntULT, iv, end, "");
  LLVMBuildCondBr(cg->b, c, body, exit);
  LLVMPositionBuilderAtEnd(cg->b, body);
  bind(cg, v, iv, &cg->vars);
  push_loop(cg, exit, latch);
  cg_stmt(cg, s->u.for_.body);
  cg->nloops--;
  if (!cg_terminated(cg)) LLVMBuildBr(cg->b, latch);
  LLVMPositionBuilderAtEnd(cg->b, latch);
  LLVMValueRef next =
      sgn ? LLVMBuildNSWAdd(cg->b, iv, step, "") : LLVMBuildAdd(cg->b, iv, step, "");
  LLVMValueRef back = LLVMBuildBr(cg->b, head);
  if (s->u.for_.kind == FOR_UNROLLED) mark_unroll_full(cg, back);
  LLVMValueRef in_vals[2] = {lo, next};
  LLVMBasicBlockRef in_bbs[2] = {pre, latch};
  LLVMAddIncoming(iv, in_vals, in_bbs, 2);
  LLVMPositionBuilderAtEnd(cg->b, exit);
}

static void emit_while(CG *cg, Stmt *s) {
  LLVMBasicBlockRef head = cg_block(cg, "while.head"), body = cg_block(cg, "while.body"),
                    exit = cg_block(cg, "while.end");
  LLVMBuildBr(cg->b, head);
  LLVMPositionBuilderAtEnd(cg->b, head);
  LLVMBuildCondBr(cg->b, cg_cond(cg, s->u.while_.cond), body, exit);
  LLVMPositionBuilderAtEnd(cg->b, body);
  push_loop(cg, exit, head);
  cg_stmt(cg, s->u.while_.body);
  cg->nloops--;
  if (!cg_terminated(cg)) LLVMBuildBr(cg->b, head);
  LLVMPositionBuilderAtEnd(cg->b, exit);
}

static void emit_if(CG *cg, Stmt *s) {
  LLVMValueRef c = cg_cond(cg, s->u.if_.cond);
  LLVMBasicBlockRef then_bb = cg_block(cg, "if.then");
  LLVMBasicBlockRef else_bb = s->u.if_.else_ ? cg_block(cg, "if.else") : NULL;
  LLVMBasicBlockRef end = cg_block(cg, "if.end");
  LLVMBuildCondBr(cg->b, c, then_bb, else_bb ? else_bb : end);
  LLVMPositionBuilderAtEnd(cg->b, then_bb);
  cg_stmt(cg, s->u.if_.then_);
  if (!cg_terminated(cg)) LLVMBuildBr(cg->b, end);
  if (else_bb) {
    LLVMPositionBuilderAtEnd(cg->b, else_bb);
    cg_stmt(cg, s->u.if_.else_);
    if (!cg_terminated(cg)) LLVMBuildBr(cg->b, end);
  }
  LLVMPositionBuilderAtEnd(cg->b, end);
}

/* Thread/block ids bound by a launch or a thread_binding loop: the tag, the
 * special register it reads, and what the extent is checked against
 * (grid axis, block axis, or nothing: a CTA's rank in its cluster is fixed
 * by the launch's cluster shape).  TVM reads clusterCtaIdx.x as the CTA's
 * rank in the cluster (%cluster_ctarank), .y/.z as %cluster_ctaid. */
enum { TAG_GRID, TAG_BLOCK, TAG_CLUSTER };
static const struct {
  const char *tag, *sreg;
  int kind, axis;
} thread_tags[] = {
    {"blockIdx.x", "ctaid.x", TAG_GRID, 0},
    {"blockIdx.y", "ctaid.y", TAG_GRID, 1},
    {"blockIdx.z", "ctaid.z", TAG_GRID, 2},
    {"threadIdx.x", "tid.x", TAG_BLOCK, 0},
    {"threadIdx.y", "tid.y", TAG_BLOCK, 1},
    {"threadIdx.z", "tid.z", TAG_BLOCK, 2},
    {"clusterCtaIdx.x", "cluster.ctarank", TAG_CLUSTER, 0},
    {"clusterCtaIdx.y", "cluster.ctaid.y", TAG_CLUSTER, 1},
    {"clusterCtaIdx.z", "cluster.ctaid.z", TAG_CLUSTER, 2},
};

static void emit_launch(CG *cg, Stmt *s) {
  const char *tag = s->u.launch.tag ? s->u.launch.tag : "";
  int t = -1;
  for (int i = 0; i < (int)(sizeof thread_tags / sizeof thread_tags[0]); i++)
    if (strcmp(tag, thread_tags[i].tag) == 0) t = i;
  if (t < 0) {
    cg_error(cg, s->loc,
             "unsupported thread tag '%s' (expected blockIdx.*, threadIdx.* or clusterCtaIdx.*)",
             tag);
    cg_stmt(cg, s->u.launch.body);
    return;
  }
  const char *sreg = thread_tags[t].sreg;
  int kind = thread_tags[t].kind, axis = thread_tags[t].axis;
  int64_t n;
  bool konst = tirx_expr_is_const_int(s->u.launch.extent, &n);
  if (konst && kind != TAG_CLUSTER) {
    int64_t lim = kind == TAG_BLOCK ? cg->arch->max_block_dim[axis] : cg->arch->max_grid_dim[axis];
    if (n < 1 || n > lim)
      cg_error(cg, s->loc, "kernel '%s': %s extent %lld is outside 1..%lld on %s", cg->f->name, tag,
               (long long)n, (long long)lim, cg->arch->name);
  }
  if (kind == TAG_BLOCK) {
    if (!cg->ntid_loc.line) cg->ntid_loc = s->loc;
    if (konst) cg->ntid[axis] = n > cg->ntid[axis] ? n : cg->ntid[axis];
    else cg->ntid_dynamic = true;
  }
  Var *v = s->u.launch.var;
  LLVMValueRef x = cg_sreg(cg, sreg);
  DType u32 = tirx_dtype(DT_UINT32);
  if (v) {
    x = cg_cast(cg, x, u32, v->dtype, s->loc);
    name_value(x, v->name);
    bind(cg, v, x, &cg->vars);
  }
  cg_stmt(cg, s->u.launch.body);
}

static void add_fn_attr(CG *cg, const char *key, const char *value) {
  LLVMAttributeRef a = LLVMCreateStringAttribute(cg->ctx, key, (unsigned)strlen(key), value,
                                                 (unsigned)strlen(value));
  LLVMAddAttributeAtIndex(cg->fn, LLVMAttributeFunctionIndex, a);
}

static void emit_attr(CG *cg, Stmt *s) {
  const char *key = s->u.attr.key ? s->u.attr.key : "";
  Expr *val = s->u.attr.value;
  int64_t n;
  char buf[96];
  bool min_blocks = tirx_attr_is(key, ATTR_LAUNCH_BOUNDS_MIN_BLOCKS);
  if (min_blocks || tirx_attr_is(key, ATTR_MAX_REGISTERS)) {
    if (!tirx_expr_is_const_int(val, &n) || n <= 0)
      cg_error(cg, s->loc, "'%s' needs a positive constant", key);
    else {
      snprintf(buf, sizeof buf, "%lld", (long long)n);
      add_fn_attr(cg, min_blocks ? "nvvm.minctasm" : "nvvm.maxnreg", buf);
    }
  } else if (tirx_attr_is(key, ATTR_CLUSTER_DIMS)) {
    int64_t d[3] = {1, 1, 1};
    bool ok = val && (val->kind == E_LIST || val->kind == E_TUPLE) && val->u.list.n >= 1 &&
              val->u.list.n <= 3;
    for (int i = 0; ok && i < val->u.list.n; i++)
      ok = tirx_expr_is_const_int(val->u.list.items[i], &d[i]) && d[i] > 0;
    if (!ok) cg_error(cg, s->loc, "'tirx.cluster_dims' needs a list of 1 to 3 positive constants");
    else if (d[0] * d[1] * d[2] > 1) {
      if (cg->arch->sm < 90)
        cg_error(cg, s->loc, "thread-block clusters require sm_90 or newer (target is %s)",
                 cg->arch->name);
      snprintf(buf, sizeof buf, "%lld,%lld,%lld", (long long)d[0], (long long)d[1],
               (long long)d[2]);
      add_fn_attr(cg, "nvvm.cluster_dim", buf);
    }
  }
  if (tirx_attr_is(key, ATTR_DYN_SMEM_BYTES) && tirx_expr_is_const_int(val, &n) && n > 0) {
    cg->smem_dyn = n; /* checked against the arch at the end of the kernel */
    cg->smem_dyn_loc = s->loc;
  }
  /* "tirx.device_entry", "tirx.dyn_smem_bytes" (the launch plan carries it)
   * and unknown keys: the body only. */
  cg_stmt(cg, s->u.attr.body);
}

static void emit_store(CG *cg, Stmt *s);

void cg_stmt(CG *cg, Stmt *s) {
  if (!s) return;
  switch ((StmtKind)s->kind) {
  case S_SEQ:
    for (int i = 0; i < s->u.seq.n; i++) cg_stmt(cg, s->u.seq.items[i]);
    break;
  case S_EVAL:
    if (s->u.eval.e->kind != E_INT) cg_expr(cg, s->u.eval.e);
    break;
  case S_STORE: emit_store(cg, s); break;
  case S_BIND: {
    Var *v = s->u.bind.var;
    LLVMValueRef x = cg_expr(cg, s->u.bind.value);
    if (x && tirx_dtype_is_handle(v->dtype) && v->ptr_typed &&
        LLVMGetTypeKind(LLVMTypeOf(x)) == LLVMPointerTypeKind && cg_ptr_as(x) == AS_GENERIC &&
        v->ptr_scope && v->ptr_scope[0] && scope_as(v->ptr_scope) != AS_GLOBAL)
      /* not "global": TVM's pointer types are generic, and
       * T.reinterpret(T.handle(t, "global").ty, T.address_of(smem[i])) may
       * hold a shared address (as in emit_decl, only narrower scopes narrow) */
      x = cg_cast_ptr(cg, x, scope_as(v->ptr_scope));
    if (x) {
      name_value(x, v->name);
      bind(cg, v, x, &cg->vars);
    }
    /* the bound expression, for the divisibility of indices that use v (known_pow2) */
    txmap_put(&cg->let_values, v,
              txmap_has(&cg->let_values, v) ? LET_AMBIGUOUS(&cg->let_values) : s->u.bind.value);
    break;
  }
  case S_ALLOC: emit_alloc(cg, s); break;
  case S_DECL: emit_decl(cg, s); break;
  case S_FOR: emit_for(cg, s); break;
  case S_WHILE: emit_while(cg, s); break;
  case S_IF: emit_if(cg, s); break;
  case S_ATTR: emit_attr(cg, s); break;
  case S_HINT: cg_stmt(cg, s->u.hint.body); break;
  case S_LAUNCH: emit_launch(cg, s); break;
  case S_SCOPEID:
    cg_error(cg, s->loc, "unlowered scope id T.%s (run lower-tirx first)",
             tirx_scope_id_name(s->u.scopeid.sid));
    break;
  case S_ASSERT: {
    /* Device asserts trap (CUDA's assert() aborts the kernel too); the
     * message stays with the host. */
    cg_trap_unless(cg, cg_cond(cg, s->u.assert_.cond), "assert.fail", "assert.ok");
    break;
  }
  case S_RETURN:
    if (s->u.ret.value && cg->f && cg->f->has_ret && !cg->f->is_device_kernel) {
      LLVMValueRef v = cg_expr(cg, s->u.ret.value);
      if (!v) break;
      LLVMBuildRet(cg->b, cg_cast(cg, v, s->u.ret.value->dtype, cg->f->ret, s->loc));
    } else {
      LLVMBuildRetVoid(cg->b);
    }
    cg_dead_block(cg);
    break;
  case S_BREAK:
  case S_CONTINUE:
    if (!cg->nloops) {
      cg_error(cg, s->loc, "'%s' outside a loop", s->kind == S_BREAK ? "break" : "continue");
      break;
    }
    LLVMBuildBr(cg->b, s->kind == S_BREAK ? cg->loops[cg->nloops - 1].brk
                                          : cg->loops[cg->nloops - 1].cont);
    cg_dead_block(cg);
    break;
  case S_COUNT: break;
  }
}

/* ---- stores ------------------------------------------------------------------ */

/* Largest power of two known to divide e (1 when unknown), capped at 1024.  Sees through
 * integer casts (a sign or zero extension keeps the factor; a truncation to `bits` keeps
 * it below 2^bits) and through variables bound by S_BIND (cg->let_values), so that
 * `i = (bx * 256 + tx) * 4; A[i:i + 4]` is known 4-aligned whatever the buffer's shape. */
static int64_t known_pow2_at(const CG *cg, const Expr *e, int depth) {
  int64_t v;
  if (tirx_expr_is_const_int(e, &v)) {
    if (v == 0) return 1024;
    int64_t p = 1;
    while (p < 1024 && (v % (p * 2)) == 0) p *= 2;
    return p;
  }
  if (depth > 64) return 1;
  switch (e->kind) {
  case E_MUL: {
    int64_t a = known_pow2_at(cg, e->u.bin.a, depth + 1) * known_pow2_at(cg, e->u.bin.b, depth + 1);
    return a > 1024 ? 1024 : a;
  }
  case E_ADD:
  case E_SUB: {
    int64_t a = known_pow2_at(cg, e->u.bin.a, depth + 1),
            b = known_pow2_at(cg, e->u.bin.b, depth + 1);
    return a < b ? a : b;
  }
  case E_CAST: {
    const Expr *x = e->u.un.a;
    if (!tirx_dtype_is_int(e->dtype) || !tirx_dtype_is_int(x->dtype) || e->dtype.lanes != 1 ||
        x->dtype.lanes != 1)
      return 1;
    int64_t a = known_pow2_at(cg, x, depth + 1);
    int bits = tirx_dtype_bits(e->dtype);
    while (bits < 64 && a > 1 && a >= ((int64_t)1 << bits)) a /= 2;
    return a;
  }
  case E_VAR: {
    const Expr *x = txmap_get(&cg->let_values, e->u.var);
    return x && x != (const void *)&cg->let_values ? known_pow2_at(cg, x, depth + 1) : 1;
  }
  case E_LOAD: { /* a mutable scalar `i = (bx * 256 + tx) * 4` stored once (scan_scalars) */
    const Expr *x = txmap_get(&cg->let_values, e->u.load.buf);
    return x && x != (const void *)&cg->let_values && e->u.load.n == 1 && !e->u.load.pred &&
                   tirx_expr_is_const_int(e->u.load.idx[0], &v) && v == 0
               ? known_pow2_at(cg, x, depth + 1)
               : 1;
  }
  default: return 1;
  }
}

/* A mutable scalar (a one-element local buffer) whose only write is one store at index 0
 * takes that store's value in cg->let_values (keyed by the Buffer); a second store, or any
 * use of its address (T.address_of, its data pointer, the buffer as a value), marks it
 * LET_AMBIGUOUS.  Only the value's divisibility is read (known_pow2_at), which holds
 * whatever iteration stored it. */
static bool is_scalar_local(const Buffer *b) {
  int64_t n;
  return b->ndim == 1 && tirx_expr_is_const_int(b->shape[0], &n) && n == 1 &&
         (tirx_scope_is(b->scope, MEM_LOCAL) || tirx_scope_is(b->scope, MEM_LOCAL_VAR));
}

static bool scan_scalar_stmt(IRVisitor *v, Stmt *s) {
  TxPtrMap *m = v->ctx;
  int64_t i;
  if (s->kind != S_STORE || !is_scalar_local(s->u.store.buf)) return true;
  const Buffer *b = s->u.store.buf;
  bool one = s->u.store.n == 1 && !s->u.store.pred && s->u.store.value->dtype.lanes == 1 &&
             tirx_expr_is_const_int(s->u.store.idx[0], &i) && i == 0;
  txmap_put(m, b, one && !txmap_has(m, b) ? (void *)s->u.store.value : LET_AMBIGUOUS(m));
  return true;
}

static bool scan_scalar_expr(IRVisitor *v, Expr *e) {
  TxPtrMap *m = v->ctx;
  if (e->kind == E_BUFREF) txmap_put(m, e->u.bufref, LET_AMBIGUOUS(m));
  if (e->kind == E_VAR && e->u.var->buffer) txmap_put(m, e->u.var->buffer, LET_AMBIGUOUS(m));
  if (e->kind == E_CALL && e->u.call.op->id == I_ADDRESS_OF && e->u.call.n == 1 &&
      e->u.call.args[0]->kind == E_LOAD)
    txmap_put(m, e->u.call.args[0]->u.load.buf, LET_AMBIGUOUS(m));
  return true;
}

static void scan_scalars(CG *cg, Stmt *body) {
  IRVisitor v = {&cg->let_values, scan_scalar_expr, scan_scalar_stmt};
  if (body) tirx_visit_stmt(&v, body);
}

/* Alignment (bytes) of a vector access of `lanes` elements at element index `base`: the
 * largest power of two dividing the index and the buffer's element offset (its
 * offset_factor when the offset is symbolic), in lanes up to the vector's, and no more
 * than the buffer's declared alignment (align=), whatever the buffer's shape. */
static unsigned ramp_align(const CG *cg, const Buffer *b, const Expr *base, int lanes) {
  int64_t k = known_pow2_at(cg, base, 0);
  if (b->elem_offset) {
    int64_t o = known_pow2_at(cg, b->elem_offset, 0);
    for (int64_t f = 2; b->offset_factor > 1 && f <= 1024 && b->offset_factor % f == 0; f *= 2)
      if (f > o) o = f;
    if (o < k) k = o;
  }
  if (k > lanes) k = lanes;
  int64_t l = 1;
  while (l * 2 <= k && (lanes % (l * 2)) == 0) l *= 2;
  int64_t bytes = l * cg_dtype_bytes(b->dtype), eb = cg_dtype_bytes(b->dtype);
  while (b->align > 0 && bytes > b->align && bytes > eb) bytes /= 2;
  return (unsigned)bytes;
}

static bool is_unit_ramp(const Expr *e) {
  int64_t st;
  return e->kind == E_RAMP && tirx_expr_is_const_int(e->u.ramp.stride, &st) && st == 1;
}

/* Address + alignment of an access of `lanes` lanes (the value's lanes) at the
 * (single) index `ix`; *gather when the lanes are not contiguous. */
typedef struct Access {
  LLVMValueRef ptr; /* contiguous: first element */
  unsigned align;
  bool gather;       /* one address per lane in lane_ptrs */
  LLVMValueRef idxv; /* gather: the index vector */
  DType idxt;        /* gather: its dtype */
} Access;

static Access access_of(CG *cg, Buffer *b, Expr **idx, int n, int lanes, Loc loc) {
  Access a = {0};
  int bl = b->dtype.lanes;
  unsigned ebytes = (unsigned)cg_dtype_bytes(b->dtype);
  if (n == 1 && idx[0]->dtype.lanes > 1) {
    Expr *ix = idx[0];
    if (is_unit_ramp(ix) && bl == 1) {
      LLVMValueRef base = cg_index_lane(cg, cg_expr(cg, ix->u.ramp.base), ix->u.ramp.base->dtype);
      a.ptr = cg_buffer_elem_ptr(cg, b, base, loc);
      a.align = ramp_align(cg, b, ix->u.ramp.base, lanes);
      return a;
    }
    a.gather = true;
    a.idxv = cg_expr(cg, ix);
    a.idxt = ix->dtype;
    a.align = ebytes * (unsigned)bl;
    return a;
  }
  LLVMValueRef i = cg_flat_index(cg, b, idx, n, loc);
  a.ptr = cg_buffer_elem_ptr(cg, b, i, loc);
  /* vload/vstore: a wider access than the element is aligned to its size
   * (TVM's contract), like a vector-typed buffer's element. */
  a.align = ebytes * (unsigned)(lanes > bl ? lanes : bl);
  return a;
}

static void emit_store(CG *cg, Stmt *s) {
  Buffer *b = s->u.store.buf;
  Expr *val = s->u.store.value;
  DType vt = val->dtype;
  LLVMValueRef v = cg_expr(cg, val);
  if (!v) return;
  DType et = b->dtype;
  DType st = vt; /* what is stored */
  if (!tirx_dtype_eq(vt, et) && vt.lanes == et.lanes) {
    v = cg_cast(cg, v, vt, et, s->loc); /* implicit conversion on store */
    st = et;
  } else if (vt.id != et.id) {
    DType to = et;
    to.lanes = vt.lanes;
    v = cg_cast(cg, v, vt, to, s->loc);
    st = to;
  }
  Access a = access_of(cg, b, s->u.store.idx, s->u.store.n, st.lanes, s->loc);
  Expr *pred = s->u.store.pred;
  if (a.gather) {
    DType lane_t = st;
    lane_t.lanes = 1;
    for (int l = 0; l < st.lanes; l++) {
      LLVMValueRef li = LLVMBuildExtractElement(cg->b, a.idxv, cg_i32(cg, l), "");
      LLVMValueRef p = cg_buffer_elem_ptr(cg, b, cg_index_lane(cg, li, a.idxt), s->loc);
      LLVMValueRef x = LLVMBuildExtractElement(cg->b, v, cg_i32(cg, l), "");
      if (pred) {
        LLVMValueRef pv = cg_cond(cg, pred);
        if (pred->dtype.lanes > 1) pv = LLVMBuildExtractElement(cg->b, pv, cg_i32(cg, l), "");
        LLVMBasicBlockRef yes = cg_block(cg, "st.lane"), next = cg_block(cg, "st.next");
        LLVMBuildCondBr(cg->b, pv, yes, next);
        LLVMPositionBuilderAtEnd(cg->b, yes);
        cg_store_typed(cg, p, x, lane_t, a.align);
        LLVMBuildBr(cg->b, next);
        LLVMPositionBuilderAtEnd(cg->b, next);
      } else {
        cg_store_typed(cg, p, x, lane_t, a.align);
      }
    }
    return;
  }
  if (pred && pred->dtype.lanes > 1 && st.lanes > 1) {
    /* llvm.masked.store(value, ptr, mask) with align on the pointer */
    LLVMValueRef mask = cg_cond(cg, pred);
    LLVMValueRef sv = v;
    if (tirx_dtype_is_bool(st)) sv = LLVMBuildZExt(cg->b, v, cg_mem_type(cg, st), "");
    LLVMTypeRef ov[2] = {LLVMTypeOf(sv), LLVMTypeOf(a.ptr)};
    LLVMValueRef args[3] = {sv, a.ptr, mask};
    LLVMValueRef call = cg_intrinsic(cg, "llvm.masked.store", ov, 2, args, 3);
    if (call) {
      unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
      LLVMAddCallSiteAttribute(call, 2, LLVMCreateEnumAttribute(cg->ctx, kind, a.align));
    }
    return;
  }
  if (pred) {
    LLVMValueRef pv = cg_cond(cg, pred);
    if (pred->dtype.lanes > 1) /* vector predicate, scalar value: lane 0 */
      pv = LLVMBuildExtractElement(cg->b, pv, cg_i32(cg, 0), "");
    LLVMBasicBlockRef yes = cg_block(cg, "st.pred"), next = cg_block(cg, "st.end");
    LLVMBuildCondBr(cg->b, pv, yes, next);
    LLVMPositionBuilderAtEnd(cg->b, yes);
    cg_store_typed(cg, a.ptr, v, st, a.align);
    LLVMBuildBr(cg->b, next);
    LLVMPositionBuilderAtEnd(cg->b, next);
    return;
  }
  cg_store_typed(cg, a.ptr, v, st, a.align);
}

/* The load side lives here too, next to access_of. */
LLVMValueRef cg_emit_load(CG *cg, Expr *e) {
  Buffer *b = e->u.load.buf;
  DType rt = e->dtype;
  Access a = access_of(cg, b, e->u.load.idx, e->u.load.n, rt.lanes, e->loc);
  Expr *pred = e->u.load.pred;
  DType lane_t = rt;
  lane_t.lanes = 1;
  if (a.gather) {
    LLVMValueRef out = LLVMGetUndef(cg_type(cg, rt));
    LLVMValueRef pv = pred ? cg_cond(cg, pred) : NULL;
    for (int l = 0; l < rt.lanes; l++) {
      LLVMValueRef li = LLVMBuildExtractElement(cg->b, a.idxv, cg_i32(cg, l), "");
      LLVMValueRef p = cg_buffer_elem_ptr(cg, b, cg_index_lane(cg, li, a.idxt), e->loc);
      LLVMValueRef x;
      if (pv) {
        LLVMValueRef c =
            pred->dtype.lanes > 1 ? LLVMBuildExtractElement(cg->b, pv, cg_i32(cg, l), "") : pv;
        LLVMBasicBlockRef from = LLVMGetInsertBlock(cg->b);
        LLVMBasicBlockRef yes = cg_block(cg, "ld.lane"), next = cg_block(cg, "ld.next");
        LLVMBuildCondBr(cg->b, c, yes, next);
        LLVMPositionBuilderAtEnd(cg->b, yes);
        LLVMValueRef y = cg_load_typed(cg, p, lane_t, a.align);
        LLVMBuildBr(cg->b, next);
        LLVMPositionBuilderAtEnd(cg->b, next);
        x = LLVMBuildPhi(cg->b, cg_type(cg, lane_t), "");
        LLVMValueRef vals[2] = {y, cg_const(cg, lane_t, 0, 0.0)};
        LLVMBasicBlockRef bbs[2] = {yes, from};
        LLVMAddIncoming(x, vals, bbs, 2);
      } else {
        x = cg_load_typed(cg, p, lane_t, a.align);
      }
      out = LLVMBuildInsertElement(cg->b, out, x, cg_i32(cg, l), "");
    }
    return out;
  }
  if (pred && pred->dtype.lanes > 1 && rt.lanes > 1) {
    LLVMValueRef mask = cg_cond(cg, pred);
    LLVMTypeRef mt = cg_mem_type(cg, rt);
    LLVMTypeRef ov[2] = {mt, LLVMTypeOf(a.ptr)};
    LLVMValueRef args[3] = {a.ptr, mask, LLVMConstNull(mt)};
    LLVMValueRef call = cg_intrinsic(cg, "llvm.masked.load", ov, 2, args, 3);
    if (!call) return cg_poison(cg, rt);
    unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
    LLVMAddCallSiteAttribute(call, 1, LLVMCreateEnumAttribute(cg->ctx, kind, a.align));
    if (tirx_dtype_is_bool(rt)) call = LLVMBuildICmp(cg->b, LLVMIntNE, call, LLVMConstNull(mt), "");
    return call;
  }
  if (pred) {
    LLVMValueRef pv = cg_cond(cg, pred);
    if (pred->dtype.lanes > 1) pv = LLVMBuildExtractElement(cg->b, pv, cg_i32(cg, 0), "");
    LLVMBasicBlockRef from = LLVMGetInsertBlock(cg->b);
    LLVMBasicBlockRef yes = cg_block(cg, "ld.pred"), next = cg_block(cg, "ld.end");
    LLVMBuildCondBr(cg->b, pv, yes, next);
    LLVMPositionBuilderAtEnd(cg->b, yes);
    LLVMValueRef y = cg_load_typed(cg, a.ptr, rt, a.align);
    LLVMBasicBlockRef yes_end = LLVMGetInsertBlock(cg->b);
    LLVMBuildBr(cg->b, next);
    LLVMPositionBuilderAtEnd(cg->b, next);
    LLVMValueRef x = LLVMBuildPhi(cg->b, cg_type(cg, rt), "");
    LLVMValueRef vals[2] = {y, cg_const(cg, rt, 0, 0.0)};
    LLVMBasicBlockRef bbs[2] = {yes_end, from};
    LLVMAddIncoming(x, vals, bbs, 2);
    return x;
  }
  return cg_load_typed(cg, a.ptr, rt, a.align);
}

/* ---- loop metadata ----------------------------------------------------------- */

#include <llvm-c/DebugInfo.h>

static void mark_unroll_full(CG *cg, LLVMValueRef br) {
  LLVMMetadataRef tmp = LLVMTemporaryMDNode(cg->ctx, NULL, 0);
  LLVMMetadataRef s = LLVMMDStringInContext2(cg->ctx, "llvm.loop.unroll.full", 21);
  LLVMMetadataRef full = LLVMMDNodeInContext2(cg->ctx, &s, 1);
  LLVMMetadataRef ops[2] = {tmp, full};
  LLVMMetadataRef loop = LLVMMDNodeInContext2(cg->ctx, ops, 2);
  LLVMMetadataReplaceAllUsesWith(tmp, loop);
  unsigned kind = LLVMGetMDKindIDInContext(cg->ctx, "llvm.loop", 9);
  LLVMSetMetadata(br, kind, LLVMMetadataAsValue(cg->ctx, loop));
}

/* ---- kernels ------------------------------------------------------------------ */

static LLVMTypeRef param_type(CG *cg, Var *v) {
  if (v->is_tensormap) return cg->t_ptr;
  if (tirx_dtype_is_handle(v->dtype)) return cg_ptr_type(cg, AS_GLOBAL);
  if (tirx_dtype_is_bool(v->dtype)) return cg->t_i8;
  return cg_type(cg, v->dtype);
}

/* The LLVM function of device function f (not a kernel), declared on first
 * use and queued for its body: handles are generic pointers (a caller may
 * pass any state space), scalars as in kernels, the result f's return type. */
LLVMValueRef cg_device_func(CG *cg, PrimFunc *f) {
  for (int i = 0; i < cg->nfuncs; i++)
    if (cg->funcs[i].f == f) return cg->funcs[i].fn;
  int np = f->nparams;
  LLVMTypeRef *pts = tirx_xcalloc((size_t)(np ? np : 1), sizeof *pts);
  for (int i = 0; i < np; i++) {
    Var *v = f->params[i].var;
    pts[i] = tirx_dtype_is_handle(v->dtype) ? cg->t_ptr : param_type(cg, v);
  }
  LLVMTypeRef ret = f->has_ret ? cg_type(cg, f->ret) : cg->t_void;
  LLVMTypeRef fty = LLVMFunctionType(ret, pts, (unsigned)np, 0);
  free(pts);
  LLVMValueRef fn = LLVMAddFunction(cg->mod, f->name, fty);
  if (strcmp(LLVMGetValueName(fn), f->name) != 0)
    cg_error(cg, f->loc, "device function '%s' has the name of another function or kernel",
             f->name);
  LLVMSetLinkage(fn, cg->standalone_funcs ? LLVMExternalLinkage : LLVMInternalLinkage);
  TIRX_VEC_PUSH(cg->funcs, cg->nfuncs, cg->capfuncs, ((struct CGFunc){f, fn}));
  return fn;
}

/* Binds f's parameters to fn's, emits the body and the closing return. */
static void emit_body(CG *cg, PrimFunc *f, bool kernel) {
  LLVMBasicBlockRef body;
  cg->alloca_bb = LLVMAppendBasicBlockInContext(cg->ctx, cg->fn, "entry");
  body = LLVMAppendBasicBlockInContext(cg->ctx, cg->fn, "body");
  LLVMPositionBuilderAtEnd(cg->ab, cg->alloca_bb);
  LLVMPositionBuilderAtEnd(cg->b, body);

  unsigned k_noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
  unsigned k_byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned k_align = LLVMGetEnumAttributeKindForName("align", 5);
  for (int i = 0; i < f->nparams; i++) {
    Var *v = f->params[i].var;
    LLVMValueRef p = LLVMGetParam(cg->fn, (unsigned)i);
    LLVMSetValueName2(p, v->name, strlen(v->name));
    unsigned idx = (unsigned)i + 1;
    if (v->is_tensormap && kernel) {
      LLVMTypeRef map = LLVMArrayType2(cg->t_i8, 128);
      LLVMAddAttributeAtIndex(cg->fn, idx, LLVMCreateTypeAttribute(cg->ctx, k_byval, map));
      LLVMAddAttributeAtIndex(cg->fn, idx, LLVMCreateEnumAttribute(cg->ctx, k_align, 64));
      LLVMAddAttributeAtIndex(cg->fn, idx,
                              LLVMCreateStringAttribute(cg->ctx, "nvvm.grid_constant", 18, "", 0));
      bind(cg, v, p, &cg->vars);
    } else if (tirx_dtype_is_handle(v->dtype)) {
      if (kernel)
        LLVMAddAttributeAtIndex(cg->fn, idx, LLVMCreateEnumAttribute(cg->ctx, k_noalias, 0));
      bind(cg, v, p, &cg->vars);
    } else if (tirx_dtype_is_bool(v->dtype)) {
      bind(cg, v, LLVMBuildICmp(cg->ab, LLVMIntNE, p, LLVMConstInt(cg->t_i8, 0, 0), v->name),
           &cg->vars);
    } else {
      bind(cg, v, p, &cg->vars);
    }
  }

  scan_scalars(cg, f->body);
  cg_stmt(cg, f->body);
  if (!cg_terminated(cg)) {
    if (f->has_ret && !kernel)
      LLVMBuildRet(cg->b, LLVMGetUndef(cg_type(cg, f->ret))); /* TVM: falling off is undefined */
    else LLVMBuildRetVoid(cg->b);
  }
  LLVMBuildBr(cg->ab, body);
}

static void end_function(CG *cg) {
  txmap_free(&cg->vars);
  txmap_free(&cg->let_values);
  txmap_free(&cg->bufs);
  cg->nloops = 0;
  cg->f = NULL;
}

/* Emits the bodies of the device functions kernels (or other device
 * functions) call, until none is left. */
void cg_emit_device_funcs(CG *cg) {
  for (int i = 0; i < cg->nfuncs; i++) { /* bodies may queue more */
    PrimFunc *f = cg->funcs[i].f;
    cg->f = f;
    cg->fn = cg->funcs[i].fn; /* never a kernel: emit_call_func refuses those */
    emit_body(cg, f, false);
    end_function(cg);
  }
}

void cg_emit_kernel(CG *cg, PrimFunc *f) {
  cg->f = f;
  memset(cg->ntid, 0, sizeof cg->ntid);
  cg->ntid_dynamic = false;
  cg->ntid_loc = (Loc){0, 0};
  cg->smem_static = cg->smem_dyn = 0;
  cg->smem_dyn_loc = (Loc){0, 0};
  int np = f->nparams;
  LLVMTypeRef *pts = tirx_xcalloc((size_t)(np ? np : 1), sizeof *pts);
  for (int i = 0; i < np; i++) {
    if (f->params[i].buf)
      cg_error(cg, f->params[i].var->loc,
               "kernel '%s' still has a buffer parameter '%s' (run split-host-device first)",
               f->name, f->params[i].var->name);
    pts[i] = param_type(cg, f->params[i].var);
  }
  LLVMTypeRef fty = LLVMFunctionType(cg->t_void, pts, (unsigned)np, 0);
  free(pts);
  if (LLVMGetNamedFunction(cg->mod, f->name)) {
    cg_error(cg, f->loc, "two kernels are named '%s'", f->name);
    return;
  }
  cg->fn = LLVMAddFunction(cg->mod, f->name, fty);
  LLVMSetFunctionCallConv(cg->fn, LLVMPTXKernelCallConv);
  emit_body(cg, f, true);

  if (cg->smem_dyn && cg->smem_static + cg->smem_dyn > cg->arch->max_smem_per_block)
    cg_error(cg, cg->smem_dyn_loc,
             "kernel '%s' needs %lld bytes of shared memory (%lld static + %lld dynamic); %s "
             "allows at most %lld per block",
             f->name, (long long)(cg->smem_static + cg->smem_dyn), (long long)cg->smem_static,
             (long long)cg->smem_dyn, cg->arch->name, (long long)cg->arch->max_smem_per_block);
  if (!cg->ntid_dynamic && (cg->ntid[0] || cg->ntid[1] || cg->ntid[2])) {
    int64_t n = 1;
    for (int i = 0; i < 3; i++)
      if (cg->ntid[i]) n *= cg->ntid[i]; /* each at most 1024: no overflow */
    if (n > cg->arch->max_threads_per_block)
      cg_error(cg, cg->ntid_loc, "kernel '%s' has %lld threads per block; %s allows at most %d",
               f->name, (long long)n, cg->arch->name, cg->arch->max_threads_per_block);
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", (long long)n);
    add_fn_attr(cg, "nvvm.maxntid", buf);
  }
  end_function(cg);
}

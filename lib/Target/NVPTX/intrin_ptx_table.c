/* T.ptx instruction calls (I_PTX_INSTR): one generic lowering driven by the
 * table (include/tirx/internal/ptx_table.def).
 *
 * One place decides how a call becomes code (cg_ptx_instr), reading the row's
 * lowering column (PTXF_LOWER_* in its FLAGS, derived by scripts/ptx-lowering.py):
 *   1. PTXF_LOWER_LLVM: a scalar ALU/conversion spelling with one destination
 *      and plain sources lowers to LLVM IR (intrin_ptx_alu.c), which LLVM optimises;
 *   2. PTXF_LOWER_NVVM: a spelling that is a PTX_NVVM row of the registry (ptx_table.def)
 *      with no destination (fences, barriers, mbarrier.init, cp.async groups,
 *      tcgen05 fences, ...) takes that row's emitter, and so do the plain
 *      TMA tile loads and stores (tma_rows, operands reordered);
 *   3. everything else (every row without either flag) is rendered from its row
 *      into one inline-asm block:
 *      operands in PTX order, `{...}` register groups, `[a]`/`[a+imm]`,
 *      composite `[tmap, {c0, c1}]` brackets, `p|q` pairs, `_` sinks,
 *      immediates in the text; constraint letters from the operand dtypes
 *      (h/r/l/f/d), destinations as outputs stored back into their lvalues,
 *      accumulators tied in-out; `.pred` and `.b8` registers bridged by
 *      setp/selp and cvt inside the block; `pred=` as an `@p` guard; a
 *      "memory" clobber when the row touches memory or orders it.
 * No instruction has code of its own here: adding one is adding a row. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Target/NVPTX/cg.h"
#include "tirx/internal/ptx_table.h"
#include "Support/strbuf.h"

/* The decoded arguments of one call. */
typedef struct Decoded {
  const PtxEntry *e;
  const char **mods; /* slot tokens, NULL = omitted */
  Expr **ops;        /* operands (sunk lanes excluded) */
  int nops;
  Expr *pred;
  bool keep;
  const char *flags;
  size_t flen;
} Decoded;

static bool flag_idx(const Decoded *d, char kind, int idx) {
  return tirx_ptx_marker_index(d->flags, d->flen, kind, idx);
}
static bool flag_word(const Decoded *d, const char *w) {
  return tirx_ptx_marker_has(d->flags, d->flen, w);
}

static bool decode(CG *cg, Expr *e, Decoded *d) {
  d->e = tirx_ptx_find(e->u.call.name);
  int n = e->u.call.n;
  if (!d->e || n < d->e->nslots + 1) {
    cg_error(cg, e->loc, "malformed T.ptx call '%s'", e->u.call.name);
    return false;
  }
  Expr **xs = e->u.call.args;
  d->flags = xs[n - 1]->u.s.p;
  d->flen = xs[n - 1]->u.s.len;
  bool has_pred = flag_word(d, "pred");
  d->keep = flag_word(d, "keep");
  d->nops = n - d->e->nslots - 1 - has_pred;
  d->ops = xs;
  d->pred = has_pred ? xs[d->nops] : NULL;
  d->mods = tirx_xcalloc((size_t)(d->e->nslots ? d->e->nslots : 1), sizeof(char *));
  for (int i = 0; i < d->e->nslots; i++) {
    const Expr *t = xs[d->nops + has_pred + i];
    if (!t->u.s.len) continue;
    /* the table's own token pointer, so lookups compare by content */
    const PtxSlot *s = &d->e->slots[i];
    for (int k = 0; k < s->ntok; k++)
      if (strlen(s->tok[k]) == t->u.s.len && memcmp(s->tok[k], t->u.s.p, t->u.s.len) == 0)
        d->mods[i] = s->tok[k];
  }
  return true;
}

/* "mnemonic.tok.tok" */
static void spelling(const Decoded *d, StrBuf *s) {
  strbuf_puts(s, d->e->mnemonic);
  for (int i = 0; i < d->e->nslots; i++)
    if (d->mods[i]) {
      strbuf_puts(s, ".");
      strbuf_puts(s, d->mods[i]);
    }
}

static bool arch_ok(CG *cg, const Decoded *d, Loc loc, const char *sp) {
  bool specific;
  PtxArch need = tirx_ptx_spelling_arch(d->e, (const char *const *)d->mods);
  int sm = tirx_ptx_arch_sm(need, &specific);
  if (need == SM_107A || need == SM_107F) {
    /* Shapes TVM certifies at sm_107 (PTX ISA 9.4's additions and some
     * Blackwell forms): no ptxas here assembles their minimal spelling, but
     * others (tcgen05 .block_scale.block32) do, so they are emitted for any
     * Blackwell target and ptxas decides. */
    sm = 100;
    specific = true;
  }
  if (cg->arch->sm >= sm && (!specific || cg->arch->arch_specific)) return true;
  cg_error(cg, loc, "T.ptx[\"%s\"] requires sm_%d%s or newer (target is %s)", sp, sm,
           specific ? "a" : "", cg->arch->name);
  return false;
}

/* ---- 1. the scalar ALU families through LLVM IR ---------------------------- */

/* Address of the lvalue `x` (an E_LOAD of one element). */
static LLVMValueRef lvalue_ptr(CG *cg, Expr *x) {
  if (x->kind != E_LOAD || x->u.load.pred || x->dtype.lanes != 1) {
    cg_error(cg, x->loc, "a T.ptx destination must be a scalar or one buffer element");
    return NULL;
  }
  LLVMValueRef idx = cg_flat_index(cg, x->u.load.buf, x->u.load.idx, x->u.load.n, x->loc);
  return cg_buffer_elem_ptr(cg, x->u.load.buf, idx, x->loc);
}

static void store_lvalue(CG *cg, Expr *x, LLVMValueRef v) {
  LLVMValueRef p = lvalue_ptr(cg, x);
  if (p) cg_store_typed(cg, p, v, x->dtype, (unsigned)cg_dtype_bytes(x->dtype));
}

static bool try_alu(CG *cg, Expr *e, const Decoded *d, const char *sp, const PtxAluFamily *fam) {
  if (d->pred || d->keep || d->flen) return false;
  const PtxEntry *en = d->e;
  if (!en->nops || en->ops[0].kind != PTXK_REG || en->ops[0].rw != PTXRW_W) return false;
  for (int i = 0; i < en->nops; i++) {
    const PtxOperand *o = &en->ops[i];
    if (tirx_ptx_lanes(o, d->mods) != 1 || o->kind != PTXK_REG || (i && o->rw != PTXRW_R) ||
        o->pipe)
      return false;
  }
  if (d->nops != en->nops) return false;
  PtxAlu p;
  char err[160];
  if (!fam || !tirx_ptx_alu_parse(sp, &p, err, sizeof err)) return false;
  if (p.fam->nops != d->nops - 1) return false;
  if (!tirx_dtype_eq(tirx_ptx_alu_result_dtype(&p), d->ops[0]->dtype)) return false;
  for (int i = 1; i < d->nops; i++)
    if (!tirx_dtype_eq(tirx_ptx_alu_operand_dtype(&p, i - 1), d->ops[i]->dtype)) return false;
  /* a value-form call, as the parser builds it for `x = T.ptx.add.s32(a, b)` */
  Expr tmp = *e;
  tmp.dtype = d->ops[0]->dtype;
  tmp.u.call.op = tirx_intrin(I_PTX_ALU);
  tmp.u.call.args = d->ops + 1;
  tmp.u.call.n = d->nops - 1;
  tmp.u.call.name = NULL;
  char nm[160];
  snprintf(nm, sizeof nm, "T.ptx[\"%s\"]", sp);
  tmp.u.call.name = nm;
  cg->alu_probe = true;
  cg->alu_failed = false;
  LLVMValueRef v = cg_ptx_alu(cg, &tmp);
  cg->alu_probe = false;
  if (cg->alu_failed) return false; /* dead IR left behind is removed by O3 */
  if (v) store_lvalue(cg, d->ops[0], v);
  return true;
}

/* The token of slot `name` in this spelling (NULL = omitted or no such slot). */
static const char *slot_tok(const Decoded *d, const char *name) {
  for (int i = 0; i < d->e->nslots; i++)
    if (strcmp(d->e->slots[i].name, name) == 0) return d->mods[i];
  return NULL;
}

/* cvt.rn[.relu].bf16x2.{e4m3x2,e5m2x2} is PTX ISA 9.1, newer than the PTX
 * LLVM 22 prints (and than CUDA 13.0's ptxas).  Every e4m3 and e5m2 value is
 * exact in f16 and in bf16, so the f16x2 conversion (sm_89, an NVVM
 * intrinsic) followed by an exact widening to f32 and rounding to bf16 gives
 * the same bits. */
static bool try_f8x2_to_bf16x2(CG *cg, const Decoded *d) {
  if (strcmp(d->e->name, "cvt_bf16x2_f8x2") != 0 || d->pred || d->keep || d->flen || d->nops != 2)
    return false;
  if (slot_tok(d, "satfinite") || slot_tok(d, "scaled")) return false;
  const char *at = slot_tok(d, "atype");
  bool relu = slot_tok(d, "relu") != NULL;
  char fn[64];
  snprintf(fn, sizeof fn, "llvm.nvvm.%s.to.f16x2.rn%s",
           at && strcmp(at, "e5m2x2") == 0 ? "e5m2x2" : "e4m3x2", relu ? ".relu" : "");
  LLVMValueRef a = cg_expr(cg, d->ops[1]);
  if (!a) return true;
  a = cg_coerce(cg, a, cg->t_i16, false);
  LLVMValueRef h = cg_intrinsic(cg, fn, NULL, 0, &a, 1);
  LLVMValueRef f = LLVMBuildFPExt(cg->b, h, LLVMVectorType(cg->t_f32, 2), "");
  LLVMValueRef b = LLVMBuildFPTrunc(cg->b, f, LLVMVectorType(cg->t_bf16, 2), "");
  LLVMValueRef bits = LLVMBuildBitCast(cg->b, b, cg->t_i32, "");
  store_lvalue(cg, d->ops[0], cg_coerce(cg, bits, cg_type(cg, d->ops[0]->dtype), false));
  return true;
}

/* ---- 2. NVVM-intrinsic rows without destinations ---------------------------- */

static bool shared_scope(const char *scope) {
  return tirx_scope_is(scope, MEM_SHARED) || tirx_scope_is(scope, MEM_SHARED_DYN);
}

/* Whether a pointer expression is known to point into shared memory (a shared
 * buffer's data or the address of one of its elements). */
static bool shared_pointer(const Expr *p) {
  if (p->kind == E_VAR) {
    const Var *v = p->u.var;
    if (v->kind == VAR_BUFDATA && v->buffer && shared_scope(v->buffer->scope)) return true;
    return v->ptr_scope && shared_scope(v->ptr_scope);
  }
  if (p->kind == E_CALL && p->u.call.op->id == I_ADDRESS_OF && p->u.call.n == 1 &&
      p->u.call.args[0]->kind == E_LOAD)
    return shared_scope(p->u.call.args[0]->u.load.buf->scope);
  return false;
}

/* The rows take the pointer itself where the parser wrapped a shared buffer's
 * pointer for the shared window (T.cuda.cvta_generic_to_shared(p)); any other
 * address stays the 32-bit window value the row also accepts. */
static Expr *unwrap_cvta(Expr *x) {
  if (x->kind == E_CALL && x->u.call.op->id == I_CUDA_CVTA_TO_SHARED &&
      shared_pointer(x->u.call.args[0]))
    return x->u.call.args[0];
  return x;
}

static bool try_row(CG *cg, Expr *e, const Decoded *d, const Intrin *in) {
  if (d->pred || d->flen) return false;
  if (!in || tirx_ptx_has_dst(d->e)) return false;
  if (d->nops < in->min_args || (in->max_args >= 0 && d->nops > in->max_args)) return false;
  CgIntrinFn fn = cg_intrin_ptx(in->id);
  if (!fn) return false;
  Expr *args[16];
  if (d->nops > 16) return false;
  for (int i = 0; i < d->nops; i++) args[i] = unwrap_cvta(d->ops[i]);
  Expr tmp = *e;
  tmp.u.call.op = in;
  tmp.u.call.args = args;
  tmp.u.call.n = d->nops;
  tmp.u.call.name = NULL;
  if ((in->flags & INTRIN_SM100) && !cg_require_sm(cg, &tmp, 100, true)) return true;
  if ((in->flags & INTRIN_SM90) && !cg_require_sm(cg, &tmp, 90, false)) return true;
  fn(cg, &tmp);
  return true;
}

/* TMA loads and stores in their plain forms have NVVM intrinsics too (the
 * rows I_PTX_CP_BULK_TENSOR_G2S/S2G, which take the mbarrier / the shared
 * source before the coordinates). */
static const struct {
  const char *entry;
  IntrinId id;
  bool mbar_last; /* g2s: (dst, tmap, coords..., mbar) → (dst, tmap, mbar, coords...) */
} tma_rows[] = {
    {"cp_async_bulk_tensor_g2s_cluster", I_PTX_CP_BULK_TENSOR_G2S, true},
    {"cp_async_bulk_tensor_s2g", I_PTX_CP_BULK_TENSOR_S2G, false},
};

static bool try_tma(CG *cg, Expr *e, const Decoded *d) {
  if (d->pred || d->flen) return false;
  for (size_t r = 0; r < sizeof tma_rows / sizeof tma_rows[0]; r++) {
    if (strcmp(d->e->name, tma_rows[r].entry) != 0) continue;
    for (int i = 0; i < d->e->nslots; i++) {
      const PtxSlot *s = &d->e->slots[i];
      if (!s->optional || !d->mods[i]) continue;
      if (strcmp(s->name, "load_mode") == 0 || strcmp(s->name, "store_mode") == 0) {
        if (strcmp(d->mods[i], "tile") != 0) return false;
      } else {
        return false; /* multicast, cta_group, cache hints: the table's asm */
      }
    }
    int n = d->nops;
    if (n < 3 || n > 8) return false;
    Expr *args[8];
    if (tma_rows[r].mbar_last) {
      args[0] = d->ops[0];
      args[1] = d->ops[1];
      args[2] = d->ops[n - 1];
      for (int i = 2; i < n - 1; i++) args[i + 1] = d->ops[i];
    } else {
      args[0] = d->ops[0];
      args[1] = d->ops[n - 1];
      for (int i = 1; i < n - 1; i++) args[i + 1] = d->ops[i];
    }
    for (int i = 0; i < n; i++) args[i] = unwrap_cvta(args[i]);
    /* the S2G row tells its operand order by argument 1 being a pointer: a
     * 32-bit shared-window source takes the table's asm */
    if (!tma_rows[r].mbar_last && !tirx_dtype_is_handle(args[1]->dtype)) return false;
    Expr tmp = *e;
    tmp.u.call.op = tirx_intrin(tma_rows[r].id);
    tmp.u.call.args = args;
    tmp.u.call.n = n;
    tmp.u.call.name = NULL;
    cg_intrin_ptx(tma_rows[r].id)(cg, &tmp);
    return true;
  }
  return false;
}

/* ---- 3. inline asm rendered from the row ------------------------------------ */

typedef struct Asm {
  StrBuf text, pre, post, decls; /* instruction, bridges in/out, .reg lines */
  StrBuf outc, inc;              /* output / input constraints */
  LLVMTypeRef *outt;
  Expr **outdst; /* the lvalue each output is stored to */
  DType *outdt;
  int nout;
  LLVMValueRef *inv;
  LLVMTypeRef *int_;
  int nin;
  int bridges;
} Asm;


/* The constraint letter and LLVM carrier type of a register of dtype t. */
static char reg_letter(CG *cg, DType t, LLVMTypeRef *ty) {
  int bits = tirx_dtype_bits(t);
  if (tirx_dtype_is_bool(t)) bits = 32;
  if (bits <= 16) {
    *ty = cg->t_i16;
    return 'h';
  }
  if (bits == 32) {
    if (t.id == DT_FLOAT32) {
      *ty = cg->t_f32;
      return 'f';
    }
    *ty = cg->t_i32;
    return 'r';
  }
  if (t.id == DT_FLOAT64) {
    *ty = cg->t_f64;
    return 'd';
  }
  if (bits == 128) {
    *ty = LLVMInt128TypeInContext(cg->ctx);
    return 'q';
  }
  *ty = cg->t_i64;
  return 'l';
}

/* A value of dtype t as its carrier (bitcast / extend to the register width). */
static LLVMValueRef to_carrier(CG *cg, LLVMValueRef v, DType t, LLVMTypeRef ty) {
  LLVMTypeRef vt = LLVMTypeOf(v);
  if (vt == ty) return v;
  LLVMTypeKind k = LLVMGetTypeKind(vt);
  if (k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind)
    v = LLVMBuildBitCast(cg->b, v, cg->t_i16, "");
  else if (k == LLVMFloatTypeKind) v = LLVMBuildBitCast(cg->b, v, cg->t_i32, "");
  else if (k == LLVMDoubleTypeKind) v = LLVMBuildBitCast(cg->b, v, cg->t_i64, "");
  if (LLVMTypeOf(v) == ty) return v;
  return cg_coerce(cg, v, ty, cg_dtype_signed(t));
}

/* The carrier back as a value of dtype t. */
static LLVMValueRef from_carrier(CG *cg, LLVMValueRef v, DType t) {
  LLVMTypeRef want = cg_type(cg, t);
  if (LLVMTypeOf(v) == want) return v;
  LLVMTypeKind k = LLVMGetTypeKind(want);
  if (k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind || k == LLVMFloatTypeKind ||
      k == LLVMDoubleTypeKind) {
    int bits = tirx_dtype_bits(t);
    LLVMTypeRef it = LLVMIntTypeInContext(cg->ctx, (unsigned)bits);
    v = cg_coerce(cg, v, it, false);
    return LLVMBuildBitCast(cg->b, v, want, "");
  }
  return cg_coerce(cg, v, want, false);
}

static void add_in(Asm *a, LLVMValueRef v, const char *c) {
  if (a->inc.n) strbuf_puts(&a->inc, ",");
  strbuf_puts(&a->inc, c);
  a->inv[a->nin] = v;
  a->int_[a->nin++] = LLVMTypeOf(v);
}

/* The bridged register classes: .pred and the .b8 carriers. */
static const char *bridge_class(const char *ptxty) {
  if (strcmp(ptxty, "pred") == 0) return ".pred";
  if (!strcmp(ptxty, "e2m1x2") || !strcmp(ptxty, "cvt_scale_ue8m0") ||
      !strcmp(ptxty, "tma_size_b8") || !strcmp(ptxty, "st_async_b8reg") ||
      !strcmp(ptxty, "mbarrier_report_b8reg"))
    return ".b8";
  return NULL;
}

LLVMValueRef cg_ptx_instr(CG *cg, Expr *e) {
  Decoded d;
  if (!decode(cg, e, &d)) return NULL;
  StrBuf sp = {0};
  spelling(&d, &sp);
  /* the row's lowering column (ptx_table.def FLAGS) names what its spellings may
   * become; the registry's PTX_ALU family / PTX_NVVM row of the spelling, how */
  unsigned lower = d.e->flags;
  PtxLookup look = {0};
  if (lower & (PTXF_LOWER_LLVM | PTXF_LOWER_NVVM)) tirx_ptx_lookup(sp.p, &look);
  if (!arch_ok(cg, &d, e->loc, sp.p) ||
      ((lower & PTXF_LOWER_LLVM) && try_alu(cg, e, &d, sp.p, look.alu)) ||
      ((lower & PTXF_LOWER_NVVM) &&
       (try_f8x2_to_bf16x2(cg, &d) || try_row(cg, e, &d, look.value) || try_tma(cg, e, &d)))) {
    free(sp.p);
    free(d.mods);
    return NULL;
  }
  const PtxEntry *en = d.e;
  Asm *a = tirx_xcalloc(1, sizeof *a);
  /* First the outputs (LLVM numbers outputs before inputs), then the inputs. */
  StrBuf ops = {0};
  int argi = 0, lane_at = 0;
  /* pass 1: count outputs so input placeholders can be numbered after them */
  int nout = 0;
  for (int i = 0, at = 0; i < en->nops; i++) {
    const PtxOperand *o = &en->ops[i];
    int lanes = tirx_ptx_lanes(o, d.mods);
    for (int k = 0; k < lanes; k++, at++)
      if (o->kind == PTXK_REG && (o->rw == PTXRW_W || o->rw == PTXRW_RW) && !flag_idx(&d, 's', at))
        nout++;
  }
  /* every lane is at most one input plus one tied input; the guard one more */
  size_t cap = (size_t)d.nops * 2 + 4;
  a->outt = tirx_xcalloc((size_t)nout + 1, sizeof(LLVMTypeRef));
  a->outdst = tirx_xcalloc((size_t)nout + 1, sizeof(Expr *));
  a->outdt = tirx_xcalloc((size_t)nout + 1, sizeof(DType));
  a->inv = tirx_xcalloc(cap, sizeof(LLVMValueRef));
  a->int_ = tirx_xcalloc(cap, sizeof(LLVMTypeRef));
  int next_out = 0, next_in = nout;
  const char *prev_br = NULL, *prev_pipe = NULL;
  bool in_br = false;
  for (int i = 0; i < en->nops; i++) {
    const PtxOperand *o = &en->ops[i];
    int lanes = tirx_ptx_lanes(o, d.mods);
    if (o->kind == PTXK_IMM && o->literal) lanes = 1;
    if (!lanes) continue;
    /* separators: brackets and pipes group adjacent members */
    bool same_br = o->bracket && prev_br && strcmp(o->bracket, prev_br) == 0;
    bool same_pipe = o->pipe && prev_pipe && strcmp(o->pipe, prev_pipe) == 0;
    if (in_br && !same_br) {
      strbuf_puts(&ops, "]");
      in_br = false;
    }
    if (same_pipe) strbuf_puts(&ops, "|");
    else if (ops.n) strbuf_puts(&ops, ", ");
    if (o->bracket && !same_br) {
      strbuf_puts(&ops, "[");
      in_br = true;
    }
    prev_br = o->bracket;
    prev_pipe = o->pipe;
    if (o->kind == PTXK_IMM) {
      if (o->literal) {
        strbuf_puts(&ops, o->literal);
        continue;
      }
      int64_t v;
      if (!cg_const_arg(cg, e, argi, o->name, &v)) goto done;
      strbuf_printf(&ops, "%lld", (long long)v);
      argi++;
      lane_at++;
      continue;
    }
    bool group = tirx_ptx_is_group(o, d.mods);
    if (group) strbuf_puts(&ops, "{");
    const char *ptxty = o->kind == PTXK_REG ? tirx_ptx_optype(en, o, d.mods) : "";
    const char *bc = o->kind == PTXK_REG ? bridge_class(ptxty) : NULL;
    for (int k = 0; k < lanes; k++, lane_at++) {
      if (k) strbuf_puts(&ops, ", ");
      if (flag_idx(&d, 's', lane_at)) {
        strbuf_puts(&ops, "_");
        continue;
      }
      Expr *x = d.ops[argi++];
      if (o->kind == PTXK_ADDR || o->kind == PTXK_PTR) {
        const char *space = o->kind == PTXK_ADDR ? tirx_ptx_opspace(en, o, d.mods) : "";
        int64_t off = 0;
        Expr *base = x;
        if (x->kind == E_CALL && x->u.call.op->id == I_PTX_ADDR) {
          base = x->u.call.args[0];
          if (!tirx_expr_is_const_int(x->u.call.args[1], &off)) {
            cg_error(cg, x->loc,
                     "T.ptx.addr: the byte offset must be a compile-time integer by codegen");
            goto done;
          }
        }
        LLVMValueRef v;
        const char *c;
        if (strncmp(space, "shared", 6) == 0 || tirx_scope_is(space, MEM_TMEM)) {
          LLVMValueRef ev = cg_expr(cg, base);
          if (LLVMGetTypeKind(LLVMTypeOf(ev)) == LLVMPointerTypeKind)
            ev = LLVMBuildPtrToInt(cg->b, cg_cast_ptr(cg, ev, AS_SHARED), cg->t_i32, "");
          v = cg_coerce(cg, ev, cg->t_i32, false);
          c = "r";
        } else {
          LLVMValueRef p = cg_generic_addr(cg, base);
          v = LLVMBuildPtrToInt(cg->b, p, cg->t_i64, "");
          c = "l";
        }
        add_in(a, v, c);
        if (o->kind == PTXK_ADDR && !o->bracket) {
          if (off) strbuf_printf(&ops, "[$%d+%lld]", next_in, (long long)off);
          else strbuf_printf(&ops, "[$%d]", next_in);
        } else {
          strbuf_printf(&ops, "$%d", next_in);
        }
        next_in++;
        continue;
      }
      /* a register */
      LLVMTypeRef ty;
      DType dt = x->dtype;
      char letter = bc ? (strcmp(bc, ".pred") == 0 ? 'r' : 'h') : reg_letter(cg, dt, &ty);
      if (bc) ty = letter == 'r' ? cg->t_i32 : cg->t_i16;
      bool out = o->rw != PTXRW_R;
      bool inout = o->rw == PTXRW_RW || (d.keep && o->rw == PTXRW_W);
      int slot;
      if (out) {
        slot = next_out++;
        char cbuf[8];
        snprintf(cbuf, sizeof cbuf, "=%c", letter);
        if (a->outc.n) strbuf_puts(&a->outc, ",");
        strbuf_puts(&a->outc, cbuf);
        a->outt[a->nout] = ty;
        a->outdst[a->nout] = x;
        a->outdt[a->nout] = dt;
        if (inout) {
          LLVMValueRef cur = to_carrier(cg, cg_expr(cg, x), dt, ty);
          char tie[12];
          snprintf(tie, sizeof tie, "%d", slot);
          add_in(a, cur, tie);
          next_in++;
        }
        a->nout++;
      } else {
        LLVMValueRef v = cg_expr(cg, x);
        if (bc && strcmp(bc, ".pred") == 0) v = LLVMBuildZExt(cg->b, cg_bool(cg, v), cg->t_i32, "");
        v = to_carrier(cg, v, dt, ty);
        char cbuf[4] = {letter, 0};
        add_in(a, v, cbuf);
        slot = next_in++;
      }
      if (bc) {
        int r = a->bridges++;
        strbuf_printf(&a->decls, ".reg %s %s%d; ", bc, strcmp(bc, ".pred") == 0 ? "%tp" : "%tb", r);
        const char *reg = strcmp(bc, ".pred") == 0 ? "%tp" : "%tb";
        if (!out || inout) {
          if (strcmp(bc, ".pred") == 0)
            strbuf_printf(&a->pre, "setp.ne.b32 %s%d, $%d, 0; ", reg, r, slot);
          else strbuf_printf(&a->pre, "cvt.u8.u16 %s%d, $%d; ", reg, r, slot);
        }
        if (out) {
          if (strcmp(bc, ".pred") == 0)
            strbuf_printf(&a->post, " selp.b32 $%d, 1, 0, %s%d;", slot, reg, r);
          else strbuf_printf(&a->post, " cvt.u16.u8 $%d, %s%d;", slot, reg, r);
        }
        strbuf_printf(&ops, "%s%d", reg, r);
      } else {
        strbuf_printf(&ops, "$%d", slot);
      }
    }
    if (group) strbuf_puts(&ops, "}");
  }
  if (in_br) strbuf_puts(&ops, "]");
  if (argi != d.nops) {
    cg_error(cg, e->loc, "T.ptx[\"%s\"]: %d operands, the row takes %d", sp.p, d.nops, argi);
    goto done;
  }
  /* the instruction, its guard and bridges */
  if (d.pred) {
    LLVMValueRef pv = LLVMBuildZExt(cg->b, cg_bool(cg, cg_expr(cg, d.pred)), cg->t_i32, "");
    add_in(a, pv, "r");
    strbuf_puts(&a->decls, ".reg .pred %tg; ");
    strbuf_printf(&a->pre, "setp.ne.b32 %%tg, $%d, 0; ", next_in);
    next_in++;
  }
  if (a->decls.n || d.pred) strbuf_puts(&a->text, "{ ");
  if (a->decls.n) strbuf_puts(&a->text, a->decls.p);
  if (a->pre.n) strbuf_puts(&a->text, a->pre.p);
  if (d.pred) strbuf_puts(&a->text, "@%tg ");
  strbuf_puts(&a->text, sp.p);
  if (ops.n) {
    strbuf_puts(&a->text, " ");
    strbuf_puts(&a->text, ops.p);
  }
  strbuf_puts(&a->text, ";");
  if (a->post.n) strbuf_puts(&a->text, a->post.p);
  if (a->decls.n || d.pred) strbuf_puts(&a->text, " }");
  /* constraints: outputs, inputs, clobbers */
  StrBuf cons = {0};
  if (a->outc.n) strbuf_puts(&cons, a->outc.p);
  if (a->inc.n) {
    if (cons.n) strbuf_puts(&cons, ",");
    strbuf_puts(&cons, a->inc.p);
  }
  if (tirx_ptx_touches_memory(en, d.mods)) {
    if (cons.n) strbuf_puts(&cons, ",");
    strbuf_puts(&cons, "~{memory}");
  }
  LLVMTypeRef ret = cg->t_void;
  if (a->nout == 1) ret = a->outt[0];
  else if (a->nout > 1) ret = LLVMStructTypeInContext(cg->ctx, a->outt, (unsigned)a->nout, 0);
  LLVMTypeRef fty = LLVMFunctionType(ret, a->int_, (unsigned)a->nin, 0);
  /* LLVM's inline asm uses `$` for operands; the PTX text has none of its own */
  LLVMValueRef f =
      LLVMGetInlineAsm(fty, a->text.p, a->text.n, cons.p ? cons.p : "", cons.n,
                       !(en->flags & PTXF_NOT_VOLATILE) || !a->nout, 0, LLVMInlineAsmDialectATT, 0);
  LLVMValueRef r = LLVMBuildCall2(cg->b, fty, f, a->inv, (unsigned)a->nin, "");
  for (int i = 0; i < a->nout; i++) {
    LLVMValueRef v = a->nout == 1 ? r : LLVMBuildExtractValue(cg->b, r, (unsigned)i, "");
    store_lvalue(cg, a->outdst[i], from_carrier(cg, v, a->outdt[i]));
  }
  free(cons.p);
done:
  free(ops.p);
  free(a->text.p);
  free(a->pre.p);
  free(a->post.p);
  free(a->decls.p);
  free(a->outc.p);
  free(a->inc.p);
  free(a->outt);
  free(a->outdst);
  free(a->outdt);
  free(a->inv);
  free(a->int_);
  free(a);
  free(sp.p);
  free(d.mods);
  return NULL;
}

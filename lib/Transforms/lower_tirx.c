/* lower-tirx: scope ids -> launch axes (tirx_intrinsics.md §1.2).
 *
 * require:   scope ids (S_SCOPEID) appear only inside a T.device_entry()
 *            region (S_ATTR "tirx.device_entry"); extents are int exprs.
 * guarantee: no S_SCOPEID remains.  Each device region that declared scope
 *            ids starts (after its leading node-0 attrs such as launch
 *            bounds) with
 *              [S_ATTR "tirx.cluster_dims" = [x, y, z]]            (cluster > 1)
 *              [S_ATTR "tirx.preferred_cluster_dims" = [x, y, z]]  (preferred=)
 *              S_LAUNCH "blockIdx.x" (.y, .z)   extent = total CTAs per axis
 *              S_LAUNCH "threadIdx.x" (.y, .z)  extent = threads per axis
 *            and every scope-id var is either the var of one of these
 *            launches (cta_id / thread_id declared with the launch's axes)
 *            or bound by an S_BIND, in place of its declaration, to:
 *              cta_id            blockIdx var(s)
 *              thread_id         threadIdx var(s)
 *              warp_id           T.tvm_warp_shuffle(0xFFFFFFFF, tid // 32, 0, 32, 32)
 *              lane_id           tid % 32
 *              warpgroup_id      warp // 4        warp_id_in_wg   warp % 4
 *              thread_id_in_wg   tid % 128
 *              cluster_id        T.cuda.mov_sreg(32, "clusterid.x"/.y/.z)
 *              cta_id_in_cluster T.cuda.mov_sreg(32, "cluster_ctarank") when the
 *                                cluster is 1-D, else "cluster_ctaid.x"/.y/.z
 *              cta_id_in_pair    cluster_ctarank % 2
 *            where tid = threadIdx.x (+ threadIdx.y * bdx + threadIdx.z * bdx * bdy)
 *            and warp = the warp_id expression.  mov_sreg calls have dtype
 *            int32 (as the parser types them) and values are cast to the
 *            scope id's dtype when it differs.
 * breaks:    nothing else; extents are products left for simplify to fold.
 *
 * Extent solving: every declared id is a fact "parent -> child has E
 * instances" (E = product of its extents).  Facts close under composition
 * (a->b, b->c give a->c) and complement (a->c with a->b or b->c give the
 * third by exact division).  Two facts for the same pair must agree when both
 * are constants ("thread_id([96]) conflicts with warp_id([4]) x lane_id([32])
 * = 128"); symbolic facts are trusted.  When a deferred id (`T.warp_id()`)
 * is still open, the hardware facts 32 threads per warp and (only if one is
 * still open after that) 4 warps per
 * warpgroup join the closure.  Launch extents: an explicitly declared
 * cta_id / thread_id / cta_id_in_cluster gives its own (up to 3-D) axes;
 * otherwise the composed 1-D total is used.  A kernel that declares any id
 * must end up with a thread extent.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "Transforms/xform.h"

enum { LV_KERNEL, LV_CLUSTER, LV_CTA, LV_WG, LV_WARP, LV_THREAD, LV_N, LV_NONE = -1 };

static int level_of(ScopeLevel l) {
  switch (l) {
  case SCOPE_KERNEL: return LV_KERNEL;
  case SCOPE_CLUSTER: return LV_CLUSTER;
  case SCOPE_CTA: return LV_CTA;
  case SCOPE_WARPGROUP: return LV_WG;
  case SCOPE_WARP: return LV_WARP;
  case SCOPE_THREAD: return LV_THREAD;
  default: return LV_NONE; /* cta pair */
  }
}

static const struct {
  ScopeLevel parent, child;
  int max_dims;
} sid_info[SID_COUNT] = {
#define X(E, name, parent, child, dims) [E] = {parent, child, dims},
#include "tirx/internal/scope.def"
#undef X
};

typedef struct Fact {
  bool known;
  bool declared;
  Expr *ext;
  Loc loc;
  char desc[200];
} Fact;

typedef struct Lower {
  Module *m;
  TirxDiag *d;
  bool failed;
  XfPtrVec ids;           /* S_SCOPEID statements of the region, in order */
  Stmt *first[SID_COUNT]; /* first declaration of each kind */
  Fact f[LV_N][LV_N];
  /* launch axes */
  int ngrid, nblock, ncluster, npref;
  Expr *grid[3], *block[3], *cluster[3], *pref[3];
  Var *bvar[3], *tvar[3];
} Lower;

static const char *axis_name = "xyz";

/* "thread_id([96])", "cta_id([4, 2])", "warp_id()" */
static void id_desc(const Stmt *s, char *buf, size_t n) {
  size_t pos = (size_t)snprintf(buf, n, "%s(", tirx_scope_id_name(s->u.scopeid.sid));
  if (s->u.scopeid.next > 0 && pos < n) pos += (size_t)snprintf(buf + pos, n - pos, "[");
  for (int i = 0; i < s->u.scopeid.next && pos < n; i++) {
    char tmp[96];
    pos += (size_t)snprintf(buf + pos, n - pos, "%s%s", i ? ", " : "",
                            xf_expr_str(s->u.scopeid.extents[i], tmp, sizeof tmp));
  }
  if (s->u.scopeid.next > 0 && pos < n) pos += (size_t)snprintf(buf + pos, n - pos, "]");
  if (pos < n) snprintf(buf + pos, n - pos, ")");
}

static Expr *fold(Lower *L, Expr *e) {
  int64_t v;
  if (e && e->kind != E_INT && xf_const_int(e, &v)) return xf_int(L->m, e->dtype, v);
  return e;
}

/* a * b, folded when both are constants; a constant product that does not fit its dtype
 * (64-bit overflow included) is an error at loc, not a wrapped extent. */
static Expr *mul(Lower *L, Expr *a, Expr *b, Loc loc) {
  int64_t x, y, r;
  Expr *e = tirx_binary(L->m, E_MUL, a, b, xf_noloc());
  if (xf_const_int(a, &x) && xf_const_int(b, &y) &&
      (__builtin_mul_overflow(x, y, &r) || xf_wrap_int(e->dtype, r) != r)) {
    char t[32];
    if (!L->failed)
      xf_error(L->d, loc, "the product of the scope-id extents (%lld x %lld) overflows %s",
               (long long)x, (long long)y, tirx_dtype_str(e->dtype, t));
    L->failed = true;
    return a;
  }
  return fold(L, e);
}

static Expr *product(Lower *L, Expr **xs, int n, Loc loc) {
  if (n == 0) return tirx_i32(L->m, 1);
  Expr *p = xs[0];
  for (int i = 1; i < n; i++) p = mul(L, p, xs[i], loc);
  return fold(L, p);
}

/* Records `ext` for parent->child; reports a conflict with a known fact. */
static bool set_fact(Lower *L, int p, int c, Expr *ext, const char *desc, Loc loc, bool declared) {
  Fact *f = &L->f[p][c];
  if (!f->known) {
    f->known = true;
    f->declared = declared;
    f->ext = ext;
    f->loc = loc;
    snprintf(f->desc, sizeof f->desc, "%s", desc);
    return true;
  }
  int64_t a, b;
  if (xf_const_int(f->ext, &a) && xf_const_int(ext, &b) && a != b) {
    char tmp[64];
    if (declared && f->declared) xf_error(L->d, loc, "%s conflicts with %s", desc, f->desc);
    else if (f->declared)
      xf_error(L->d, f->loc, "%s conflicts with %s = %s", f->desc, desc,
               xf_expr_str(ext, tmp, sizeof tmp));
    else
      xf_error(L->d, loc, "%s conflicts with %s = %s", desc, f->desc,
               xf_expr_str(f->ext, tmp, sizeof tmp));
    L->failed = true;
  }
  return false;
}

static Expr *exact_div(Lower *L, const Fact *num, const Fact *den) {
  int64_t a, b;
  if (xf_const_int(num->ext, &a) && xf_const_int(den->ext, &b)) {
    if (b == 0 || a % b != 0) {
      xf_error(L->d, num->declared ? num->loc : den->loc, "%s is not divisible by %s", num->desc,
               den->desc);
      L->failed = true;
      return NULL;
    }
    return xf_int(L->m, num->ext->dtype, a / b);
  }
  return tirx_binary(L->m, E_FLOORDIV, num->ext, den->ext, xf_noloc());
}

static void close_facts(Lower *L) {
  bool changed = true;
  char desc[420];
  while (changed && !L->failed) {
    changed = false;
    for (int a = 0; a < LV_N; a++)
      for (int b = a + 1; b < LV_N; b++)
        for (int c = b + 1; c < LV_N && !L->failed; c++) {
          Fact *ab = &L->f[a][b], *bc = &L->f[b][c], *ac = &L->f[a][c];
          if (ab->known && bc->known) {
            snprintf(desc, sizeof desc, "%s x %s", ab->desc, bc->desc);
            changed |= set_fact(L, a, c, mul(L, ab->ext, bc->ext, bc->loc), desc, bc->loc, false);
          }
          if (L->failed) return;
          if (ac->known && ab->known && !bc->known) {
            Expr *q = exact_div(L, ac, ab);
            if (!q) return;
            snprintf(desc, sizeof desc, "%s / %s", ac->desc, ab->desc);
            changed |= set_fact(L, b, c, q, desc, ac->loc, false);
          }
          if (ac->known && bc->known && !ab->known) {
            Expr *q = exact_div(L, ac, bc);
            if (!q) return;
            snprintf(desc, sizeof desc, "%s / %s", ac->desc, bc->desc);
            changed |= set_fact(L, a, b, q, desc, ac->loc, false);
          }
        }
  }
}

/* ---- collecting the ids --------------------------------------------------- */

typedef struct Collect {
  XfPtrVec *ids;
  TirxDiag *d;
  int errors;
  bool in_device;
} Collect;

static bool collect_ids(IRVisitor *v, Stmt *s) {
  Collect *c = v->ctx;
  if (s->kind == S_SCOPEID) xf_vec_push(c->ids, s);
  if (xf_is_device_entry(s)) {
    xf_error(c->d, s->loc, "nested T.device_entry()");
    c->errors++;
  }
  return true;
}

/* Outside device regions: scope ids are errors; regions are skipped. */
static bool check_host(IRVisitor *v, Stmt *s) {
  Collect *c = v->ctx;
  if (xf_is_device_entry(s)) return false;
  if (s->kind == S_SCOPEID) {
    xf_error(c->d, s->loc, "T.%s() must come after T.device_entry()",
             tirx_scope_id_name(s->u.scopeid.sid));
    c->errors++;
  }
  return true;
}

/* ---- values ------------------------------------------------------------------ */

static Expr *cast_to(Lower *L, Expr *e, DType t) {
  if (tirx_dtype_eq(e->dtype, t)) return e;
  return tirx_cast(L->m, t, e, e->loc);
}

static Expr *vref(Lower *L, Var *v) { return tirx_varref(L->m, v, xf_noloc()); }

static Expr *ci(Lower *L, int64_t v) { return tirx_i32(L->m, v); }

static Expr *bin(Lower *L, ExprKind k, Expr *a, Expr *b) {
  return tirx_binary(L->m, k, a, b, xf_noloc());
}

/* The linear id over launch axes vars[0..n) with extents ext (int32):
 * v0 + v1 * e0 + v2 * e0 * e1. */
static Expr *linear_id(Lower *L, Var **vars, Expr **ext, int n) {
  Expr *t = cast_to(L, vref(L, vars[0]), xf_i32());
  Expr *stride = cast_to(L, ext[0], xf_i32());
  for (int i = 1; i < n; i++) {
    t = bin(L, E_ADD, t, bin(L, E_MUL, cast_to(L, vref(L, vars[i]), xf_i32()), stride));
    if (i + 1 < n) stride = mul(L, stride, cast_to(L, ext[i], xf_i32()), xf_noloc());
  }
  return t;
}

static Expr *linear_tid(Lower *L) { return linear_id(L, L->tvar, L->block, L->nblock); }
static Expr *linear_bid(Lower *L) { return linear_id(L, L->bvar, L->grid, L->ngrid); }

static Expr *warp_expr(Lower *L) {
  Expr **args = TIRX_NEWN(L->m, Expr *, 5);
  args[0] = tirx_int(L->m, tirx_dtype(DT_UINT32), 0xFFFFFFFFll, xf_noloc());
  args[1] = bin(L, E_FLOORDIV, linear_tid(L), ci(L, 32));
  args[2] = ci(L, 0);
  args[3] = ci(L, 32);
  args[4] = ci(L, 32);
  return tirx_call(L->m, tirx_intrin(I_WARP_SHUFFLE), xf_i32(), args, 5, xf_noloc());
}

static Expr *sreg(Lower *L, const char *name) {
  Expr **args = TIRX_NEWN(L->m, Expr *, 2);
  args[0] = ci(L, 32);
  args[1] = tirx_str(L->m, name, strlen(name), xf_noloc());
  return tirx_call(L->m, tirx_intrin(I_CUDA_MOV_SREG), xf_i32(), args, 2, xf_noloc());
}

/* The value of var #i of scope id `s` (NULL: the var is a launch var). */
static Expr *id_value(Lower *L, const Stmt *s, int i) {
  char name[32];
  Var *v = s->u.scopeid.vars[i];
  switch (s->u.scopeid.sid) {
  case SID_CTA_ID:
    if (v == L->bvar[i]) return NULL;
    if (s->u.scopeid.nvars == L->ngrid) return vref(L, L->bvar[i]);
    return linear_bid(L); /* a 1-D cta_id next to a multi-dim one */
  case SID_THREAD_ID:
    if (v == L->tvar[i]) return NULL;
    if (s->u.scopeid.nvars == L->nblock) return vref(L, L->tvar[i]);
    return linear_tid(L);
  case SID_WARP_ID: return warp_expr(L);
  case SID_LANE_ID: return bin(L, E_FLOORMOD, linear_tid(L), ci(L, 32));
  case SID_WARPGROUP_ID: return bin(L, E_FLOORDIV, warp_expr(L), ci(L, 4));
  case SID_WARP_ID_IN_WG: return bin(L, E_FLOORMOD, warp_expr(L), ci(L, 4));
  case SID_THREAD_ID_IN_WG: return bin(L, E_FLOORMOD, linear_tid(L), ci(L, 128));
  case SID_CLUSTER_ID:
    snprintf(name, sizeof name, "clusterid.%c", axis_name[i]);
    return sreg(L, name);
  case SID_CTA_ID_IN_CLUSTER:
    if (s->u.scopeid.nvars == 1) return sreg(L, "cluster_ctarank");
    snprintf(name, sizeof name, "cluster_ctaid.%c", axis_name[i]);
    return sreg(L, name);
  case SID_CTA_ID_IN_PAIR:
    return bin(L, E_FLOORMOD, cast_to(L, sreg(L, "cluster_ctarank"), xf_i32()), ci(L, 2));
  case SID_COUNT: break;
  }
  return NULL;
}

static Stmt *replace_ids(IRMutator *mu, Stmt *s) {
  if (s->kind != S_SCOPEID) return s;
  Lower *L = mu->ctx;
  Stmt **binds = TIRX_NEWN(L->m, Stmt *, s->u.scopeid.nvars > 0 ? s->u.scopeid.nvars : 1);
  int n = 0;
  for (int i = 0; i < s->u.scopeid.nvars; i++) {
    Expr *val = id_value(L, s, i);
    if (!val) continue;
    Var *v = s->u.scopeid.vars[i];
    Stmt *b = tirx_stmt_new(L->m, S_BIND, s->loc);
    b->u.bind.var = v;
    b->u.bind.value = cast_to(L, val, v->dtype);
    binds[n++] = b;
  }
  return tirx_seq(L->m, binds, n, s->loc);
}

/* ---- one device region ------------------------------------------------------- */

static Expr *const_list3(Lower *L, Expr **xs, int n) {
  Expr *e = tirx_expr_new(L->m, E_LIST, tirx_dtype(DT_VOID), xf_noloc());
  e->u.list.items = TIRX_NEWN(L->m, Expr *, 3);
  e->u.list.n = 3;
  for (int i = 0; i < 3; i++) {
    Expr *it = i < n ? xs[i] : ci(L, 1);
    if (it->kind == E_INT) { /* attr values are Python literals */
      it = xf_int(L->m, it->dtype, it->u.i.v);
      it->u.i.pod = true;
    }
    e->u.list.items[i] = it;
  }
  return e;
}

static bool all_const(Expr **xs, int n) {
  int64_t v;
  for (int i = 0; i < n; i++)
    if (!xf_const_int(xs[i], &v)) return false;
  return true;
}

static Var *launch_var(Lower *L, const char *kind, int axis, Stmt *decl, int ndecl) {
  if (decl && decl->u.scopeid.nvars == ndecl && axis < decl->u.scopeid.nvars)
    return decl->u.scopeid.vars[axis];
  char name[32];
  snprintf(name, sizeof name, "%s_%c", kind, axis_name[axis]);
  return tirx_var_new(L->m, name, xf_i32(), xf_noloc());
}

/* The launch carries its declaration's location (codegen checks the arch's launch limits). */
static Stmt *launch(Lower *L, Var *v, const char *kind, int axis, Expr *ext, Stmt *body, Loc loc) {
  char tag[32];
  snprintf(tag, sizeof tag, "%s.%c", kind, axis_name[axis]);
  Stmt *s = tirx_stmt_new(L->m, S_LAUNCH, loc.line ? loc : body->loc);
  int64_t c;
  if (xf_const_int(ext, &c) && (c < 1 || c > INT32_MAX)) {
    /* launch extents are 32-bit (the driver's gridDim / blockDim) */
    xf_error(L->d, s->loc, "%s extent %lld does not fit a launch (1 to 2147483647)", tag,
             (long long)c);
    L->failed = true;
  }
  s->u.launch.var = v;
  s->u.launch.tag = tirx_intern0(L->m, tag);
  s->u.launch.extent = cast_to(L, fold(L, ext), xf_i32());
  s->u.launch.body = body;
  return s;
}

/* Is a deferred id (`T.warp_id()`) still without its extent? */
static bool open_deferred_id(Lower *L) {
  for (int i = 0; i < L->ids.n; i++) {
    Stmt *s = L->ids.items[i];
    ScopeIdKind k = s->u.scopeid.sid;
    if (k != SID_CTA_ID_IN_PAIR && s->u.scopeid.next == 0 &&
        !L->f[level_of(sid_info[k].parent)][level_of(sid_info[k].child)].known)
      return true;
  }
  return false;
}

static Stmt *lower_region(Lower *L, Stmt *entry) {
  Collect c = {&L->ids, L->d, 0, true};
  IRVisitor v = {&c, NULL, collect_ids};
  tirx_visit_stmt(&v, entry->u.attr.body);
  if (c.errors) {
    L->failed = true;
    return entry;
  }
  if (L->ids.n == 0) return entry;

  /* Facts from the declarations. */
  for (int i = 0; i < L->ids.n && !L->failed; i++) {
    Stmt *s = L->ids.items[i];
    ScopeIdKind k = s->u.scopeid.sid;
    char desc[200];
    id_desc(s, desc, sizeof desc);
    if (k == SID_CTA_ID_IN_PAIR) {
      if (!L->first[k]) L->first[k] = s;
      continue;
    }
    int maxd = sid_info[k].max_dims;
    if (s->u.scopeid.next > maxd || (s->u.scopeid.next == 0 && s->u.scopeid.nvars > 1) ||
        (s->u.scopeid.next > 0 && s->u.scopeid.nvars != s->u.scopeid.next)) {
      xf_error(L->d, s->loc, "%s: T.%s takes %s%d extent%s and binds one var per extent", desc,
               tirx_scope_id_name(k), maxd > 1 ? "1 to " : "", maxd, maxd > 1 ? "s" : "");
      L->failed = true;
      break;
    }
    if (!L->first[k]) L->first[k] = s;
    if (s->u.scopeid.next == 0) continue; /* deferred */
    int p = level_of(sid_info[k].parent), ch = level_of(sid_info[k].child);
    set_fact(L, p, ch, product(L, s->u.scopeid.extents, s->u.scopeid.next, s->loc), desc, s->loc,
             true);
  }
  if (!L->failed) close_facts(L);
  if (L->failed) return entry;

  /* A deferred id the declarations do not determine may still follow from
   * the hardware: 32 threads per warp, 4 warps per warpgroup. */
  /* The warp size first; the warpgroup size only if an id is still open
   * (a CTA of 32 threads has no warpgroup, and a deferred T.lane_id() does
   * not need one). */
  if (open_deferred_id(L) && !L->f[LV_WARP][LV_THREAD].known) {
    set_fact(L, LV_WARP, LV_THREAD, ci(L, 32), "the warp size (32)", entry->loc, false);
    close_facts(L);
    if (L->failed) return entry;
  }
  if (open_deferred_id(L) && !L->f[LV_WG][LV_WARP].known) {
    set_fact(L, LV_WG, LV_WARP, ci(L, 4), "the warpgroup size (4 warps)", entry->loc, false);
    close_facts(L);
    if (L->failed) return entry;
  }

  /* Deferred ids must be inferable. */
  for (int i = 0; i < L->ids.n; i++) {
    Stmt *s = L->ids.items[i];
    ScopeIdKind k = s->u.scopeid.sid;
    if (k == SID_CTA_ID_IN_PAIR || s->u.scopeid.next > 0) continue;
    if (!L->f[level_of(sid_info[k].parent)][level_of(sid_info[k].child)].known) {
      xf_error(L->d, s->loc, "cannot infer the extent of T.%s(); give it explicitly",
               tirx_scope_id_name(k));
      L->failed = true;
    }
  }
  if (L->first[SID_CTA_ID_IN_PAIR] && !L->first[SID_CTA_ID_IN_CLUSTER]) {
    xf_error(L->d, L->first[SID_CTA_ID_IN_PAIR]->loc,
             "T.cta_id_in_pair() requires T.cta_id_in_cluster in the same kernel");
    L->failed = true;
  }
  if (L->failed) return entry;

  /* Launch axes. */
  Stmt *cta = L->first[SID_CTA_ID], *thr = L->first[SID_THREAD_ID];
  Stmt *inc = L->first[SID_CTA_ID_IN_CLUSTER];
  if (cta && cta->u.scopeid.next > 0) {
    L->ngrid = cta->u.scopeid.next;
    for (int i = 0; i < L->ngrid; i++) L->grid[i] = cta->u.scopeid.extents[i];
  } else if (L->f[LV_KERNEL][LV_CTA].known) {
    L->ngrid = 1;
    L->grid[0] = L->f[LV_KERNEL][LV_CTA].ext;
  }
  if (thr && thr->u.scopeid.next > 0) {
    L->nblock = thr->u.scopeid.next;
    for (int i = 0; i < L->nblock; i++) L->block[i] = thr->u.scopeid.extents[i];
  } else if (L->f[LV_CTA][LV_THREAD].known) {
    L->nblock = 1;
    L->block[0] = L->f[LV_CTA][LV_THREAD].ext;
  } else {
    xf_error(L->d, entry->loc,
             "kernel has no thread launch parameters: declare T.thread_id, "
             "or T.warp_id and T.lane_id");
    L->failed = true;
    return entry;
  }
  if (inc && inc->u.scopeid.next > 0) {
    L->ncluster = inc->u.scopeid.next;
    for (int i = 0; i < L->ncluster; i++) L->cluster[i] = inc->u.scopeid.extents[i];
    L->npref = inc->u.scopeid.npref;
    for (int i = 0; i < L->npref && i < 3; i++) L->pref[i] = inc->u.scopeid.preferred[i];
  } else if (L->f[LV_CLUSTER][LV_CTA].known) {
    L->ncluster = 1;
    L->cluster[0] = L->f[LV_CLUSTER][LV_CTA].ext;
  }
  if (L->ncluster) {
    int64_t total;
    Expr *p = product(L, L->cluster, L->ncluster, inc ? inc->loc : entry->loc);
    if (!all_const(L->cluster, L->ncluster)) {
      xf_error(L->d, inc ? inc->loc : entry->loc,
               "cluster extents must be constants (symbolic clusters are not supported yet)");
      L->failed = true;
      return entry;
    }
    if (xf_const_int(p, &total) && total == 1 && L->npref == 0) L->ncluster = 0;
  }
  /* A cluster tiles the grid: a multi-dimensional cluster needs the grid's
   * axes (only an explicit cta_id gives them), and each constant grid axis
   * must be a multiple of the cluster's. */
  if (L->ncluster) {
    int64_t g, cx;
    for (int i = 1; i < L->ncluster; i++)
      if (i >= L->ngrid && !(xf_const_int(L->cluster[i], &cx) && cx == 1)) {
        xf_error(L->d, inc ? inc->loc : entry->loc,
                 "a cluster with more than one dimension needs an explicit T.cta_id with as "
                 "many dimensions (the composed grid is 1-D)");
        L->failed = true;
        return entry;
      }
    for (int i = 0; i < L->ncluster && i < L->ngrid; i++)
      if (xf_const_int(L->grid[i], &g) && xf_const_int(L->cluster[i], &cx) && cx > 0 && g % cx) {
        xf_error(L->d, inc ? inc->loc : entry->loc,
                 "grid extent %lld on axis %c is not a multiple of the cluster extent %lld",
                 (long long)g, axis_name[i], (long long)cx);
        L->failed = true;
        return entry;
      }
  }
  if (L->npref && !all_const(L->pref, L->npref)) {
    xf_error(L->d, inc->loc, "preferred cluster extents must be constants");
    L->failed = true;
    return entry;
  }

  for (int i = 0; i < L->ngrid; i++)
    L->bvar[i] =
        launch_var(L, "blockIdx", i, cta && cta->u.scopeid.next > 0 ? cta : NULL, L->ngrid);
  for (int i = 0; i < L->nblock; i++)
    L->tvar[i] =
        launch_var(L, "threadIdx", i, thr && thr->u.scopeid.next > 0 ? thr : NULL, L->nblock);
  /* A deferred (1-D) cta_id / thread_id also names its launch var. */
  if (cta && cta->u.scopeid.next == 0 && L->ngrid == 1) L->bvar[0] = cta->u.scopeid.vars[0];
  if (thr && thr->u.scopeid.next == 0 && L->nblock == 1) L->tvar[0] = thr->u.scopeid.vars[0];
  /* cta_id used without any grid extent: a grid of one CTA. */
  if (cta && L->ngrid == 0) {
    L->ngrid = 1;
    L->grid[0] = ci(L, 1);
    L->bvar[0] = cta->u.scopeid.vars[0];
  }

  /* Replace the declarations by bindings. */
  IRMutator mu = {.ctx = L, .m = L->m, .expr = NULL, .stmt = replace_ids};
  Stmt *body = tirx_mutate_stmt(&mu, entry->u.attr.body);

  /* Keep leading node-0 attrs (launch bounds, ...) outermost. */
  PtrVec attrs = {0};
  while (body->kind == S_ATTR && body->u.attr.node == NULL) {
    ptrvec_push(&attrs, body);
    body = body->u.attr.body;
  }
  for (int i = L->nblock - 1; i >= 0; i--)
    body = launch(L, L->tvar[i], "threadIdx", i, L->block[i], body,
                  thr                     ? thr->loc
                  : L->first[SID_WARP_ID] ? L->first[SID_WARP_ID]->loc
                                          : entry->loc);
  for (int i = L->ngrid - 1; i >= 0; i--)
    body = launch(L, L->bvar[i], "blockIdx", i, L->grid[i], body, cta ? cta->loc : entry->loc);
  if (L->npref)
    body = xf_attr(L->m, ATTR_PREFERRED_CLUSTER_DIMS, const_list3(L, L->pref, L->npref), body,
                   entry->loc);
  if (L->ncluster) {
    Expr *dims[3];
    for (int i = 0; i < L->ncluster; i++) dims[i] = fold(L, L->cluster[i]);
    body = xf_attr(L->m, ATTR_CLUSTER_DIMS, const_list3(L, dims, L->ncluster), body, entry->loc);
  }
  for (int i = attrs.n - 1; i >= 0; i--) {
    Stmt *a = tirx_stmt_new(L->m, S_ATTR, ((Stmt *)attrs.items[i])->loc);
    *a = *(Stmt *)attrs.items[i];
    a->u.attr.body = body;
    body = a;
  }
  ptrvec_free(&attrs);
  Stmt *r = tirx_stmt_new(L->m, S_ATTR, entry->loc);
  *r = *entry;
  r->u.attr.body = body;
  return r;
}

typedef struct FuncCtx {
  Module *m;
  TirxDiag *d;
  int errors;
} FuncCtx;

static Stmt *lower_entries(IRMutator *mu, Stmt *s) {
  if (!xf_is_device_entry(s)) return s;
  FuncCtx *fc = mu->ctx;
  Lower L;
  memset(&L, 0, sizeof L);
  L.m = fc->m;
  L.d = fc->d;
  Stmt *r = lower_region(&L, s);
  xf_vec_free(&L.ids);
  if (L.failed) fc->errors++;
  return r;
}

/* Tile primitives are lowered by tile-dispatch, which runs first in the
 * default pipeline (it needs the scope ids this pass removes); one left here
 * means a pipeline without it. */
static bool reject_tile_expr(IRVisitor *v, Expr *e) {
  Collect *c = v->ctx;
  if (e->kind == E_CALL &&
      (e->u.call.op->id == I_TILE_CALL || e->u.call.op->id == I_TILE_COMPOSE_OP)) {
    xf_error(c->d, e->loc, "%s: tile primitives must be lowered by tile-dispatch before lower-tirx",
             e->u.call.name ? e->u.call.name : "tile primitive");
    c->errors++;
    return false;
  }
  return true;
}

int xf_lower_tirx(Module *m, TirxDiag *d) {
  int errors = 0;
  for (int i = 0; i < m->nfuncs; i++) {
    PrimFunc *f = m->funcs[i];
    if (!f->body) continue;
    Collect c = {NULL, d, 0, false};
    IRVisitor tv = {&c, reject_tile_expr, NULL};
    tirx_visit_stmt(&tv, f->body);
    if (c.errors) {
      errors++;
      continue;
    }
    IRVisitor v = {&c, NULL, check_host};
    tirx_visit_stmt(&v, f->body);
    if (c.errors) {
      errors++;
      continue;
    }
    FuncCtx fc = {m, d, 0};
    IRMutator mu = {.ctx = &fc, .m = m, .expr = NULL, .stmt = lower_entries};
    Stmt *body = tirx_mutate_stmt(&mu, f->body);
    if (fc.errors) {
      errors++;
      continue;
    }
    f->body = body;
  }
  return errors ? 1 : 0;
}

/* unroll-loop: expand `T.unroll` loops.
 *
 * require:   nothing.
 * guarantee: every FOR_UNROLLED loop whose min, extent and step fold to
 *            integer constants (after substituting enclosing unrolled loop
 *            vars) and whose body has no break/continue of its own is
 *            replaced by `extent` copies of its body, copy k with the loop
 *            var replaced by the constant min + k*step.  Every variable and
 *            buffer defined inside the body (lets, inner loops, allocations,
 *            declarations) is renamed per copy, so the copies never share a
 *            definition.  Inner unrolled loops are expanded first.
 *            Extent 0 gives an empty statement.
 * keeps:     FOR_UNROLLED loops with a symbolic extent (codegen may still
 *            emit them with unroll metadata) and loops whose body breaks or
 *            continues (the loop is needed for the jump); T.serial loops with
 *            a "pragma_unroll" annotation are untouched.
 * errors:    an extent above 4096 copies ("T.unroll extent N is too large").
 */
#include <string.h>

#include "Transforms/xform.h"

enum { MAX_UNROLL = 4096 };

typedef struct Unroll {
  Module *m;
  TirxDiag *d;
  int errors;
} Unroll;

static Stmt *unroll_for(IRMutator *mu, Stmt *s) {
  if (s->kind != S_FOR || s->u.for_.kind != FOR_UNROLLED) return s;
  Unroll *U = mu->ctx;
  int64_t mn, ext, step = 1;
  if (!xf_const_int(s->u.for_.min, &mn) || !xf_const_int(s->u.for_.extent, &ext) ||
      (s->u.for_.step && !xf_const_int(s->u.for_.step, &step)))
    return s;
  if (xf_has_own_jump(s->u.for_.body)) return s;
  if (ext > MAX_UNROLL) {
    xf_error(U->d, s->loc, "T.unroll extent %lld is too large (at most %d copies)", (long long)ext,
             MAX_UNROLL);
    U->errors++;
    return s;
  }
  int n = ext > 0 ? (int)ext : 0;
  Stmt **copies = TIRX_NEWN(U->m, Stmt *, n > 0 ? n : 1);
  Var *v = s->u.for_.var;
  for (int k = 0; k < n; k++) {
    XfMap map;
    xf_map_init(&map, U->m, true);
    xf_map_var(&map, v, xf_int(U->m, v->dtype, mn + (int64_t)k * step));
    Stmt *c = xf_rewrite_stmt(&map, s->u.for_.body);
    xf_map_free(&map);
    /* Inner unrolled loops whose extent used v are constant now. */
    copies[k] = tirx_mutate_stmt(mu, c);
  }
  return tirx_seq(U->m, copies, n, s->loc);
}

int xf_unroll_loop(Module *m, TirxDiag *d) {
  Unroll U = {m, d, 0};
  for (int i = 0; i < m->nfuncs; i++) {
    PrimFunc *f = m->funcs[i];
    if (!f->body) continue;
    IRMutator mu = {.ctx = &U, .m = m, .expr = NULL, .stmt = unroll_for};
    f->body = tirx_mutate_stmt(&mu, f->body);
  }
  return U.errors ? 1 : 0;
}

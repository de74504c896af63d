/* @T.inline / @T.macro functions: parse-time expansion.
 *
 * TVM re-parses an inline function's body at every call with the arguments
 * bound (LEGB late binding).  tirx does the same with the AST it already
 * has: a call pushes a scope, binds each parameter name to the argument's
 * value (like T.meta_var: an IR expression is substituted, a buffer stays a
 * buffer), evaluates the body into the caller's block, and takes a top-level
 * `return value` as the call's value.  No IR function exists for it, so
 * nothing is printed.  Recursion is allowed while a parse-time condition
 * ends it, up to a fixed depth. */
#include <string.h>

#include "Parse/eval_tirx.h"

#define MAX_INLINE_DEPTH 64

void ev_define_inline(Eval *ev, Ast *fd) {
  if (fd->n2 != 1) {
    ev_error(ev, fd->loc, "an @T.inline function takes no other decorators");
    return;
  }
  ev_define(ev, fd->name, ev_inline_value(ev, fd), false, fd->loc);
}

Value ev_inline_value(Eval *ev, Ast *fd) {
  Value v = v_make(V_MACRO, fd->loc);
  v.u.py.def = fd;
  v.u.py.mod = ev->py->cur_mod;
  if (ev->depth > 0 && ev->py_body > 0) {
    /* decorated in a Python function: it sees the values it captures now
     * (TVM's closure variables), never its caller's names */
    v.u.py.env = ev_py_capture(ev, false);
    v.nshape = 2;
  } else {
    v.nshape = ev->depth > 0; /* defined in a kernel body: expanded over the caller's names */
  }
  return v;
}

/* Binds a call's arguments to an @T.inline function's parameters in bound[]
 * (one per parameter): positional, *args, keywords, **kwargs, defaults.  A
 * V_NONE value, or the error. */
static Value bind_inline_args(Eval *ev, Ast *fd, Args *a, Value *bound) {
  int np = fd->n, npos = 0, star = -1, dstar = -1;
  while (npos < np && !(fd->list[npos]->ival & 7)) npos++; /* keyword-only ones come after '*' */
  for (int i = 0; i < np; i++) {
    if (fd->list[i]->ival & 2) star = i;
    if (fd->list[i]->ival & 4) dstar = i;
  }
  if (a->npos > npos && star < 0)
    return ev_error(ev, a->loc, "%s() takes %d positional argument%s, got %d", fd->name, npos,
                    npos == 1 ? "" : "s", a->npos);
  bool *have = TIRX_NEWN(ev->m, bool, np + 1);
  for (int i = 0; i < a->npos && i < npos; i++) {
    bound[i] = a->pos[i];
    have[i] = true;
  }
  if (star >= 0) { /* *args: the extra positional arguments, a tuple */
    int ne = a->npos > npos ? a->npos - npos : 0;
    Value t = v_make(V_TUPLE, a->loc);
    t.u.list.items = TIRX_NEWN(ev->m, Value, ne + 1);
    t.u.list.n = ne;
    for (int i = 0; i < ne; i++) t.u.list.items[i] = a->pos[npos + i];
    bound[star] = t;
    have[star] = true;
  }
  Value kw = v_make(V_DICT, a->loc); /* **kwargs: the unknown keywords, a dict */
  kw.u.dict.keys = TIRX_NEWN(ev->m, Value, a->nkw + 1);
  kw.u.dict.vals = TIRX_NEWN(ev->m, Value, a->nkw + 1);
  for (int k = 0; k < a->nkw; k++) {
    int i = 0;
    while (i < np && (strcmp(fd->list[i]->name, a->kwn[k]) != 0 || (fd->list[i]->ival & 6))) i++;
    if (i == np && dstar >= 0) {
      Value key = v_make(V_STR, a->loc);
      key.u.s.p = a->kwn[k];
      key.u.s.len = strlen(a->kwn[k]);
      kw.u.dict.keys[kw.u.dict.n] = key;
      kw.u.dict.vals[kw.u.dict.n++] = a->kwv[k];
      continue;
    }
    if (i == np)
      return ev_error(ev, a->kwv[k].loc, "%s() got an unexpected keyword argument '%s'", fd->name,
                      a->kwn[k]);
    if (have[i])
      return ev_error(ev, a->kwv[k].loc, "%s() got multiple values for '%s'", fd->name, a->kwn[k]);
    bound[i] = a->kwv[k];
    have[i] = true;
  }
  if (dstar >= 0) {
    bound[dstar] = kw;
    have[dstar] = true;
  }
  for (int i = 0; i < np; i++)
    if (!have[i]) {
      if (!fd->list[i]->b)
        return ev_error(ev, a->loc, "%s() missing argument '%s'", fd->name, fd->list[i]->name);
      bound[i] = ev_expr(ev, fd->list[i]->b);
      if (bound[i].kind == V_ERROR) return bound[i];
    }
  return v_make(V_NONE, a->loc);
}

Value ev_call_inline(Eval *ev, Ast *fd, const PyEnv *env, Args *a) {
  if (ev->tx->inline_depth >= MAX_INLINE_DEPTH)
    return ev_error(ev, a->loc,
                    "@T.inline '%s' nested more than %d calls deep (unbounded recursion?)",
                    fd->name, MAX_INLINE_DEPTH);
  int np = fd->n;
  Value *bound = TIRX_NEWN(ev->m, Value, np + 1);
  Value err = bind_inline_args(ev, fd, a, bound);
  if (err.kind == V_ERROR) return err;
  /* the body runs in a fresh scope: over the caller's (late binding) or,
   * hygienic, over what it captured */
  ev_push_scope(ev);
  ev_py_env_define(ev, env, a->loc);
  for (int i = 0; i < np; i++) {
    Value v = bound[i];
    v.meta = false;
    ev_define(ev, fd->list[i]->name, v, false, fd->list[i]->loc);
  }
  Value saved_ret = ev->tx->inline_ret;
  bool saved_done = ev->tx->inline_returned;
  int saved_loops = ev->tx->inline_loop_base, saved_nest = ev->tx->inline_nest_base;
  ev->tx->inline_ret = v_make(V_NONE, a->loc);
  ev->tx->inline_returned = false;
  ev->tx->inline_loop_base = ev->tx->loop_depth;
  ev->tx->inline_nest_base = ev->tx->ir_nesting;
  ev->tx->inline_depth++;
  ev_block(ev, fd->list3, fd->n3, 0);
  ev->tx->inline_depth--;
  Value r = ev->tx->inline_ret;
  ev->tx->inline_ret = saved_ret;
  ev->tx->inline_returned = saved_done;
  ev->tx->inline_loop_base = saved_loops;
  ev->tx->inline_nest_base = saved_nest;
  ev_pop_scope(ev);
  return r;
}

/* `return value` inside an inline body: the value of the call. */
void ev_inline_return(Eval *ev, Ast *s) {
  if (ev->tx->loop_depth > ev->tx->inline_loop_base ||
      ev->tx->ir_nesting > ev->tx->inline_nest_base) {
    ev_error(ev, s->loc,
             "'return' under a loop or a run-time 'if' of an @T.inline function is not supported "
             "(the call is expanded at parse time)");
    return;
  }
  ev->tx->inline_ret = s->a ? ev_expr(ev, s->a) : v_make(V_NONE, s->loc);
  ev->tx->inline_returned = true;
}

/* The call slot of V_MACRO (value_kinds.def). */
/* an @T.macro / @T.inline value: a module-level one is expanded over its
 * module's names (the caller's locals are not its names), one decorated in a
 * factory over the values it captured there (nshape 2), one defined in a kernel
 * body over the caller's scope (late binding) */
Value ev_macro_call(Eval *ev, Value fn, Args *a) {
  struct PyModule *saved_mod;
  int saved_floor = ev->py_floor;
  bool other = fn.u.py.mod != ev->py->cur_mod;
  ev_module_switch(ev, fn.u.py.mod, &saved_mod);
  if (other || fn.nshape != 1) ev->py_floor = ev->nbinds;
  Value r = ev_call_inline(ev, fn.u.py.def, fn.nshape == 2 ? fn.u.py.env : NULL, a);
  ev->py_floor = saved_floor;
  struct PyModule *dummy;
  ev_module_switch(ev, saved_mod, &dummy);
  return r;
}

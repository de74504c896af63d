/* Tracing through TVM's IRBuilder from plain Python (issue 24, item 1): the
 * `IRBuilder()` object, `I.prim_func()` and the frames kern's traced kernels
 * enter with `with` (or by hand: `frame.__enter__()` / `add_callback`).
 *
 * The builder state is a stack of open frames (Eval.tx->irb).  Entering a frame
 * points the evaluator's statement sink (Eval.cur) at the frame's own body;
 * exiting it assembles the frame's statement from that body and appends it to
 * the enclosing one, with the same constructors the kernel-body evaluator uses
 * (T.If / T.Then / T.Else, T.attr, T.hint, loops: eval_frames.c).  A frame a
 * builder call opens without `with` (I.device_entry()) is flat: it closes when
 * the frame around it does, as TVM's parser closes an expression statement's
 * frame at the end of its block.  `IRBuilder.get()` is the last PrimFunc built.
 *
 * The builder names (`from tvm.tirx.script.builder import ir as I`) are the
 * namespace "irb": its own rows below, every other name is T's. */
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_tirx.h"
#include "Support/oom.h"
#include "Support/vec.h"

typedef struct IrbFrame {
  struct IrbFrame *up;
  Value f;      /* the frame value */
  bool flat;    /* opened by a builder call, closed with the frame around it */
  StmtVec body; /* its statements */
  StmtVec *saved_cur;
  bool saved_in_device, saved_seen;
  Stmt *saved_with_if;
  int saved_loop_depth; /* a loop frame's body is in a loop (T.Break() is valid there) */
  PrimFunc *saved_func;
  Value *cbs;
  int ncbs, capcbs; /* add_callback: run (last first) when it exits */
} IrbFrame;

typedef struct IrbState {
  IrbFrame *top;
  PrimFunc *last; /* the PrimFunc the latest prim_func frame built */
} IrbState;

static IrbState *state(Eval *ev) {
  if (!ev->tx->irb) ev->tx->irb = TIRX_NEW(ev->m, IrbState);
  return ev->tx->irb;
}

static bool is_kind(Value f, int kind) {
  return f.kind == V_FRAME && !f.u.frame.outer && f.nshape == kind;
}

static const char *frame_what(Value f) {
  if (f.u.frame.outer) return f.u.frame.inner->kind == S_IF ? "T.If" : "a scoped statement";
  switch (f.nshape) {
  case FRAME_THEN: return "T.Then()";
  case FRAME_ELSE: return "T.Else()";
  case FRAME_IRB: return "IRBuilder()";
  case FRAME_PRIMFUNC: return "I.prim_func()";
  default: return "a frame";
  }
}

/* The innermost open prim_func frame (NULL: none). */
static IrbFrame *open_func(Eval *ev) {
  for (IrbFrame *f = ev->tx->irb ? ev->tx->irb->top : NULL; f; f = f->up)
    if (is_kind(f->f, FRAME_PRIMFUNC)) return f;
  return NULL;
}

bool ev_irb_building(Eval *ev) { return open_func(ev) != NULL && ev->func != NULL; }

void ev_irb_free(Eval *ev) {
  for (IrbFrame *f = ev->tx->irb ? ev->tx->irb->top : NULL; f; f = f->up) {
    free(f->body.v);
    free(f->cbs);
    f->body.v = NULL, f->cbs = NULL;
  }
  if (ev->tx->irb) ev->tx->irb->top = NULL;
}

static Stmt *take_body(Eval *ev, IrbFrame *fr, Loc loc) {
  Stmt *s = tirx_seq(ev->m, fr->body.v, fr->body.n, loc);
  free(fr->body.v);
  fr->body.v = NULL;
  fr->body.n = fr->body.cap = 0;
  return s;
}

static void set_body(Stmt *in, Stmt *body) {
  switch (in->kind) {
  case S_ATTR: in->u.attr.body = body; break;
  case S_HINT: in->u.hint.body = body; break;
  case S_LAUNCH: in->u.launch.body = body; break;
  case S_FOR: in->u.for_.body = body; break;
  case S_WHILE: in->u.while_.body = body; break;
  default: break;
  }
}

static bool is_device_entry(Value f) {
  for (Stmt *s = f.u.frame.outer; s; s = s == f.u.frame.inner ? NULL : s->u.attr.body) {
    if (s->kind != S_ATTR) return false;
    if (tirx_attr_is(s->u.attr.key, ATTR_DEVICE_ENTRY)) return true;
  }
  return false;
}

/* Opens frame f; what `with f as x` binds. */
static Value irb_enter(Eval *ev, Value f, bool flat, Loc loc) {
  IrbState *st = state(ev);
  IrbFrame *top = st->top;
  if (f.kind != V_FRAME) return ev_error(ev, loc, "not an IRBuilder frame");
  if (!f.u.frame.outer && (f.nshape == FRAME_THEN || f.nshape == FRAME_ELSE)) {
    if (!top || !top->f.u.frame.outer || top->f.u.frame.inner->kind != S_IF)
      return ev_error(ev, loc, "%s must be directly inside 'with T.If(...)'", frame_what(f));
    Stmt *ifs = top->f.u.frame.outer;
    if (f.nshape == FRAME_THEN ? ifs->u.if_.then_ != NULL : ifs->u.if_.else_ != NULL)
      return ev_error(ev, loc, "this T.If already has a %s", frame_what(f));
    if (f.nshape == FRAME_ELSE && !ifs->u.if_.then_)
      return ev_error(ev, loc, "T.Else() needs a T.Then() before it");
  } else if (is_kind(f, FRAME_PRIMFUNC)) {
    if (!top || !is_kind(top->f, FRAME_IRB))
      return ev_error(ev, loc, "I.prim_func() must be entered directly inside 'with IRBuilder()'");
  } else if (!is_kind(f, FRAME_IRB) && !open_func(ev)) {
    return ev_error(ev, loc, "%s is entered outside 'with I.prim_func()'", frame_what(f));
  }
  IrbFrame *fr = TIRX_NEW(ev->m, IrbFrame);
  memset(fr, 0, sizeof *fr);
  fr->f = f;
  fr->flat = flat;
  fr->saved_cur = ev->cur;
  fr->saved_in_device = ev->tx->in_device;
  fr->saved_seen = ev->tx->seen_device_entry;
  fr->saved_with_if = ev->tx->with_if;
  fr->saved_loop_depth = ev->tx->loop_depth;
  fr->saved_func = ev->func;
  fr->up = top;
  st->top = fr;
  if (is_kind(f, FRAME_IRB)) return f;
  ev->cur = &fr->body;
  if (is_kind(f, FRAME_PRIMFUNC)) {
    PrimFunc *pf = tirx_func_new(ev->m, tirx_intern0(ev->m, "main"), loc);
    pf->params = TIRX_NEWN(ev->m, Param, 1);
    ev->func = pf;
    ev->tx->in_device = false;
    ev->tx->seen_device_entry = false;
    return f;
  }
  if (f.u.frame.outer && is_device_entry(f)) ev->tx->in_device = ev->tx->seen_device_entry = true;
  if (f.u.frame.inner && (f.u.frame.inner->kind == S_FOR || f.u.frame.inner->kind == S_WHILE))
    ev->tx->loop_depth++;
  if (f.u.frame.self) return v_expr(f.u.frame.self, loc);
  if (f.u.frame.inner &&
      f.u.frame.inner->kind == S_FOR) /* `with T.serial(n) as i`: the loop variable */
    return v_expr(tirx_varref(ev->m, f.u.frame.inner->u.for_.var, loc), loc);
  return f;
}

static bool run_callbacks(Eval *ev, IrbFrame *fr, Loc loc) {
  while (fr->ncbs > 0) {
    Value cb = fr->cbs[--fr->ncbs];
    Args a = {.loc = loc};
    if (ev_call_value(ev, cb, &a).kind == V_ERROR) return false;
  }
  free(fr->cbs);
  fr->cbs = NULL;
  fr->capcbs = 0;
  return true;
}

static bool irb_exit_top(Eval *ev, Loc loc);

static bool same_frame(Value a, Value b) {
  return a.kind == b.kind && a.u.frame.outer == b.u.frame.outer && a.nshape == b.nshape &&
         a.u.frame.inner == b.u.frame.inner;
}

/* Closes frame f.  The frames entered after it close first: a flat one, and those a
 * callback closes (kern's `_flat_frame`: add_callback(frame.__exit__) on the frame
 * open when it was entered); any other still open is a misuse. */
static bool irb_exit(Eval *ev, Value f, Loc loc) {
  IrbState *st = state(ev);
  for (;;) {
    IrbFrame *top = st->top, *mine = top;
    while (mine && !same_frame(mine->f, f)) mine = mine->up;
    if (!mine) {
      ev_error(ev, loc, "%s is exited but is not open", frame_what(f));
      return false;
    }
    if (top == mine) {
      if (!run_callbacks(ev, top, loc)) return false;
      if (st->top != top) { /* a callback left a frame of its own open */
        ev_error(ev, loc, "a callback of %s left a frame open", frame_what(f));
        return false;
      }
      return irb_exit_top(ev, loc);
    }
    IrbFrame *fr = top; /* the frame above f nearest the top that can close what is above it */
    while (fr != mine && !fr->flat && !fr->ncbs) fr = fr->up;
    if (fr == mine) {
      ev_error(ev, loc, "%s is exited while %s (entered later) is still open", frame_what(f),
               frame_what(top->f));
      return false;
    }
    if (!run_callbacks(ev, fr, loc)) return false;
    if (st->top == fr && fr->flat) {
      if (!irb_exit_top(ev, loc)) return false;
    } else if (st->top == top) {
      ev_error(ev, loc, "%s is exited while %s (entered later) is still open", frame_what(f),
               frame_what(top->f));
      return false;
    }
  }
}

static bool irb_exit_top(Eval *ev, Loc loc) {
  IrbState *st = state(ev);
  IrbFrame *fr = st->top;
  Value f = fr->f;
  st->top = fr->up;
  ev->cur = fr->saved_cur;
  ev->tx->in_device = fr->saved_in_device;
  ev->tx->seen_device_entry = fr->saved_seen;
  ev->tx->with_if = fr->saved_with_if;
  ev->tx->loop_depth = fr->saved_loop_depth;
  if (is_kind(f, FRAME_IRB)) return true;
  if (is_kind(f, FRAME_PRIMFUNC)) {
    PrimFunc *pf = ev->func;
    pf->body = take_body(ev, fr, loc);
    ev->func = fr->saved_func;
    st->last = pf;
    return true;
  }
  if (!f.u.frame.outer) { /* T.Then() / T.Else(): a branch of the If below */
    Stmt *ifs = st->top->f.u.frame.outer;
    Stmt *b = take_body(ev, fr, loc);
    if (f.nshape == FRAME_THEN) ifs->u.if_.then_ = b;
    else ifs->u.if_.else_ = b;
    return true;
  }
  if (f.u.frame.inner->kind == S_IF) {
    bool stray = false;
    for (int i = 0; i < fr->body.n; i++)
      stray |= fr->body.v[i]->kind != S_SEQ || fr->body.v[i]->u.seq.n;
    free(fr->body.v);
    fr->body.v = NULL;
    if (stray) {
      ev_error(ev, loc, "statements inside 'with T.If(...)' must be in T.Then() or T.Else()");
      return false;
    }
    if (!f.u.frame.outer->u.if_.then_) {
      ev_error(ev, loc, "'with T.If(...)' needs a T.Then()");
      return false;
    }
  } else {
    set_body(f.u.frame.inner, take_body(ev, fr, loc));
  }
  if (!ev->cur) {
    ev_error(ev, loc, "%s closes outside any IRBuilder body", frame_what(f));
    return false;
  }
  ev_emit(ev, f.u.frame.outer);
  return true;
}

/* ---- the V_FRAME slots: `with`, frame.__enter__() / __exit__() / add_callback(), ib.get() ---- */

static Value frame_enter(Eval *ev, Value obj, Loc loc) { return irb_enter(ev, obj, false, loc); }

static bool frame_exit(Eval *ev, Value obj, Value exc_type, Value exc_value, Loc loc,
                       bool *suppress) {
  (void)exc_value;
  *suppress = false;
  if (exc_type.kind != V_NONE) { /* an exception unwinds: drop what the frame built */
    IrbState *st = state(ev);
    while (st->top) {
      IrbFrame *top = st->top;
      bool mine = top->f.u.frame.outer == obj.u.frame.outer && top->f.nshape == obj.nshape;
      st->top = top->up;
      ev->cur = top->saved_cur;
      ev->tx->in_device = top->saved_in_device;
      ev->tx->seen_device_entry = top->saved_seen;
      ev->tx->with_if = top->saved_with_if;
      ev->tx->loop_depth = top->saved_loop_depth;
      if (is_kind(top->f, FRAME_PRIMFUNC)) ev->func = top->saved_func;
      free(top->body.v);
      free(top->cbs);
      top->body.v = NULL, top->cbs = NULL;
      if (mine) break;
    }
    return true;
  }
  return irb_exit(ev, obj, loc);
}

const ValueProto ev_frame_proto = {.enter = frame_enter, .exit = frame_exit};

/* IRBuilder.current().frames: the open frames, outermost first */
Value ev_irb_frames(Eval *ev, Loc loc) {
  int n = 0;
  for (IrbFrame *f = ev->tx->irb ? ev->tx->irb->top : NULL; f; f = f->up) n++;
  Value l = v_make(V_LIST, loc);
  l.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  l.u.list.n = n;
  for (IrbFrame *f = ev->tx->irb ? ev->tx->irb->top : NULL; f; f = f->up)
    l.u.list.items[--n] = f->f;
  return l;
}

Value ev_frame_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  if (obj.u.frame.outer && obj.u.frame.inner->kind == S_IF && strcmp(name, "condition") == 0)
    return v_expr(obj.u.frame.inner->u.if_.cond, loc); /* the node the IfThenElse holds */
  const Method *m = ev_method_find(V_FRAME, name);
  if (m) return ev_method_value(ev, m, obj, loc);
  return ev_error(ev, loc, "'%s' has no attribute '%s'", frame_what(obj), name);
}

Value m_frame_enter(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  if (a->npos || a->nkw) return ev_error(ev, a->loc, "__enter__() takes no arguments");
  return irb_enter(ev, self, false, a->loc);
}

Value m_frame_exit(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  bool suppress;
  Value exc = a->npos ? a->pos[0] : v_make(V_NONE, a->loc);
  Value val = a->npos > 1 ? a->pos[1] : v_make(V_NONE, a->loc);
  if (!frame_exit(ev, self, exc, val, a->loc, &suppress)) return v_make(V_ERROR, a->loc);
  return v_make(V_NONE, a->loc);
}

/* frame.add_callback(fn): fn() runs when the frame open now (the one the frame
 * will be entered in) exits, before it closes */
Value m_frame_add_callback(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv, (void)self;
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "add_callback() takes one function");
  IrbFrame *top = state(ev)->top;
  if (!top) return ev_error(ev, a->loc, "add_callback(): no IRBuilder frame is open");
  TIRX_VEC_RESERVE(top->cbs, top->capcbs, top->ncbs + 1);
  top->cbs[top->ncbs++] = a->pos[0];
  return v_make(V_NONE, a->loc);
}

Value m_frame_get(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  if (!is_kind(self, FRAME_IRB)) return ev_error(ev, a->loc, "get() is a method of IRBuilder()");
  if (a->npos || a->nkw) return ev_error(ev, a->loc, "IRBuilder.get() takes no arguments");
  IrbState *st = state(ev);
  for (IrbFrame *f = st->top; f; f = f->up)
    if (is_kind(f->f, FRAME_IRB))
      return ev_error(ev, a->loc, "IRBuilder.get(): the builder is still open");
  if (!st->last)
    return ev_error(ev, a->loc, "IRBuilder.get(): nothing was built (no 'with I.prim_func()')");
  Value v = v_make(V_FUNCREF, a->loc);
  v.u.func.f = st->last;
  return v;
}

/* ---- IRBuilder() and the builder names (I.*) ------------------------------------ */

Value ev_irb_new(Eval *ev, Args *a) {
  if (a->npos || a->nkw) return ev_error(ev, a->loc, "IRBuilder() takes no arguments");
  Value v = v_make(V_FRAME, a->loc);
  v.nshape = FRAME_IRB;
  return v;
}

static Value need_func(Eval *ev, Loc loc, const char *what) {
  return ev_error(ev, loc, "%s is only valid inside 'with I.prim_func()'", what);
}

static Value irb_prim_func(Eval *ev, Args *a) {
  static const char *const kws[] = {"is_private", NULL};
  if (!ev_check_kw(ev, a, "I.prim_func", kws)) return v_make(V_ERROR, a->loc);
  if (a->npos) return ev_error(ev, a->loc, "I.prim_func() takes no positional arguments");
  Value v = v_make(V_FRAME, a->loc);
  v.nshape = FRAME_PRIMFUNC;
  return v;
}

static Value irb_func_name(Eval *ev, Args *a) {
  if (!ev_irb_building(ev)) return need_func(ev, a->loc, "I.func_name()");
  const char *s;
  size_t n;
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "I.func_name() takes one name");
  if (!ev_get_str(ev, a->pos[0], &s, &n, "the function name")) return v_make(V_ERROR, a->loc);
  ev->func->name = tirx_intern(ev->m, s, n);
  return v_make(V_NONE, a->loc);
}

/* I.arg(name, x): x (a buffer, or a scalar variable such as I.int32()) is the next parameter */
static Value irb_arg(Eval *ev, Args *a) {
  if (!ev_irb_building(ev)) return need_func(ev, a->loc, "I.arg()");
  const char *s;
  size_t n;
  if (a->npos != 2 || a->nkw)
    return ev_error(ev, a->loc, "I.arg() takes a name and a buffer or variable");
  if (!ev_get_str(ev, a->pos[0], &s, &n, "the parameter name")) return v_make(V_ERROR, a->loc);
  const char *name = tirx_intern(ev->m, s, n);
  PrimFunc *f = ev->func;
  if (ev->tx->in_device) return ev_error(ev, a->loc, "I.arg() must come before I.device_entry()");
  for (int j = 0; j < f->nparams; j++)
    if (f->params[j].var->name == name)
      return ev_error(ev, a->loc, "duplicate parameter '%s'", name);
  Param *np = TIRX_NEWN(ev->m, Param, f->nparams + 1);
  if (f->nparams) memcpy(np, f->params, sizeof(Param) * (size_t)f->nparams);
  Param *P = &np[f->nparams];
  memset(P, 0, sizeof *P);
  Value x = a->pos[1];
  if (x.kind == V_BUFTYPE) {
    Value bv = v_make(V_BUFFER, a->loc);
    bv.u.buf = x.aux->buftype;
    x = bv;
  }
  if (x.kind == V_BUFFER) {
    P->var = tirx_var_new(ev->m, name, tirx_dtype(DT_HANDLE), a->loc);
    P->buf = x.u.buf;
    ev_rename_buffer(ev, x.u.buf, name);
  } else if (x.kind == V_PTRTYPE || (x.kind == V_NS && strcmp(x.u.ns, "T.handle") == 0)) {
    if (x.kind == V_PTRTYPE && x.u.ptr.typed) {
      P->var = tirx_var_ptr(ev->m, name, x.u.ptr.elem, x.u.ptr.scope, a->loc);
    } else {
      P->var = tirx_var_new(ev->m, name, tirx_dtype(DT_HANDLE), a->loc);
      if (x.kind == V_PTRTYPE)
        P->var->ptr_scope = x.u.ptr.scope, P->var->is_tensormap = x.u.ptr.tensormap;
    }
    x = v_expr(tirx_varref(ev->m, P->var, a->loc), a->loc);
  } else if (x.kind == V_EXPR && x.u.e->kind == E_VAR) {
    P->var = x.u.e->u.var;
    P->var->name = name;
  } else {
    return ev_error(ev, a->pos[1].loc, "I.arg() takes a buffer or a variable, not a '%s' value",
                    ev_types[a->pos[1].kind].name);
  }
  f->params = np;
  f->nparams++;
  return x;
}

/* I.evaluate(x) in traced code: the statement Evaluate(x) */
static Value irb_evaluate(Eval *ev, Args *a) {
  if (!ev_irb_building(ev)) return need_func(ev, a->loc, "I.evaluate()");
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "evaluate() takes one expression");
  Expr *e = ev_to_expr(ev, a->pos[0], "the evaluated value");
  if (!e) return v_make(V_ERROR, a->loc);
  Stmt *st = tirx_stmt_new(ev->m, S_EVAL, a->loc);
  st->u.eval.e = e;
  ev_emit(ev, st);
  return v_make(V_NONE, a->loc);
}

/* I.buffer_store(buf, value, indices) */
static Value irb_buffer_store(Eval *ev, Args *a) {
  if (!ev_irb_building(ev)) return need_func(ev, a->loc, "I.buffer_store()");
  if (a->npos != 3 || a->nkw)
    return ev_error(ev, a->loc, "I.buffer_store() takes a buffer, a value and indices");
  Value b = a->pos[0], ix = a->pos[2];
  if (b.kind != V_BUFFER && b.kind != V_SCALAR)
    return ev_error(ev, b.loc, "I.buffer_store(): not a buffer");
  Value *items = &ix;
  int n = 1;
  if (ix.kind == V_LIST || ix.kind == V_TUPLE) items = ix.u.list.items, n = ix.u.list.n;
  Stmt *s = tirx_stmt_new(ev->m, S_STORE, a->loc);
  s->u.store.buf = b.u.buf;
  s->u.store.idx = TIRX_NEWN(ev->m, Expr *, n ? n : 1);
  s->u.store.n = n;
  for (int i = 0; i < n; i++)
    if (!(s->u.store.idx[i] = ev_index_expr(ev, items[i], a->loc))) return v_make(V_ERROR, a->loc);
  Expr *v = ev_to_expr(ev, a->pos[1], "a stored value");
  if (!v) return v_make(V_ERROR, a->loc);
  s->u.store.value = ev_const_cast(ev, b.u.buf->dtype, v, a->loc);
  ev_emit(ev, s);
  return v_make(V_NONE, a->loc);
}

/* I.device_entry(): T.device_entry()'s frame, open to the end of the frame around it */

/* I.alloc_buffer / I.decl_buffer(..., data=None, strides=None, ...): T's, the keywords
 * the builder passes as None left out (TVM's builder spells every one) */
static Value irb_forward_alloc(Eval *ev, const char *tname, Args *a) {
  Args b = *a;
  b.kwn = TIRX_NEWN(ev->m, const char *, a->nkw + 1);
  b.kwv = TIRX_NEWN(ev->m, Value, a->nkw + 1);
  b.nkw = 0;
  for (int i = 0; i < a->nkw; i++)
    if (a->kwv[i].kind != V_NONE) b.kwn[b.nkw] = a->kwn[i], b.kwv[b.nkw++] = a->kwv[i];
  Value t = v_make(V_NS, a->loc);
  t.u.ns = tname;
  return ev_call_value(ev, t, &b);
}

static Value irb_alloc_buffer(Eval *ev, Args *a) {
  return irb_forward_alloc(ev, "T.alloc_buffer", a);
}
static Value irb_decl_buffer(Eval *ev, Args *a) {
  return irb_forward_alloc(ev, "T.decl_buffer", a);
}

/* I.While(cond) / T.While(cond): `with` it, the loop's body */
Value ev_irb_while(Eval *ev, Args *a) {
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "While() takes one condition");
  Expr *c = ev_to_expr(ev, a->pos[0], "the While condition");
  if (!c) return v_make(V_ERROR, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_WHILE, a->loc);
  s->u.while_.cond = c;
  return ev_frame(s, s, a->loc);
}

static Value irb_while(Eval *ev, Args *a) { return ev_irb_while(ev, a); }

/* I.Bind(value): a fresh variable bound to value once (a Bind statement); the variable */
static Value irb_bind(Eval *ev, Args *a) {
  if (!ev_irb_building(ev)) return need_func(ev, a->loc, "I.Bind()");
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "I.Bind() takes one value");
  Expr *e = ev_to_expr(ev, a->pos[0], "the bound value");
  if (!e) return v_make(V_ERROR, a->loc);
  Var *v = tirx_var_new(ev->m, "", e->dtype, a->loc);
  if (tirx_dtype_is_handle(e->dtype)) ev_type_bound_pointer(ev, v, e);
  Stmt *s = tirx_stmt_new(ev->m, S_BIND, a->loc);
  s->u.bind.var = v;
  s->u.bind.value = e;
  ev_emit(ev, s);
  return v_expr(tirx_varref(ev->m, v, a->loc), a->loc);
}

typedef struct IrbName {
  const char *name;
  Value (*fn)(Eval *ev, Args *a);
} IrbName;

static const IrbName irb_names[] = {
    {"prim_func", irb_prim_func},
    {"func_name", irb_func_name},
    {"arg", irb_arg},
    {"evaluate", irb_evaluate},
    {"buffer_store", irb_buffer_store},
    {"alloc_buffer", irb_alloc_buffer},
    {"decl_buffer", irb_decl_buffer},
    {"While", irb_while},
    {"Bind", irb_bind},
};

Value ev_irb_getattr(Eval *ev, const char *name, Loc loc) {
  for (size_t i = 0; i < sizeof irb_names / sizeof irb_names[0]; i++)
    if (strcmp(irb_names[i].name, name) == 0) {
      Value v = v_make(V_NS, loc);
      v.u.ns = tirx_intern_printf(ev->m, "irb.%s", name);
      return v;
    }
  if (strcmp(name, "buffer") == 0) name = "Buffer";
  Value t = v_make(V_NS, loc);
  t.u.ns = "T";
  return ev_ns_getattr(ev, t, name, loc);
}

Value ev_irb_call(Eval *ev, Value callee, Args *a) {
  const char *name = callee.u.ns + 4;
  for (size_t i = 0; i < sizeof irb_names / sizeof irb_names[0]; i++)
    if (strcmp(irb_names[i].name, name) == 0) return irb_names[i].fn(ev, a);
  return ev_error(ev, a->loc, "'I.%s' is not a builder function tirx knows", name);
}

/* A T.* call made from traced Python code while a builder is open: T.device_entry()'s
 * frame opens, flat (false: any other call, which emits what it emits anyway) */
bool ev_irb_t_call(Eval *ev, const char *path, Value r, Args *a, Value *out) {
  (void)path;
  if (!ev->py_body || !ev_irb_building(ev)) return false;
  if (r.kind == V_FRAME && r.u.frame.outer && is_device_entry(r)) {
    Value e = irb_enter(ev, r, true, a->loc);
    *out = e.kind == V_ERROR ? e : v_make(V_NONE, a->loc);
    return true;
  }
  return false;
}

/* The evaluator's TIRx layer: kernels and their statements (eval_stmt.c), the T.*
 * builders (eval_call.c), buffers, views, pools, T.ptx, frames, @T.inline
 * (eval_buffer.c, eval_view.c, eval_pool.c, eval_ptx.c, eval_frames.c, eval_macro.c). */
#ifndef TIRX_EVAL_TIRX_H
#define TIRX_EVAL_TIRX_H

#include "Parse/eval_modules.h"

/* The TIRx layer's state (Eval.tx). */
typedef struct EvTirx {
  int loop_depth;
  bool seen_device_entry;
  bool in_device;
  bool is_jit;
  /* @T.inline expansion state (eval_macro.c) */
  int inline_depth;     /* calls being expanded */
  Value inline_ret;     /* value of the innermost call's `return` */
  bool inline_returned; /* its body has returned: stop evaluating */
  int inline_loop_base; /* loop depth at the innermost call */
  int ir_nesting;       /* IR blocks (if/loop/with bodies) being built */
  int inline_nest_base; /* ir_nesting at the innermost call */
  /* T.env_thread variables and their thread tags (arena-owned arrays) */
  Var **env_vars;
  const char **env_tags;
  int nenv;
  Stmt *with_if;        /* the `with T.If(...)` whose T.Then()/T.Else() may follow (eval_stmt.c) */
  struct IrbState *irb; /* IRBuilder frames open in traced Python (eval_irbuilder.c) */
} EvTirx;

/* T.SMEMPool and buffer views (eval_pool.c) */
Value ev_smem_pool(Eval *ev, Args *a);
Value ev_ldst_frag(Eval *ev, Args *a); /* T.alloc_tcgen05_ldst_frag */
bool ev_pool_field(Eval *ev, struct SmemPool *p, const char *name, Loc loc,
                   Value *out);                               /* pool.offset, ... */
Value ev_view(Eval *ev, Buffer *b, Args *a);                  /* b.view(...) (eval_pool.c) */
Value ev_buffer_sub(Eval *ev, Buffer *b, Ast *sub);           /* b.sub[...] (eval_view.c) */
Value ev_buffer_permute(Eval *ev, Buffer *b, Args *a);        /* b.permute(...) */
Value ev_buffer_rearrange(Eval *ev, Buffer *b, Args *a);      /* b.rearrange("... -> ...", ...) */
Value ev_buffer_tile(Eval *ev, Buffer *b, Args *a);           /* b.tile(dim, factors): an indexer */
Value ev_buffer_tile_pick(Eval *ev, Value indexer, Ast *sub); /* ...[picks] */
bool ev_layout_is_default(Eval *ev, const Expr *l, Expr *const *shape,
                          int ndim); /* row-major of shape */
Buffer *ev_make_buffer(Eval *ev, Args *a, const char *fn, const char *scope_default,
                       bool has_data_kw);
Value ev_new_scalar(Eval *ev, const char *name, DType t, const char *scope, Loc loc);

/* @T.inline / @T.macro (eval_macro.c) */
Value ev_macro_call(Eval *ev, Value fn, Args *a); /* V_MACRO's call slot */
void ev_define_inline(Eval *ev, Ast *fd);
Value ev_inline_value(Eval *ev, Ast *fd); /* the V_MACRO a definition here makes */
Value ev_call_inline(Eval *ev, Ast *fd, const PyEnv *env, Args *a);
void ev_inline_return(Eval *ev, Ast *s);

Value ev_layout_call(Eval *ev, const char *name, Args *a, Loc loc);
bool ev_require_device(Eval *ev, Loc loc, const char *what);
Value ev_frame(Stmt *outer, Stmt *inner, Loc loc);

/* buffers (eval_buffer.c) */
Stmt *ev_store(Eval *ev, Buffer *b, Ast *sub, Value val, Loc loc);
Value ev_alloc(Eval *ev, Args *a, const char *fn, const char *scope, bool decl);

/* scope ids, loops, frames (eval_frames.c) */
Value ev_scope_id(Eval *ev, ScopeIdKind sid, int maxdims, Args *a, const char *fn);
Value ev_loop_spec(Eval *ev, Args *a, ForKind kind, const char *fn);
Value ev_grid(Eval *ev, Args *a);
Value ev_attr_frame(Eval *ev, Args *a);
Value ev_hint_frame(Eval *ev, Args *a);
/* with T.If(c): / with T.Then(): / with T.Else(): (TVM's IR-builder frames of an if) */
Value ev_if_frame(Eval *ev, Args *a);
Value ev_then_frame(Eval *ev, Args *a);
Value ev_else_frame(Eval *ev, Args *a);
enum {
  FRAME_THEN = 1,
  FRAME_ELSE = 2,
  FRAME_IRB = 3,
  FRAME_PRIMFUNC = 4
}; /* V_FRAME with no statement: nshape */
/* TVM's IRBuilder traced from plain Python (eval_irbuilder.c) */
Value ev_irb_new(Eval *ev, Args *a);                       /* IRBuilder() */
Value ev_irb_getattr(Eval *ev, const char *name, Loc loc); /* I.NAME */
Value ev_irb_frames(Eval *ev, Loc loc);                    /* IRBuilder.current().frames */
Value ev_irb_call(Eval *ev, Value callee, Args *a);
Value ev_irb_while(Eval *ev, Args *a);
/* T.While(cond): a frame */ /* I.NAME(...) of the builder's own names */
bool ev_irb_building(Eval *ev);
void ev_irb_free(Eval *ev); /* the frames an error left open */ /* a traced prim_func is open */
bool ev_irb_t_call(Eval *ev, const char *path, Value r, Args *a,
                   Value *out); /* T.* emitting while tracing */
Value ev_launch_thread(Eval *ev, Args *a);
Value ev_env_thread(Eval *ev, Args *a);

/* What one T.ptx spelling (the dotted text after "ptx." with `::` restored)
 * resolves to, worked out at its first call and kept for the rest of the
 * compile: a call of it parses nothing again.  Nothing here depends on the
 * operands, so two spellings never share one (the key is the whole text). */
typedef struct PtxSpell {
  const char *spelling; /* interned */
  PtxLookup look;       /* tirx_ptx_lookup; look.rest points into `spelling` */
  bool alu_ok;          /* look.alu and tirx_ptx_alu_parse decodes it (into alu) */
  PtxAlu alu;
  bool empty_mod;                 /* a modifier of the spelling is empty ("ld..b32") */
  int nlive;                      /* the rows (of look.rows, in order) that take every modifier */
  const PtxEntry **live;          /* written after the family (0: none does) ... */
  const char ***mods;             /* ... the slot each modifier filled, per live row ... */
  const struct PtxShape **shapes; /* ... what that says of its operands (eval_ptx.c) ... */
  const char **names;             /* ... and its name, interned (the call's name) */
} PtxSpell;
const PtxSpell *ev_ptx_spelling(Eval *ev, const char *spelling);

/* T.ptx instructions (eval_ptx.c), sp->look.nrows > 0.  With `nomatch`
 * non-NULL, a call no table entry accepts sets it and reports nothing (the
 * caller tries the value forms). */
Value ev_ptx_call(Eval *ev, const PtxSpell *sp, Args *a, Loc loc, bool *nomatch);

void ev_resolve_calls(Eval *ev); /* after the module ran (eval_call.c) */

/* module / functions (eval_stmt.c) */
void ev_block(Eval *ev, Ast **stmts, int n, int from);
Stmt *ev_body(Eval *ev, Ast **stmts, int n);
Module *ev_file(Eval *ev, AstFile *f);

Value ev_define_kernel(Eval *ev, Ast *fd); /* builds a @T.prim_func: V_FUNCREF */
/* A handle variable bound to e takes e's pointer type (a tensor map's too) */
void ev_type_bound_pointer(Eval *ev, Var *var, const Expr *e);
/* A python-level literal parsed from a -D value. */

#endif

/* Internal helpers shared by the passes in lib/Transforms (prefix xf_).
 *
 * Pass entry points (registered in passes.def) all have the type XfPassFn:
 * they rewrite the module in place, append user errors to `d` with source
 * locations, and return 0 on success or 1 when they reported an error. */
#ifndef TIRX_TRANSFORMS_XFORM_H
#define TIRX_TRANSFORMS_XFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/internal/diag.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"
#include "Support/oom.h"
#include "Support/vec.h"

typedef int (*XfPassFn)(Module *m, TirxDiag *d);

#define X(name, fn, pipeline, desc, requires, guarantees) int fn(Module *m, TirxDiag *d);
#include "passes.def"
#undef X

/* ---- errors -------------------------------------------------------------- */
void xf_error(TirxDiag *d, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- growable arrays: Support/vec.h.  XfPtrVec and xf_vec_* are the
 * passes' names for PtrVec (kept while split_host_device.c is being edited
 * on another branch; a mechanical rename can drop them). */
typedef PtrVec XfPtrVec;
#define xf_vec_push ptrvec_push
#define xf_vec_has ptrvec_has
#define xf_vec_index ptrvec_index
#define xf_vec_free ptrvec_free

/* ---- constants and dtypes ------------------------------------------------- */
Loc xf_noloc(void);
DType xf_i32(void);
DType xf_bool(void);
/* Wraps v to the bit width / signedness of t (int, uint, bool). */
int64_t xf_wrap_int(DType t, int64_t v);
/* Python floor division / modulo on int64 (b != 0). */
int64_t xf_floordiv(int64_t a, int64_t b);
int64_t xf_floormod(int64_t a, int64_t b);
/* Evaluates an integer expression made of constants, + - * // % min max
 * and integer casts; false if it is not constant (or divides by zero). */
bool xf_const_int(const Expr *e, int64_t *out);
Expr *xf_int(Module *m, DType t, int64_t v);

/* ---- structure queries ---------------------------------------------------- */
bool xf_expr_equal(const Expr *a, const Expr *b);
/* No call to a non-pure intrinsic anywhere inside. */
bool xf_expr_pure(const Expr *e);
/* Does `e` / `s` mention `v` (also through buffer shapes of buffers used)? */
bool xf_expr_uses_var(Expr *e, const Var *v);
bool xf_stmt_uses_var(Stmt *s, const Var *v);
/* Renders a small expression for messages ("n * 2", "128"); returns buf. */
char *xf_expr_str(const Expr *e, char *buf, size_t n);
/* Does s break/continue out of the loop whose body it is?  (Jumps inside
 * nested loops belong to those loops.) */
bool xf_has_own_jump(const Stmt *s);
/* Inserts flat statements (decls) after the leading node-0 attrs and
 * launches of body, i.e. at the top of the kernel proper. */
Stmt *xf_insert_decls(Module *m, Stmt *body, Stmt **decls, int n);
/* A node-0 attribute statement T.attr({key: value}) over body. */
Stmt *xf_attr(Module *m, TirxAttrKey key, Expr *value, Stmt *body, Loc loc);
bool xf_is_attr(const Stmt *s, TirxAttrKey key);
/* The ATTR_DEVICE_ENTRY ("tirx.device_entry") attribute. */
bool xf_is_device_entry(const Stmt *s);

/* ---- substitution and cloning ----------------------------------------------
 * An XfMap maps Vars to replacement expressions and Buffers to replacement
 * buffers.  xf_rewrite_* rebuild a tree with the map applied and return the
 * original node when nothing changed.  With `fresh_defs`, every variable and
 * buffer DEFINED inside the rewritten tree (loop vars, binds, lets, launch
 * vars, scope ids, allocated/declared buffers) gets a fresh copy, so the
 * result can be placed next to the original (loop unrolling). */
typedef struct XfMap {
  Module *m;
  bool fresh_defs;
  XfPtrVec vkeys, vvals; /* Var* -> Expr* */
  XfPtrVec bkeys, bvals; /* Buffer* -> Buffer* */
} XfMap;
void xf_map_init(XfMap *map, Module *m, bool fresh_defs);
void xf_map_free(XfMap *map);
void xf_map_var(XfMap *map, Var *v, Expr *to);
void xf_map_buf(XfMap *map, Buffer *b, Buffer *to);
Expr *xf_map_lookup_var(const XfMap *map, const Var *v);
Buffer *xf_map_lookup_buf(const XfMap *map, const Buffer *b);
Expr *xf_rewrite_expr(XfMap *map, Expr *e);
Stmt *xf_rewrite_stmt(XfMap *map, Stmt *s);
/* A shallow copy of `b` (new data var, same name) with shape, strides and
 * offsets rewritten by map. */
Buffer *xf_buffer_copy(XfMap *map, const Buffer *b);
Var *xf_var_copy(Module *m, const Var *v);

/* Visits every buffer reachable from s: accesses, allocations, decls,
 * regions, buffer refs, the owners of data vars. */
void xf_collect_buffers(Stmt *s, XfPtrVec *out);

#endif

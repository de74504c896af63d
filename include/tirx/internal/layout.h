/* The tile-layout algebra (lib/Layout, prefix lay_): TVM 0.27's TileLayout
 * (tvm/tirx/layout) as plain C values over constant integers, for the passes
 * (tile dispatch first).  A layout maps a logical index of a tile to a memory
 * offset and, for register tiles, to thread coordinates.
 *
 *   shard    iters it[0..n), outermost first: the logical index is split
 *            row-major over the extents; iter k contributes digit_k * stride_k
 *            to its axis (NULL: memory, else a thread axis "laneid",
 *            "warpid", "wid_in_wg", "tid_in_wg", "tx", ...)
 *   replica  rep[0..nrep): thread iters that hold copies (no logical digit)
 *   offset   a constant memory offset (and constant offsets along the tensor-memory
 *            axes TLane / TCol: `+ 16 @ TLane`)
 *   swizzle  T.ComposeLayout(per_element M, swizzle_len B, atom_len S, tile):
 *            memory offset o -> o ^ (((o >> (M + S)) & (2^B - 1)) << M)
 *
 * Values live in the module arena; functions never print: a failing one
 * returns false and writes why into a caller buffer (`why`, `nwhy`), which
 * callers turn into located diagnostics.  Only constant extents and strides
 * are modelled; a symbolic layout is a `false` with a reason. */
#ifndef TIRX_INTERNAL_LAYOUT_H
#define TIRX_INTERNAL_LAYOUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/internal/ir.h"

typedef struct LayIter {
  int64_t ext, stride;
  const char *axis; /* NULL: memory; else an interned thread-axis name */
} LayIter;

typedef struct Layout {
  LayIter *it;
  int n;
  LayIter *rep;
  int nrep;
  int64_t offset;
  int swz_m, swz_b, swz_s; /* swz_b == 0: no swizzle */
  /* offsets along tensor-memory axes (`+ 16 @ TLane`): aoff[k] on axis aoff_axis[k]
   * (interned "TLane" / "TCol"), naoff of them; lay_apply adds them to those axes' coordinates */
  int naoff;
  const char **aoff_axis;
  int64_t *aoff;
} Layout;

/* One E_LAYOUT as written, nothing folded or evaluated: the one reader of the parser's
 * layout expressions, used by the algebra here (lay_from_expr folds it to constants) and
 * by the parser's views (lib/Parse/eval_view.c keeps symbolic extents and strides).
 *   comp     the T.ComposeLayout(M, B, S, tile) around the tile, NULL: none
 *   wrapped  the tile is written T.TileLayout(...) (else a bare T.S[...] / sum)
 *   n        iters of the T.S shard, outermost first: ext[k], str[k] (NULL for every k
 *            when the shard is T.S[extents], row-major), axis[k] (the `@axis` of the
 *            stride, NULL: memory)
 *   terms    the other terms of a `+` sum as written (T.R[...] replicas, `x@axis`
 *            offsets, offset expressions), in order
 * False with a reason when l is not such a layout (no shard, a shard whose extents and
 * strides differ in number, a second shard). */
typedef struct LaySpec {
  const Expr *comp;
  bool wrapped;
  int n;
  Expr **ext, **str;
  const char **axis;
  Expr **terms;
  int nterms;
} LaySpec;
bool lay_read(Module *m, const Expr *l, LaySpec *out, char *why, size_t nwhy);
/* The iters of a T.S[...] / T.R[...] node itself (the shard reader lay_read uses). */
bool lay_read_shard(Module *m, const Expr *sl, int *n, Expr ***ext, Expr ***str, const char ***axis,
                    char *why, size_t nwhy);

/* A layout value of a buffer: its E_LAYOUT (NULL = row-major over shape).
 * T.TileLayout(T.S[...]) / bare T.S[...] (extents only = row-major) /
 * T.S[...] + T.R[...] replicas / T.ComposeLayout(M, B, S, tile). */
bool lay_from_expr(Module *m, const Expr *lay, Expr *const *shape, int ndim, Layout *out, char *why,
                   size_t nwhy);
/* lay_from_expr over b's layout (following layout_src of views). */
/* Writes a reason into why (nwhy bytes) and returns false; a reason that does not fit ends
 * in a visible " [...cut]" marker, never cut silently.  The tile stage's tile_why uses it. */
bool lay_vwhy(char *why, size_t nwhy, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

bool lay_of_buffer(Module *m, const Buffer *b, Layout *out, char *why, size_t nwhy);
/* The per-dimension strides of a strided memory layout, symbolic ones included (the one
 * reader here that does not need constants): b's explicit strides=, else b's layout
 * (following layout_src), which must be a plain T.S[(e_0, ..):(s_0, ..)] (or the same in
 * T.TileLayout) with one memory iter per dimension of b, its extents b's constant shape,
 * no offset, replica or swizzle; strides[d] = s_d as written.  False with a reason
 * otherwise (also for the default layout: callers know it is row-major).  For a global
 * tensor a TMA map describes by dims and strides. */
bool lay_dim_strides(Module *m, const Buffer *b, Expr **strides, char *why, size_t nwhy);
/* Row-major over shape. */
void lay_row_major(Module *m, const int64_t *shape, int nd, Layout *out);

/* Canonical form: extent-1 iters dropped, adjacent iters of one axis with
 * stride_outer == stride_inner * ext_inner merged.  Two layouts are the same
 * map iff their canonical forms are equal (lay_equal compares those). */
void lay_canonical(Module *m, const Layout *in, Layout *out);
bool lay_equal(Module *m, const Layout *a, const Layout *b);

/* Groups the iters by a logical shape (TVM's TileLayout.group): iters are
 * split where a dimension boundary falls inside one, so that dimension d
 * owns iters [start[d], start[d+1]).  start has nd + 1 entries. */
bool lay_group(Module *m, const Layout *in, const int64_t *shape, int nd, Layout *out, int *start,
               char *why, size_t nwhy);

/* The layout of a region lo[d] .. lo[d] + ext[d] of a tile of `shape`: a
 * layout over the region's shape `ext`.  Fixed outer digits move into the
 * offset (memory) or are an error (a thread axis: the region would belong
 * to some threads only). */
bool lay_slice(Module *m, const Layout *in, const int64_t *shape, int nd, const int64_t *lo,
               const int64_t *ext, Layout *out, char *why, size_t nwhy);

/* A layout over `to` (tnd dims) that reads `in` (a layout over `shape`, nd
 * dims) broadcast numpy-style: dims aligned from the right, a dim of extent 1
 * (or a missing leading dim) repeats along `to` as a stride-0 memory iter.
 * False with a reason when a dim is neither equal nor 1. */
bool lay_broadcast(Module *m, const Layout *in, const int64_t *shape, int nd, const int64_t *to,
                   int tnd, Layout *out, char *why, size_t nwhy);

/* The per-thread local region of a register layout: its memory iters only
 * (thread iters and replicas dropped), i.e. what TVM's `.local()` holds. */
void lay_local(Module *m, const Layout *in, Layout *out);
/* Product of the extents of the memory iters (elements one thread holds of
 * the tile) and of the thread iters on `axis` (NULL: all thread iters). */
int64_t lay_local_size(const Layout *l);
int64_t lay_thread_extent(const Layout *l, const char *axis);
/* Does the layout use thread axes (shards or replicas)? */
bool lay_has_threads(const Layout *l);
/* The span of memory: max offset + 1 over the memory iters. */
int64_t lay_span(const Layout *l);
/* Length of the innermost contiguous memory run (stride-1 iter's extent, 1 if
 * none), the vector width an emitter may use. */
int64_t lay_contig(const Layout *l);

/* The common refinement of two layouts of one logical tile: both split
 * into the same extents (outermost first), so position k of ra and rb is the
 * same logical digit; false when their splits are incompatible. */
bool lay_refine(Module *m, const Layout *a, const Layout *b, Layout *ra, Layout *rb, char *why,
                size_t nwhy);

/* Logical flat index -> memory offset (swizzle applied) and, when `thr` is
 * non-NULL, the coordinate of each thread axis summed into thr[k] for the
 * k-th name of `axes` (nax names). */
int64_t lay_apply(const Layout *l, int64_t flat, const char *const *axes, int nax, int64_t *thr);

/* "S[(32, 8):(1@laneid, 1)] + R[4:1@warpid] + 16" into buf; returns buf. */
char *lay_str(const Layout *l, char *buf, size_t n);

/* The thread-axis names TVM defines and the execution scope each one spans
 * (laneid: warp, warpid: cta, wid_in_wg/tid_in_wg: warpgroup, tx: cta). */
bool lay_axis_known(const char *axis);

#endif

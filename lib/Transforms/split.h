/* split-host-device's two halves (internal to lib/Transforms): the
 * outlining of device regions into kernels (split_host_device.c) and the
 * host launch plan (host_plan.c: host-code scan, TMA tensor-map specs,
 * symbols, parameters, SIG, kernel arguments and launch extents).  Prefix
 * shd_. */
#ifndef TIRX_TRANSFORMS_SPLIT_H
#define TIRX_TRANSFORMS_SPLIT_H

#include "Transforms/xform.h"
#include "tirx/plan.h"

/* The state of splitting one host function. */
typedef struct Split {
  Module *m;
  TirxDiag *d;
  PrimFunc *f;
  const char *sym_name; /* global symbol */
  XfPtrVec regions;     /* S_ATTR device_entry, program order */
  XfPtrVec host_decls;  /* S_DECL before the first region, and S_ALLOC of shared memory there
                           (carried into each region that uses the buffer) */
  XfPtrVec maps;        /* Var*: tensor maps bound before the first region; the index is
                           the plan's tensor-map index */
  XfPtrVec map_binds;   /* their S_BIND, parallel to maps */
  XfPtrVec map_encodes; /* S_EVAL of cuTensorMapEncodeTiled calls, program order */
  XfPtrVec map_bad;     /* Var*: maps whose encode call had an error (already reported) */
  XfPtrVec host_allocs; /* Buffer*: mutable scalars (`m = n * 2`) allocated before the first
                           region */
  XfPtrVec host_keys;   /* Buffer* (a mutable scalar, stored once) or Var* (a T.let) computed
                           before the first region ... */
  XfPtrVec host_vals;   /* ... and its value: integer arithmetic over parameters and shape
                           variables (earlier host scalars substituted) */
  int errors;
  /* plan state */
  TirxPlan *plan;
  XfPtrVec symvars; /* Var* -> symbol index = position */
} Split;

/* One kernel parameter and where the plan takes its value from. */
typedef struct KParam {
  Var *var;
  int src;   /* TirxArgSource */
  int index; /* param / symbol index */
  DType dtype;
} KParam;

/* ---- split_host_device.c ---- */
/* The param index of scalar / handle var v (-1 if none), of buffer b. */
int shd_param_of_var(const PrimFunc *f, const Var *v);
int shd_param_of_buf(const PrimFunc *f, const Buffer *b);
/* Is v a var of some param buffer's shape / strides (a symbol)? */
bool shd_is_shape_var(const PrimFunc *f, const Var *v);
/* Adds the vars s uses (also through the buffers it accesses) to out. */
void shd_vars_used(const PrimFunc *f, Stmt *s, XfPtrVec *out);

/* ---- host_plan.c ---- */
void shd_scan_host(Split *S);
/* Host scalars (S->host_keys) used in the regions replaced by their values, so each kernel
 * recomputes them from the parameters and symbols it is passed; the plan evaluates them in
 * launch extents. */
void shd_subst_host_scalars(Split *S);
void shd_plan_begin(Split *S);
void shd_plan_kernel(Split *S, int kidx, const char *kname, Stmt *body, const KParam *kp, int nkp);
void shd_plan_finish(Split *S);

#endif

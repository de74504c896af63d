/* The IR verifier (lib/Analysis/verify.c).
 *
 * Runs after parsing and after every pass, so it accepts both the authored
 * form (device entry, scope ids, N-d buffers) and lowered IR (S_LAUNCH,
 * flattened 1-D buffers, device kernels with pointer parameters, S_DECL over
 * arbitrary pointer expressions).  It checks:
 *   - every Var and Buffer is defined before use (parameters, symbolic shape
 *     vars of parameter buffers, loops, T.let, scope ids, launches, T.Let,
 *     allocations; a flat definition scopes over the rest of its block);
 *   - immutable bindings are never re-bound while in scope;
 *   - types: if/while conditions are bool, stored values have the buffer's
 *     element dtype (a multiple of its lanes for vector stores), indices are
 *     integers, operands of binary operators have one dtype;
 *   - index arity equals the buffer's rank;
 *   - break/continue only inside for/while;
 *   - at most one T.device_entry() per function, scope ids only after it,
 *     consistent scope-id extents (tirx_intrinsics.md §1.2), a thread extent
 *     when scope ids are used, at most one shared.dyn allocation per kernel.
 * Errors are appended to `d` at the offending node (`use of undefined name
 * 'x'`); the result is false when any was found. */
#ifndef TIRX_VERIFY_H
#define TIRX_VERIFY_H

#include <stdbool.h>

#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"

bool tirx_verify_module(Module *m, TirxDiag *d);
bool tirx_verify_func(const PrimFunc *f, TirxDiag *d);

#endif

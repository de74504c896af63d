/* lib/Driver internals shared by compile.c and cache.c. */
#ifndef TIRX_DRIVER_DRIVER_H
#define TIRX_DRIVER_DRIVER_H

#include "tirx/internal/codegen.h"

/* The pipeline of tirx_compile_source after parsing: out->module is the parsed module
 * (owned by out), out->ms[TIRX_STAGE_PARSE] its parse time.  Returns 0 or 1 (errors in
 * diag); out holds what was produced either way. */
int tirx_compile_parsed(const char *filename, const TirxDriverOptions *o, TirxCompiled *out,
                        TirxDiag *diag);

/* tirx_ptxas_assemble, or with ptxas -c when relocatable: a cubin that keeps
 * calls of external device functions (or has no kernel) for a later link. */
TirxStatus tirx_ptxas_assemble_mode(const char *ptx, const char *arch, int opt_level, int timeout,
                                    bool relocatable, const char *what, void **cubin, size_t *size,
                                    TirxDiag *diag);

#endif

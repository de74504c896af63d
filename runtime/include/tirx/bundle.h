/* tirx/bundle.h — the .tirxb bundle: code objects + launch plans in one file.
 *
 * A bundle is what `tirx-llc --emit=bundle` writes and what libtirxrt loads: one or more
 * code objects holding ALL kernels of a module (a cubin for one exact arch such as
 * sm_90a, and/or PTX text the driver can JIT for any arch), plus one launch plan per
 * callable entry function.  The byte format is documented in docs/bundle-format.md.
 * Writer and reader live in libtirxrt (no LLVM, no compiler) so the compiler can emit
 * bundles and a plain C program can load them.
 */
#ifndef TIRX_BUNDLE_H
#define TIRX_BUNDLE_H

#include <stddef.h>
#include <stdint.h>

#include "tirx/plan.h"
#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum TirxCodeKind {
  TIRX_CODE_CUBIN = 1,  /* ELF cubin (SASS) for exactly `arch` */
  TIRX_CODE_PTX = 2,    /* PTX text (NUL-terminated in the bundle); `arch` is its .target */
  TIRX_CODE_FATBIN = 3, /* fatbinary; `arch` names the SASS it carries */
} TirxCodeKind;

typedef struct TirxBundleCode {
  int32_t kind;  /* a TirxCodeKind */
  char arch[16]; /* "sm_90a", "sm_100a", "sm_86" (NUL-terminated) */
  size_t size;   /* bytes in data (for PTX: including the terminating NUL) */
  void *data;    /* owned */
} TirxBundleCode;

typedef struct TirxBundle {
  int32_t ncodes;
  TirxBundleCode *codes;
  int32_t nplans;
  TirxPlan **plans; /* owned */
} TirxBundle;

/* An empty bundle (NULL when out of memory). */
TirxBundle *tirx_bundle_create(void);
void tirx_bundle_destroy(TirxBundle *b);

/* Add a copy of a code object.  For PTX, a terminating NUL is added if missing.
 * Returns its index or -1 (out of memory / bad kind / arch too long). */
int tirx_bundle_add_code(TirxBundle *b, TirxCodeKind kind, const char *arch, const void *data,
                         size_t size);
/* Add a plan; the bundle TAKES OWNERSHIP (also on failure).  Returns its index or -1. */
int tirx_bundle_add_plan(TirxBundle *b, TirxPlan *plan);

/* Serialise.  Every plan is validated first.  Returns 0 and a malloc'd buffer, or -1
 * with a malloc'd message in *err (err may be NULL). */
TirxStatus tirx_bundle_write(const TirxBundle *b, void **out, size_t *size, char **err);
TirxStatus tirx_bundle_write_file(const TirxBundle *b, const char *path, char **err);

/* Parse (the input is copied; it need not outlive the call).  Malformed input — bad
 * magic, unsupported version, truncation, out-of-range indices, invalid plans — is an
 * error, never a crash.  Returns 0 and *out, or -1 with *err. */
TirxStatus tirx_bundle_read(const void *data, size_t size, TirxBundle **out, char **err);
TirxStatus tirx_bundle_read_file(const char *path, TirxBundle **out, char **err);

/* The plan named `name`, or when name is NULL the only plan / the one named "main";
 * NULL when there is no such plan (or, for name == NULL, it is ambiguous). */
const TirxPlan *tirx_bundle_find_plan(const TirxBundle *b, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_BUNDLE_H */

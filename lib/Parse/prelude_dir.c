/* Where tirx's prelude is: TVM's Python helper library (tvm.tirx.lang.pipeline,
 * tvm.tirx.lang.smem_desc, tile schedulers, ...) as our own Python source,
 * laid out by module name (prelude/tvm/tirx/lang/pipeline.py).
 *
 * The directory is, in order:
 *   1. $TIRX_PRELUDE_DIR, when set and non-empty (it must then exist);
 *   2. DIR/../share/tirx/prelude, DIR being the running executable's folder:
 *      the install layout (bin/tirx-opt, share/tirx/prelude/) and the build
 *      tree's (CMake links build/share/tirx/prelude to the source prelude/).
 * A `tvm.*` module is looked up there first (eval_module.c import_abs),
 * after the names tvm_builtin.def gives natively; the evaluator runs it
 * like any other Python module. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "Parse/eval_modules.h"

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *ev_prelude_dir(Module *m) {
  const char *env = getenv("TIRX_PRELUDE_DIR");
  if (env && env[0]) return is_dir(env) ? tirx_intern0(m, env) : NULL;
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return NULL;
  exe[n] = 0;
  char *slash = strrchr(exe, '/');
  if (!slash) return NULL;
  *slash = 0;
  const char *dir = tirx_intern_printf(m, "%s/../share/tirx/prelude", exe);
  if (!is_dir(dir)) return NULL;
  char *real = realpath(dir, NULL);
  if (real) dir = tirx_intern0(m, real);
  free(real);
  return dir;
}

/* The error for a use of a `tvm` module tirx has neither natively nor in
 * its prelude: it names the module and where the prelude was looked for. */
Value ev_prelude_missing(Eval *ev, const char *module, Loc loc) {
  const char *dir = ev_prelude_dir(ev->m);
  if (!dir)
    return ev_error(ev, loc,
                    "module '%s' is TVM's and tirx's prelude was not found (set TIRX_PRELUDE_DIR)",
                    module);
  return ev_error(ev, loc, "module '%s' is not part of tirx's prelude (%s)", module, dir);
}

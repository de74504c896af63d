/* T.nvshmem.* rows: calls of NVSHMEM's own device library, and linking it.
 *
 * Each T.nvshmem call becomes one call of the NVSHMEM device function its row in
 * nvshmem.def names (nvshmem_my_pe, nvshmemx_putmem_nbi_warp, nvshmemx_signal_op ...),
 * with the arguments converted as the row says.  String arguments (signal ops,
 * comparisons) become NVSHMEM's own constants (nvshmem_common_transport.h,
 * nvshmem_constants.h).
 *
 * cg_link_nvshmem links libnvshmem_device_sm_XX.bc (NVSHMEM's device library as LLVM
 * bitcode) into the module when some nvshmem* function is declared, before libdevice
 * and before optimisation, lazily as libdevice is: every definition is made
 * linkonce_odr, so the linker copies only what the kernels reach, and the copies are
 * internalised so that global DCE keeps only what is called.  The exceptions are the
 * `nvshmemi_*_d` constants (nvshmemi_device_state_d, nvshmemi_device_lib_version_d,
 * ...): the host library finds them in the loaded module by name
 * (nvshmemx_cumodule_init) and fills them in, so they stay external definitions.
 *
 * Where the library is: $TIRX_NVSHMEM_HOME/lib (when set, only there), else the
 * nvidia-nvshmem wheel's lib/ found through `python3 -c 'import nvidia.nvshmem'`.
 * The file: the newest libnvshmem_device_sm_<N>.bc with N <= the target's sm (else
 * libnvshmem_device.bc, as older wheels have it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Target/NVPTX/cg.h"

#define ARG(i) (e->u.call.args[(i)])

typedef struct NvshmemRow {
  const char *fn;   /* device function ("%s": the wait type) */
  char ret;         /* 'V' void, 'I' i32 */
  const char *conv; /* argument conversions (nvshmem.def) */
} NvshmemRow;

static const NvshmemRow rows[INTRIN_COUNT] = {
#define X(ID, fn, ret, conv) [ID] = {fn, ret, conv},
#include "Target/NVPTX/nvshmem.def"
#undef X
};

static bool str_is(const Expr *s, const char *lit) {
  size_t n = strlen(lit);
  return s->kind == E_STR && s->u.s.len == n && memcmp(s->u.s.p, lit, n) == 0;
}

/* A string argument's value in `tab` (NULL-terminated names, values in `vals`). */
static bool str_arg(CG *cg, const Expr *e, int i, const char *what, const char *const *names,
                    const int *vals, int *out) {
  const Expr *s = ARG(i);
  for (int k = 0; names[k]; k++)
    if (str_is(s, names[k])) {
      *out = vals[k];
      return true;
    }
  if (s->kind != E_STR)
    cg_error(cg, s->loc, "T.%s: the %s must be a string literal", e->u.call.op->name, what);
  else
    cg_error(cg, s->loc, "T.%s: unknown %s \"%.*s\"", e->u.call.op->name, what, (int)s->u.s.len,
             s->u.s.p);
  return false;
}

/* The wait type: its function-name part and whether it is 64-bit. */
static bool wait_type(CG *cg, const Expr *e, int i, const char **suffix, bool *wide) {
  static const struct {
    const char *name, *suffix;
    bool wide;
  } types[] = {
      {"uint64", "uint64", true}, {"uint64_t", "uint64", true}, {"int64", "int64", true},
      {"int64_t", "int64", true}, {"uint32", "uint32", false},  {"uint32_t", "uint32", false},
      {"int32", "int32", false},  {"int32_t", "int32", false},  {"int", "int32", false},
  };
  const Expr *s = ARG(i);
  for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
    if (str_is(s, types[k].name)) {
      *suffix = types[k].suffix;
      *wide = types[k].wide;
      return true;
    }
  cg_error(cg, s->loc,
           "T.%s: the wait type must be one of \"uint64\", \"int64\", \"uint32\", "
           "\"int32\"",
           e->u.call.op->name);
  return false;
}

static LLVMValueRef emit_nvshmem(CG *cg, Expr *e) {
  static const char *const sig_names[] = {"set", "add", NULL};
  static const int sig_vals[] = {9, 10}; /* NVSHMEM_SIGNAL_SET, NVSHMEM_SIGNAL_ADD */
  static const char *const cmp_names[] = {"eq", "ne", "gt", "le", "lt", "ge", NULL};
  static const int cmp_vals[] = {0, 1, 2, 3, 4, 5}; /* NVSHMEM_CMP_EQ .. NVSHMEM_CMP_GE */
  const NvshmemRow *r = &rows[e->u.call.op->id];
  if (!cg->uses_nvshmem) {
    cg->uses_nvshmem = true;
    cg->nvshmem_loc = e->loc;
  }
  const char *suffix = "";
  bool wide = true;
  int n = (int)strlen(r->conv);
  for (int i = 0; i < n; i++)
    if (r->conv[i] == 't' && !wait_type(cg, e, i, &suffix, &wide)) return NULL;
  LLVMValueRef args[8];
  LLVMTypeRef tys[8];
  int na = 0, iv;
  for (int i = 0; i < n && i < e->u.call.n; i++) {
    Expr *a = ARG(i);
    LLVMValueRef v;
    switch (r->conv[i]) {
    case 'p': v = cg_generic_addr(cg, a); break;
    case 'z': v = cg_coerce(cg, cg_expr(cg, a), cg->t_i64, cg_dtype_signed(a->dtype)); break;
    case 'u': v = cg_coerce(cg, cg_expr(cg, a), cg->t_i64, cg_dtype_signed(a->dtype)); break;
    case 'i': v = cg_coerce(cg, cg_expr(cg, a), cg->t_i32, cg_dtype_signed(a->dtype)); break;
    case 'v':
      v = cg_coerce(cg, cg_expr(cg, a), wide ? cg->t_i64 : cg->t_i32, cg_dtype_signed(a->dtype));
      break;
    case 'o':
      if (!str_arg(cg, e, i, "signal operation", sig_names, sig_vals, &iv)) return NULL;
      v = cg_i32(cg, iv);
      break;
    case 'c':
      if (!str_arg(cg, e, i, "comparison", cmp_names, cmp_vals, &iv)) return NULL;
      v = cg_i32(cg, iv);
      break;
    default: continue; /* 't' */
    }
    args[na] = v;
    tys[na++] = LLVMTypeOf(v);
  }
  char name[64];
  snprintf(name, sizeof name, r->fn, suffix);
  LLVMTypeRef ret = r->ret == 'I' ? cg->t_i32 : cg->t_void;
  LLVMTypeRef fty = LLVMFunctionType(ret, tys, (unsigned)na, 0);
  LLVMValueRef f = LLVMGetNamedFunction(cg->mod, name);
  if (!f) f = LLVMAddFunction(cg->mod, name, fty);
  LLVMValueRef c = LLVMBuildCall2(cg->b, fty, f, args, (unsigned)na, "");
  return r->ret == 'I' ? c : NULL;
}

CgIntrinFn cg_intrin_nvshmem(IntrinId id) {
  return id < INTRIN_COUNT && rows[id].fn ? emit_nvshmem : NULL;
}

/* ---- linking ------------------------------------------------------------------------- */

bool cg_nvshmem_host_global(const char *name, size_t len) {
  return len > 11 && memcmp(name, "nvshmemi_", 9) == 0 && memcmp(name + len - 2, "_d", 2) == 0;
}

static bool uses_nvshmem(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *n = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) && len > 7 && memcmp(n, "nvshmem", 7) == 0) return true;
  }
  return false;
}

/* The wheel's directory through python3 (the nvidia.nvshmem namespace package). */
static bool wheel_dir(char *out, size_t cap) {
  FILE *p = popen("python3 -c 'import nvidia.nvshmem as m; print(list(m.__path__)[0])' "
                  "2>/dev/null",
                  "r");
  if (!p) return false;
  bool ok = fgets(out, (int)cap, p) != NULL;
  pclose(p);
  if (!ok) return false;
  size_t l = strlen(out);
  while (l && (out[l - 1] == '\n' || out[l - 1] == '\r')) out[--l] = 0;
  return l > 0;
}

/* The newest libnvshmem_device_sm_<N>.bc in dir/lib with N <= sm, else the
 * arch-neutral libnvshmem_device.bc of older wheels; false if none. */
static bool pick_bc(const char *dir, int sm, char *out, size_t cap) {
  static const int archs[] = {100, 90, 89, 80, 75};
  for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++) {
    if (archs[i] > sm) continue;
    snprintf(out, cap, "%s/lib/libnvshmem_device_sm_%d.bc", dir, archs[i]);
    FILE *f = fopen(out, "rb");
    if (f) {
      fclose(f);
      return true;
    }
  }
  snprintf(out, cap, "%s/lib/libnvshmem_device.bc", dir);
  FILE *f = fopen(out, "rb");
  if (f) fclose(f);
  return f != NULL;
}

int cg_link_nvshmem(CG *cg) {
  if (!cg->uses_nvshmem && !uses_nvshmem(cg->mod)) return 0;
  char dir[1024], path[1200];
  const char *home = getenv("TIRX_NVSHMEM_HOME");
  bool found;
  if (home && *home) {
    snprintf(dir, sizeof dir, "%s", home);
    found = pick_bc(dir, cg->arch->sm, path, sizeof path);
  } else {
    found = wheel_dir(dir, sizeof dir) && pick_bc(dir, cg->arch->sm, path, sizeof path);
  }
  if (!found) {
    if (home && *home)
      cg_error(cg, cg->nvshmem_loc,
               "T.nvshmem.* needs NVSHMEM's device library: no "
               "lib/libnvshmem_device_sm_<N>.bc for %s under TIRX_NVSHMEM_HOME='%s'",
               cg->arch->name, home);
    else
      cg_error(cg, cg->nvshmem_loc,
               "T.nvshmem.* needs NVSHMEM's device library "
               "(libnvshmem_device_sm_<N>.bc for %s), which was not found: install the "
               "nvidia-nvshmem-cu13 wheel for python3 or set TIRX_NVSHMEM_HOME",
               cg->arch->name);
    return 1;
  }
  return cg_link_bitcode(cg, path, "NVSHMEM's device library", "");
}

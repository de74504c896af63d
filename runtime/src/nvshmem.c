/* nvshmem.c — NVSHMEM's host library, loaded with dlopen only for bundles whose kernels
 * call it (TIRX_KERNEL_NVSHMEM; tirx/runtime.h, docs/cli.md).
 *
 * Once per process: dlopen libnvshmem_host.so.3 ($TIRX_NVSHMEM_HOME/lib first, else the
 * loader's search path), then nvshmemx_hostlib_init_attr(0, NULL): NVSHMEM's default
 * bootstrap, which is one PE when no launcher set its environment (scripts/nvshmem-run.sh
 * starts one process per GPU).  Every CUmodule of such a bundle is then handed to
 * nvshmemx_cumodule_init, which fills in the module's nvshmemi_device_state_d.
 * Like the driver table (driver.c), this state is set under pthread_once and read-only
 * afterwards; the library stays loaded.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "internal.h"
#include "tirx/runtime.h"

typedef struct RtNvshmem {
  int (*hostlib_init_attr)(unsigned int, void *);
  void (*hostlib_finalize)(void);
  int (*cumodule_init)(CUmodule);
  void *(*malloc_)(size_t);
  void (*free_)(void *);
  int (*my_pe)(void);
  int (*n_pes)(void);
} RtNvshmem;

static struct {
  pthread_once_t once;
  RtNvshmem f;
  int ok;
  char msg[2048];
} g_shmem = {PTHREAD_ONCE_INIT, {0}, 0, {0}};

static void shmem_load(void) {
  char path[512];
  const char *home = getenv("TIRX_NVSHMEM_HOME");
  void *lib = NULL;
  const char *why = NULL;
  if (home && *home) {
    snprintf(path, sizeof path, "%s/lib/libnvshmem_host.so.3", home);
    lib = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  } else {
    snprintf(path, sizeof path, "libnvshmem_host.so.3");
    lib = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  }
  if (!lib) {
    why = dlerror();
    snprintf(g_shmem.msg, sizeof g_shmem.msg,
             "NVSHMEMError: this module's kernels call NVSHMEM, but %s cannot be loaded "
             "(%s); set TIRX_NVSHMEM_HOME to the NVSHMEM directory (holding "
             "lib/libnvshmem_host.so.3) or add it to LD_LIBRARY_PATH",
             path, why ? why : "dlopen failed");
    return;
  }
  struct {
    void *slot;
    const char *name;
  } syms[] = {
      {&g_shmem.f.hostlib_init_attr, "nvshmemx_hostlib_init_attr"},
      {&g_shmem.f.hostlib_finalize, "nvshmemx_hostlib_finalize"},
      {&g_shmem.f.cumodule_init, "nvshmemx_cumodule_init"},
      {&g_shmem.f.malloc_, "nvshmem_malloc"},
      {&g_shmem.f.free_, "nvshmem_free"},
      {&g_shmem.f.my_pe, "nvshmem_my_pe"},
      {&g_shmem.f.n_pes, "nvshmem_n_pes"},
  };
  for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
    void *p = dlsym(lib, syms[i].name);
    if (!p) {
      snprintf(g_shmem.msg, sizeof g_shmem.msg, "NVSHMEMError: %s lacks %s (NVSHMEM 3.x needed)",
               path, syms[i].name);
      return;
    }
    memcpy(syms[i].slot, &p, sizeof p);
  }
  /* NVSHMEM binds to the current device (the caller made its primary context current). */
  int st = g_shmem.f.hostlib_init_attr(0, NULL);
  if (st != 0) {
    snprintf(g_shmem.msg, sizeof g_shmem.msg,
             "NVSHMEMError: nvshmemx_hostlib_init_attr failed with status %d (run with "
             "NVSHMEM_DEBUG=INFO for NVSHMEM's reason)",
             st);
    return;
  }
  g_shmem.ok = 1;
}

/* Loads and initialises NVSHMEM once; 0 or -1 with the reason in *err. */
static int shmem_ready(char **err) {
  pthread_once(&g_shmem.once, shmem_load);
  if (!g_shmem.ok) return rt_errorf(err, "%s", g_shmem.msg);
  return 0;
}

int rt_nvshmem_module_init(CUmodule mod, char **err) {
  if (shmem_ready(err) != 0) return -1;
  int st = g_shmem.f.cumodule_init(mod);
  if (st != 0)
    return rt_errorf(err, "NVSHMEMError: nvshmemx_cumodule_init failed with status %d", st);
  return 0;
}

TirxStatus tirxrt_nvshmem_init(TirxrtContext *ctx, int dev, int *my_pe, int *n_pes, char **err) {
  /* NVSHMEM binds to the current device: synchronising activates dev's primary context */
  if (tirxrt_synchronize(ctx, dev, err) != 0) return -1;
  if (shmem_ready(err) != 0) return -1;
  if (my_pe) *my_pe = g_shmem.f.my_pe();
  if (n_pes) *n_pes = g_shmem.f.n_pes();
  return 0;
}

TirxStatus tirxrt_nvshmem_malloc(TirxrtContext *ctx, int dev, size_t bytes, void **dptr,
                                 char **err) {
  if (tirxrt_nvshmem_init(ctx, dev, NULL, NULL, err) != 0) return -1;
  void *q = g_shmem.f.malloc_(bytes ? bytes : 1);
  if (!q)
    return rt_errorf(err,
                     "NVSHMEMError: nvshmem_malloc(%zu bytes) failed (the symmetric "
                     "heap is NVSHMEM_SYMMETRIC_SIZE bytes)",
                     bytes);
  *dptr = q;
  return 0;
}

void tirxrt_nvshmem_free(void *dptr) {
  if (dptr && g_shmem.ok) g_shmem.f.free_(dptr);
}

void tirxrt_nvshmem_finalize(void) {
  if (g_shmem.ok) g_shmem.f.hostlib_finalize();
}

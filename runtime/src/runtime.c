/* runtime.c — contexts, modules, functions and the call path (tirx/runtime.h).
 *
 * Ownership: a context owns the retained primary contexts; a module owns its bundle,
 * its per-device CUmodules and one TirxrtFunction per plan; a function owns its
 * per-(kernel, device) slots (CUfunction, static smem, attributes already applied).
 * Lazy state (primary contexts, CUmodules, slots) is filled under a mutex and published
 * with release stores, so a call on warm state takes no lock: it reads the primary
 * context and the slot's CUfunction with acquire loads and locks only to load, fetch or
 * raise an attribute.  No lock is ever held across a launch.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "driver.h"
#include "internal.h"
#include "tirx/runtime.h"

/* Dynamic shared memory a kernel may use without opting in. */
#define RT_DEFAULT_SMEM_LIMIT 49152

struct TirxrtContext {
  const RtDriver *drv;
  int ndev;
  pthread_mutex_t mu;          /* serialises retaining primary[] */
  _Atomic(CUcontext) *primary; /* ndev; NULL until retained */
  CUdevice *devs;              /* ndev */
};

typedef struct RtSlot {
  _Atomic(CUfunction) fn;       /* NULL until fetched; published last */
  int static_smem;              /* CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES */
  _Atomic uint32_t max_dyn_set; /* the largest MAX_DYNAMIC_SHARED_SIZE_BYTES applied */
  _Atomic int nonportable_set;
} RtSlot;

struct TirxrtFunction {
  TirxrtModule *mod;
  const TirxPlan *plan; /* owned by mod->bundle */
  char *sig;
  RtSlot *slots; /* plan->nkernels * ndev, [kernel * ndev + dev] */
};

struct TirxrtModule {
  TirxrtContext *ctx;
  TirxBundle *bundle;
  pthread_mutex_t mu; /* guards mods[] and every function's slots */
  CUmodule *mods;     /* ndev; NULL until loaded */
  int32_t nfuncs;
  TirxrtFunction *funcs; /* one per plan, same order */
};

/* ---- Context ------------------------------------------------------------------------ */

TirxStatus tirxrt_context_create(TirxrtContext **out, char **err) {
  const RtDriver *d = rt_driver(err);
  if (!d) return -1;
  int n = 0;
  CUresult r = d->DeviceGetCount(&n);
  if (r != CUDA_SUCCESS) return rt_cu_fail(d, err, r, "cuDeviceGetCount");
  if (n < 1) return rt_errorf(err, "no CUDA device found");
  TirxrtContext *c = calloc(1, sizeof(*c));
  if (c) {
    c->primary = calloc((size_t)n, sizeof(*c->primary));
    c->devs = calloc((size_t)n, sizeof(*c->devs));
  }
  if (!c || !c->primary || !c->devs) {
    if (c) {
      free(c->primary);
      free(c->devs);
    }
    free(c);
    return rt_errorf(err, "out of memory");
  }
  c->drv = d;
  c->ndev = n;
  pthread_mutex_init(&c->mu, NULL);
  for (int i = 0; i < n; i++)
    if ((r = d->DeviceGet(&c->devs[i], i)) != CUDA_SUCCESS) {
      tirxrt_context_destroy(c);
      return rt_cu_fail(d, err, r, "cuDeviceGet(%d)", i);
    }
  *out = c;
  return 0;
}

void tirxrt_context_destroy(TirxrtContext *c) {
  if (!c) return;
  for (int i = 0; i < c->ndev; i++)
    if (atomic_load(&c->primary[i])) c->drv->DevicePrimaryCtxRelease(c->devs[i]);
  pthread_mutex_destroy(&c->mu);
  free(c->primary);
  free(c->devs);
  free(c);
}

/* Make dev's primary context current (retaining it on first use): the driver-API
 * equivalent of cudaSetDevice. */
static int ctx_activate(TirxrtContext *c, int dev, char **err) {
  if (dev < 0 || dev >= c->ndev)
    return rt_errorf(err, "ValueError: CUDA device %d does not exist (%d device%s)", dev, c->ndev,
                     c->ndev == 1 ? "" : "s");
  const RtDriver *d = c->drv;
  CUresult r = CUDA_SUCCESS;
  CUcontext pc = atomic_load_explicit(&c->primary[dev], memory_order_acquire);
  if (!pc) {
    pthread_mutex_lock(&c->mu);
    pc = atomic_load_explicit(&c->primary[dev], memory_order_relaxed);
    if (!pc && (r = d->DevicePrimaryCtxRetain(&pc, c->devs[dev])) == CUDA_SUCCESS)
      atomic_store_explicit(&c->primary[dev], pc, memory_order_release);
    pthread_mutex_unlock(&c->mu);
  }
  if (r != CUDA_SUCCESS)
    return rt_cu_fail(d, err, r, "CUDAError: cuDevicePrimaryCtxRetain(%d)", dev);
  CUcontext cur = NULL; /* reading the current context is cheaper than setting it */
  if (d->CtxGetCurrent(&cur) == CUDA_SUCCESS && cur == pc) return 0;
  if ((r = d->CtxSetCurrent(pc)) != CUDA_SUCCESS)
    return rt_cu_fail(d, err, r, "CUDAError: cuCtxSetCurrent(device %d)", dev);
  return 0;
}

/* The device of the current context; when none is current, device 0's primary. */
static int current_device(TirxrtContext *c, int *dev, char **err) {
  const RtDriver *d = c->drv;
  CUcontext cur = NULL;
  CUresult r = d->CtxGetCurrent(&cur);
  if (r != CUDA_SUCCESS) return rt_cu_fail(d, err, r, "CUDAError: cuCtxGetCurrent");
  if (!cur) {
    *dev = 0;
    return ctx_activate(c, 0, err);
  }
  CUdevice cd;
  if ((r = d->CtxGetDevice(&cd)) != CUDA_SUCCESS)
    return rt_cu_fail(d, err, r, "CUDAError: cuCtxGetDevice");
  for (int i = 0; i < c->ndev; i++)
    if (c->devs[i] == cd) {
      *dev = i;
      return 0;
    }
  return rt_errorf(err, "InternalError: the current CUDA context's device is unknown");
}

/* ---- Modules ------------------------------------------------------------------------ */

TirxStatus tirxrt_module_from_bundle(TirxrtContext *c, TirxBundle *b, TirxrtModule **out,
                                     char **err) {
  TirxrtModule *m = calloc(1, sizeof(*m));
  if (!m) {
    tirx_bundle_destroy(b);
    return rt_errorf(err, "out of memory");
  }
  m->ctx = c;
  m->bundle = b;
  pthread_mutex_init(&m->mu, NULL);
  m->mods = calloc((size_t)c->ndev, sizeof(*m->mods));
  m->funcs = calloc((size_t)b->nplans + 1, sizeof(*m->funcs));
  int ok = m->mods && m->funcs;
  for (int32_t i = 0; ok && i < b->nplans; i++) {
    TirxrtFunction *f = &m->funcs[i];
    f->mod = m;
    f->plan = b->plans[i];
    f->sig = tirx_plan_render_signature(f->plan);
    f->slots = calloc((size_t)f->plan->nkernels * (size_t)c->ndev, sizeof(*f->slots));
    m->nfuncs = i + 1;
    ok = f->sig && f->slots;
  }
  if (!ok) {
    tirxrt_module_unload(m);
    return rt_errorf(err, "out of memory");
  }
  *out = m;
  return 0;
}

TirxStatus tirxrt_module_load(TirxrtContext *c, const void *data, size_t size, TirxrtModule **out,
                              char **err) {
  TirxBundle *b;
  if (tirx_bundle_read(data, size, &b, err) != 0) return -1;
  return tirxrt_module_from_bundle(c, b, out, err);
}

TirxStatus tirxrt_module_load_file(TirxrtContext *c, const char *path, TirxrtModule **out,
                                   char **err) {
  TirxBundle *b;
  if (tirx_bundle_read_file(path, &b, err) != 0) return -1;
  return tirxrt_module_from_bundle(c, b, out, err);
}

void tirxrt_module_unload(TirxrtModule *m) {
  if (!m) return;
  const RtDriver *d = m->ctx->drv;
  for (int i = 0; m->mods && i < m->ctx->ndev; i++)
    if (m->mods[i] && ctx_activate(m->ctx, i, NULL) == 0)
      d->ModuleUnload(m->mods[i]); /* errors ignored: nothing useful to do */
  for (int32_t i = 0; i < m->nfuncs; i++) {
    free(m->funcs[i].sig);
    free(m->funcs[i].slots);
  }
  free(m->funcs);
  free(m->mods);
  pthread_mutex_destroy(&m->mu);
  tirx_bundle_destroy(m->bundle);
  free(m);
}

const TirxBundle *tirxrt_module_bundle(const TirxrtModule *m) { return m->bundle; }

TirxStatus tirxrt_module_get_function(TirxrtModule *m, const char *name, TirxrtFunction **out,
                                      char **err) {
  const TirxPlan *p = tirx_bundle_find_plan(m->bundle, name);
  for (int32_t i = 0; p && i < m->nfuncs; i++)
    if (m->funcs[i].plan == p) {
      *out = &m->funcs[i];
      return 0;
    }
  RtStrBuf sb;
  rt_sb_init(&sb);
  if (name) rt_sb_printf(&sb, "no function named `%s` in the bundle; it has:", name);
  else
    rt_sb_append(&sb, "the bundle has several functions and none is named `main`; pick "
                      "one of:");
  for (int32_t i = 0; i < m->bundle->nplans; i++)
    rt_sb_printf(&sb, " %s", m->bundle->plans[i]->name);
  if (m->bundle->nplans == 0) rt_sb_append(&sb, " (none)");
  if (err) *err = rt_sb_finish(&sb);
  else rt_sb_free(&sb);
  return -1;
}

const TirxPlan *tirxrt_function_plan(const TirxrtFunction *f) { return f->plan; }
const char *tirxrt_function_signature(const TirxrtFunction *f) { return f->sig; }

static const char *code_kind_name(int32_t kind) {
  return kind == TIRX_CODE_PTX ? "PTX" : kind == TIRX_CODE_FATBIN ? "fatbin" : "cubin";
}

/* The driver's answers to a cubin or fatbin it cannot run on this device, for which the
 * bundle's PTX is tried instead (module_load_device). */
static const CUresult refused_binary_codes[] = {
    CUDA_ERROR_INVALID_IMAGE,
    CUDA_ERROR_NO_BINARY_FOR_GPU,
    CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
};

static bool refused_binary(CUresult r) {
  for (size_t i = 0; i < sizeof refused_binary_codes / sizeof refused_binary_codes[0]; i++)
    if (r == refused_binary_codes[i]) return true;
  return false;
}

static const TirxBundleCode *bundle_ptx(const TirxBundle *b) {
  for (int32_t i = 0; i < b->ncodes; i++)
    if (b->codes[i].kind == TIRX_CODE_PTX) return &b->codes[i];
  return NULL;
}

/* Load the module for dev (caller holds m->mu and made dev current). */
static int module_load_device(TirxrtModule *m, int dev, char **err) {
  const RtDriver *d = m->ctx->drv;
  char arch[16];
  if (tirxrt_device_arch(dev, arch, err) != 0) return -1;
  const TirxBundleCode *pick = NULL;
  for (int32_t i = 0; i < m->bundle->ncodes && !pick; i++)
    if (m->bundle->codes[i].kind != TIRX_CODE_PTX && strcmp(m->bundle->codes[i].arch, arch) == 0)
      pick = &m->bundle->codes[i];
  for (int32_t i = 0; i < m->bundle->ncodes && !pick; i++)
    if (m->bundle->codes[i].kind == TIRX_CODE_PTX) pick = &m->bundle->codes[i];
  if (!pick) {
    RtStrBuf sb;
    rt_sb_init(&sb);
    rt_sb_printf(&sb, "CUDAError: the bundle has no code for device %d (%s): it holds", dev, arch);
    for (int32_t i = 0; i < m->bundle->ncodes; i++)
      rt_sb_printf(&sb, "%s %s %s", i ? "," : "", code_kind_name(m->bundle->codes[i].kind),
                   m->bundle->codes[i].arch);
    rt_sb_printf(&sb, " and no PTX; recompile with --mcpu=%s", arch);
    if (err) *err = rt_sb_finish(&sb);
    else rt_sb_free(&sb);
    return -1;
  }
  char log[4096] = "";
  CUjit_option opts[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[2] = {log, (void *)(uintptr_t)sizeof log};
  CUresult r = d->ModuleLoadDataEx(&m->mods[dev], pick->data, 2, opts, vals);
  const TirxBundleCode *ptx = r != CUDA_SUCCESS && refused_binary(r) ? bundle_ptx(m->bundle) : NULL;
  if (ptx && ptx != pick) {
    /* A driver older than the ptxas that made the cubin (or one that cannot run it)
     * refuses it: its PTX, JIT-compiled by the driver, still runs. */
    char buf[32];
    fprintf(stderr,
            "tirx: warning: the driver refused the %s for %s on device %d (%s); loading the "
            "bundle's PTX for the driver to compile\n",
            code_kind_name(pick->kind), pick->arch, dev, rt_cu_error_name(d, r, buf));
    pick = ptx;
    log[0] = '\0';
    r = d->ModuleLoadDataEx(&m->mods[dev], pick->data, 2, opts, vals);
  }
  if (r != CUDA_SUCCESS) {
    m->mods[dev] = NULL;
    char *sub = NULL;
    rt_cu_fail(d, &sub, r, "CUDAError: cuModuleLoadData on device %d (%s) of %s %s", dev, arch,
               code_kind_name(pick->kind), pick->arch);
    rt_errorf(err, "%s%s%s", sub ? sub : "cuModuleLoadData failed", log[0] ? "\n" : "", log);
    free(sub);
    return -1;
  }
  /* A module whose kernels call NVSHMEM gets its device state from the host library. */
  bool shmem = false;
  for (int32_t i = 0; i < m->bundle->nplans; i++)
    for (int32_t k = 0; k < m->bundle->plans[i]->nkernels; k++)
      shmem |= (m->bundle->plans[i]->kernels[k].flags & TIRX_KERNEL_NVSHMEM) != 0;
  if (shmem && rt_nvshmem_module_init(m->mods[dev], err) != 0) {
    d->ModuleUnload(m->mods[dev]);
    m->mods[dev] = NULL;
    return -1;
  }
  return 0;
}

static RtSlot *slot_at(TirxrtFunction *f, int32_t k, int dev) {
  return &f->slots[(size_t)k * (size_t)f->mod->ctx->ndev + (size_t)dev];
}

/* The slot of (kernel k, dev), fetched on first use (caller holds m->mu). */
static RtSlot *slot_get(TirxrtFunction *f, int32_t k, int dev, char **err) {
  TirxrtModule *m = f->mod;
  RtSlot *s = slot_at(f, k, dev);
  if (atomic_load_explicit(&s->fn, memory_order_relaxed)) return s;
  const RtDriver *d = m->ctx->drv;
  if (!m->mods[dev] && module_load_device(m, dev, err) != 0) return NULL;
  const char *name = f->plan->kernels[k].name;
  CUfunction fn;
  CUresult r = d->ModuleGetFunction(&fn, m->mods[dev], name);
  if (r != CUDA_SUCCESS) {
    char buf[32];
    rt_errorf(err, "CUDAError: cuModuleGetFunction %s failed with error: %s", name,
              rt_cu_error_name(d, r, buf));
    return NULL;
  }
  if (d->FuncGetAttribute(&s->static_smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn) != CUDA_SUCCESS)
    s->static_smem = 0;
  atomic_store_explicit(&s->fn, fn, memory_order_release); /* after static_smem */
  return s;
}

/* Does the launch need an attribute not applied yet?  static + dynamic > 48 KiB needs
   MAX_DYNAMIC_SHARED_SIZE_BYTES >= dynamic (raised whenever a larger size than the last
   one applied is requested); more than 8 CTAs per cluster need the non-portable flag. */
static int need_smem_optin(const RtSlot *s, const TirxrtLaunchConfig *lc) {
  return (uint64_t)s->static_smem + lc->dyn_smem > RT_DEFAULT_SMEM_LIMIT &&
         lc->dyn_smem > atomic_load_explicit(&s->max_dyn_set, memory_order_relaxed);
}

static int need_nonportable(const RtSlot *s, const TirxrtLaunchConfig *lc) {
  uint64_t cl = (uint64_t)lc->cluster[0] * lc->cluster[1] * lc->cluster[2];
  uint64_t pcl =
      (uint64_t)lc->preferred_cluster[0] * lc->preferred_cluster[1] * lc->preferred_cluster[2];
  return (cl > 8 || pcl > 8) && !atomic_load_explicit(&s->nonportable_set, memory_order_relaxed);
}

/* Apply the attributes the launch needs (caller holds m->mu). */
static int slot_prepare(const RtDriver *d, RtSlot *s, const TirxrtLaunchConfig *lc, char **err) {
  CUfunction fn = atomic_load_explicit(&s->fn, memory_order_relaxed);
  if (need_smem_optin(s, lc)) {
    CUresult r =
        d->FuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)lc->dyn_smem);
    if (r != CUDA_SUCCESS)
      return rt_cu_fail(d, err, r,
                        "InternalError: Failed to set the allowed dynamic shared memory "
                        "size to %u (static %d bytes)",
                        lc->dyn_smem, s->static_smem);
    atomic_store_explicit(&s->max_dyn_set, lc->dyn_smem, memory_order_relaxed);
  }
  if (need_nonportable(s, lc)) {
    CUresult r = d->FuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
    if (r != CUDA_SUCCESS)
      return rt_cu_fail(d, err, r,
                        "InternalError: Failed to allow non-portable CUDA "
                        "cluster size (%u, %u, %u)",
                        lc->cluster[0], lc->cluster[1], lc->cluster[2]);
    atomic_store_explicit(&s->nonportable_set, 1, memory_order_relaxed);
  }
  return 0;
}

static int is_unit(const uint32_t v[3]) { return v[0] == 1 && v[1] == 1 && v[2] == 1; }

/* Launch kernel k of f on dev; maps: the plan's encoded tensor maps (or NULL). */
static int launch_kernel(TirxrtFunction *f, int32_t k, int dev, const TirxrtArg *args,
                         const int64_t *syms, void *const *maps, CUstream stream, char **err) {
  const TirxPlan *plan = f->plan;
  const TirxPlanKernel *pk = &plan->kernels[k];
  const RtDriver *d = f->mod->ctx->drv;
  TirxrtLaunchConfig lc;
  if (tirxrt_eval_launch(plan, k, syms, &lc, err) != 0) return -1;
  /* Warm path: the function is fetched and needs no new attribute — no lock. */
  RtSlot *s = slot_at(f, k, dev);
  CUfunction fn = atomic_load_explicit(&s->fn, memory_order_acquire);
  int rc = 0;
  if (!fn || need_smem_optin(s, &lc) || need_nonportable(s, &lc)) {
    pthread_mutex_lock(&f->mod->mu);
    s = slot_get(f, k, dev, err);
    rc = s ? slot_prepare(d, s, &lc, err) : -1;
    fn = s ? atomic_load_explicit(&s->fn, memory_order_relaxed) : NULL;
    pthread_mutex_unlock(&f->mod->mu);
    if (rc != 0) return -1;
  }

  enum { SMALL = 32 };
  RtHolder small_h[SMALL];
  void *small_p[SMALL];
  RtHolder *holders = small_h;
  void **params = small_p;
  if (pk->nargs > SMALL) {
    holders = malloc(sizeof(*holders) * (size_t)pk->nargs);
    params = malloc(sizeof(*params) * (size_t)pk->nargs);
    if (!holders || !params) {
      free(holders);
      free(params);
      return rt_errorf(err, "out of memory");
    }
  }
  rc = rt_pack_kernel_args(plan, k, args, syms, maps, holders, params, err);

  CUlaunchAttribute attrs[4];
  unsigned nattr = 0;
  memset(attrs, 0, sizeof attrs);
  /* Preferred cluster dims are only accepted together with CLUSTER_DIMENSION. */
  if (!is_unit(lc.cluster) || !is_unit(lc.preferred_cluster)) {
    attrs[nattr].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attrs[nattr].value.clusterDim.x = lc.cluster[0];
    attrs[nattr].value.clusterDim.y = lc.cluster[1];
    attrs[nattr].value.clusterDim.z = lc.cluster[2];
    nattr++;
  }
  if (!is_unit(lc.preferred_cluster)) {
    attrs[nattr].id = CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION;
    attrs[nattr].value.preferredClusterDim.x = lc.preferred_cluster[0];
    attrs[nattr].value.preferredClusterDim.y = lc.preferred_cluster[1];
    attrs[nattr].value.preferredClusterDim.z = lc.preferred_cluster[2];
    nattr++;
  }
  if (pk->flags & TIRX_KERNEL_PDL) {
    attrs[nattr].id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attrs[nattr].value.programmaticStreamSerializationAllowed = 1;
    nattr++;
  }
  if (pk->flags & TIRX_KERNEL_COOPERATIVE) {
    attrs[nattr].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    attrs[nattr].value.cooperative = 1;
    nattr++;
  }
  CUlaunchConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDimX = lc.grid[0];
  cfg.gridDimY = lc.grid[1];
  cfg.gridDimZ = lc.grid[2];
  cfg.blockDimX = lc.block[0];
  cfg.blockDimY = lc.block[1];
  cfg.blockDimZ = lc.block[2];
  cfg.sharedMemBytes = lc.dyn_smem;
  cfg.hStream = stream;
  cfg.attrs = nattr ? attrs : NULL;
  cfg.numAttrs = nattr;
  if (rc == 0) {
    /* Without attributes, cuLaunchKernel: the driver's shortest path (a warm call is
       a few microseconds, and this is part of them). */
    CUresult r = nattr == 0 && d->LaunchKernel
                     ? d->LaunchKernel(fn, lc.grid[0], lc.grid[1], lc.grid[2], lc.block[0],
                                       lc.block[1], lc.block[2], lc.dyn_smem, stream, params, NULL)
                     : d->LaunchKernelEx(&cfg, fn, params, NULL);
    if (r != CUDA_SUCCESS && r != CUDA_ERROR_DEINITIALIZED) { /* shutdown: ignored */
      char buf[32];
      rc = rt_errorf(err,
                     "InternalError: CUDALaunch Error: %s\n grid=(%u,%u,%u),  "
                     "block=(%u,%u,%u)\n// func_name=%s",
                     rt_cu_error_name(d, r, buf), lc.grid[0], lc.grid[1], lc.grid[2], lc.block[0],
                     lc.block[1], lc.block[2], pk->name);
    }
  }
  if (holders != small_h) {
    free(holders);
    free(params);
  }
  return rc;
}

/* Evaluate, validate (tmap.c) and encode tensor map j of plan into *out. */
static int encode_map(const RtDriver *d, const TirxPlan *plan, int32_t j, const TirxrtArg *args,
                      const int64_t *syms, CUtensorMap *out, char **err) {
  TirxrtTensorMapArgs a;
  if (tirxrt_tensor_map_eval(plan, j, args, syms, &a, err) != 0) return -1;
  const char *name = plan->maps[j].name;
  if ((uintptr_t)out % 64 != 0) /* CUtensorMap is declared aligned: cannot happen */
    return rt_errorf(err,
                     "InternalError: tensor map %s: the host buffer %p is not 64-byte "
                     "aligned",
                     name, (void *)out);
  if (!d->TensorMapEncodeTiled)
    return rt_errorf(err,
                     "InternalError: tensor map %s: the CUDA driver has no "
                     "cuTensorMapEncodeTiled (TMA needs a CUDA 12 or newer driver)",
                     name);
  cuuint64_t dims[TIRX_TMAP_MAX_RANK], strides[TIRX_TMAP_MAX_RANK - 1];
  cuuint32_t box[TIRX_TMAP_MAX_RANK], es[TIRX_TMAP_MAX_RANK];
  for (int32_t i = 0; i < TIRX_TMAP_MAX_RANK; i++) { /* validated: all in range */
    dims[i] = (cuuint64_t)a.global_dim[i];
    box[i] = (cuuint32_t)a.box_dim[i];
    es[i] = (cuuint32_t)a.element_strides[i];
    if (i < TIRX_TMAP_MAX_RANK - 1) strides[i] = (cuuint64_t)a.global_strides[i];
  }
  CUresult r = d->TensorMapEncodeTiled(
      out, (CUtensorMapDataType)a.data_type, (cuuint32_t)a.rank,
      (void *)(uintptr_t)a.global_address, dims, strides, box, es,
      (CUtensorMapInterleave)a.interleave, (CUtensorMapSwizzle)a.swizzle,
      (CUtensorMapL2promotion)a.l2_promotion, (CUtensorMapFloatOOBfill)a.oob_fill);
  if (r == CUDA_SUCCESS) return 0;
  /* TVM dumps every parameter, then "Error in cuTensorMapEncodeTiled: <string>". */
  const char *desc = NULL;
  char buf[32];
  if (d->GetErrorString(r, &desc) != CUDA_SUCCESS || !desc) desc = rt_cu_error_name(d, r, buf);
  char *params = tirxrt_tensor_map_describe(&a);
  const TirxPlanTensorMap *m = &plan->maps[j];
  rt_errorf(err,
            "InternalError: Error in cuTensorMapEncodeTiled: %s\n  tensor map %s of %s: "
            "%s",
            desc, name, plan->params[m->param].name, params ? params : "?");
  free(params);
  return -1;
}

TirxStatus tirxrt_call(TirxrtFunction *f, const TirxrtArg *args, int nargs, void *stream,
                       char **err) {
  const TirxPlan *plan = f->plan;
  enum { SMALL = 16 };
  int64_t small[SMALL];
  int64_t *syms = plan->nsyms > SMALL ? malloc(sizeof(*syms) * (size_t)plan->nsyms) : small;
  if (!syms) return rt_errorf(err, "out of memory");
  int32_t dev = -1;
  int rc = tirxrt_check_args(plan, f->sig, args, nargs, syms, &dev, err);
  if (rc == 0) {
    if (dev >= 0) rc = ctx_activate(f->mod->ctx, dev, err);
    else rc = current_device(f->mod->ctx, &dev, err);
  }
  /* Tensor maps: encoded in host program order before the first launch; the buffers
     live until the last cuLaunchKernelEx has returned (the driver copies them). */
  enum { SMALL_MAPS = 4 };
  CUtensorMap small_maps[SMALL_MAPS];
  void *small_ptrs[SMALL_MAPS];
  CUtensorMap *maps = small_maps;
  void **map_ptrs = small_ptrs;
  if (rc == 0 && plan->nmaps > SMALL_MAPS) {
    maps = aligned_alloc(_Alignof(CUtensorMap), sizeof(*maps) * (size_t)plan->nmaps);
    map_ptrs = malloc(sizeof(*map_ptrs) * (size_t)plan->nmaps);
    if (!maps || !map_ptrs) rc = rt_errorf(err, "out of memory");
  }
  for (int32_t j = 0; rc == 0 && j < plan->nmaps; j++) {
    rc = encode_map(f->mod->ctx->drv, plan, j, args, syms, &maps[j], err);
    map_ptrs[j] = &maps[j];
  }
  for (int32_t k = 0; rc == 0 && k < plan->nkernels; k++)
    rc = launch_kernel(f, k, dev, args, syms, plan->nmaps ? map_ptrs : NULL, (CUstream)stream, err);
  if (maps != small_maps) free(maps);
  if (map_ptrs != small_ptrs) free(map_ptrs);
  if (syms != small) free(syms);
  return rc;
}

/* ---- Memory helpers ------------------------------------------------------------------- */

TirxStatus tirxrt_mem_alloc(TirxrtContext *c, int dev, size_t bytes, void **dptr, char **err) {
  if (ctx_activate(c, dev, err) != 0) return -1;
  CUdeviceptr p = 0;
  CUresult r = c->drv->MemAlloc(&p, bytes ? bytes : 1);
  if (r != CUDA_SUCCESS)
    return rt_cu_fail(c->drv, err, r, "CUDAError: cuMemAlloc(%zu bytes)", bytes);
  *dptr = (void *)(uintptr_t)p;
  return 0;
}

TirxStatus tirxrt_mem_free(TirxrtContext *c, int dev, void *dptr, char **err) {
  if (!dptr) return 0;
  if (ctx_activate(c, dev, err) != 0) return -1;
  CUresult r = c->drv->MemFree((CUdeviceptr)(uintptr_t)dptr);
  return r == CUDA_SUCCESS ? 0 : rt_cu_fail(c->drv, err, r, "CUDAError: cuMemFree");
}

TirxStatus tirxrt_memset_zero(TirxrtContext *c, int dev, void *dptr, size_t bytes, char **err) {
  if (ctx_activate(c, dev, err) != 0) return -1;
  CUresult r = c->drv->MemsetD8((CUdeviceptr)(uintptr_t)dptr, 0, bytes);
  return r == CUDA_SUCCESS ? 0 : rt_cu_fail(c->drv, err, r, "CUDAError: cuMemsetD8");
}

TirxStatus tirxrt_memcpy_htod(TirxrtContext *c, int dev, void *dst, const void *src, size_t bytes,
                              char **err) {
  if (ctx_activate(c, dev, err) != 0) return -1;
  CUresult r = c->drv->MemcpyHtoD((CUdeviceptr)(uintptr_t)dst, src, bytes);
  return r == CUDA_SUCCESS ? 0 : rt_cu_fail(c->drv, err, r, "CUDAError: cuMemcpyHtoD");
}

TirxStatus tirxrt_memcpy_dtoh(TirxrtContext *c, int dev, void *dst, const void *src, size_t bytes,
                              char **err) {
  if (ctx_activate(c, dev, err) != 0) return -1;
  CUresult r = c->drv->MemcpyDtoH(dst, (CUdeviceptr)(uintptr_t)src, bytes);
  return r == CUDA_SUCCESS ? 0 : rt_cu_fail(c->drv, err, r, "CUDAError: cuMemcpyDtoH");
}

TirxStatus tirxrt_synchronize(TirxrtContext *c, int dev, char **err) {
  if (ctx_activate(c, dev, err) != 0) return -1;
  CUresult r = c->drv->CtxSynchronize();
  return r == CUDA_SUCCESS ? 0 : rt_cu_fail(c->drv, err, r, "CUDAError: cuCtxSynchronize");
}

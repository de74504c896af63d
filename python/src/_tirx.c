/* tirx._tirx — the C half of the Python package (python/tirx/__init__.py is the other).
 *
 * Written against CPython's limited API (Py_LIMITED_API = 3.10, set by CMake), so one
 * build (_tirx.abi3.so) imports on every CPython >= 3.10.  It links the compiler
 * (libtirx: tirx_compile_with_diag, through the compile cache) and the runtime
 * (libtirxrt: bundles, launch plans, tirxrt_call).
 *
 *   _compile(cls, filename, source, arch, opt_level, defines, func, ptx_only, no_cache
 *            [, entry, include_dirs, fmad, sass_interleave_ffma])
 *       -> a `cls` (a Kernel subclass) | (rendered diagnostics, [(level, line, col, msg)])
 *       The GIL is released while compiling: threads compile at once.
 *   _load_bundle(cls, data, func) -> cls   (cls: Kernel or a subclass, else TypeError)
 *   _read_file(path) -> bytes (a regular file within TIRX_MAX_INPUT_BYTES; OSError else)
 *   device_arch() -> "sm_90a"; raises DeviceError without a device
 *   ptxas_path() -> str | None, libdevice_path() -> str | None: what the compiler runs
 *       and links (lib/Driver/ptxas.c, lib/Target/NVPTX/libdevice.c)
 *   _tool_main(name, argv) -> int: runs the command-line tool `name` (tirx-llc,
 *       tirx-opt, tirx-run: tools/common/tools.def) in this process, as its executable
 *       would run with that argv, and returns its exit status (tirx/_cli.py: the
 *       console scripts).
 *   Kernel: __call__(*args, stream=None), _stage(name) -> bytes | None, launch_plan,
 *           name, signature, arch, cache, key, compile_ms, bundle
 *   DeviceError (a RuntimeError): no CUDA driver/device, or the driver refused the code.
 *   _dlpack_c_api(flag) -> the previous setting (the torch fast path on/off; benchmarks)
 *
 * A call converts each argument without copying: objects with __dlpack__ (torch,
 * CuPy, JAX, numpy) become DLTensors, bool/int/float/None become scalars.  A plain torch
 * tensor is described by torch's DLPack exchange API (__dlpack_c_exchange_api__, torch
 * >= 2.10) straight into a DLTensor on our stack, and torch's current stream comes from
 * the same table: no capsule, no Python call (older torch: its C exporter to_dlpack and
 * _cuda_getCurrentRawStream).  The runtime checks the arguments exactly as a
 * TVM-compiled function does; its "TypeError: ..." and "ValueError: ..." messages become
 * those Python exceptions.  The launch goes on `stream` (an int CUstream, an object with
 * __cuda_stream__ or .cuda_stream), else on torch's current stream when a tensor is a
 * torch CUDA tensor, else on the legacy default stream; nothing is synchronised.  With
 * stream=S given, a CUDA tensor whose producer's current stream is not S is exported with
 * __dlpack__(stream=S), so that its producer orders its work before S (torch: an event);
 * a torch tensor whose current stream is S needs no ordering and takes the fast path.
 * The GIL is released around the launch.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/bundle.h"
#include "tirx/compile.h"
#include "tirx/diag.h"
#include "tirx/file.h"
#include "tirx/plan.h"
#include "tirx/runtime.h"
#include "tirx/target.h"

#include "common/tools.h" /* the tools' mains (tools/common/tools.def), for _tool_main */

/* DLPack 1.x's versioned capsule ("dltensor_versioned"), which the installed dlpack.h
 * (0.6) predates. */
typedef struct {
  uint32_t major, minor;
} TirxDLPackVersion;
typedef struct TirxDLManagedTensorVersioned {
  TirxDLPackVersion version;
  void *manager_ctx;
  void (*deleter)(struct TirxDLManagedTensorVersioned *self);
  uint64_t flags;
  DLTensor dl_tensor;
} TirxDLManagedTensorVersioned;

/* ---- process-wide state (the extension's, not the compiler's) -------------------------- */

static TirxrtContext *g_ctx;      /* created on the first call */
static char *g_ctx_err;           /* why it could not be */
static PyObject *g_device_error;  /* tirx.DeviceError */
static PyObject *g_str_dlpack;    /* "__dlpack__" */
static PyObject *g_torch_tensor;  /* torch.Tensor, once torch is imported */
static PyObject *g_torch_to_dlpack;  /* torch.utils.dlpack.to_dlpack (C) */
static PyObject *g_torch_raw_stream; /* torch._C._cuda_getCurrentRawStream */
static PyObject *g_torch_param;   /* torch.nn.Parameter, when torch.nn was imported */
static int g_torch_looked;        /* the torch entries were looked up */
static PyObject *g_str_cuda_stream;   /* "cuda_stream" */
/* The last stream object given as stream= whose handle came from an int .cuda_stream
 * (torch.cuda.Stream, torch.cuda.ExternalStream: the handle of such an object never
 * changes), and that handle.  The reference held keeps the object's address from naming
 * another object, so the next call with the same object skips the attribute lookup
 * (_tirx._last_stream() shows it; test/Python/call-stream-object.test). */
static PyObject *g_last_stream_obj;
static void *g_last_stream;

/* DLPack 1.2's exchange API: a table of C functions that a framework publishes on its
 * tensor type as the capsule __dlpack_c_exchange_api__ ("dlpack_exchange_api"; torch
 * from 2.10).  A warm call fills a DLTensor on our stack from a torch tensor and asks for
 * torch's current stream without a Python call, a capsule or an allocation.  Only the
 * version header, the two functions used and their places in the table are declared. */
typedef struct TirxDLPackExchangeAPI {
  TirxDLPackVersion version;
  void *prev_api;
  void *managed_tensor_allocator;
  void *managed_tensor_from_py_object_no_sync;
  void *managed_tensor_to_py_object_no_sync;
  int (*dltensor_from_py_object_no_sync)(void *py_object, DLTensor *out);
  int (*current_work_stream)(int device_type, int32_t device_id, void **out_stream);
} TirxDLPackExchangeAPI;
static const TirxDLPackExchangeAPI *g_torch_xapi; /* NULL: torch has none (older torch) */
static int g_xapi_off; /* _dlpack_c_api(False) or TIRX_NO_DLPACK_C_API: the older path */

/* ---- Kernel ------------------------------------------------------------------------ */

typedef struct {
  PyObject_HEAD
  PyObject *stages[TIRX_ART_COUNT]; /* bytes, or NULL */
  char arch[16];
  char key[65];
  int cache;
  double compile_ms;
  char *func;         /* the entry's name (malloc'd) */
  TirxBundle *bundle; /* parsed, for the plan */
  const TirxPlan *plan;
  TirxrtModule *mod;  /* loaded on the first call */
  TirxrtFunction *fn;
} Kernel;

static void kernel_dealloc(PyObject *self) {
  Kernel *k = (Kernel *)self;
  for (int i = 0; i < TIRX_ART_COUNT; i++) Py_XDECREF(k->stages[i]);
  if (k->mod) tirxrt_module_unload(k->mod);
  tirx_bundle_destroy(k->bundle);
  free(k->func);
  PyTypeObject *tp = Py_TYPE(self);
  freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  f(self);
  Py_DECREF(tp);
}

/* A runtime message "Kind: text" as the Python exception of that kind. */
static PyObject *raise_runtime(const char *msg) {
  if (!msg) msg = "tirx: unknown runtime error";
  if (!strncmp(msg, "TypeError: ", 11)) {
    PyErr_SetString(PyExc_TypeError, msg + 11);
  } else if (!strncmp(msg, "ValueError: ", 12)) {
    PyErr_SetString(PyExc_ValueError, msg + 12);
  } else if (!strncmp(msg, "CUDAError: ", 11)) {
    PyErr_SetString(g_device_error, msg);
  } else {
    PyErr_SetString(PyExc_RuntimeError, msg);
  }
  return NULL;
}

static PyObject *g_kernel_type; /* tirx._tirx.Kernel */

static Kernel *kernel_new(PyObject *cls, const void *bundle, size_t size, const char *func) {
  /* cls's tp_alloc sizes the object: anything but Kernel or a subclass of it would be
     written past its end */
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)g_kernel_type)) {
    PyErr_Format(PyExc_TypeError, "tirx: cls must be tirx._tirx.Kernel or a subclass, not %R",
                 cls);
    return NULL;
  }
  allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
  Kernel *k = (Kernel *)alloc((PyTypeObject *)cls, 0);
  if (!k) return NULL;
  char *err = NULL;
  if (tirx_bundle_read(bundle, size, &k->bundle, &err) != 0) {
    PyErr_Format(PyExc_ValueError, "tirx: not a valid bundle: %s", err ? err : "?");
    free(err);
    Py_DECREF(k);
    return NULL;
  }
  k->plan = tirx_bundle_find_plan(k->bundle, func);
  if (!k->plan) {
    PyObject *names = PyList_New(0);
    for (int i = 0; names && i < k->bundle->nplans; i++) {
      PyObject *s = PyUnicode_FromString(k->bundle->plans[i]->name);
      if (s) PyList_Append(names, s);
      Py_XDECREF(s);
    }
    if (func)
      PyErr_Format(PyExc_ValueError, "tirx: no function named '%s' (the module has %R)", func,
                   names);
    else
      PyErr_Format(PyExc_ValueError,
                   "tirx: the module has several functions %R and none is `main`: pass func=",
                   names);
    Py_XDECREF(names);
    Py_DECREF(k);
    return NULL;
  }
  k->func = strdup(k->plan->name);
  k->stages[TIRX_ART_BUNDLE] = PyBytes_FromStringAndSize(bundle, (Py_ssize_t)size);
  if (!k->func || !k->stages[TIRX_ART_BUNDLE]) {
    Py_DECREF(k);
    PyErr_NoMemory();
    return NULL;
  }
  return k;
}

/* Load the module on first use: creates the process's runtime context. */
static int kernel_ensure_loaded(Kernel *k) {
  if (k->fn) return 0;
  char *err = NULL;
  if (!g_ctx && !g_ctx_err) {
    if (tirxrt_context_create(&g_ctx, &err) != 0) {
      g_ctx = NULL;
      g_ctx_err = err ? err : strdup("no CUDA device");
      err = NULL;
    }
  }
  if (!g_ctx) {
    PyErr_Format(g_device_error, "no CUDA device available: %s", g_ctx_err);
    return -1;
  }
  PyObject *b = k->stages[TIRX_ART_BUNDLE];
  if (tirxrt_module_load(g_ctx, PyBytes_AsString(b), (size_t)PyBytes_Size(b), &k->mod, &err) !=
      0) {
    k->mod = NULL;
    PyErr_Format(g_device_error, "%s", err ? err : "cannot load the module");
    free(err);
    return -1;
  }
  if (tirxrt_module_get_function(k->mod, k->func, &k->fn, &err) != 0) {
    tirxrt_module_unload(k->mod);
    k->mod = NULL;
    k->fn = NULL;
    raise_runtime(err);
    free(err);
    return -1;
  }
  return 0;
}

static void torch_lookup(void) {
  /* Only when torch was imported by the program: never import it ourselves. */
  PyObject *mods = PyImport_GetModuleDict();
  PyObject *torch = PyDict_GetItemString(mods, "torch"); /* borrowed */
  if (!torch) return;
  g_torch_looked = 1;
  g_torch_tensor = PyObject_GetAttrString(torch, "Tensor");
  if (!g_torch_tensor) PyErr_Clear();
  PyObject *dl = PyImport_ImportModule("torch.utils.dlpack");
  if (dl) {
    g_torch_to_dlpack = PyObject_GetAttrString(dl, "to_dlpack");
    Py_DECREF(dl);
  }
  if (!g_torch_to_dlpack) PyErr_Clear();
  PyObject *c = PyObject_GetAttrString(torch, "_C");
  if (c) g_torch_raw_stream = PyObject_GetAttrString(c, "_cuda_getCurrentRawStream");
  if (!g_torch_raw_stream) PyErr_Clear();
  Py_XDECREF(c);
  PyObject *nn = PyDict_GetItemString(mods, "torch.nn.parameter"); /* borrowed */
  if (nn) g_torch_param = PyObject_GetAttrString(nn, "Parameter");
  if (!g_torch_param) PyErr_Clear();
  PyObject *api = g_torch_tensor ? PyObject_GetAttrString(g_torch_tensor,
                                                          "__dlpack_c_exchange_api__")
                                 : NULL;
  if (api && PyCapsule_IsValid(api, "dlpack_exchange_api")) {
    const TirxDLPackExchangeAPI *x = PyCapsule_GetPointer(api, "dlpack_exchange_api");
    /* major 1: the table's layout; the capsule lives on torch.Tensor for the process */
    if (x && x->version.major == 1 && x->dltensor_from_py_object_no_sync &&
        x->current_work_stream)
      g_torch_xapi = x;
    if (getenv("TIRX_NO_DLPACK_C_API")) g_xapi_off = 1;
  }
  Py_XDECREF(api);
  PyErr_Clear();
}

/* A plain torch tensor or parameter (not another subclass: those may redefine what
 * their data is), which the exchange API describes. */
static int torch_plain(PyObject *a) {
  PyObject *t = (PyObject *)Py_TYPE(a);
  return g_torch_tensor && (t == g_torch_tensor || (g_torch_param && t == g_torch_param));
}

/* s and t name the same stream: equal, or both the legacy default stream (0 is what
 * torch reports for it; CU_STREAM_LEGACY is 1). */
static int same_stream(void *s, void *t) {
  uintptr_t a = (uintptr_t)s, b = (uintptr_t)t;
  if (a == 1) a = 0;
  if (b == 1) b = 0;
  return a == b;
}

/* A CUstream from the stream= argument; 0 with *out set, -1 with an exception. */
static int parse_stream(PyObject *s, void **out) {
  PyObject *h = NULL;
  int remember = 0; /* the handle is an int .cuda_stream */
  if (s == g_last_stream_obj) { /* the same stream object as the last call */
    *out = g_last_stream;
    return 0;
  }
  if (PyLong_Check(s)) {
    h = s;
    Py_INCREF(h);
  } else {
    /* torch.cuda.Stream: .cuda_stream is a C attribute, cheaper than calling its
     * __cuda_stream__ (a Python method); both name the same handle */
    h = PyObject_GetAttr(s, g_str_cuda_stream);
    remember = h && PyLong_Check(h);
    if (!h || !PyLong_Check(h)) {
      Py_XDECREF(h);
      h = NULL;
      PyErr_Clear();
      if (PyObject_HasAttrString(s, "__cuda_stream__")) {
        PyObject *t = PyObject_CallMethod(s, "__cuda_stream__", NULL);
        if (!t) return -1;
        if (PyTuple_Check(t) && PyTuple_Size(t) == 2) {
          h = PyTuple_GetItem(t, 1);
          Py_XINCREF(h);
        }
        Py_DECREF(t);
      } else if (PyObject_HasAttrString(s, "ptr")) {
        h = PyObject_GetAttrString(s, "ptr");
      }
    }
  }
  if (!h || !PyLong_Check(h)) {
    Py_XDECREF(h);
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_TypeError,
                      "tirx: stream must be an int (a CUstream), an object with "
                      "__cuda_stream__ or .cuda_stream (torch.cuda.Stream), or None");
    return -1;
  }
  *out = (void *)(uintptr_t)PyLong_AsUnsignedLongLongMask(h);
  Py_DECREF(h);
  if (PyErr_Occurred()) return -1;
  if (remember) {
    PyObject *old = g_last_stream_obj;
    Py_INCREF(s);
    g_last_stream_obj = s;
    g_last_stream = *out;
    Py_XDECREF(old);
  }
  return 0;
}

/* 1 when obj.__dlpack_device__() names a CUDA device (kDLCUDA, kDLCUDAManaged), else 0;
 * -1 with an exception. */
static int dlpack_on_cuda(PyObject *obj) {
  PyObject *m = PyObject_GetAttrString(obj, "__dlpack_device__");
  if (!m) {
    PyErr_Clear();
    return 0;
  }
  PyObject *t = PyObject_CallNoArgs(m);
  Py_DECREF(m);
  if (!t) return -1;
  long type = -1;
  if (PyTuple_Check(t) && PyTuple_Size(t) >= 1) type = PyLong_AsLong(PyTuple_GetItem(t, 0));
  Py_DECREF(t);
  if (type == -1 && PyErr_Occurred()) return -1;
  return type == kDLCUDA || type == kDLCUDAManaged;
}

enum { SMALL_ARGS = 16 };

static PyObject *kernel_call(PyObject *self, PyObject *args, PyObject *kwargs) {
  Kernel *k = (Kernel *)self;
  PyObject *stream_obj = NULL;
  if (kwargs) {
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
      if (PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, "stream") == 0) {
        stream_obj = value;
      } else {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument %R", k->func,
                     key);
        return NULL;
      }
    }
  }
  Py_ssize_t n = PyTuple_Size(args);
  if (n > 4096) {
    PyErr_SetString(PyExc_TypeError, "tirx: too many arguments");
    return NULL;
  }
  TirxrtArg small_args[SMALL_ARGS];
  PyObject *small_caps[SMALL_ARGS];
  DLTensor small_dl[SMALL_ARGS];
  TirxrtArg *targs = small_args;
  PyObject **caps = small_caps;
  DLTensor *dls = small_dl; /* tensors described through the exchange API */
  if (n > SMALL_ARGS) {
    targs = malloc(sizeof *targs * (size_t)n);
    caps = malloc(sizeof *caps * (size_t)n);
    dls = malloc(sizeof *dls * (size_t)n);
    if (!targs || !caps || !dls) {
      free(targs);
      free(caps);
      free(dls);
      return PyErr_NoMemory();
    }
  }
  PyObject *result = NULL;
  Py_ssize_t ncaps = 0;
  int torch_dev = -1; /* a torch CUDA tensor's device */
  void *stream = NULL;
  int explicit_stream = stream_obj && stream_obj != Py_None;
  const TirxDLPackExchangeAPI *xapi = NULL; /* set once torch was looked up */
  int cur_dev = -1;    /* the device whose torch current stream is in cur_stream */
  void *cur_stream = NULL;
  if (explicit_stream && parse_stream(stream_obj, &stream) != 0) goto out;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *a = PyTuple_GetItem(args, i);
    TirxrtArg *t = &targs[i];
    if (a == Py_None) {
      t->kind = TIRXRT_ARG_NONE;
      t->v.i = 0;
    } else if (PyBool_Check(a)) {
      t->kind = TIRXRT_ARG_BOOL;
      t->v.i = a == Py_True;
    } else if (PyLong_Check(a)) {
      t->kind = TIRXRT_ARG_INT;
      t->v.i = PyLong_AsLongLong(a);
      if (t->v.i == -1 && PyErr_Occurred()) goto out;
    } else if (PyFloat_Check(a)) {
      t->kind = TIRXRT_ARG_FLOAT;
      t->v.f = PyFloat_AsDouble(a);
    } else {
      if (!g_torch_looked) torch_lookup();
      xapi = g_xapi_off ? NULL : g_torch_xapi;
      /* The warm path for torch tensors: torch fills a DLTensor here (no capsule, no
       * Python call).  Without stream= the launch follows torch's current stream; with
       * stream=S it needs no ordering when S is that stream, else the tensor takes the
       * DLPack way below, whose __dlpack__(stream=S) orders torch's work before S. */
      if (xapi && torch_plain(a)) {
        DLTensor *dl = &dls[i];
        if (xapi->dltensor_from_py_object_no_sync(a, dl) != 0) {
          if (!PyErr_Occurred())
            PyErr_Format(PyExc_TypeError, "tirx: argument #%zd: torch cannot describe "
                         "the tensor as DLPack", i);
          goto out;
        }
        int cuda = dl->device.device_type == kDLCUDA;
        int ordered = 1;
        if (cuda && explicit_stream) {
          if (cur_dev != dl->device.device_id) {
            if (xapi->current_work_stream(kDLCUDA, dl->device.device_id, &cur_stream) != 0)
              goto out;
            cur_dev = dl->device.device_id;
          }
          ordered = same_stream(stream, cur_stream);
        }
        if (ordered) {
          if (cuda && torch_dev < 0) torch_dev = dl->device.device_id;
          t->kind = TIRXRT_ARG_TENSOR;
          t->v.tensor = dl;
          continue;
        }
      }
      int is_torch = g_torch_tensor && PyObject_IsInstance(a, g_torch_tensor) == 1;
      PyObject *cap;
      /* Without stream=, torch tensors go through torch's C exporter and the launch
       * follows torch's current stream.  With stream=, every CUDA tensor is exported
       * the DLPack way, __dlpack__(stream=S), so that its producer orders its pending
       * work before S (S = 1 for the legacy default stream, as the protocol says). */
      if (is_torch && g_torch_to_dlpack && !explicit_stream)
        cap = PyObject_CallFunctionObjArgs(g_torch_to_dlpack, a, NULL);
      else {
        PyObject *m = PyObject_GetAttr(a, g_str_dlpack);
        if (!m) {
          PyErr_Clear();
          char *sig = tirx_plan_render_signature(k->plan);
          PyErr_Format(PyExc_TypeError,
                       "Mismatched type on argument #%zd when calling: `%s`, expected a "
                       "tensor (an object with __dlpack__), int, float, bool or None, got %R",
                       i, sig ? sig : k->func, (PyObject *)Py_TYPE(a));
          free(sig);
          goto out;
        }
        int on_cuda = explicit_stream ? dlpack_on_cuda(a) : 0;
        if (on_cuda < 0) {
          Py_DECREF(m);
          goto out;
        }
        if (on_cuda) {
          PyObject *kw = Py_BuildValue("{s:K}", "stream",
                                       stream ? (unsigned long long)(uintptr_t)stream : 1ULL);
          PyObject *noargs = PyTuple_New(0);
          cap = kw && noargs ? PyObject_Call(m, noargs, kw) : NULL;
          Py_XDECREF(kw);
          Py_XDECREF(noargs);
        } else {
          cap = PyObject_CallNoArgs(m);
        }
        Py_DECREF(m);
      }
      if (!cap) goto out;
      caps[ncaps++] = cap;
      DLTensor *dl = NULL;
      if (PyCapsule_IsValid(cap, "dltensor")) {
        DLManagedTensor *mt = PyCapsule_GetPointer(cap, "dltensor");
        dl = mt ? &mt->dl_tensor : NULL;
      } else if (PyCapsule_IsValid(cap, "dltensor_versioned")) {
        TirxDLManagedTensorVersioned *mt = PyCapsule_GetPointer(cap, "dltensor_versioned");
        dl = mt ? &mt->dl_tensor : NULL;
      }
      if (!dl) {
        if (!PyErr_Occurred())
          PyErr_Format(PyExc_TypeError, "tirx: argument #%zd: __dlpack__ did not return a "
                       "DLPack capsule", i);
        goto out;
      }
      if (is_torch && torch_dev < 0 && dl->device.device_type == kDLCUDA)
        torch_dev = dl->device.device_id;
      t->kind = TIRXRT_ARG_TENSOR;
      t->v.tensor = dl;
    }
  }
  if (!explicit_stream && torch_dev >= 0 && xapi) {
    if (xapi->current_work_stream(kDLCUDA, torch_dev, &stream) != 0) goto out;
  } else if (!explicit_stream && torch_dev >= 0 && g_torch_raw_stream) {
    PyObject *dev = PyLong_FromLong(torch_dev);
    PyObject *s = dev ? PyObject_CallFunctionObjArgs(g_torch_raw_stream, dev, NULL) : NULL;
    Py_XDECREF(dev);
    if (!s) goto out;
    stream = (void *)(uintptr_t)PyLong_AsUnsignedLongLongMask(s);
    Py_DECREF(s);
  }
  if (kernel_ensure_loaded(k) != 0) goto out;
  char *err = NULL;
  int rc;
  Py_BEGIN_ALLOW_THREADS
  rc = tirxrt_call(k->fn, targs, (int)n, stream, &err);
  Py_END_ALLOW_THREADS
  if (rc != 0) {
    raise_runtime(err);
    free(err);
    goto out;
  }
  result = Py_None;
  Py_INCREF(result);
out:
  for (Py_ssize_t i = 0; i < ncaps; i++) Py_DECREF(caps[i]);
  if (targs != small_args) free(targs);
  if (caps != small_caps) free(caps);
  if (dls != small_dl) free(dls);
  return result;
}

static PyObject *kernel_stage(PyObject *self, PyObject *arg) {
  Kernel *k = (Kernel *)self;
  const char *name = PyUnicode_AsUTF8AndSize(arg, NULL);
  if (!name) return NULL;
  int kind = tirx_artifact_kind(name);
  if (kind < 0) {
    PyErr_Format(PyExc_ValueError, "tirx: unknown stage '%s'", name);
    return NULL;
  }
  PyObject *s = k->stages[kind];
  if (!s && (kind == TIRX_ART_PTX || kind == TIRX_ART_CUBIN)) {
    /* a kernel loaded from a bundle: its code objects */
    int want = kind == TIRX_ART_PTX ? TIRX_CODE_PTX : TIRX_CODE_CUBIN;
    for (int i = 0; i < k->bundle->ncodes; i++) {
      const TirxBundleCode *c = &k->bundle->codes[i];
      if (c->kind != want) continue;
      size_t size = c->size;
      if (want == TIRX_CODE_PTX && size && ((const char *)c->data)[size - 1] == '\0') size--;
      return PyBytes_FromStringAndSize(c->data, (Py_ssize_t)size);
    }
  }
  if (!s) Py_RETURN_NONE;
  Py_INCREF(s);
  return s;
}

/* ---- launch_plan ------------------------------------------------------------------- */

static const char *plan_dtype(DLDataType t, char *buf) { return tirx_dl_dtype_str(t, buf); }

/* An expression as an int when it is one constant, else infix text over symbol names;
 * None when absent and dflt < 0, else dflt. */
static PyObject *plan_expr(const TirxPlan *p, const TirxPlanExpr *e, long dflt) {
  if (e->nops == 0) {
    if (dflt < 0) Py_RETURN_NONE;
    return PyLong_FromLong(dflt);
  }
  if (e->nops == 1 && e->ops[0].op == TIRX_EXPR_CONST) return PyLong_FromLongLong(e->ops[0].imm);
  PyObject *stack = PyList_New(0);
  if (!stack) return NULL;
  static const char *const ops[] = {NULL, NULL, "+", "-", "*", "//", "%", "min", "max", "ceildiv"};
  for (int i = 0; i < e->nops; i++) {
    const TirxExprOp *op = &e->ops[i];
    PyObject *item = NULL;
    if (op->op == TIRX_EXPR_CONST) {
      item = PyUnicode_FromFormat("%lld", (long long)op->imm);
    } else if (op->op == TIRX_EXPR_SYM) {
      const char *nm = op->imm >= 0 && op->imm < p->nsyms ? p->syms[op->imm].name : "?";
      item = PyUnicode_FromString(nm);
    } else if (op->op > TIRX_EXPR_SYM && op->op < TIRX_EXPR_NUM_OPCODES &&
               PyList_Size(stack) >= 2) {
      Py_ssize_t m = PyList_Size(stack);
      PyObject *a = PyList_GetItem(stack, m - 2), *b = PyList_GetItem(stack, m - 1);
      if (op->op >= TIRX_EXPR_MIN)
        item = PyUnicode_FromFormat("%s(%U, %U)", ops[op->op], a, b);
      else
        item = PyUnicode_FromFormat("(%U %s %U)", a, ops[op->op], b);
      PyList_SetSlice(stack, m - 2, m, NULL);
    } else {
      item = PyUnicode_FromString("?");
    }
    if (!item || PyList_Append(stack, item) != 0) {
      Py_XDECREF(item);
      Py_DECREF(stack);
      return NULL;
    }
    Py_DECREF(item);
  }
  PyObject *r = PyList_Size(stack) == 1 ? PyList_GetItem(stack, 0) : NULL;
  Py_XINCREF(r);
  Py_DECREF(stack);
  if (!r) r = PyUnicode_FromString("?");
  return r;
}

static int set_item(PyObject *d, const char *key, PyObject *v) {
  if (!v) return -1;
  int rc = PyDict_SetItemString(d, key, v);
  Py_DECREF(v);
  return rc;
}

static PyObject *triple(const TirxPlan *p, const TirxPlanExpr e[3]) {
  return Py_BuildValue("[NNN]", plan_expr(p, &e[0], 1), plan_expr(p, &e[1], 1),
                       plan_expr(p, &e[2], 1));
}

static PyObject *kernel_launch_plan(PyObject *self, void *closure) {
  (void)closure;
  const TirxPlan *p = ((Kernel *)self)->plan;
  char buf[32];
  PyObject *d = PyDict_New();
  if (!d) return NULL;
  char *sig = tirx_plan_render_signature(p);
  int bad = set_item(d, "name", PyUnicode_FromString(p->name)) ||
            set_item(d, "signature", PyUnicode_FromString(sig ? sig : p->name));
  free(sig);
  PyObject *params = PyList_New(0), *syms = PyList_New(0), *kernels = PyList_New(0);
  bad = bad || !params || !syms || !kernels;
  for (int i = 0; !bad && i < p->nparams; i++) {
    const TirxPlanParam *pp = &p->params[i];
    static const char *const kinds[] = {"tensor", "scalar", "handle"};
    PyObject *q = PyDict_New();
    bad = !q || set_item(q, "kind", PyUnicode_FromString(pp->kind >= 0 && pp->kind <= 2
                                                               ? kinds[pp->kind]
                                                               : "?")) ||
          set_item(q, "name", PyUnicode_FromString(pp->name));
    if (!bad && pp->kind == TIRX_PARAM_TENSOR) {
      PyObject *shape = PyList_New(0);
      for (int j = 0; shape && j < pp->ndim; j++) {
        PyObject *x = plan_expr(p, &pp->shape[j], -1);
        if (!x || PyList_Append(shape, x) != 0) bad = 1;
        Py_XDECREF(x);
      }
      bad = bad || set_item(q, "dtype", PyUnicode_FromString(plan_dtype(pp->dtype, buf))) ||
            set_item(q, "shape", shape) ||
            set_item(q, "handle", PyUnicode_FromString(pp->handle_name ? pp->handle_name
                                                                       : pp->name));
    } else if (!bad && pp->kind == TIRX_PARAM_SCALAR) {
      bad = set_item(q, "dtype", PyUnicode_FromString(plan_dtype(pp->dtype, buf)));
    }
    bad = bad || PyList_Append(params, q) != 0;
    Py_XDECREF(q);
  }
  for (int i = 0; !bad && i < p->nsyms; i++) {
    PyObject *q = Py_BuildValue("{s:s,s:s}", "name", p->syms[i].name, "dtype",
                                plan_dtype(p->syms[i].dtype, buf));
    bad = !q || PyList_Append(syms, q) != 0;
    Py_XDECREF(q);
  }
  for (int i = 0; !bad && i < p->nkernels; i++) {
    const TirxPlanKernel *kk = &p->kernels[i];
    PyObject *q = PyDict_New();
    bad = !q || set_item(q, "name", PyUnicode_FromString(kk->name)) ||
          set_item(q, "grid", triple(p, kk->launch[TIRX_LAUNCH_GRID])) ||
          set_item(q, "block", triple(p, kk->launch[TIRX_LAUNCH_BLOCK])) ||
          set_item(q, "cluster", triple(p, kk->launch[TIRX_LAUNCH_CLUSTER])) ||
          set_item(q, "dyn_smem", plan_expr(p, &kk->dyn_smem, 0)) ||
          set_item(q, "nargs", PyLong_FromLong(kk->nargs)) ||
          set_item(q, "pdl", PyBool_FromLong(kk->flags & TIRX_KERNEL_PDL)) ||
          set_item(q, "cooperative", PyBool_FromLong(kk->flags & TIRX_KERNEL_COOPERATIVE));
    bad = bad || PyList_Append(kernels, q) != 0;
    Py_XDECREF(q);
  }
  if (!bad) {
    bad = PyDict_SetItemString(d, "params", params) || PyDict_SetItemString(d, "symbols", syms) ||
          PyDict_SetItemString(d, "kernels", kernels) ||
          set_item(d, "tensor_maps", PyLong_FromLong(p->nmaps));
  }
  Py_XDECREF(params);
  Py_XDECREF(syms);
  Py_XDECREF(kernels);
  if (bad) {
    Py_DECREF(d);
    return NULL;
  }
  return d;
}

static PyObject *kernel_get_name(PyObject *self, void *c) {
  (void)c;
  return PyUnicode_FromString(((Kernel *)self)->func);
}
static PyObject *kernel_get_signature(PyObject *self, void *c) {
  (void)c;
  char *sig = tirx_plan_render_signature(((Kernel *)self)->plan);
  if (!sig) return PyErr_NoMemory();
  PyObject *r = PyUnicode_FromString(sig);
  free(sig);
  return r;
}
static PyObject *kernel_get_arch(PyObject *self, void *c) {
  (void)c;
  Kernel *k = (Kernel *)self;
  if (!k->arch[0]) {
    for (int i = 0; i < k->bundle->ncodes; i++)
      if (k->bundle->codes[i].kind == TIRX_CODE_CUBIN || !k->arch[0])
        snprintf(k->arch, sizeof k->arch, "%s", k->bundle->codes[i].arch);
  }
  return PyUnicode_FromString(k->arch);
}
static PyObject *kernel_get_cache(PyObject *self, void *c) {
  (void)c;
  static const char *const names[] = {"off", "miss", "hit"};
  int s = ((Kernel *)self)->cache;
  return PyUnicode_FromString(s >= 0 && s <= 2 ? names[s] : "off");
}
static PyObject *kernel_get_key(PyObject *self, void *c) {
  (void)c;
  Kernel *k = (Kernel *)self;
  if (!k->key[0]) Py_RETURN_NONE;
  return PyUnicode_FromString(k->key);
}
static PyObject *kernel_get_compile_ms(PyObject *self, void *c) {
  (void)c;
  return PyFloat_FromDouble(((Kernel *)self)->compile_ms);
}
static PyObject *kernel_get_bundle(PyObject *self, void *c) {
  (void)c;
  PyObject *b = ((Kernel *)self)->stages[TIRX_ART_BUNDLE];
  Py_INCREF(b);
  return b;
}

static PyGetSetDef kernel_getset[] = {
    {"launch_plan", kernel_launch_plan, NULL, "the launch plan as a dict", NULL},
    {"name", kernel_get_name, NULL, "the entry function's name", NULL},
    {"signature", kernel_get_signature, NULL, "the signature the runtime checks against", NULL},
    {"arch", kernel_get_arch, NULL, "the arch compiled for", NULL},
    {"cache", kernel_get_cache, NULL, "'hit', 'miss' or 'off': how the compile cache served it",
     NULL},
    {"cache_key", kernel_get_key, NULL, "the compile cache key (hex) or None", NULL},
    {"compile_ms", kernel_get_compile_ms, NULL, "wall time of the compile call (ms)", NULL},
    {"bundle", kernel_get_bundle, NULL, "the .tirxb bundle (bytes)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef kernel_methods[] = {
    {"_stage", kernel_stage, METH_O, "a stage's bytes or None"},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot kernel_slots[] = {
    {Py_tp_dealloc, kernel_dealloc},
    {Py_tp_call, kernel_call},
    {Py_tp_getset, kernel_getset},
    {Py_tp_methods, kernel_methods},
    {Py_tp_doc, "A compiled TIRx function: call it with tensors (__dlpack__) and scalars."},
    {0, NULL},
};

static PyType_Spec kernel_spec = {
    "tirx._tirx.Kernel", sizeof(Kernel), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    kernel_slots,
};

/* ---- module functions -------------------------------------------------------------- */

static PyObject *diag_list(const TirxDiag *d) {
  static const char *const levels[] = {"error", "warning", "note"};
  PyObject *l = PyList_New(0);
  for (int i = 0; l && i < tirx_diag_count(d); i++) {
    TirxDiagEntry e = tirx_diag_get(d, i);
    PyObject *t = Py_BuildValue("(sIIs)", levels[e.level], (unsigned)e.line, (unsigned)e.col,
                                e.msg);
    if (!t || PyList_Append(l, t) != 0) {
      Py_XDECREF(t);
      Py_DECREF(l);
      return NULL;
    }
    Py_DECREF(t);
  }
  return l;
}

/* The strings of a sequence of str, kept alive by *seq (a new reference the caller drops):
 * a calloc'd array (caller frees), or NULL with an exception. */
static const char **str_list(PyObject *obj, const char *what, PyObject **seq, Py_ssize_t *n) {
  *seq = PySequence_Fast(obj, what);
  if (!*seq) return NULL;
  *n = PySequence_Size(*seq);
  const char **out = calloc((size_t)*n + 1, sizeof *out);
  if (!out) {
    Py_CLEAR(*seq);
    PyErr_NoMemory();
    return NULL;
  }
  for (Py_ssize_t i = 0; i < *n; i++) {
    PyObject *it = PySequence_GetItem(*seq, i);
    out[i] = it && PyUnicode_Check(it) ? PyUnicode_AsUTF8AndSize(it, NULL) : NULL;
    if (it && !out[i] && !PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, what);
    Py_XDECREF(it); /* the item stays alive in *seq */
    if (!out[i]) {
      free(out);
      Py_CLEAR(*seq);
      return NULL;
    }
  }
  return out;
}

static PyObject *mod_compile(PyObject *m, PyObject *args) {
  (void)m;
  PyObject *cls, *defines, *incs = Py_None;
  const char *filename, *arch, *func, *entry = NULL;
  const char *src;
  Py_ssize_t srclen;
  int opt_level, ptx_only, no_cache, fmad = 1, sass_ffma = 0;
  if (!PyArg_ParseTuple(args, "Osy#ziOzpp|zOpi", &cls, &filename, &src, &srclen, &arch, &opt_level,
                        &defines, &func, &ptx_only, &no_cache, &entry, &incs, &fmad, &sass_ffma))
    return NULL;
  /* refused before compiling (kernel_new checks it too) */
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)g_kernel_type)) {
    PyErr_Format(PyExc_TypeError, "tirx: cls must be tirx._tirx.Kernel or a subclass, not %R",
                 cls);
    return NULL;
  }
  PyObject *seq = NULL, *iseq = NULL;
  Py_ssize_t nd = 0, ni = 0;
  const char **defs = str_list(defines, "defines must be a list of 'NAME=VALUE' strings", &seq, &nd);
  if (!defs) return NULL;
  const char **dirs = NULL;
  if (incs != Py_None) {
    dirs = str_list(incs, "include_dirs must be a list of directory paths (str)", &iseq, &ni);
    if (!dirs) {
      free(defs);
      Py_DECREF(seq);
      return NULL;
    }
  }
  TirxCompileOptions o;
  tirx_compile_options_init(&o);
  o.arch = arch;
  o.opt_level = opt_level;
  o.defines = defs;
  o.ndefines = (int)nd;
  o.func = func;
  o.ptx_only = ptx_only;
  o.no_cache = no_cache;
  o.no_fmad = !fmad;
  o.sass_interleave_ffma = sass_ffma;
  o.entry = entry;
  o.include_dirs = dirs;
  o.ninclude_dirs = (int)ni;
  TirxDiag *diag = tirx_diag_create(filename, src, (size_t)srclen);
  TirxArtifacts a;
  TirxStatus rc;
  /* The compile touches no Python object (the strings are kept alive by seq, iseq and the
     argument tuple): other threads run meanwhile, and several compiles run at once. */
  Py_BEGIN_ALLOW_THREADS
  rc = tirx_compile_with_diag(filename, src, (size_t)srclen, &o, &a, diag);
  Py_END_ALLOW_THREADS
  free(defs);
  free(dirs);
  Py_DECREF(seq);
  Py_XDECREF(iseq);
  PyObject *result = NULL;
  if (rc == TIRX_OK && !a.data[TIRX_ART_BUNDLE]) {
    tirx_diag_add(diag, TIRX_DIAG_ERROR, 0, 0,
                  "no launch plan: the module has no host function with T.device_entry()");
    rc = TIRX_ERR_COMPILE;
  }
  if (rc != TIRX_OK) {
    char *text = tirx_diag_render(diag);
    PyObject *l = diag_list(diag);
    if (l) result = Py_BuildValue("(sN)", text ? text : "compilation failed", l);
    free(text);
  } else {
    Kernel *k = kernel_new(cls, a.data[TIRX_ART_BUNDLE], a.size[TIRX_ART_BUNDLE], func);
    if (k) {
      for (int i = 0; i < TIRX_ART_COUNT; i++) {
        if (i == TIRX_ART_BUNDLE || !a.data[i]) continue;
        k->stages[i] = PyBytes_FromStringAndSize(a.data[i], (Py_ssize_t)a.size[i]);
      }
      snprintf(k->arch, sizeof k->arch, "%s", a.arch);
      memcpy(k->key, a.key, sizeof k->key);
      k->cache = a.cache;
      k->compile_ms = a.ms_total;
      /* warnings (ptxas's, the cache's) go to Python's warnings module */
      for (int i = 0; i < tirx_diag_count(diag); i++) {
        TirxDiagEntry e = tirx_diag_get(diag, i);
        if (e.level != TIRX_DIAG_WARNING) continue;
        if (PyErr_WarnFormat(PyExc_RuntimeWarning, 1, "tirx: %s", e.msg) != 0) {
          Py_CLEAR(k);
          break;
        }
      }
    }
    result = (PyObject *)k;
  }
  tirx_artifacts_free(&a);
  tirx_diag_destroy(diag);
  return result;
}

static PyObject *mod_load_bundle(PyObject *m, PyObject *args) {
  (void)m;
  PyObject *cls;
  const char *data, *func;
  Py_ssize_t size;
  if (!PyArg_ParseTuple(args, "Oy#z", &cls, &data, &size, &func)) return NULL;
  return (PyObject *)kernel_new(cls, data, (size_t)size, func);
}

/* _read_file(path) -> bytes: tirx_read_file's checks (a regular file, at most
   TIRX_MAX_INPUT_BYTES) for tirx.compile_file, compile and load_bundle; OSError else. */
static PyObject *mod_read_file(PyObject *m, PyObject *arg) {
  (void)m;
  PyObject *bytes = NULL;
  if (!PyUnicode_FSConverter(arg, &bytes)) return NULL;
  const char *path = PyBytes_AsString(bytes);
  char *data = NULL, *err = NULL;
  size_t len = 0;
  TirxStatus rc = TIRX_ERR_COMPILE;
  if (path) {
    Py_BEGIN_ALLOW_THREADS
    rc = tirx_read_file(path, &data, &len, &err);
    Py_END_ALLOW_THREADS
  }
  PyObject *r = NULL;
  if (!path) {
  } else if (rc != TIRX_OK) {
    PyErr_Format(PyExc_OSError, "tirx: %s", err ? err : "cannot read the file");
  } else {
    r = PyBytes_FromStringAndSize(data, (Py_ssize_t)len);
  }
  free(data);
  free(err);
  Py_DECREF(bytes);
  return r;
}

/* _dlpack_c_api(flag) -> the previous setting: whether torch tensors take DLPack's C
 * exchange API (True, the default where torch has it) or the older exporter path
 * (bench/python compares the two in one process). */
static PyObject *mod_dlpack_c_api(PyObject *m, PyObject *arg) {
  (void)m;
  int on = PyObject_IsTrue(arg);
  if (on < 0) return NULL;
  PyObject *prev = g_xapi_off ? Py_False : Py_True;
  Py_INCREF(prev);
  g_xapi_off = !on;
  return prev;
}

/* _last_stream(): the stream object whose handle is remembered, or None (tests). */
static PyObject *mod_last_stream(PyObject *m, PyObject *noargs) {
  (void)m;
  (void)noargs;
  PyObject *r = g_last_stream_obj ? g_last_stream_obj : Py_None;
  Py_INCREF(r);
  return r;
}

static PyObject *mod_device_arch(PyObject *m, PyObject *noargs) {
  (void)m;
  (void)noargs;
  char arch[16], *err = NULL;
  int rc;
  Py_BEGIN_ALLOW_THREADS
  rc = tirxrt_device_arch(0, arch, &err);
  Py_END_ALLOW_THREADS
  if (rc != 0) {
    PyErr_Format(g_device_error, "no CUDA device available: %s", err ? err : "?");
    free(err);
    return NULL;
  }
  return PyUnicode_FromString(arch);
}

static PyObject *mod_ptxas_path(PyObject *m, PyObject *noargs) {
  (void)m;
  (void)noargs;
  char *p = tirx_ptxas_find();
  if (!p) Py_RETURN_NONE;
  PyObject *r = PyUnicode_FromString(p);
  free(p);
  return r;
}

static PyObject *mod_libdevice_path(PyObject *m, PyObject *noargs) {
  (void)m;
  (void)noargs;
  char *p = tirx_libdevice_find();
  if (!p) Py_RETURN_NONE;
  PyObject *r = PyUnicode_FromString(p);
  free(p);
  return r;
}

typedef int (*ToolMain)(int argc, char **argv);
static const struct {
  const char *name;
  ToolMain run;
} g_tools[] = {
#define TIRX_TOOL(name, fn, cli) {name, fn},
#include "common/tools.def"
#undef TIRX_TOOL
};

static void free_argv(char **argv, Py_ssize_t n) {
  for (Py_ssize_t i = 0; i < n; i++) free(argv[i]);
  free(argv);
}

/* seq[i], a str, as a malloc'd C string (os.fsencode's bytes): 0, or -1 with an exception. */
static int copy_arg(PyObject *seq, Py_ssize_t i, char **out) {
  PyObject *item = PySequence_GetItem(seq, i);
  if (!item) return -1;
  if (!PyUnicode_Check(item)) {
    Py_DECREF(item);
    PyErr_Format(PyExc_TypeError, "tirx: argv[%zd] is not a str", i);
    return -1;
  }
  PyObject *b = PyUnicode_EncodeFSDefault(item);
  Py_DECREF(item);
  char *data = NULL;
  Py_ssize_t len = 0;
  if (!b || PyBytes_AsStringAndSize(b, &data, &len) != 0) {
    Py_XDECREF(b);
    return -1;
  }
  if (strlen(data) != (size_t)len) {
    Py_DECREF(b);
    PyErr_Format(PyExc_ValueError, "tirx: argv[%zd] holds a NUL character", i);
    return -1;
  }
  *out = malloc((size_t)len + 1);
  if (*out) memcpy(*out, data, (size_t)len + 1);
  Py_DECREF(b);
  if (!*out) PyErr_NoMemory();
  return *out ? 0 : -1;
}

/* _tool_main(name, argv): the tool's whole run in this process.  argv (a list or tuple
 * of str, argv[0] first) is encoded as os.fsencode does; the tool writes through C's
 * stdio to file descriptors 1 and 2 (the caller flushes sys.stdout first) and stdout is
 * flushed before returning (tool_exit).  The GIL is released: a run may take long. */
static PyObject *mod_tool_main(PyObject *m, PyObject *args) {
  (void)m;
  const char *name;
  PyObject *seq;
  if (!PyArg_ParseTuple(args, "sO", &name, &seq)) return NULL;
  ToolMain run = NULL;
  for (size_t i = 0; i < sizeof g_tools / sizeof g_tools[0]; i++)
    if (!strcmp(g_tools[i].name, name)) run = g_tools[i].run;
  if (!run) return PyErr_Format(PyExc_ValueError, "tirx: no tool named '%s'", name);
  if (!PyList_Check(seq) && !PyTuple_Check(seq))
    return PyErr_Format(PyExc_TypeError, "tirx: argv must be a list of str");
  Py_ssize_t n = PySequence_Size(seq);
  if (n < 1) return PyErr_Format(PyExc_ValueError, "tirx: argv needs argv[0]");
  if (n > INT32_MAX - 1) return PyErr_NoMemory();
  char **argv = calloc((size_t)n + 1, sizeof *argv);
  if (!argv) return PyErr_NoMemory();
  for (Py_ssize_t i = 0; i < n; i++) {
    if (copy_arg(seq, i, &argv[i]) != 0) {
      free_argv(argv, i);
      return NULL;
    }
  }
  int rc;
  Py_BEGIN_ALLOW_THREADS
  rc = run((int)n, argv);
  fflush(stderr);
  Py_END_ALLOW_THREADS
  free_argv(argv, n);
  return PyLong_FromLong(rc);
}

static PyObject *mod_cache_dir(PyObject *m, PyObject *noargs) {
  (void)m;
  (void)noargs;
  char *d = tirx_cache_dir(NULL);
  if (!d) Py_RETURN_NONE;
  PyObject *r = PyUnicode_FromString(d);
  free(d);
  return r;
}

static PyObject *mod_cache_clear(PyObject *m, PyObject *noargs) {
  (void)m;
  (void)noargs;
  size_t removed = 0;
  char *err = NULL;
  TirxStatus rc;
  Py_BEGIN_ALLOW_THREADS
  rc = tirx_cache_clear(NULL, &removed, &err);
  Py_END_ALLOW_THREADS
  if (rc != TIRX_OK) {
    PyErr_Format(PyExc_OSError, "tirx: cache_clear: %s", err ? err : "failed");
    free(err);
    return NULL;
  }
  return PyLong_FromSize_t(removed);
}

static PyMethodDef module_methods[] = {
    {"_compile", mod_compile, METH_VARARGS, "compile TIRx source (see python/tirx)"},
    {"_load_bundle", mod_load_bundle, METH_VARARGS, "a Kernel from .tirxb bytes"},
    {"_read_file", mod_read_file, METH_O,
     "a file's bytes: a regular file within TIRX_MAX_INPUT_BYTES, else OSError"},
    {"device_arch", mod_device_arch, METH_NOARGS, "device 0's arch (sm_90a), or DeviceError"},
    {"ptxas_path", mod_ptxas_path, METH_NOARGS, "the ptxas tirx would run, or None"},
    {"libdevice_path", mod_libdevice_path, METH_NOARGS,
     "the libdevice bitcode tirx would link, or None when it is not a file"},
    {"_tool_main", mod_tool_main, METH_VARARGS,
     "run a command-line tool (tirx-llc, tirx-opt, tirx-run) in process: its exit status"},
    {"cache_dir", mod_cache_dir, METH_NOARGS, "the compile cache's directory, or None (off)"},
    {"cache_clear", mod_cache_clear, METH_NOARGS,
     "remove every entry of the compile cache; the number removed (OSError when off)"},
    {"_last_stream", mod_last_stream, METH_NOARGS,
     "the stream= object whose handle is remembered (an int .cuda_stream), or None"},
    {"_dlpack_c_api", mod_dlpack_c_api, METH_O,
     "torch tensors through DLPack's C exchange API (True) or torch's exporter; the "
     "previous setting"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "tirx._tirx", "The C half of the tirx package.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__tirx(void); /* for -Wmissing-prototypes (strict-warnings job) */
PyMODINIT_FUNC PyInit__tirx(void) {
  PyObject *m = PyModule_Create(&module_def);
  if (!m) return NULL;
  PyObject *kt = PyType_FromSpec(&kernel_spec);
  if (!g_device_error)
    g_device_error = PyErr_NewExceptionWithDoc(
        "tirx.DeviceError",
        "No CUDA driver or device, or the driver refused the code (a RuntimeError).",
        PyExc_RuntimeError, NULL);
  if (!g_str_dlpack) g_str_dlpack = PyUnicode_InternFromString("__dlpack__");
  if (!g_str_cuda_stream) g_str_cuda_stream = PyUnicode_InternFromString("cuda_stream");
  if (!kt || !g_device_error || !g_str_dlpack || !g_str_cuda_stream) {
    Py_XDECREF(kt);
    Py_DECREF(m);
    return NULL;
  }
  Py_XDECREF(g_kernel_type);
  g_kernel_type = kt;
  Py_INCREF(kt);
  if (PyModule_AddObject(m, "Kernel", kt) != 0) {
    Py_DECREF(kt);
    Py_DECREF(m);
    return NULL;
  }
  Py_INCREF(g_device_error);
  if (PyModule_AddObject(m, "DeviceError", g_device_error) != 0) {
    Py_DECREF(g_device_error);
    Py_DECREF(m);
    return NULL;
  }
  PyModule_AddStringConstant(m, "version", TIRX_VERSION);
  PyModule_AddStringConstant(m, "default_arch", TIRX_DEFAULT_ARCH);
  return m;
}

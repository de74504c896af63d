"""Where the compiler's CUDA tools are: ptxas and libdevice (docs/python.md).

The C side looks for ptxas in $TIRX_PTXAS, then on PATH, then /usr/local/cuda/bin
(lib/Driver/ptxas.c), and for libdevice in $TIRX_LIBDEVICE, then the path CMake found
at build time (lib/Target/NVPTX/libdevice.c).  An installed wheel may run where there is
no CUDA toolkit at all: ptxas then comes from the nvidia-cuda-nvcc wheel and libdevice
from the nvidia-nvvm wheel (`pip install tirx[cuda]`).  setup(), run by `import tirx`,
sets TIRX_PTXAS / TIRX_LIBDEVICE when they are unset and the toolkit has none, so the C
lookups above find the wheels' files.  Order, for each tool:

  1. $TIRX_PTXAS / $TIRX_LIBDEVICE, kept as they are;
  2. the CUDA toolkit: ptxas on PATH, else $CUDA_HOME (or $CUDA_PATH), else
     /usr/local/cuda when neither is set; libdevice in that toolkit's nvvm/libdevice;
  3. the NVIDIA wheels in sys.path: nvidia/cu13/bin/ptxas and
     nvidia/cu13/nvvm/libdevice/libdevice.10.bc (CUDA 13's layout), or
     nvidia/cuda_nvcc/... (CUDA 12's).

Nothing is imported to find the wheels (importlib's find_spec of the `nvidia` namespace
package only lists its directories)."""

import importlib.util
import os
import shutil

_PTXAS = ("cu13/bin/ptxas", "cuda_nvcc/bin/ptxas")
_LIBDEVICE = ("cu13/nvvm/libdevice/libdevice.10.bc",
              "nvvm/libdevice/libdevice.10.bc",
              "cuda_nvcc/nvvm/libdevice/libdevice.10.bc")


def _executable(p):
    return bool(p) and os.path.isfile(p) and os.access(p, os.X_OK)


def _nvidia_dirs():
    """The directories of the `nvidia` namespace package (the NVIDIA wheels), or []."""
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    return list(spec.submodule_search_locations)


def _in_wheels(rels, check):
    for d in _nvidia_dirs():
        for rel in rels:
            p = os.path.join(d, rel)
            if check(p):
                return os.path.normpath(p)
    return None


def toolkit_root(env=None):
    """The CUDA toolkit's directory: $CUDA_HOME, $CUDA_PATH, else /usr/local/cuda."""
    env = os.environ if env is None else env
    return env.get("CUDA_HOME") or env.get("CUDA_PATH") or "/usr/local/cuda"


def find_ptxas(env=None):
    """(path, where): where is 'env', 'path', 'toolkit', 'wheel', or (None, None)."""
    env = os.environ if env is None else env
    if env.get("TIRX_PTXAS"):
        return env["TIRX_PTXAS"], "env"
    p = shutil.which("ptxas", path=env.get("PATH", ""))
    if p:
        return p, "path"
    p = os.path.join(toolkit_root(env), "bin", "ptxas")
    if _executable(p):
        return p, "toolkit"
    p = _in_wheels(_PTXAS, _executable)
    return (p, "wheel") if p else (None, None)


def find_libdevice(env=None, ptxas=None):
    """(path, where): where is 'env', 'toolkit', 'wheel', or (None, None).  A toolkit's
    libdevice is looked for next to its ptxas (<root>/bin/ptxas → <root>/nvvm/libdevice)
    and in the toolkit root."""
    env = os.environ if env is None else env
    if env.get("TIRX_LIBDEVICE"):
        return env["TIRX_LIBDEVICE"], "env"
    roots = []
    if ptxas:
        roots.append(os.path.dirname(os.path.dirname(os.path.realpath(ptxas))))
    roots.append(toolkit_root(env))
    for r in roots:
        p = os.path.join(r, "nvvm", "libdevice", "libdevice.10.bc")
        if os.path.isfile(p):
            return p, "toolkit"
    p = _in_wheels(_LIBDEVICE, os.path.isfile)
    return (p, "wheel") if p else (None, None)


def setup():
    """At import: name the wheels' ptxas / libdevice (or a $CUDA_HOME toolkit's, which
    the C lookups do not read) in TIRX_PTXAS / TIRX_LIBDEVICE when those are unset."""
    ptxas, where = find_ptxas()
    if ptxas and where in ("toolkit", "wheel"):
        os.environ["TIRX_PTXAS"] = ptxas
    lib, where = find_libdevice(ptxas=ptxas)
    if lib and where in ("toolkit", "wheel"):
        os.environ["TIRX_LIBDEVICE"] = lib

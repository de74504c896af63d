# -*- Python -*-
# lit configuration for tirx. Run it through the generated site config:
#     lit -sv build/test          (or: cmake --build build --target check-tirx)
#
# Test files: *.py (TIRx sources whose `# RUN:` lines are Python comments) and *.test.
# Helper files that are not tests go in an `Inputs/` folder.
#
# Substitutions: %tirx-opt %tirx-llc %tirx-run (build/bin), %examples (source
# examples/), %ptxas, %python, and with the cuda feature %gpu-arch (device 0's arch,
# from tirx-device-info --arch, e.g. sm_90a); FileCheck, not, count come from LLVM's
# bin dir on PATH.
# Features: ptxas, nvlink, nvdisasm (%nvdisasm), nvptxcompiler (ptxas in process), cuda (a usable CUDA device), asan (sanitized build), llvm-static,
# python-module (build/python/tirx is importable: %tirx-pythonpath), numpy, torch,
# tirx-kernels ($TIRX_KERNELS_SRC is a TIRx-kernels checkout: %tirx-kernels-src).

import os
import shutil
import subprocess
import sys

import lit.formats

config.name = "tirx"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "__pycache__"]

if not hasattr(config, "tirx_obj_root"):
    lit_config.fatal(
        "tirx: run lit on the build tree (lit -sv build/test), not on the source test/ dir"
    )

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.tirx_obj_root, "test")

# --- environment -----------------------------------------------------------
for var in (
    "HOME", "TMPDIR", "TIRX_HAVE_GPU", "TIRX_PTXAS", "CUDA_VISIBLE_DEVICES",
    "CUDA_HOME", "LD_LIBRARY_PATH", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS",
):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# The IR verifier after every lowering pass (off by default outside the sanitizer builds:
# lib/Driver/compile.c, tirx_pass_verify_each_default): on in every test, so that a pass that
# breaks the IR is caught and named.
config.environment["TIRX_VERIFY_EACH"] = "1"

# The compile cache (lib/Driver/cache.c): one fresh directory per lit run, removed at
# the end, so tests never read or write ~/.cache/tirx and every run starts cold.  Tests
# of the cache itself set TIRX_CACHE_DIR / TIRX_NO_CACHE on their own RUN lines.
import atexit
import tempfile

_cache_dir = tempfile.mkdtemp(prefix="tirx-lit-cache-")
atexit.register(shutil.rmtree, _cache_dir, True)
config.environment["TIRX_CACHE_DIR"] = _cache_dir
config.substitutions.append(("%tirx-cache-dir", _cache_dir))

path = [config.tirx_tools_dir]
if os.path.isdir(config.llvm_tools_dir):
    path.append(config.llvm_tools_dir)
path.append(config.environment.get("PATH", os.environ.get("PATH", "")))
config.environment["PATH"] = os.pathsep.join(path)

# --- substitutions ---------------------------------------------------------
for tool in ("tirx-opt", "tirx-llc", "tirx-run"):
    config.substitutions.append(("%" + tool, os.path.join(config.tirx_tools_dir, tool)))
config.substitutions.append(("%examples", os.path.join(config.tirx_src_root, "examples")))
# The build and source trees (the install test installs the build into a temporary prefix).
config.substitutions.append(("%tirx-build", config.tirx_obj_root))
config.substitutions.append(
    ("%tirx-threads-selftest", os.path.join(config.tirx_tools_dir, "tirx-threads-selftest")))
config.substitutions.append(
    ("%tirx-options-selftest", os.path.join(config.tirx_tools_dir, "tirx-options-selftest")))
config.substitutions.append(
    ("%tirx-ptxas-selftest", os.path.join(config.tirx_tools_dir, "tirx-ptxas-selftest")))
# The fuzz harnesses' replay programs (fuzz/replay_main.c).
for h in ("parse", "eval", "compile", "bundle", "npy"):
    config.substitutions.append(
        ("%tirx-fuzz-" + h, os.path.join(config.tirx_tools_dir, "tirx-fuzz-" + h)))
config.substitutions.append(("%tirx-src", config.tirx_src_root))


# %python: the interpreter; in a sanitized build (TIRX_SANITIZE=ON) with the compiler's
# ASan runtime preloaded, so that the extension (built with -fsanitize=address,undefined)
# loads into an uninstrumented python3 and the Python tests run under ASan + UBSan too.
# LSan is off for the interpreter: CPython keeps much of its memory to the end and LSan's
# suppressions match any frame of a stack, so one for CPython would hide the extension's
# leaks as well; the library's leaks are checked by the tools' tests.
def _asan_runtime():
    cc = getattr(config, "tirx_c_compiler", "") or "cc"
    for name in ("libasan.so", "libclang_rt.asan-x86_64.so", "libclang_rt.asan.so"):
        try:
            out = subprocess.run([cc, "-print-file-name=" + name], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, timeout=60).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            continue
        if os.path.isabs(out) and os.path.exists(out):
            return os.path.realpath(out)
    return None


def _python_cmd():
    if not config.tirx_sanitize:
        return sys.executable
    rt = _asan_runtime()
    if not rt:
        lit_config.warning("tirx: no ASan runtime found to preload: the Python tests run without it")
        return sys.executable
    return "env LD_PRELOAD=%s ASAN_OPTIONS=detect_leaks=0:%s %s" % (
        rt, os.environ.get("ASAN_OPTIONS", ""), sys.executable)
config.substitutions.append(("%python", _python_cmd()))
# A stand-in libcuda (test/Runtime/Inputs/fake_libcuda.c) for TIRX_LIBCUDA.
config.substitutions.append(
    ("%fake-libcuda", os.path.join(config.tirx_obj_root, "lib", "libtirx-fake-cuda.so")))


def find_ptxas():
    cand = os.environ.get("TIRX_PTXAS")
    if cand and os.access(cand, os.X_OK):
        return cand
    cand = shutil.which("ptxas")
    if cand:
        return cand
    cand = "/usr/local/cuda/bin/ptxas"
    if os.access(cand, os.X_OK):
        return cand
    return None


if os.path.exists(os.path.join(config.tirx_tools_dir, "tirx-ir-selftest")):
    config.available_features.add("ir-selftest")
if os.path.exists(os.path.join(config.tirx_tools_dir, "tirx-layout-selftest")):
    config.available_features.add("layout-selftest")

ptxas = find_ptxas()
if ptxas:
    config.available_features.add("ptxas")
config.substitutions.append(("%ptxas", ptxas or "ptxas-not-found"))
# nvlink (CUDA's device linker, beside ptxas): links relocatable cubins.
nvlink = os.path.join(os.path.dirname(ptxas), "nvlink") if ptxas else None
if nvlink and os.access(nvlink, os.X_OK):
    config.available_features.add("nvlink")
config.substitutions.append(("%nvlink", nvlink or "nvlink-not-found"))
# nvdisasm (the SASS of a cubin, for test/Driver/sass-interleave-ffma-nvdisasm.test):
# $TIRX_NVDISASM, PATH, beside ptxas, else the pip wheel nvidia-cuda-nvdisasm that
# scripts/nvdisasm-venv.sh installs into <build>/venv-disasm (CUDA 13 toolkits without it).
def find_nvdisasm():
    import glob
    cands = [os.environ.get("TIRX_NVDISASM"), shutil.which("nvdisasm"),
             os.path.join(os.path.dirname(ptxas), "nvdisasm") if ptxas else None]
    cands += sorted(glob.glob(os.path.join(config.tirx_obj_root, "venv-disasm", "lib", "python*",
                                           "site-packages", "nvidia", "cu*", "bin", "nvdisasm")))
    return next((c for c in cands if c and os.access(c, os.X_OK)), None)


nvdisasm = find_nvdisasm()
if nvdisasm:
    config.available_features.add("nvdisasm")
config.substitutions.append(("%nvdisasm", nvdisasm or "nvdisasm-not-found"))

# --- features --------------------------------------------------------------
_CUDA_PROBE = r"""
try:
    cu = ctypes.CDLL("libcuda.so.1")
except OSError:
    sys.exit(1)
n = ctypes.c_int(0)
if cu.cuInit(0) != 0 or cu.cuDeviceGetCount(ctypes.byref(n)) != 0 or n.value < 1:
    sys.exit(1)
sys.exit(0)
"""


def have_cuda_device():
    forced = os.environ.get("TIRX_HAVE_GPU")
    if forced is not None and forced != "":
        return forced not in ("0", "no", "false", "off")
    smi = shutil.which("nvidia-smi")
    if smi:
        try:
            r = subprocess.run([smi, "-L"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=30)
            if r.returncode == 0 and b"GPU" in r.stdout:
                return True
        except (OSError, subprocess.SubprocessError):
            pass
    # In a child process, so that the lit process never initialises CUDA itself.
    try:
        r = subprocess.run([sys.executable, "-c", _CUDA_PROBE],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        return r.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def gpu_arch():
    """The arch tirx compiles for on device 0 (tirx-device-info --arch), for %gpu-arch;
    TIRX_GPU_ARCH overrides it (e.g. to dry-run the GPU tests' compile steps)."""
    forced = os.environ.get("TIRX_GPU_ARCH")
    if forced:
        return forced
    tool = os.path.join(config.tirx_tools_dir, "tirx-device-info")
    try:
        r = subprocess.run([tool, "--arch"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=60)
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.decode().strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return "unknown-gpu-arch"


if have_cuda_device():
    config.available_features.add("cuda")
    config.substitutions.append(("%gpu-arch", gpu_arch()))

# The Python package in the build tree (python/CMakeLists.txt): feature python-module,
# %tirx-pythonpath for PYTHONPATH; numpy for the DLPack tests, torch where installed.
_pydir = os.path.join(config.tirx_obj_root, "python")
if os.path.exists(os.path.join(_pydir, "tirx", "_tirx.abi3.so")):
    config.available_features.add("python-module")
config.substitutions.append(("%tirx-pythonpath", _pydir))


def _python_has(mod):
    try:
        return subprocess.run([sys.executable, "-c", "import " + mod],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=120).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


for _mod in ("numpy", "torch"):
    if _python_has(_mod):
        config.available_features.add(_mod)

# NVSHMEM (T.nvshmem.*): TIRX_NVSHMEM_HOME, else the nvidia-nvshmem wheel of python3.
# The tests that need its device bitcode or host library say `REQUIRES: nvshmem`; the
# library's directory is passed on as TIRX_NVSHMEM_HOME.
def _nvshmem_home():
    import glob
    cands = []
    if os.environ.get("TIRX_NVSHMEM_HOME"):
        cands.append(os.environ["TIRX_NVSHMEM_HOME"])
    else:
        try:
            out = subprocess.run(
                ["python3", "-c", "import nvidia.nvshmem as m; print(list(m.__path__)[0])"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120, text=True)
            if out.returncode == 0 and out.stdout.strip():
                cands.append(out.stdout.strip())
        except (OSError, subprocess.SubprocessError):
            pass
    for c in cands:
        if glob.glob(os.path.join(c, "lib", "libnvshmem_device*.bc")):
            return c
    return None


_nvshmem = _nvshmem_home()
if _nvshmem:
    config.available_features.add("nvshmem")
    config.environment["TIRX_NVSHMEM_HOME"] = _nvshmem

# A checkout of mlc-ai/TIRx-kernels (the kernel library whose sources test/Corpus/Entry
# evaluates with --entry): $TIRX_KERNELS_SRC.  Feature tirx-kernels, %tirx-kernels-src.
_tk = os.environ.get("TIRX_KERNELS_SRC")
if _tk and os.path.isdir(os.path.join(_tk, "tirx_kernels")):
    config.available_features.add("tirx-kernels")
    config.substitutions.append(("%tirx-kernels-src", os.path.abspath(_tk)))

# A checkout of mlc-ai/TIRx-kernels at 51a6c01 (the kern DSL; test/CorpusKern/Entry):
# $TIRX_KERNELS_HEAD_SRC.  Feature tirx-kernels-head, %tirx-kernels-head-src.
_tkh = os.environ.get("TIRX_KERNELS_HEAD_SRC")
if _tkh and os.path.isdir(os.path.join(_tkh, "tirx_kernels", "kern")):
    config.available_features.add("tirx-kernels-head")
    config.substitutions.append(("%tirx-kernels-head-src", os.path.abspath(_tkh)))

if config.tirx_sanitize:
    config.available_features.add("asan")
    config.environment.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
# nvptxcompiler: built with TIRX_NVPTXCOMPILER_LIB (ptxas in process, lib/Driver/ptxas.c).
if getattr(config, "tirx_nvptxcompiler", False):
    config.available_features.add("nvptxcompiler")
if config.tirx_llvm_static:
    config.available_features.add("llvm-static")

lit_config.note(
    "tirx: features: %s; tools: %s" % (
        " ".join(sorted(f for f in config.available_features
                        if f in ("ptxas", "nvdisasm", "cuda", "asan", "llvm-static", "python-module",
                                 "numpy", "torch", "nvshmem", "tirx-kernels", "tirx-kernels-head"))) or "(none)",
        " ".join(t for t in ("tirx-opt", "tirx-llc", "tirx-run")
                 if os.path.exists(os.path.join(config.tirx_tools_dir, t))) or "(none built)",
    )
)

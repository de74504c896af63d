"""tirx — compile TIRx kernels (TVMScript text) and call them on DLPack tensors.

    import tirx, torch
    add = tirx.compile("examples/add.py", defines={"N": 256})
    a, b, c = (torch.rand(256, device="cuda") for _ in range(3))
    add(a, b, c)                      # on torch's current stream, no synchronisation

The compiler and the runtime are tirx's own C libraries (the `_tirx` extension, built
against CPython's limited API).  Compiles go through the on-disk compile cache shared
with tirx-llc and tirx-run (TIRX_CACHE_DIR, TIRX_NO_CACHE=1, TIRX_DUMP_DIR).  See
docs/python.md.
"""
import os
import threading
from collections import namedtuple

from . import _cuda, _tirx
from ._tirx import DeviceError, device_arch, ptxas_path, libdevice_path, cache_dir, cache_clear


def _find_prelude():
    """The compiler finds its prelude (tvm.tirx.bench, tvm.tirx.lang, ...) through
    TIRX_PRELUDE_DIR or next to the running executable, which for Python is the
    interpreter: so the package names it, unless set, from where the package is: a
    prelude/ inside it (an installed package that ships one), the build tree's
    share/tirx/prelude (build/python/tirx), or the source tree's prelude/
    (python/tirx, and the GPU machine's build-gpu-run/python/tirx)."""
    if os.environ.get("TIRX_PRELUDE_DIR"):
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in (os.path.join(here, "prelude"),
                 os.path.join(here, "..", "..", "share", "tirx", "prelude"),
                 os.path.join(here, "..", "..", "prelude")):
        if os.path.isfile(os.path.join(cand, "tvm", "tirx", "bench.py")):
            os.environ["TIRX_PRELUDE_DIR"] = os.path.normpath(cand)
            return


_find_prelude()
_cuda.setup()

__version__ = _tirx.version
__all__ = [
    "compile", "compile_file", "load_bundle", "jit", "Kernel", "JitFunction",
    "CompileError", "DeviceError", "Diagnostic", "device_arch", "ptxas_path", "libdevice_path",
    "cache_dir", "cache_clear", "T",
    "torch_op",
]

Diagnostic = namedtuple("Diagnostic", "filename line col level message")
Diagnostic.__doc__ = "One located diagnostic: line and col are 1-based (0: no location)."


class CompileError(Exception):
    """The source does not compile.  str() is the compiler's report (file:line:col:
    error: message, the source line and a caret); .diagnostics the entries."""

    def __init__(self, text, diagnostics):
        super().__init__(text.rstrip("\n"))
        self.text = text
        self.diagnostics = diagnostics

    def __str__(self):
        return self.text.rstrip("\n")


_TEXT_STAGES = ("tirx", "lowered", "llvm", "llvm-opt", "ptx")
_BINARY_STAGES = ("cubin", "bundle")


class Kernel(_tirx.Kernel):
    """A compiled function: kernel(*args, stream=None).

    Tensors are objects with __dlpack__ (torch, CuPy, JAX, numpy), passed without a
    copy; scalars are Python bool/int/float.  The runtime checks the arguments as a
    TVM-compiled function does (TypeError/ValueError with its messages).  The launch
    goes on `stream` (an int CUstream, torch.cuda.Stream, anything with
    __cuda_stream__), by default on torch's current stream for torch tensors, and is
    not synchronised."""

    __slots__ = ()

    def inspect(self, stage="ptx"):
        """A stage of the compile: "tirx" (parsed), "lowered" (after the passes),
        "llvm", "llvm-opt", "ptx" as text; "cubin", "bundle" as bytes; "sass" (text,
        needs nvdisasm or cuobjdump on PATH or in /usr/local/cuda/bin)."""
        if stage == "sass":
            return _sass(self._need("cubin"))
        if stage not in _TEXT_STAGES and stage not in _BINARY_STAGES:
            raise ValueError("unknown stage %r (one of %s, sass)"
                             % (stage, ", ".join(_TEXT_STAGES + _BINARY_STAGES)))
        data = self._need(stage)
        return data.decode() if stage in _TEXT_STAGES else data

    def _need(self, stage):
        data = self._stage(stage)
        if data is None:
            why = ("the kernel was loaded from a bundle" if self.cache_key is None and
                   stage not in ("ptx", "cubin") else
                   "ptxas did not run (none was found; the PTX is JIT-compiled by the driver)"
                   if stage == "cubin" else "this compile did not produce it")
            raise ValueError("no %r stage: %s" % (stage, why))
        return data

    def save_bundle(self, path):
        """Write the .tirxb bundle (code + launch plans) for tirx.load_bundle,
        tirx-run or libtirxrt."""
        with open(os.fspath(path), "wb") as f:
            f.write(self.bundle)

    def __repr__(self):
        return "<tirx.Kernel %s for %s>" % (self.signature, self.arch)

    def torch_op(self, name, *, mutates_args, device_types="cuda"):
        """tirx.torch_op(self, name, mutates_args=...): this kernel as a torch custom
        operator, which torch.compile traces without a graph break."""
        return torch_op(self, name, mutates_args=mutates_args, device_types=device_types)


def _find_tool(name):
    import shutil
    p = shutil.which(name)
    if p:
        return p
    p = os.path.join("/usr/local/cuda/bin", name)
    return p if os.access(p, os.X_OK) else None


def _sass(cubin):
    import subprocess
    import tempfile
    for tool, args in (("nvdisasm", []), ("cuobjdump", ["-sass"])):
        exe = _find_tool(tool)
        if not exe:
            continue
        with tempfile.TemporaryDirectory(prefix="tirx-sass-") as d:
            path = os.path.join(d, "kernel.cubin")
            with open(path, "wb") as f:
                f.write(cubin)
            r = subprocess.run([exe] + args + [path], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
            if r.returncode == 0:
                return r.stdout.decode(errors="replace")
            raise RuntimeError("%s failed: %s" % (tool, r.stderr.decode(errors="replace")))
    raise RuntimeError("inspect('sass') needs nvdisasm or cuobjdump (the CUDA toolkit)")


_arch_lock = threading.Lock()
_detected_arch = []


def _target_arch(target):
    """target "cuda": device 0's arch, or sm_100a (compile only) without a device;
    "sm_90a" and friends as given."""
    if target is None or target == "cuda":
        with _arch_lock:
            if not _detected_arch:
                try:
                    _detected_arch.append(device_arch())
                except DeviceError:
                    _detected_arch.append(_tirx.default_arch)
            return _detected_arch[0]
    if isinstance(target, str) and target.startswith("sm_"):
        return target
    raise ValueError("target must be 'cuda' or an arch such as 'sm_90a', not %r" % (target,))


def _define_list(defines):
    if not defines:
        return []
    if isinstance(defines, dict):
        items = defines.items()
    else:
        items = (d.split("=", 1) if isinstance(d, str) else d for d in defines)
    out = []
    for name, value in items:
        if isinstance(value, bool):
            value = "True" if value else "False"
        out.append("%s=%s" % (name, value))
    return out


def _read_source(src_or_path):
    """(filename, text) for a path (str or os.PathLike naming a file) or source text."""
    if isinstance(src_or_path, bytes):
        return "<string>", src_or_path
    if isinstance(src_or_path, os.PathLike) or (
            isinstance(src_or_path, str) and "\n" not in src_or_path and
            os.path.isfile(src_or_path)):
        path = os.fspath(src_or_path)
        return path, _tirx._read_file(path)
    if not isinstance(src_or_path, str):
        raise TypeError("expected TIRx source text or a path, not %s"
                        % type(src_or_path).__name__)
    if "\n" not in src_or_path and src_or_path.endswith(".py"):
        raise FileNotFoundError(src_or_path)
    return "<string>", src_or_path.encode()


def _include_list(include_dirs):
    if include_dirs is None:
        return None
    if isinstance(include_dirs, (str, bytes, os.PathLike)):
        include_dirs = [include_dirs]
    return [os.fsdecode(os.fspath(d)) for d in include_dirs]


def _compile_text(filename, text, target, defines, opt_level, func, cache, entry=None,
                  include_dirs=None, fmad=True, sass_interleave_ffma=0):
    arch = _target_arch(target)
    ptx_only = ptxas_path() is None
    if entry is not None and not isinstance(entry, str):
        raise TypeError("entry must be a Python expression (str), such as "
                        "'get_kernel(hidden_size=128)', not %s" % type(entry).__name__)
    r = _tirx._compile(Kernel, filename, text, arch, int(opt_level), _define_list(defines),
                       func, ptx_only, not cache, entry, _include_list(include_dirs),
                       bool(fmad), -1 if sass_interleave_ffma == "none" else
                       int(sass_interleave_ffma))
    if isinstance(r, tuple):
        rendered, items = r
        raise CompileError(rendered, [Diagnostic(filename, line, col, level, msg)
                                      for level, line, col, msg in items])
    return r


def compile(src_or_path, *, target="cuda", defines=None, opt_level=3, func=None, cache=True,
            entry=None, include_dirs=None, fmad=True, sass_interleave_ffma=0):
    """Compile TIRx source text, or the file at a path, into a Kernel.

    target: "cuda" (device 0's arch; sm_100a, compile only, without a device) or an
    arch ("sm_90a").  defines: T.constexpr / module constants ({"N": 256}).  func: the
    entry function (default: the only one, or `main`).  cache=False bypasses the compile
    cache.  entry: a Python expression evaluated after the module ran, whose PrimFunc is
    compiled (tirx-llc's --entry: "get_kernel(hidden_size=128)").  include_dirs: roots
    searched by `import` (tirx-llc's -I).  fmad=False keeps every floating-point add /
    sub / mul rounded on its own (tirx-llc's --fmad=false; by default a * b + c may
    become one fma, as with nvcc).  sass_interleave_ffma=N (sm_90 / sm_90a, with ptxas):
    tirx-llc's --sass-interleave-ffma=N, in every run of >= 8 consecutive FFMAs of the
    SASS every N-th since the last yielding one yields ("none": none of them; 0, the
    default: off).  Raises
    CompileError with the located diagnostics.  The GIL is released while compiling."""
    filename, text = _read_source(src_or_path)
    return _compile_text(filename, text, target, defines, opt_level, func, cache, entry,
                         include_dirs, fmad, sass_interleave_ffma)


def compile_file(path, func=None, *, target="cuda", defines=None, opt_level=3, cache=True,
                 entry=None, include_dirs=None, fmad=True, sass_interleave_ffma=0):
    """compile() of the file at `path` (never taken as source text)."""
    path = os.fspath(path)
    text = _tirx._read_file(path)  # a regular file within TIRX_MAX_INPUT_BYTES, else OSError
    return _compile_text(path, text, target, defines, opt_level, func, cache, entry,
                         include_dirs, fmad, sass_interleave_ffma)


def load_bundle(path, func=None):
    """A Kernel from a .tirxb bundle (tirx-llc --emit=bundle, Kernel.save_bundle)."""
    data = _tirx._read_file(os.fspath(path))  # as compile_file: refused, not read forever
    return _tirx._load_bundle(Kernel, data, func)


def torch_op(kernel, name, *, mutates_args, device_types="cuda"):
    """Register a Kernel as the torch custom operator `name` ("namespace::op",
    torch.library.custom_op with a fake implementation that does nothing) and return
    it: op(*args) calls the kernel on torch's current stream, and torch.compile traces
    through it without a graph break.  mutates_args: the tensor parameters the kernel
    writes, by name.  Needs torch."""
    from ._torch import torch_op as impl
    return impl(kernel, name, mutates_args=mutates_args, device_types=device_types)


class JitFunction:
    """@tirx.jit: TIRx source whose T.constexpr parameters are given as keyword
    arguments.  fn(*args, N=256, stream=None) compiles one specialisation per set of
    values (kept here, and in the compile cache across processes) and calls it;
    fn.specialize(N=256) returns that Kernel."""

    def __init__(self, filename, text, target="cuda", opt_level=3, func=None, entry=None,
                 include_dirs=None):
        self.filename = filename
        self.source = text
        self.target = target
        self.opt_level = opt_level
        self.func = func
        self.entry = entry
        self.include_dirs = _include_list(include_dirs)
        self._kernels = {}
        self._lock = threading.Lock()

    def specialize(self, **constexprs):
        key = tuple(sorted(constexprs.items()))
        k = self._kernels.get(key)
        if k is None:
            with self._lock:
                k = self._kernels.get(key)
                if k is None:
                    k = _compile_text(self.filename, self.source, self.target, constexprs,
                                      self.opt_level, self.func, True, self.entry,
                                      self.include_dirs)
                    self._kernels[key] = k
        return k

    def __call__(self, *args, stream=None, **constexprs):
        return self.specialize(**constexprs)(*args, stream=stream)

    def __repr__(self):
        return "<tirx.JitFunction %s (%d specialisations)>" % (self.filename, len(self._kernels))


def _function_source(fn):
    """The TIRx text of a Python function decorated with @tirx.jit: its source with the
    @tirx.jit line(s) blanked, and blank lines before it so that diagnostics name the
    file's own line numbers."""
    import inspect
    import textwrap
    lines, first = inspect.getsourcelines(fn)
    text = textwrap.dedent("".join(lines))
    out = []
    for line in text.splitlines(True):
        s = line.strip()
        if s.startswith("@tirx.jit") or s.startswith("@jit"):
            out.append("\n")
        else:
            out.append(line)
    filename = inspect.getsourcefile(fn) or "<function>"
    return filename, ("\n" * (first - 1) + "".join(out)).encode()


def jit(src_or_path=None, *, target="cuda", opt_level=3, func=None, entry=None,
        include_dirs=None):
    """tirx.jit("kernel.py") / tirx.jit(source_text) / @tirx.jit over a Python function
    holding TIRx (`from tirx import T`; the file needs `from __future__ import
    annotations`).  entry / include_dirs as for compile(); the keyword arguments of a
    call are the defines.  Returns a JitFunction."""
    def make(obj):
        if callable(obj):
            filename, text = _function_source(obj)
        else:
            filename, text = _read_source(obj)
        return JitFunction(filename, text, target, opt_level, func, entry, include_dirs)
    if src_or_path is None:
        return make
    return make(src_or_path)


class _Namespace:
    """`T` for TIRx written inside Python files: every attribute and call is a no-op,
    so that `@T.prim_func` and `T.Buffer(...)` annotations evaluate; tirx compiles the
    function's source text, never this object."""

    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and callable(args[0]) and not kwargs:
            return args[0]
        return self

    def __getitem__(self, item):
        return self


T = _Namespace()

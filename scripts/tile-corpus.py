#!/usr/bin/env python3
"""tile-corpus.py: compile apache/tvm's tile-primitive test kernels and doc examples with tirx.

    python3 scripts/tile-corpus.py [--bin build/bin] [--out DIR] [--filter SUBSTR] [--regen]

Issue 20's "done when": every kernel of apache/tvm's
`tests/python/tirx/operator/tile_primitive/cuda/**` that TVM 0.27 builds for sm_90a, and every
example of `docs/tirx/tile_primitives*.rst` and `docs/tirx/layout.rst`, compiles with tirx to a
cubin for sm_90a.  The kernels are not in this repository (they are TVM's test code): step 1
regenerates them into DIR/kernels/ from the apache/tvm mirror with the TVM oracle (TVM 0.27's
python, see ../shared/tools/tvm-oracle): each test function runs at every point of its
`pytest.mark.parametrize` spread with `tvm.compile` replaced by a hook that prints the kernel as
TVMScript and lowers it for sm_90a with TVM itself (TVM's verdict: "tvm-ok" or "tvm-fail: why").
Step 2 runs `tirx-llc --mcpu=sm_90a --emit=cubin` over every distinct kernel and prints

    tile-corpus: N kernels, compiled K, failed F

where N counts the distinct kernels TVM builds (plus the doc examples), followed by the first
error of each failure grouped by cause, and a second line for the kernels TVM cannot build that
the issue asks tirx to handle (shared-scope reductions, permute_layout).  Blackwell kernels (the
print uses tensor memory, tcgen05 or the 256-bit copy) are compiled for sm_100a instead, all of
them whatever TVM's sm_90a verdict (issue 22: TVM's own failures too), on a third line

    tile-corpus: Blackwell (sm_100a): N kernels, compiled K, failed F

Options:
  --bin DIR        tirx binaries (default build/bin)
  --out DIR        data dir (default $TMPDIR/tirx-tile-corpus); kernels are regenerated when
                   DIR/manifest.tsv is missing or with --regen
  --tvm-python PY  python with apache-tvm 0.27 (default $TIRX_TVM_PYTHON, else .venv-tvm/bin/python
                   of this checkout or of /work/main)
  --mirror GITDIR  bare git dir of apache/tvm (default /work/.mirror/apache+tvm/repo)
  --filter SUBSTR  only kernels whose name contains SUBSTR
  --all            also report every TVM-failing kernel compiled by tirx
  -v               print each failing kernel's name under its cause
Exit status 0 when every kernel TVM builds (and every doc example) compiles, else 1.
"""
import argparse
import collections
import hashlib
import itertools
import os
import re
import subprocess
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TEST_DIR = "tests/python/tirx/operator/tile_primitive/cuda"
DOC_GLOBS = ("docs/tirx/tile_primitives", "docs/tirx/layout.rst")
# Kernels TVM 0.27 cannot build but the issue asks tirx to compile (name substrings).
BEYOND_TVM = ("reduction__test_reduction", "permute_layout__")


# --------------------------------------------------------------------------------------------
# Step 1 (runs under TVM's python): generate DIR/kernels/*.py and DIR/manifest.tsv
# --------------------------------------------------------------------------------------------
class _Skip(Exception):
    pass


class _Captured(Exception):
    pass


class _Any:
    """A permissive stand-in: any attribute, call or decoration returns something harmless."""

    def __init__(self, name="any"):
        self._name = name

    def __getattr__(self, k):
        return _Any(self._name + "." + k)

    def __call__(self, *a, **k):
        if len(a) == 1 and callable(a[0]) and not k:
            return a[0]  # used as a decorator
        return _Any(self._name + "()")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __bool__(self):
        return False


class _Param:
    def __init__(self, values, marks=(), id=None):  # noqa: A002 - pytest's name
        self.values = values
        self.id = id


def _fake_pytest():
    pt = types.ModuleType("pytest")

    def parametrize(names, values, ids=None, **_):
        names = [n.strip() for n in (names.split(",") if isinstance(names, str) else names)]

        def deco(fn):
            fn.__dict__.setdefault("_tc_params", []).insert(0, (names, list(values)))
            return fn
        return deco

    class _Mark:
        def __getattr__(self, k):
            if k == "parametrize":
                return parametrize
            if k == "skip":
                def skip(*a, **kw):
                    if len(a) == 1 and callable(a[0]):
                        a[0]._tc_skip = True
                        return a[0]

                    def deco(fn):
                        fn._tc_skip = True
                        return fn
                    return deco
                return skip
            return _Any("mark." + k)

    class _Raises:
        def __init__(self, exc, *a, **k):
            self.exc = exc

        def __enter__(self):
            return _Any("excinfo")

        def __exit__(self, t, v, tb):
            return t is not None and not issubclass(t, _Captured) and issubclass(t, self.exc)

    def skip(*a, **k):
        raise _Skip(a[0] if a else "")

    def importorskip(name, *a, **k):
        import importlib
        try:
            return importlib.import_module(name)
        except Exception as e:  # noqa: BLE001
            raise _Skip(str(e))

    pt.mark = _Mark()
    pt.param = lambda *v, marks=(), id=None: _Param(v, marks, id)  # noqa: A002
    pt.skip = skip
    pt.skip.Exception = _Skip
    pt.importorskip = importorskip
    pt.raises = _Raises
    pt.warns = lambda *a, **k: _Any("warns")
    pt.fixture = lambda *a, **k: (a[0] if a and callable(a[0]) else (lambda f: f))
    pt.fail = lambda msg="", **k: (_ for _ in ()).throw(AssertionError(msg))
    pt.approx = lambda x, **k: x
    pt.main = lambda *a, **k: 0

    def _getattr(k):
        if k.startswith("__"):
            raise AttributeError(k)
        return _Any("pytest." + k)
    pt.__getattr__ = _getattr
    return pt


def _points(fn):
    """Every combination of fn's stacked parametrize marks, as kwargs dicts."""
    axes = []
    for names, values in fn.__dict__.get("_tc_params", []):
        rows = []
        for v in values:
            v = v.values if isinstance(v, _Param) else v
            if len(names) == 1:
                v = v[0] if isinstance(v, tuple) and len(v) == 1 and isinstance(values[0], _Param) else v
                rows.append({names[0]: v})
            else:
                rows.append(dict(zip(names, v)))
        axes.append(rows)
    for combo in itertools.product(*axes):
        kw = {}
        for d in combo:
            kw.update(d)
        yield kw


def _short(v):
    s = repr(v)
    s = re.sub(r"\s+", "", s)
    return s[:120]


def generate(args):
    sys.modules["pytest"] = _fake_pytest()
    os.environ.setdefault("CUDA_HOME", "/usr/local/cuda")
    import inspect

    import tvm
    import tvm.testing
    import importlib
    B = importlib.import_module("tvm.tirx.build")  # the module (tvm.tirx.build is also a function)
    from tvm.testing import env
    # The mirror's tests are newer than the 0.27 wheel: two modules they import (for checks that
    # run after the compile we intercept) have moved.
    if "tvm.arith" not in sys.modules:
        try:
            import tvm.arith  # noqa: F401
        except ImportError:
            from tvm.sym.analyzer import Analyzer
            m = types.ModuleType("tvm.arith")
            m.Analyzer = Analyzer
            sys.modules["tvm.arith"] = m
    if not hasattr(tvm.tirx, "StringImm"):
        tvm.tirx.StringImm = tvm.ir.StringImm
    try:
        import tvm.tirx.stmt_functor  # noqa: F401
    except ImportError:
        m = types.ModuleType("tvm.tirx.stmt_functor")
        m.StmtExprVisitor = type("StmtExprVisitor", (), {"__init__": lambda self: None})
        m.StmtVisitor = m.StmtExprVisitor
        sys.modules["tvm.tirx.stmt_functor"] = m
    for k in dir(env):
        if k.startswith("has_"):
            setattr(env, k, lambda *a, **kw: True)

    target = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})
    host = tvm.target.Target("llvm" if tvm.runtime.enabled("llvm") else "c")

    def tvm_build(mod):
        m = tvm.tirx.transform.BindTarget(target.with_host(host))(mod)
        pipe, fin_host, fin_dev = tvm.tirx.get_tir_pipeline("tirx")
        m = pipe(m)
        host_mod, dev_mods = B.split_host_device_mods(m)
        host_mod = fin_host()(host_mod)
        dev_mods = {tg: fin_dev()(dm) for tg, dm in dev_mods.items()}
        lib = B.tir_to_runtime(host_mod, dev_mods, host)
        return "\n".join(im.inspect_source() for im in lib.imports)

    kdir = os.path.join(args.out, "kernels")
    os.makedirs(kdir, exist_ok=True)
    manifest = []  # (name, origin, params, verdict)
    seen = {}

    def record(name, origin, params, mod):
        from tvm.tirx import PrimFunc
        if isinstance(mod, PrimFunc):
            mod = tvm.IRModule({"main": mod})
        funcs = [f for _, f in mod.functions.items()]
        text = funcs[0].script() if len(funcs) == 1 else mod.script()
        # the sugared print writes a one-element buffer as `x: T.uint16`, which drops a shared
        # buffer's scope (TVM cannot read it back either): such a kernel is printed unsugared
        # (`x = T.shared_scalar(T.uint16)`)
        plain = funcs[0].script(syntax_sugar=False) if len(funcs) == 1 else mod.script(syntax_sugar=False)
        if re.search(r"= T\.shared_scalar\(", plain):
            text = plain
        cuda = None
        try:
            cuda = tvm_build(mod)
            verdict = "tvm-ok"
        except Exception as e:  # noqa: BLE001
            verdict = "tvm-fail: " + _last_error_line(e)
        h = hashlib.sha1(text.encode()).hexdigest()[:12]
        dup = seen.get(h)
        if dup is None:
            seen[h] = name
            with open(os.path.join(kdir, name + ".py"), "w") as f:
                f.write(text)
            if cuda is not None:  # TVM's CUDA, for --nvrtc-check (its print does not always re-read)
                with open(os.path.join(kdir, name + ".cu"), "w") as f:
                    f.write(cuda)
        manifest.append((name, origin, params, verdict, dup or ""))

    # -- the tests --
    files = subprocess.run(["git", "--git-dir", args.mirror, "ls-tree", "-r", "--name-only",
                            "HEAD", TEST_DIR], capture_output=True, text=True, check=True).stdout.split()
    if args.filter and args.filter.startswith("doc__"):
        files = []
    for path in sorted(files):
        if not path.endswith(".py") or "/test_" not in path:
            continue
        rel = path[len(TEST_DIR) + 1:-3].replace("/", "__")
        src = subprocess.run(["git", "--git-dir", args.mirror, "show", "HEAD:" + path],
                             capture_output=True, text=True, check=True).stdout
        # TVMScript's parser reads a kernel's source back through inspect: it needs a real file
        real = os.path.join(args.out, "src", path)
        os.makedirs(os.path.dirname(real), exist_ok=True)
        with open(real, "w") as f:
            f.write(src)
        g = {"__name__": "tile_corpus_" + rel, "__file__": real}
        try:
            exec(compile(src, real, "exec"), g)  # noqa: S102
        except Exception as e:  # noqa: BLE001
            print(f"tile-corpus: {path}: import failed: {e}", file=sys.stderr)
            continue
        for tname, fn in list(g.items()):
            if not tname.startswith("test_") or not callable(fn) or getattr(fn, "_tc_skip", False):
                continue
            try:
                argnames = list(inspect.signature(fn).parameters)
            except (TypeError, ValueError):
                continue
            for i, kw in enumerate(_points(fn)):
                if any(a not in kw for a in argnames):
                    continue  # a fixture we do not provide
                base = f"{rel}__{tname}__{i}"
                if args.filter and args.filter not in base:
                    continue
                params = ", ".join(f"{k}={_short(v)}" for k, v in kw.items())
                got = []
                real_compile = tvm.compile

                def hook(mod, *a, **k):
                    got.append(mod)
                    raise _Captured()
                tvm.compile = hook
                real_lower = tvm.tirx.transform.LowerTIRx
                # tests that check the lowered IR themselves run LowerTIRx on the module
                tvm.tirx.transform.LowerTIRx = lambda *a, **k: hook
                try:
                    fn(**{a: kw[a] for a in argnames})
                except (_Captured, _Skip):
                    pass
                except Exception as e:  # noqa: BLE001 - the test's own checks after a capture
                    if not got:
                        msg = (str(e).strip().splitlines() or [type(e).__name__])[-1][:200]
                        manifest.append((base, path, params, "test-fail: " + msg, ""))
                finally:
                    tvm.compile = real_compile
                    tvm.tirx.transform.LowerTIRx = real_lower
                for j, mod in enumerate(got):
                    record(base + (f"_{j}" if j else ""), path, params, mod)

    # -- the doc examples: each python block that defines a @T.prim_func --
    docs = subprocess.run(["git", "--git-dir", args.mirror, "ls-tree", "-r", "--name-only", "HEAD",
                           *DOC_GLOBS], capture_output=True, text=True, check=True).stdout.split()
    docs += [p for p in subprocess.run(["git", "--git-dir", args.mirror, "ls-tree", "--name-only",
                                        "HEAD", "docs/tirx/"], capture_output=True, text=True,
                                       check=True).stdout.split() if p.startswith("docs/tirx/tile_primitives")]
    for path in sorted(set(p for p in docs if p.endswith(".rst"))):
        text = subprocess.run(["git", "--git-dir", args.mirror, "show", "HEAD:" + path],
                              capture_output=True, text=True, check=True).stdout
        # a page's blocks run in order in one namespace (a later block uses an earlier one's
        # names), with what the pages take as imported: T, Tx, tvm, the layout names
        from tvm.script import ir as I
        from tvm.script import tirx as T
        from tvm.script.tirx import tile as Tx
        import tvm.tirx.layout as tl
        g = {k: getattr(tl, k) for k in dir(tl) if not k.startswith("_")}
        g.update({"T": T, "Tx": Tx, "tvm": tvm, "I": I, "np": __import__("numpy"),
                  "__name__": "tile_corpus_doc"})
        for bi, block in enumerate(_rst_python_blocks(text)):
            name = "doc__" + path[len("docs/tirx/"):-4].replace("/", "__") + f"__{bi}"
            from tvm.tirx import PrimFunc
            real = os.path.join(args.out, "src", name + ".py")
            os.makedirs(os.path.dirname(real), exist_ok=True)
            with open(real, "w") as f:
                f.write(block)
            g["__file__"] = real
            before = {k: v for k, v in g.items() if isinstance(v, (PrimFunc, tvm.IRModule))}
            try:
                exec(compile(block, real, "exec"), g)  # noqa: S102
                if "@T.prim_func" not in block or (args.filter and args.filter not in name):
                    continue
            except Exception as e:  # noqa: BLE001
                if "@T.prim_func" not in block or (args.filter and args.filter not in name):
                    continue
                manifest.append((name, path, "", "doc-fail: " + str(e).splitlines()[-1][:200]
                                 if str(e) else "doc-fail", ""))
                continue
            fs = [v for k, v in g.items() if isinstance(v, (PrimFunc, tvm.IRModule))
                  and before.get(k) is not v]
            for j, f in enumerate(fs):
                record(name + (f"_{j}" if j else ""), path, "", f)

    with open(os.path.join(args.out, "manifest.tsv"), "w") as f:
        f.write("name\torigin\tparams\ttvm\tduplicate_of\n")
        for row in manifest:
            f.write("\t".join(r.replace("\t", " ").replace("\n", " ") for r in row) + "\n")
    print(f"tile-corpus: generated {len(manifest)} kernels ({len(seen)} distinct) in {kdir}",
          file=sys.stderr)


def nvrtc_check(args):
    """For each kernel file named on stdin: does TVM's own CUDA for it compile for sm_90a
    (NVRTC)?  Prints `name<TAB>ok` or `name<TAB>fail: why` (a kernel tirx rejects where TVM
    only printed CUDA that its compiler then refuses does not count against tirx)."""
    os.environ.setdefault("CUDA_HOME", "/usr/local/cuda")
    import importlib

    import tvm
    import tvm.support.nvcc as nvcc
    B = importlib.import_module("tvm.tirx.build")
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})
    host = tvm.target.Target("llvm" if tvm.runtime.enabled("llvm") else "c")
    for path in sys.stdin.read().split():
        name = os.path.basename(path)[:-3]
        try:
            cuda = _tvm_cuda_of(path, target, host, B)
        except Exception as e:  # noqa: BLE001 - TVM cannot re-read its print: not TVM's verdict
            print(f"{name}\tunknown: {_last_error_line(e)}", flush=True)
            continue
        try:
            with target:
                nvcc.compile_cuda(cuda, target_format="cubin", arch="sm_90a", compiler="nvrtc")
            print(f"{name}\tok", flush=True)
        except Exception as e:  # noqa: BLE001
            print(f"{name}\tfail: {_last_error_line(e)}", flush=True)


def _tvm_cuda_of(path, target, host, B):
    """TVM's CUDA for a kernel file: the one --generate saved next to it (NAME.cu), else
    TVM's print read back and built again."""
    if os.path.exists(path[:-3] + ".cu"):
        with open(path[:-3] + ".cu") as f:
            return f.read()
    import tvm
    from tvm.script import ir as I
    from tvm.script import tirx as T
    from tvm.script.tirx import tile as Tx
    from tvm.tirx import PrimFunc
    from tvm.tirx.layout import Axis  # printed kernels name it (`# from ... import Axis`)
    g = {"T": T, "Tx": Tx, "tvm": tvm, "I": I, "Axis": Axis, "__name__": "tile_corpus_check",
         "__file__": path}
    exec(compile(open(path).read(), path, "exec"), g)  # noqa: S102
    f = [v for v in g.values() if isinstance(v, (PrimFunc, tvm.IRModule))][-1]
    mod = f if isinstance(f, tvm.IRModule) else tvm.IRModule({"main": f})
    m = tvm.tirx.transform.BindTarget(target.with_host(host))(mod)
    pipe, fin_host, fin_dev = tvm.tirx.get_tir_pipeline("tirx")
    m = pipe(m)
    host_mod, dev_mods = B.split_host_device_mods(m)
    dev_mods = {tg: fin_dev()(dm) for tg, dm in dev_mods.items()}
    lib = B.tir_to_runtime(fin_host()(host_mod), dev_mods, host)
    return "\n".join(im.inspect_source() for im in lib.imports)


def _last_error_line(e):
    lines = [x.strip() for x in str(e).splitlines() if x.strip()]
    errs = [x for x in lines if "Error" in x or "error" in x]
    return ((errs or lines or [type(e).__name__])[-1])[:200].replace("\t", " ")


def _rst_python_blocks(text):
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if re.match(r"\s*\.\. code-block:: python", lines[i]):
            i += 1
            body = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith((" ", "\t"))):
                body.append(lines[i])
                i += 1
            ind = min((len(x) - len(x.lstrip()) for x in body if x.strip()), default=0)
            yield "\n".join(x[ind:] for x in body)
        else:
            i += 1


# --------------------------------------------------------------------------------------------
# Step 2: compile each distinct kernel with tirx-llc
# --------------------------------------------------------------------------------------------
def cause_of(err):
    line = next((x for x in err.splitlines() if "error" in x), err.strip().splitlines()[0]
                if err.strip() else "(no message)")
    line = re.sub(r"^\S+:\d+:\d+: ", "", line)
    return line.strip()[:300]


def group_key(cause):
    return re.sub(r"\b\d+\b", "N", re.sub(r"'[^']*'|`[^`]*`", "'…'", cause))


def _arch_note(args, name):
    """Why TVM's CUDA for `name` cannot build for sm_90a, when it is the architecture: TVM 0.27
    emits tcgen05 / tensor-memory code for an sm_90a target without checking the arch (the
    kernel is Blackwell's: issue 22)."""
    cu = os.path.join(args.out, "kernels", name + ".cu")
    if os.path.exists(cu) and "tcgen05" in open(cu).read():
        return " (TVM emits tcgen05 for sm_90a unchecked: sm_100 only, issue 22)"
    return ""


# A kernel is Blackwell's (compiled for sm_100a) when its print uses tensor memory or tcgen05, or
# forces the 256-bit copy: issue 22 counts it for its arch, TVM's own failures too.
BLACKWELL = re.compile(r'scope="tmem"|tcgen05|"vec_256b"|T\.TMEMPool|alloc_tcgen05')


def arch_of(args, name):
    path = os.path.join(args.out, "kernels", name + ".py")
    if not os.path.exists(path):  # a test point without a kernel (a unit test of TVM internals)
        return "sm_90a"
    with open(path) as f:
        return "sm_100a" if BLACKWELL.search(f.read()) else "sm_90a"


def _is_rejection(name):
    # TVM's tests of a rejection (pytest.raises around the compile): test_reject*, *_rejects_*,
    # *_rejected*, and *_requires_* (X requires Y: without Y it is rejected)
    return ("__test_reject" in name or "_rejects_" in name or "_rejected" in name
            or "_requires_" in name)


def compile_all(args):
    rows = []
    with open(os.path.join(args.out, "manifest.tsv")) as f:
        next(f)
        for line in f:
            name, origin, params, verdict, dup = (line.rstrip("\n").split("\t") + [""] * 5)[:5]
            rows.append((name, origin, params, verdict, dup))
    if args.filter:
        rows = [r for r in rows if args.filter in r[0]]
    llc = os.path.join(args.bin, "tirx-llc")
    ldir = os.path.join(args.out, "logs")
    os.makedirs(ldir, exist_ok=True)
    results = {}

    def compile_one(name):
        if name in results:
            return results[name]
        src = os.path.join(args.out, "kernels", name + ".py")
        try:
            p = subprocess.run([llc, src, "--mcpu=" + arch_of(args, name), "--emit=cubin", "--no-cache", "-o",
                                os.path.join(ldir, name + ".cubin")], capture_output=True,
                               text=True, timeout=120)
            ok, err = p.returncode == 0, p.stderr
            if p.returncode < 0:
                ok, err = False, f"crash: signal {-p.returncode}\n" + p.stderr
        except subprocess.TimeoutExpired:
            ok, err = False, "timeout after 120 s"
        with open(os.path.join(ldir, name + ".err"), "w") as f:
            f.write(err)
        results[name] = (ok, "" if ok else cause_of(err))
        return results[name]

    docfail = [r for r in rows if r[3].startswith("doc-fail")]
    # Blackwell kernels, every distinct one whatever TVM's verdict for sm_90a: compiled for sm_100a
    blackwell = [r for r in rows if not r[4] and not r[3].startswith("doc-fail")
                 and arch_of(args, r[0]) == "sm_100a"]
    bw_names = {r[0] for r in blackwell}
    distinct = [r for r in rows if not r[4] and (r[3] == "tvm-ok" or r[0].startswith("doc__"))
                and not r[3].startswith("doc-fail") and r[0] not in bw_names]
    beyond = [r for r in rows if not r[4] and r[3] != "tvm-ok" and not r[0].startswith("doc__")
              and (args.all or any(b in r[0] for b in BEYOND_TVM)) and r[0] not in bw_names]
    failures = collections.OrderedDict()
    k = 0
    for r in distinct:
        ok, cause = compile_one(r[0])
        if ok:
            k += 1
        else:
            failures.setdefault(group_key(cause), []).append((r[0], cause))
    # a failure where TVM's own CUDA does not compile for sm_90a (NVRTC) does not count
    fail_names = [it[0] for items in failures.values() for it in items]
    tvm_nvrtc = {}
    if fail_names and args.tvm_python_resolved:
        p = subprocess.run([args.tvm_python_resolved, os.path.abspath(__file__), "--nvrtc-check"],
                           input="\n".join(os.path.join(args.out, "kernels", n + ".py") for n in fail_names),
                           capture_output=True, text=True)
        for line in p.stdout.splitlines():
            n, _, v = line.partition("\t")
            tvm_nvrtc[n] = v
    excluded = []
    for key in list(failures):
        keep = [it for it in failures[key] if not tvm_nvrtc.get(it[0], "").startswith("fail")]
        excluded += [(it[0], tvm_nvrtc[it[0]]) for it in failures[key] if it not in keep]
        if keep:
            failures[key] = keep
        else:
            del failures[key]
    distinct = [r for r in distinct if r[0] not in dict(excluded)]
    spread = collections.Counter(r[1].split("/")[-2] + "/" + r[1].split("/")[-1]
                                 for r in rows if r[3] == "tvm-ok")
    n_tvm = sum(1 for r in rows if r[3] == "tvm-ok")
    print(f"tile-corpus: {len(distinct)} kernels, compiled {k}, failed {len(distinct) - k}"
          f"  ({n_tvm} test points TVM builds for sm_90a + doc examples, {len(distinct)} distinct)")
    for key, items in failures.items():
        print(f"  [{len(items)}] {items[0][1]}   e.g. {items[0][0]}")
        if args.verbose:
            for it in items:
                print("       ", it[0])
    for n, why in excluded:
        print(f"  (not counted: {n}: TVM's CUDA does not compile for sm_90a either{_arch_note(args, n)}:"
              f" {why[6:120]})")
    for r in docfail:
        print(f"  (not counted: {r[0]}: the example does not run in TVM either: {r[3][10:]})")
    if beyond:
        bk = 0
        bfail = collections.OrderedDict()
        rejected = 0
        for r in beyond:
            ok, cause = compile_one(r[0])
            if _is_rejection(r[0]):
                rejected += not ok  # a test of a rejection: tirx rejects it too (the error is the check)
                if ok:
                    bfail.setdefault("compiled although the test expects a rejection", []).append(
                        (r[0], "compiled although the test expects a rejection"))
                continue
            bk += ok
            if not ok:
                bfail.setdefault(group_key(cause), []).append((r[0], cause))
        nb = len(beyond) - sum(1 for r in beyond if _is_rejection(r[0]))
        print(f"tile-corpus: beyond TVM: {nb} kernels TVM cannot build, compiled {bk}, failed {nb - bk}"
              f" (+ {rejected} rejection tests tirx rejects too)")
        for key, items in bfail.items():
            print(f"  [{len(items)}] {items[0][1]}   e.g. {items[0][0]}")
            if args.verbose:
                for it in items:
                    print("       ", it[0])
    bw_ok = 0
    bw_fail = collections.OrderedDict()
    bw_rejected = 0
    for r in blackwell:
        ok, cause = compile_one(r[0])
        if _is_rejection(r[0]):
            bw_rejected += not ok
            if ok:
                bw_fail.setdefault("compiled although the test expects a rejection", []).append(
                    (r[0], "compiled although the test expects a rejection"))
            continue
        bw_ok += ok
        if not ok:
            bw_fail.setdefault(group_key(cause), []).append((r[0], cause))
    n_bw = sum(1 for r in blackwell if not _is_rejection(r[0]))
    n_bw_tvm = sum(1 for r in blackwell if r[3] == "tvm-ok")
    print(f"tile-corpus: Blackwell (sm_100a): {n_bw} kernels, compiled {bw_ok}, failed {n_bw - bw_ok}"
          f" ({n_bw_tvm} of them TVM lowers for sm_90a unchecked; + {bw_rejected} rejection tests"
          f" tirx rejects too)")
    for key, items in bw_fail.items():
        print(f"  [{len(items)}] {items[0][1]}   e.g. {items[0][0]}")
        if args.verbose:
            for it in items:
                print("       ", it[0])
    print("tile-corpus: spread (test points TVM builds, per file): "
          + ", ".join(f"{f} {n}" for f, n in sorted(spread.items())))
    return 0 if k == len(distinct) and bw_ok == n_bw else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--out", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "tirx-tile-corpus"))
    ap.add_argument("--tvm-python")
    ap.add_argument("--mirror", default="/work/.mirror/apache+tvm/repo")
    ap.add_argument("--filter")
    ap.add_argument("--regen", action="store_true")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("-v", dest="verbose", action="store_true")
    ap.add_argument("--generate", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--nvrtc-check", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.generate:
        generate(args)
        return 0
    if args.nvrtc_check:
        nvrtc_check(args)
        return 0
    py = args.tvm_python or os.environ.get("TIRX_TVM_PYTHON")
    for cand in (py, os.path.join(ROOT, ".venv-tvm/bin/python"), "/work/main/.venv-tvm/bin/python"):
        if cand and os.path.exists(cand):
            py = cand
            break
    else:
        py = None
    args.tvm_python_resolved = py
    if args.regen or not os.path.exists(os.path.join(args.out, "manifest.tsv")):
        if not py:
            print("tile-corpus: no python with apache-tvm 0.27 (--tvm-python)", file=sys.stderr)
            return 2
        os.makedirs(args.out, exist_ok=True)
        cmd = [py, os.path.abspath(__file__), "--generate", "--out", args.out, "--mirror", args.mirror]
        if args.filter:
            cmd += ["--filter", args.filter]
        if subprocess.run(cmd).returncode:
            return 2
    return compile_all(args)


if __name__ == "__main__":
    sys.exit(main())

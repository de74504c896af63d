"""The lit test format of test/Corpus (see ../lit.local.cfg): one test per
printed corpus kernel, checking parse, round trip, TVM-style print identity
and a cubin.  A module of its own so that lit's worker processes can
unpickle the format."""
import os
import re
import subprocess
import tempfile

import lit.formats.base
import lit.Test


def corpus_dir(config, env="TIRX_CORPUS", name="corpus"):
    """$env, else ../shared/NAME next to the source tree; None without it."""
    cand = os.environ.get(env)
    if not cand:
        cand = os.path.join(config.tirx_src_root, "..", "shared", name)
    cand = os.path.normpath(cand)
    if os.path.isdir(os.path.join(cand, "TIRx-kernels")):
        return cand
    return None


def _arches(corpus):
    arch = {}
    try:
        with open(os.path.join(corpus, "SOURCES.md")) as f:
            for line in f:
                cols = [c.strip() for c in line.split("|")]
                if len(cols) > 5 and cols[1].endswith(".py"):
                    arch[cols[1]] = cols[4]
    except OSError:
        pass
    return arch


def _header_arch(path):
    """The `# Arch: sm_XX` line of a printed file's header (the kern corpus), or ""."""
    with open(path, errors="replace") as f:
        for line in f:
            if not line.startswith("#"):
                break
            if line.startswith("# Arch:"):
                return line.split(":", 1)[1].strip()
    return ""


class CorpusFormat(lit.formats.base.TestFormat):
    def __init__(self, corpus, tools, have_ptxas, features=(), lists=None):
        """lists: the folder of known-gaps.txt and instructions.txt (default test/Corpus)."""
        self.corpus = corpus
        self.tools = tools
        self.have_ptxas = have_ptxas
        self.arch = _arches(corpus)
        here = lists or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        # Kernels that do not get through yet, each with the reason
        # (known-gaps.txt): they are expected to fail, and one that starts
        # passing fails the suite (lit's XPASS) until it leaves the list.
        self.gaps = {}
        path = os.path.join(here, "known-gaps.txt")
        if os.path.exists(path):
            for line in open(path):
                line = line.strip()
                if line and not line.startswith("#"):
                    name, _, why = line.partition(" ")
                    # "NAME needs:FEATURE REASON": a gap only without FEATURE
                    # (e.g. nvshmem: NVSHMEM's device bitcode is not installed)
                    why = why.strip()
                    if why.startswith("needs:"):
                        need, _, why = why.partition(" ")
                        if need[6:] in features:
                            continue
                    self.gaps[name] = why

        # PTX instructions a kernel must use, because TVM's CUDA for it
        # (_cuda/NAME.cu) uses them (instructions.txt: NAME INSTRUCTION).
        self.instrs = {}
        path = os.path.join(here, "instructions.txt")
        if os.path.exists(path):
            for line in open(path):
                line = line.strip()
                if line and not line.startswith("#"):
                    name, _, ins = line.partition(" ")
                    self.instrs.setdefault(name, []).append(ins.strip())

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        root = os.path.join(self.corpus, "TIRx-kernels")
        for name in sorted(os.listdir(root)):
            if name.endswith(".py"):
                yield lit.Test.Test(testSuite, path_in_suite + (name,), localConfig,
                                    file_path=os.path.join(root, name))

    def _run(self, argv):
        try:
            p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=300)
            return p.returncode, p.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            return 124, "timed out after 300 s\n"

    def execute(self, test, litConfig):
        src = test.getFilePath()
        name = os.path.basename(src)
        opt = os.path.join(self.tools, "tirx-opt")
        llc = os.path.join(self.tools, "tirx-llc")
        arch = self.arch.get("TIRx-kernels/" + name, "") or _header_arch(src) or "sm_100a"
        report, ok = [], True
        with tempfile.TemporaryDirectory() as tmp:
            p1, p2, tv = (os.path.join(tmp, n) for n in ("p1.py", "p2.py", "tvm.py"))
            rc, out = self._run([opt, src, "-o", p1])
            report.append("parse: %s" % ("ok" if rc == 0 else "FAIL"))
            if rc != 0:
                ok = False
                report.append(out[:4000])
            else:
                rc, out = self._run([opt, p1, "-o", p2])
                same = rc == 0 and open(p1, "rb").read() == open(p2, "rb").read()
                report.append("round trip: %s" % ("ok" if same else "FAIL"))
                if not same:
                    ok = False
                    report.append(out[:2000])
                rc, out = self._run([opt, "--print-style=tvm", src, "-o", tv])
                text = open(src, "rb").read()
                at = text.find(b"# from tvm.script import tirx as T")
                want = text[at:] if at >= 0 else text
                got = open(tv, "rb").read() if rc == 0 and os.path.exists(tv) else None
                if got is not None and at >= 0 and got.find(b"# from tvm.script import tirx as T") >= 0:
                    # both sides from that line on (the kern corpus's header has
                    # a "# from typing import TypeVar" line before it)
                    got = got[got.find(b"# from tvm.script import tirx as T"):]
                report.append("tvm style: %s" % ("ok" if got == want else "FAIL"))
                if got != want:
                    ok = False
                    if got is None:
                        report.append(out[:2000])
                    else:
                        wl, gl = want.decode("utf-8", "replace").split("\n"), got.decode("utf-8", "replace").split("\n")
                        for i in range(max(len(wl), len(gl))):
                            a = wl[i] if i < len(wl) else "<end>"
                            b = gl[i] if i < len(gl) else "<end>"
                            if a != b:
                                report.append("  first difference at line %d:\n  want: %s\n  got:  %s"
                                              % (i + 1 + text[:at].count(b"\n"), a[:300], b[:300]))
                                break
            emit = "cubin" if self.have_ptxas else "ptx"
            rc, out = self._run([llc, src, "--mcpu=" + arch, "--emit=" + emit,
                                 "-o", os.path.join(tmp, "k." + emit)])
            report.append("%s (%s): %s" % (emit, arch, "ok" if rc == 0 else "FAIL"))
            if rc != 0:
                ok = False
                report.append(out[:4000])
            if name in self.instrs:
                ptx = os.path.join(tmp, "k.ptx")
                rc, out = self._run([llc, src, "--mcpu=" + arch, "--emit=ptx", "-o", ptx])
                text = open(ptx, errors="replace").read() if rc == 0 and os.path.exists(ptx) else ""
                for ins in self.instrs[name]:
                    found = ins in text
                    report.append("ptx has %s (as TVM's CUDA): %s" % (ins, "ok" if found else "FAIL"))
                    ok = ok and found
        if name in self.gaps:
            report.insert(0, "known gap: " + self.gaps[name])
            return (lit.Test.XPASS if ok else lit.Test.XFAIL), "\n".join(report) + "\n"
        return (lit.Test.PASS if ok else lit.Test.FAIL), "\n".join(report) + "\n"



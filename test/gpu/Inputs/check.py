"""check.py — result checks for GPU tests, which run where there is no FileCheck.

  check.py close OUT.npy EXPR [RTOL]   OUT equals the numpy expression EXPR (np and the
                                       helper load(path) are in scope) within RTOL
                                       (default exact), same shape
  check.py contains FILE TEXT          FILE contains TEXT (\\n in TEXT is a newline)
  check.py lacks FILE TEXT             FILE does not contain TEXT
  check.py text FILE TEXT              FILE holds exactly TEXT (\\n in TEXT is a newline)
  check.py lines FILE EXPR             FILE's lines, parsed as floats, equal EXPR
Exits 0 on success; on failure prints what differed and exits 1.
"""
import sys


def fail(msg):
    sys.stdout.write("check.py: FAIL: %s\n" % msg)
    sys.exit(1)


def main(argv):
    mode = argv[1]
    if mode in ("contains", "lacks", "text"):
        text = open(argv[2], encoding="utf-8", errors="replace").read()
        want = argv[3].replace("\\n", "\n")
        if mode == "contains" and want not in text:
            fail("%s does not contain:\n%s\n--- it holds:\n%s" % (argv[2], want, text))
        if mode == "lacks" and want in text:
            fail("%s contains:\n%s\n--- it holds:\n%s" % (argv[2], want, text))
        if mode == "text" and want != text:
            fail("%s differs:\n--- expected:\n%s--- it holds:\n%s" % (argv[2], want, text))
        return
    import numpy as np

    def load(path):
        return np.load(path)

    want = np.asarray(eval(argv[3], {"np": np, "load": load}))
    if mode == "close":
        got = np.load(argv[2])
        rtol = float(argv[4]) if len(argv) > 4 else 0.0
    elif mode == "lines":
        got = np.array([float(x) for x in open(argv[2]).read().split()])
        want = want.reshape(-1).astype(np.float64)
        rtol = 0.0
    else:
        fail("unknown mode %r" % mode)
    if got.shape != want.shape:
        fail("shape %s, expected %s" % (got.shape, want.shape))
    if rtol == 0.0:
        bad = np.flatnonzero((got != want).reshape(-1))
    else:
        bad = np.flatnonzero(~np.isclose(got, want, rtol=rtol, atol=0).reshape(-1))
    if bad.size:
        i = bad[0]
        fail("%d of %d elements differ; first at flat index %d: got %r, expected %r"
             % (bad.size, got.size, i, got.reshape(-1)[i], want.reshape(-1)[i]))


main(sys.argv)

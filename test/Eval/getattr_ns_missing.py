# getattr(x, name, default) / hasattr on a T.ptx instruction for one of TVM's op
# proxies' private fields: the miss is the default (its error is dropped without
# a message being made), and the same miss outside getattr is still the located
# error with its message (try/except sees it; uncaught, it stops the compile).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: not %tirx-opt -D MISS=1 %s 2>&1 | FileCheck %s --check-prefix=ERR
# CHECK: T.evaluate("none")
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate("'T.ptx.mov' has no attribute '_cands'")
# CHECK-NEXT: T.evaluate("none")
# ERR: getattr_ns_missing.py:[[@LINE+17]]:13: error: 'T.ptx.mov' has no attribute '_cands'

MISS = 0
insn = T.ptx.mov


def probe():
    return "none" if getattr(insn, "_cands", None) is None else "some"


def caught():
    try:
        return insn._cands
    except Exception as e:
        return str(e)


miss = insn._cands if MISS else 0


@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(probe())
    T.evaluate(hasattr(insn, "_cands"))
    T.evaluate(getattr(T.ptx.mov, "_x", 7))
    T.evaluate(caught())
    T.evaluate(probe())

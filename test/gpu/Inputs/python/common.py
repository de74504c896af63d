"""Shared by the GPU Python tests (test/gpu/python-*.test): torch on the GPU, results
checked here (the GPU machine has no FileCheck).  Each check prints one line; any
failure exits 1 at the end with the failed checks listed."""
import sys

import torch

import tirx

failed = []


def check(name, ok, detail=""):
    print("%s: %s%s" % ("ok" if ok else "FAIL", name, (" (%s)" % detail) if detail else ""))
    sys.stdout.flush()
    if not ok:
        failed.append(name)


def close(name, got, want, atol=1e-5, rtol=1e-5):
    got, want = got.float().cpu(), want.float().cpu()
    ok = got.shape == want.shape and torch.allclose(got, want, atol=atol, rtol=rtol)
    detail = "" if ok else "max |diff| %s" % ((got - want).abs().max().item() if got.shape == want.shape
                                             else "shape %s vs %s" % (tuple(got.shape), tuple(want.shape)))
    check(name, ok, detail)


def raises(name, exc, fn, contains=""):
    try:
        fn()
    except exc as e:  # noqa: BLE001
        check(name, contains in str(e), "message: %s" % str(e).replace("\n", " | ")[:200])
        return
    except Exception as e:  # noqa: BLE001
        check(name, False, "raised %s: %s" % (type(e).__name__, e))
        return
    check(name, False, "did not raise")


def finish():
    torch.cuda.synchronize()
    if failed:
        print("FAILED: %d check(s): %s" % (len(failed), ", ".join(failed)))
        sys.exit(1)
    print("all checks passed")


dev = torch.device("cuda")

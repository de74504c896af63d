"""Mutation fuzzer for the front end (a small, fixed-seed run in the suite).

Takes seed kernels, applies random byte-level and token-level edits, runs
`tirx-opt --verify-roundtrip` on each and fails on anything other than a clean
success (exit 0) or a located diagnostic (exit 1): crashes, sanitizer reports,
unlocated errors, and round-trip failures of inputs that parse.  Inputs that
broke the tool are written next to the output so they can become regression
tests.  Usage: mutate.py TIRX_OPT OUT_DIR ITERATIONS SEED FILE...
"""
import os
import random
import re
import subprocess
import sys

TOKENS = [b"(", b")", b"[", b"]", b":", b"\n", b"    ", b"T.", b'"', b"=", b"-", b"0x", b"1e",
          b"//", b"if ", b"for ", b"*", b" + 1", b" * 2", b" % 5", b"T.float32(1.5)",
          b" and True", b"not ", b", 1", b"[0]", b" < 3", b"\t", b"\\\n", b"'''", b"@"]


def mutate(rng, s):
    s = bytearray(s)
    for _ in range(rng.randint(1, 5)):
        if not s:
            break
        op = rng.randrange(4)
        i = rng.randrange(len(s))
        if op == 0:
            s[i] = rng.randrange(256)
        elif op == 1:
            del s[i:i + rng.randint(1, 8)]
        elif op == 2:
            s[i:i] = rng.choice(TOKENS)
        else:
            j = rng.randrange(len(s))
            s[i:i] = s[j:j + rng.randint(1, 24)]
    return bytes(s)


def main():
    tool, out, iters, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    seeds = [open(f, "rb").read() for f in sys.argv[5:]]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "case.py")
    located = re.compile(rb"^.*:\d+:\d+: error: ", re.M)
    bad = 0
    parsed = 0
    for it in range(iters):
        data = mutate(rng, rng.choice(seeds))
        with open(path, "wb") as f:
            f.write(data)
        r = subprocess.run([tool, "--verify-roundtrip", "-D", "N=4", path],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = r.stderr
        ok = (r.returncode == 0 and not err) or (r.returncode == 1 and located.search(err))
        if b"Sanitizer" in err or b"runtime error" in err:
            ok = False
        if r.returncode == 0:
            parsed += 1
        if not ok:
            bad += 1
            keep = os.path.join(out, "failure-%d.py" % bad)
            with open(keep, "wb") as f:
                f.write(data)
            print("FAIL iteration %d (exit %d), input kept at %s" % (it, r.returncode, keep))
            print(err.decode("latin1")[:800])
    print("fuzz: %d inputs, %d parsed and round-tripped, %d failures" % (iters, parsed, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

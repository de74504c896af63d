"""cases.py: run a table of GPU test cases with tirx-run and check each against numpy.

    python3 cases.py TIRX_RUN TABLE.py OUTDIR [--only SUBSTR]
    python3 cases.py --compile TIRX_LLC TABLE.py      (every case's kernel to PTX, no GPU, no numpy)

TABLE.py defines CASES, a list of dicts, one per kernel run:
    name     the case's name (files OUTDIR/<name>_*.npy)
    kernel   the kernel file, relative to TABLE.py's folder
    func     the PrimFunc (--func), optional
    defines  {NAME: python value} passed as -D NAME=<repr>
    inputs   {PARAM: numpy expression} evaluated with np and rng (a seeded generator)
    outputs  {PARAM: "dtype[shape]"} allocated by tirx-run and saved
    expect   {PARAM: (numpy expression, rtol)} over the inputs by name (and np)
A table generates its rows from its parameter spread (loops over dtypes, shapes, ops) rather
than repeating one kernel per case.  Prints one line per failing case and a summary
`cases.py: TABLE: N cases, M failed`; exits 1 when a case fails.
"""
import concurrent.futures
import os
import subprocess
import sys
import zlib



def compile_case(llc, base, c):
    # the whole file, as tirx-run compiles it (every PrimFunc, whichever --func runs)
    cmd = [llc, os.path.join(base, c["kernel"]), "--mcpu=sm_90a", "--emit=ptx", "--no-cache", "-o", os.devnull]
    for k, v in c.get("defines", {}).items():
        cmd += ["-D", f"{k}={v!r}"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    return f"tirx-llc failed: {p.stderr.strip()[-600:]}" if p.returncode else None


def run_case(tirx_run, base, outdir, c):
    import numpy as np

    rng = np.random.default_rng(zlib.crc32(c["name"].encode()))
    env = {"np": np, "rng": rng}
    vals = {}
    cmd = [tirx_run, os.path.join(base, c["kernel"])]
    if c.get("func"):
        cmd += ["--func", c["func"]]
    for k, v in c.get("defines", {}).items():
        cmd += ["-D", f"{k}={v!r}"]
    for k, expr in c.get("inputs", {}).items():
        vals[k] = np.asarray(eval(expr, dict(env)))
        path = os.path.join(outdir, f"{c['name']}_{k}.npy")
        np.save(path, vals[k])
        cmd += ["--arg", f"{k}={path}"]
    for k, spec in c.get("outputs", {}).items():
        cmd += ["--arg", f"{k}={spec}", "--save", f"{k}={os.path.join(outdir, c['name'] + '_out_' + k + '.npy')}"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        return f"tirx-run failed ({p.returncode}): {(p.stderr or p.stdout).strip()[-600:]}"
    for k, (expr, rtol) in c.get("expect", {}).items():
        got = np.load(os.path.join(outdir, c["name"] + "_out_" + k + ".npy"))
        want = np.asarray(eval(expr, {"np": np, **vals}))
        if got.shape != want.shape:
            return f"{k}: shape {got.shape}, expected {want.shape}"
        g, w = got.astype(np.float64), want.astype(np.float64)
        bad = ~np.isclose(g, w, rtol=rtol, atol=rtol) if rtol else g != w
        if bad.any():
            i = tuple(np.argwhere(bad)[0])
            return f"{k}: {int(bad.sum())} of {bad.size} differ, first at {i}: {g[i]} vs {w[i]}"
    return None


def main(argv):
    compile_only = argv[1] == "--compile"
    if compile_only:
        argv = argv[:1] + argv[2:] + [None]
    tool, table, outdir = argv[1:4]
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    g = {"__file__": table}
    exec(compile(open(table).read(), table, "exec"), g)  # noqa: S102 - the test's own table
    if outdir:
        os.makedirs(outdir, exist_ok=True)
    cases = [c for c in g["CASES"] if not only or only in c["name"]]
    failed = 0
    base = os.path.dirname(os.path.abspath(table))

    def one(c):
        return compile_case(tool, base, c) if compile_only else run_case(tool, base, outdir, c)

    # the cases are independent processes: run them side by side, report in table order
    with concurrent.futures.ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as ex:
        whys = list(ex.map(one, cases))
    for c, why in zip(cases, whys):
        if why:
            failed += 1
            print(f"cases.py: FAIL {c['name']}: {why}")
    print(f"cases.py: {os.path.basename(table)}: {len(cases)} cases, {failed} failed")
    return 1 if failed or not cases else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Kernel-time benchmark: tirx's cubin next to nvcc's, for every seed example.

For each example it builds our cubin (tirx-llc --emit=cubin --mcpu=ARCH) and nvcc's
cubin from the CUDA C twin in bench/compile/cuda/NAME.cu (nvcc -cubin -arch=ARCH -O3),
then times both in one process with tirx-bench-kernels (bench_kernels.c): same launch
configuration, same arguments, cuEvent timing over many back-to-back launches, a byte
comparison of the results, and the ratio ours/nvcc (target <= 1.0).

    python3 bench/kernels/run.py [--tirx-llc build/bin/tirx-llc] [--nvcc nvcc]
        [--bench tirx-bench-kernels] [--arch sm_90a] [--work DIR]
        [--prebuilt DIR] [--iters N] [--rounds R] [--build-nvcc-only]

--build-nvcc-only builds nvcc's cubins into --work and stops (scripts/gpu-pack.sh does
this on the development machine); --prebuilt DIR takes nvcc's cubins from DIR when
there is no nvcc (the GPU machine may lack it).  print_buffer is left out: a printf
per launch would flood the output.
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CUDA_DIRS = [os.path.join(ROOT, "bench", "compile", "cuda"), os.path.join(HERE, "cuda")]

# name: (tirx-llc -D defines, grid, block, dynamic smem bytes, kernel args).
# Launch configurations are the ones in each example's launch plan (tirx-bundle-dump);
# args follow the kernel's parameter order (pointers, then scalars, by name).
KERNELS = {
    "scale": ([], (1, 1, 1), (256, 1, 1), 0, ["buf:256", "buf:256"]),
    "add": (["N=256"], (1, 1, 1), (256, 1, 1), 0, ["buf:256", "buf:256", "buf:256"]),
    "scal": ([], (1, 1, 1), (256, 1, 1), 0, ["buf:256", "buf:256", "f32:0.5"]),
    "scale_dyn": ([], (1, 1, 1), (1, 1, 1), 0, ["buf:4096", "buf:4096", "i32:4096"]),
    "smem_demo": ([], (1, 1, 1), (128, 1, 1), 0, ["buf:128", "buf:128"]),
    "dyn_shared": ([], (1, 1, 1), (64, 1, 1), 512, ["buf:64", "buf:64", "buf:64"]),
    "block_sum": ([], (1, 1, 1), (256, 1, 1), 0, ["buf:256", "buf:1"]),
    "warp_reduce": ([], (1, 1, 1), (32, 1, 1), 0, ["buf:32"]),
    "dtypes": ([], (1, 1, 1), (64, 1, 1), 0, ["buf:256", "buf:256"]),
    "hint": ([], (1, 1, 1), (64, 1, 1), 0, ["buf:64", "buf:64"]),
}
# Kernel symbols: tirx names a PrimFunc's kernel <global_symbol>_kernel, and so do the
# CUDA C twins.
SYMBOL = {"print_buffer": "print_buffer_demo_kernel"}


def find(explicit, name, dirs):
    """`explicit` if given (and executable), else `name` on PATH, else in one of dirs."""
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    return shutil.which(name) or shutil.which(name, path=os.pathsep.join(dirs))


def cuda_source(name):
    for d in CUDA_DIRS:
        p = os.path.join(d, name + ".cu")
        if os.path.exists(p):
            return p
    return None


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        sys.stdout.write("bench/kernels: FAILED: %s\n%s" % (" ".join(cmd), r.stdout.decode(errors="replace")))
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tirx-llc")
    ap.add_argument("--nvcc")
    ap.add_argument("--bench")
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "bench-kernels"))
    ap.add_argument("--prebuilt")
    ap.add_argument("--iters", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--build-nvcc-only", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)

    nvcc = find(a.nvcc, "nvcc", ["/usr/local/cuda/bin"])
    print("bench/kernels: nvcc: %s" % (nvcc or "not found (using prebuilt cubins from %s)" % a.prebuilt))
    ok = True
    nv = {}
    for name in KERNELS:
        src = cuda_source(name)
        out = os.path.join(a.work, "%s.nvcc.%s.cubin" % (name, a.arch))
        if nvcc and src:
            if run([nvcc, "-cubin", "-O3", "-arch=" + a.arch, src, "-o", out]):
                nv[name] = out
            else:
                ok = False
        elif a.prebuilt and os.path.exists(os.path.join(a.prebuilt, os.path.basename(out))):
            nv[name] = os.path.join(a.prebuilt, os.path.basename(out))
        else:
            print("bench/kernels: %s: no nvcc cubin (CUDA C twin: %s)" % (name, src or "missing"))
    if a.build_nvcc_only:
        print("bench/kernels: built %d nvcc cubins in %s" % (len(nv), a.work))
        return 0 if ok else 1

    llc = find(a.tirx_llc, "tirx-llc", [os.path.join(ROOT, "build", "bin")])
    bench = find(a.bench, "tirx-bench-kernels", [os.path.join(ROOT, "build", "bin")])
    if not llc or not bench:
        print("bench/kernels: need tirx-llc (%s) and tirx-bench-kernels (%s)" % (llc, bench))
        return 1
    lines = []
    for name, (defines, grid, block, smem, args) in KERNELS.items():
        if name not in nv:
            ok = False
            continue
        ours = os.path.join(a.work, "%s.tirx.%s.cubin" % (name, a.arch))
        cmd = [llc, os.path.join(ROOT, "examples", name + ".py"), "--emit=cubin", "--mcpu=" + a.arch, "-o", ours]
        for d in defines:
            cmd += ["-D", d]
        if not run(cmd):
            ok = False
            continue
        sym = SYMBOL.get(name, name + "_kernel")
        lines.append(" ".join([name, ours, nv[name], sym] + [str(x) for x in grid + block] + [str(smem)] + args))
    spec = os.path.join(a.work, "spec.txt")
    with open(spec, "w") as f:
        f.write("\n".join(lines) + "\n")
    sys.stdout.flush()
    rc = subprocess.call([bench, spec, "--iters", str(a.iters), "--rounds", str(a.rounds)])
    return rc if rc else (0 if ok else 1)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""bench/gemm/occupancy.py — how many CTAs of a kernel fit on one SM, from the driver.

    python3 bench/gemm/occupancy.py CUBIN KERNEL THREADS DYN_SMEM_BYTES

Loads CUBIN (tirx-llc --emit=cubin) through libcuda, sets the kernel's dynamic
shared-memory limit to DYN_SMEM_BYTES and prints the registers per thread, the static
shared memory and cuOccupancyMaxActiveBlocksPerMultiprocessor for THREADS threads a CTA.
Exit status 0 when the driver answered, 1 otherwise.
"""
import ctypes as C
import sys

# CUfunction_attribute values (cuda.h)
ATTR_NUM_REGS = 4
ATTR_SHARED_SIZE = 1
ATTR_MAX_DYN_SHARED = 8


def check(cu, rc, what):
    if rc != 0:
        msg = C.c_char_p()
        cu.cuGetErrorString(rc, C.byref(msg))
        raise RuntimeError("%s: %s" % (what, msg.value.decode() if msg.value else rc))


def main():
    if len(sys.argv) != 5:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 1
    cubin, name, threads, dyn = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    cu = C.CDLL("libcuda.so.1")
    dev, ctx, mod, fn = C.c_int(), C.c_void_p(), C.c_void_p(), C.c_void_p()
    try:
        check(cu, cu.cuInit(0), "cuInit")
        check(cu, cu.cuDeviceGet(C.byref(dev), 0), "cuDeviceGet")
        check(cu, cu.cuDevicePrimaryCtxRetain(C.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
        check(cu, cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        data = open(cubin, "rb").read()
        check(cu, cu.cuModuleLoadData(C.byref(mod), C.c_char_p(data)), "cuModuleLoadData")
        check(cu, cu.cuModuleGetFunction(C.byref(fn), mod, name.encode()), "cuModuleGetFunction")
        check(cu, cu.cuFuncSetAttribute(fn, ATTR_MAX_DYN_SHARED, C.c_int(dyn)),
              "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)")
        regs, stat, n = C.c_int(), C.c_int(), C.c_int()
        check(cu, cu.cuFuncGetAttribute(C.byref(regs), ATTR_NUM_REGS, fn), "cuFuncGetAttribute")
        check(cu, cu.cuFuncGetAttribute(C.byref(stat), ATTR_SHARED_SIZE, fn), "cuFuncGetAttribute")
        check(cu, cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(C.byref(n), fn, threads,
                                                                  C.c_size_t(dyn)),
              "cuOccupancyMaxActiveBlocksPerMultiprocessor")
    except (RuntimeError, OSError) as e:
        print("occupancy: %s" % e, file=sys.stderr)
        return 1
    print("%s: %d threads, %d registers, %d B static + %d B dynamic shared memory: "
          "%d CTAs per SM" % (name, threads, regs.value, stat.value, dyn, n.value))
    return 0


if __name__ == "__main__":
    sys.exit(main())

# tile-dispatch's activity analysis: a scope id of extent 1 (T.warpgroup_id([1]), as TVM's
# tcgen05.cp tests declare it) is the same on every thread, so `if wg_id == 0:` leaves the CTA
# whole and a T.cta copy under it is lowered; under `if warp_id == 0` (extent 4) it is not.
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: not %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch -D WRONG=1 %s 2>&1 | FileCheck %s --check-prefix=BAD
# CHECK-LABEL: def f
# CHECK: if wg_id == 0:
# CHECK-NOT: T.cta.copy
# BAD: error: T.cta.copy: no variant applies ({{.*}}not every thread of the cta is active (under `if warp_id == 0`, a per-warp condition)
WRONG = 0


@T.prim_func
def f(A: T.Buffer((256, 16), "uint8")):
    T.device_entry()
    warp_id = T.warp_id([4])
    wg_id = T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    A_smem = T.alloc_shared((256, 16), "uint8", align=1024)
    if wg_id == 0:
        T.cta.copy(A_smem[0:256, 0:16], A[0:256, 0:16])
    if WRONG:
        if warp_id == 0:
            T.cta.copy(A_smem[0:256, 0:16], A[0:256, 0:16])

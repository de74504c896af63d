# Arch checks of tile-dispatch (issue 22): a variant's arch is its precondition's first test,
# so a variant the target lacks is skipped, and when none is left the error names the
# variant, the arch compiled for and the call's source line.  wgmma exists on sm_90a only:
# the same kernel compiles for sm_90a and is rejected, located, for sm_100a (tirx-opt
# --mcpu and the driver alike; TVM emits its sm_100a variants for sm_90a unchecked and
# ptxas then fails without a source line).  The other direction, tcgen05 (sm_100a) skipped
# for sm_90a, is gemm_async_tcgen05.py's SM90 line.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s -o /dev/null
# RUN: not %tirx-llc --mcpu=sm_100a --emit=ptx %s -o /dev/null 2>&1 | FileCheck %s
# RUN: not %tirx-llc --mcpu=sm_80 --emit=ptx %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: not %tirx-opt --mcpu=sm_42 %s 2>&1 | FileCheck %s --check-prefix=BADARCH
# BADARCH: tirx-opt: unknown arch 'sm_42' (supported: sm_75
# CHECK: errors_gemm_async_arch.py:[[@LINE+15]]:10: error: T.wg.gemm_async: no variant applies (wgmma: wgmma needs sm_90a (compiling for sm_100a); tcgen05: does not run at warpgroup scope)
# CHECK-NEXT: T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False)
# CHECK-NEXT: ^
# SM80: error: T.wg.gemm_async: no variant applies (wgmma: wgmma needs sm_90a (compiling for sm_80); tcgen05: does not run at warpgroup scope)


@T.prim_func
def f():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    As = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Bs = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    acc = T.alloc_buffer((64, 64), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: wgmma needs sm_90a (compiling for sm_100a); tcgen05: does not run at warpgroup scope)}}

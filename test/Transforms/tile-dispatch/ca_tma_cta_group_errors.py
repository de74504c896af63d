# copy_async TMA cta_group= rejections (lib/Transforms/Tile/copy_async.c): a value other
# than 1 or 2, cta_group=2 on a store (the CTA-pair form is a load's), and a tma_dtype=
# other than "tf32" or on a non-float32 tensor.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f(A: T.Buffer((64, 64), "float16"), F: T.Buffer((64, 64), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    S = T.alloc_shared((64, 64), "float16")
    Fs = T.alloc_shared((64, 64), "float32")
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.tile.copy_async(A[0:64, 0:64], S[0:64, 0:64], dispatch="tma_auto", cta_group=2)  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: cta_group=2 applies to global -> shared copies only}}
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), cta_group=3)  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: cta_group= must be 1 or 2}}
        T.tile.copy_async(Fs[0:64, 0:64], F[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), tma_dtype="bf16")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: tma_dtype= must be "tf32" or "tfloat32"}}
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), tma_dtype="tf32")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: tma_dtype="tf32" needs a float32 global tensor, not float16}}

# copy_async dsmem preconditions: one located error per rejected call.
# RUN: %tirx-opt --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f(A: T.Buffer((64,), "float16")):
    T.device_entry()
    cid = T.cluster_id([1])
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([32])
    S = T.alloc_shared((4, 64), "float16")
    R = T.alloc_buffer((4, 64), "float16", scope="shared", layout=T.TileLayout(T.S[(4, 64):(1, 4)]))
    bar = T.alloc_shared((1,), "uint64")
    T.warp.copy_async(S[0:4, 0:64], S[0:4, 0:64], dispatch="dsmem", mbar=T.address_of(bar[0]), remote_cta_id=1)  # expected-error@+0:12 {{T.warp.copy_async: dispatch="dsmem" does not apply: the copy is issued by a single thread (T.tile / Tx.copy_async), not at warp scope}}
    if tx == 0:
        T.tile.copy_async(S[0:4, 0:64], S[0:4, 0:64], dispatch="dsmem", remote_cta_id=1)  # expected-error@+0:16 {{T.tile.copy_async: dispatch="dsmem" does not apply: needs remote_cta_id= (the destination CTA in the cluster) and mbar= (its barrier)}}
        T.tile.copy_async(S[0, 0:64], A[0:64], dispatch="dsmem", mbar=T.address_of(bar[0]), remote_cta_id=1)  # expected-error@+0:16 {{T.tile.copy_async: dispatch="dsmem" does not apply: copies shared -> shared (another CTA's) only, not global -> shared}}
        T.tile.copy_async(R[0:4, 0:64], S[0:4, 0:64], dispatch="dsmem", mbar=T.address_of(bar[0]), remote_cta_id=1)  # expected-error@+0:16 {{T.tile.copy_async: dispatch="dsmem" does not apply: layouts not compatible for bulk copies of whole 16-byte chunks ('R' holds runs of 1 contiguous elements, not whole 8-element vectors)}}
        T.tile.copy_async(S[0:1, 0:4], S[1:2, 0:4], dispatch="dsmem", mbar=T.address_of(bar[0]), remote_cta_id=1)  # expected-error@+0:16 {{T.tile.copy_async: dispatch="dsmem" does not apply: layouts not compatible for bulk copies of whole 16-byte chunks (no chunk of a multiple of 16 bytes splits the region)}}

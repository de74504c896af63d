# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# Non-ptx intrinsics of TVM's kernel library: packed float helpers, TMEM
# addresses, pointer offsets with T.type_annotation, the 3-argument
# tvm_storage_sync, IKET markers and NVSHMEM calls parse and print back as
# TVM prints them (lowering NVSHMEM is test/Errors/nvshmem_not_lowered.py).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def intrinsics(A: T.Buffer((64,), "float32"), W: T.Buffer((64,), "uint32"), Q: T.Buffer((64,), "uint64"), R_1: T.Buffer((4,), "int32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    W[tx] = T.cuda.float22bfloat162_rn(A[tx], A[tx + 32])
    Q[tx] = T.cuda.fmul2_rn(Q[tx], T.cuda.fadd2_rn(Q[tx], T.cuda.bfloat1622float2(W[tx])))
    W[tx + 32] = T.cuda.hmin2(W[tx], T.cuda.hmax2(W[tx], W[tx + 1])) + T.cuda.fp8x4_e4m3_from_float4(A[0], A[1], A[2], A[3])
    W[tx + 1] = T.cuda.get_tmem_addr(T.uint32(0), 0, tx * 32)
    p: T.let[T.handle("uint8", "global")] = T.ptr_byte_offset(T.address_of(A[0]), tx * 4, T.type_annotation("uint8"))
    h: T.let[T.handle] = T.handle_add_byte_offset(A.data, 128)
    T.tvm_storage_sync("shared", T.bool(False), -1)
    tok: T.uint32 = T.cuda.iket.range_start("phase-a")
    T.cuda.iket.mark("phase-b")
    T.cuda.iket.range_end(tok)
    R_1[0] = T.nvshmem.my_pe() + T.nvshmem.n_pes()
    T.nvshmem.quiet()

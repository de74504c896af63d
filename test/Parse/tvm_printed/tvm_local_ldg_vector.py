# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# frag.local() (this thread's elements of a local buffer laid out over thread
# axes), a view of a leading part of a buffer (P.view(16) of 32 elements) and
# the vector form T.cuda.ldg(dst0, dst1, addr, "float32", "v2", 2), as TVM
# prints them (our kernel).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def localv(A: T.Buffer((64,), "float32"), P: T.Buffer((8, 4), "float32"), M: T.Buffer((2,), "uint64")):
    T.attr({"tirx.device_entry": T.bool(True)})
    wg = T.warpgroup_id([1])
    tid = T.thread_id_in_wg([128])
    frag = T.alloc_local((64, 64), layout=T.TileLayout(T.S[(2, 32, 2, 32):(1 @ Axis.wid_in_wg, 1 @ Axis.laneid, 2 @ Axis.wid_in_wg, 1)]))
    regs = frag.local()
    regs[0] = T.float32(0.0)
    pre = P.view(16)
    a0: T.float32 = T.float32(0.0)
    a1: T.float32 = T.float32(0.0)
    T.cuda.ldg(T.address_of(a0), T.address_of(a1), T.address_of(A[tid * 2]), "float32", "v2", 2)
    A[tid] = a0 + a1 + regs[0] + pre[3]

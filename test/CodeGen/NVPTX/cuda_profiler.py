# tvm.tirx.bench.CudaProfiler (the prelude's) lowers to %globaltimer_lo reads:
# init writes the header (num_groups << 32 | num_blocks) from thread 0 of block
# 0 and seeds the lane's tag (lane << 12) and cursor (1 + lane); start records
# and then fences the block (fence.sc.cta, membar.cta), end fences and then records, finalize
# fences and records kind 3; only the leader stores.  tirx.profile decodes it.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a -D PROFILE=False %s | FileCheck %s --check-prefix=OFF
# LLVM-LABEL: define ptx_kernel void @profiled_kernel(
# LLVM: prof.header:
# LLVM: %prof.hdr = or i64
# LLVM: store i64 %prof.hdr, ptr addrspace(1) %prof_ptr, align 8
# LLVM: shl i64 %{{.*}}, 12
# LLVM: prof.record:
# LLVM: call i32 @llvm.nvvm.read.ptx.sreg.globaltimer.lo()
# LLVM: fence syncscope("block") seq_cst
# The input's load stays between the Load region's fences, the output's store
# between the Store region's: nothing crosses a fence.
# PTX-LABEL: .entry profiled_kernel(
# PTX: mov.u32 %r{{[0-9]+}}, %globaltimer_lo;
# PTX: fence.sc.cta;
# PTX-NEXT: {{mul.wide|shl.b64}}
# PTX-NEXT: add.s64
# PTX-NEXT: ld.global.nc.b32
# PTX-NEXT: fence.sc.cta;
# PTX: st.global.b32
# PTX-NEXT: fence.sc.cta;
# OFF-NOT: globaltimer
# OFF-NOT: fence
from enum import Enum

from tvm.script import tirx as T
from tvm.tirx.bench import CudaProfiler

NUM_BLOCKS = 4
BLOCK = 128
N = NUM_BLOCKS * BLOCK
PROFILE = True


class Ev(Enum):
    Load = 0
    Compute = 1
    Store = 2


@T.prim_func
def profiled(out_ptr: T.handle, inp_ptr: T.handle, prof_ptr: T.handle):
    out = T.match_buffer(out_ptr, (N,), "float32")
    inp = T.match_buffer(inp_ptr, (N,), "float32")
    prof = T.match_buffer(prof_ptr, (4096,), "uint64")
    T.device_entry()
    bid = T.cta_id([NUM_BLOCKS])
    tid = T.thread_id([BLOCK])
    idx = bid * BLOCK + tid
    p = CudaProfiler(prof, write_stride=NUM_BLOCKS, num_groups=1, default_leader=(tid == 0),
                     profiler_enabled=PROFILE)
    p.init(0)
    p.start(Ev.Load)
    x: T.f32 = inp[idx]
    p.end(Ev.Load)
    p.start(Ev.Compute)
    acc: T.f32 = T.float32(0)
    for _ in range(100):
        acc = acc * T.float32(1.0001) + x
    p.end(Ev.Compute)
    p.start(Ev.Store)
    out[idx] = acc
    p.end(Ev.Store)
    p.finalize()

# tvm.tirx.lang.pipeline: Pipeline builds and initialises a full/empty MBarrier pair
# (init counts, the empty side's phase offset); PipelineState keeps stage and
# phase in int32 scalars: init(), advance() (wraps at depth; depth 1 only flips).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def ring(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: arena = T.alloc_buffer((512,), "uint8", scope="shared.dyn")
# CHECK-NEXT: load_full_buf = T.decl_buffer((3,), "uint64", data=arena.data, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(3):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(load_full_buf[i])), T.uint32(2), "init", "", "shared", "b64", "")
# CHECK-NEXT: load_empty_buf = T.decl_buffer((3,), "uint64", data=arena.data, elem_offset=3, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(3):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(load_empty_buf[i])), T.uint32(4), "init", "", "shared", "b64", "")
# CHECK-NEXT: st_stage: T.int32
# CHECK-NEXT: st_phase: T.int32
# CHECK-NEXT: st_stage = 0
# CHECK-NEXT: st_phase = 0
# CHECK-NEXT: one_stage: T.int32
# CHECK-NEXT: one_phase: T.int32
# CHECK-NEXT: one_stage = 0
# CHECK-NEXT: one_phase = 1
# CHECK-NEXT: for k in range(6):
# CHECK-NEXT: T.cuda.mbarrier_wait(T.address_of(load_full_buf[st_stage]), st_phase ^ 0)
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(load_empty_buf[st_stage])), T.uint32(1), "arrive", "", "", "shared", "b64", "")
# CHECK-NEXT: T.cuda.mbarrier_wait(T.address_of(load_empty_buf[st_stage]), st_phase ^ 1)
# CHECK-NEXT: st_stage = st_stage + 1
# CHECK-NEXT: if st_stage == 3:
# CHECK-NEXT: st_stage = 0
# CHECK-NEXT: st_phase = st_phase ^ 1
# CHECK-NEXT: one_phase = one_phase ^ 1
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.tirx.lang.pipeline import Pipeline, PipelineState

@T.prim_func
def ring(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    arena = T.alloc_buffer([512], "uint8", scope="shared.dyn")
    pool = T.meta_var(T.SMEMPool(arena.data))
    load = Pipeline(pool, 3, full="mbar", empty="mbar", init_full=2, init_empty=4, empty_phase_offset=1)
    st = PipelineState(3, 0)
    one = PipelineState(1)
    one.init(1)
    for k in T.serial(6):
        load.full.wait(st.stage, st.phase)
        load.empty.arrive(st.stage)
        load.empty.wait(st.stage, st.phase)
        st.advance()
        one.advance()

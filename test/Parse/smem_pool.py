# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s --check-prefix=PLAN
# T.SMEMPool is resolved at parse time: one uint8 shared.dyn arena, views at
# byte cursors (aligned; the alignment is the view's), move_base_to rewinds,
# commit() records the size where it is called (TVM 0.27: an int64 attribute
# over an empty body; the arena is named after the pool: pool_buf).
# CHECK: pool_buf = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
# CHECK-NEXT: As = T.decl_buffer((64,), data=pool_buf.data, scope="shared.dyn")
# CHECK-NEXT: Hs = T.decl_buffer((32,), "float16", data=pool_buf.data, elem_offset=128, scope="shared.dyn", align=128)
# CHECK-NEXT: Bs = T.decl_buffer((8, 8), data=pool_buf.data, scope="shared.dyn")
# CHECK-NEXT: with T.attr({"tirx.dyn_smem_bytes": T.int64(320)}):
# CHECK-NEXT: T.evaluate(0)
# CHECK-NEXT: As[tx] = A[tx]
# PLAN: kernel f_kernel grid=(1, 1, 1) block=(64, 1, 1) dyn_smem=320
@T.prim_func
def f(A: T.Buffer((64,), "float32"), B: T.Buffer((8, 8), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    pool = T.SMEMPool()
    As = pool.alloc((64,), "float32")
    Hs = pool.alloc((32,), "float16", align=128)
    pool.move_base_to(0)
    Bs = pool.alloc((8, 8), "float32")
    pool.commit()
    As[tx] = A[tx]
    T.cuda.cta_sync()
    B[tx // 8, tx % 8] = As[tx] + Bs[0, 0] + T.Cast("float32", Hs[0])

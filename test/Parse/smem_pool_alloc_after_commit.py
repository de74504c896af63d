# An allocation after pool.commit(size) is allowed, as in TVM 0.27 (kern's smem pool
# commits its announced size first, then allocates: deepgemm_sm100_tf32_hc_prenorm_gemm);
# past the committed size it is an error (test/Errors/smem_pool_alloc_after_commit.py).
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: with T.attr({"tirx.dyn_smem_bytes": T.int64(1024)}):
# CHECK: b = T.decl_buffer((64,), data=pool_buf.data, elem_offset=64, scope="shared.dyn")
from tvm.script import tirx as T


@T.prim_func
def ok(A: T.Buffer((4,), "float32")):
    T.device_entry()
    pool = T.SMEMPool()
    a = pool.alloc((64,), "float32")
    pool.commit(1024)
    b = pool.alloc((64,), "float32")
    T.evaluate(b[0])

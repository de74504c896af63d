# RUN: %tirx-opt %s > /dev/null
# RUN: rm -rf %t && mkdir -p %t/empty
# RUN: env TIRX_NVSHMEM_HOME=%t/empty not %tirx-llc %s --mcpu=sm_90a --emit=ptx -o %t.ptx 2>&1 | FileCheck %s
# T.nvshmem.* links NVSHMEM's device bitcode; without it (TIRX_NVSHMEM_HOME names a
# directory with no lib/libnvshmem_device_sm_<N>.bc): a located error at the first call.
# CHECK: nvshmem_no_library.py:14:26: error: codegen: T.nvshmem.* needs NVSHMEM's device library: no lib/libnvshmem_device_sm_<N>.bc for sm_90a under TIRX_NVSHMEM_HOME='{{.*}}empty'
# CHECK-NEXT: R[0] = T.nvshmem.my_pe()
# CHECK-NEXT: ^
@T.prim_func
def f(R: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    if tx == 0:
        R[0] = T.nvshmem.my_pe()
        R[1] = T.nvshmem.n_pes()

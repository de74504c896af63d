# NVSHMEM's device bitcode is linked before optimisation, lazily: only the functions
# the kernel reaches stay (internal, here inlined), the nvshmemi_*_d constants that
# nvshmemx_cumodule_init fills in stay external definitions (.visible .const), and the
# file is the newest libnvshmem_device_sm_<N>.bc with N <= the target (the stand-in
# library's my_pe adds N).  Inputs/nvshmem/fake.ll.in is the library.
# RUN: rm -rf %t && sh %S/Inputs/nvshmem/mk-fake.sh %t 90 100
# RUN: env TIRX_NVSHMEM_HOME=%t %tirx-llc --mcpu=sm_90a --emit=llvm-opt %s | FileCheck %s --check-prefixes=OPT,OPT90
# RUN: env TIRX_NVSHMEM_HOME=%t %tirx-llc --mcpu=sm_100a --emit=llvm-opt %s | FileCheck %s --check-prefixes=OPT,OPT100
# RUN: env TIRX_NVSHMEM_HOME=%t %tirx-llc --mcpu=sm_103a --emit=llvm-opt %s | FileCheck %s --check-prefixes=OPT,OPT100
# RUN: env TIRX_NVSHMEM_HOME=%t %tirx-llc --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: env TIRX_NVSHMEM_HOME=%t not %tirx-llc --mcpu=sm_80 --emit=ptx %s 2>&1 | FileCheck %s --check-prefix=OLD
# OPT: @nvshmemi_device_state_d = {{.*}}addrspace(4) externally_initialized constant
# OPT: @nvshmemi_device_lib_version_d = {{.*}}addrspace(4) externally_initialized constant
# OPT-NOT: fake_unused
# OPT-LABEL: define ptx_kernel void @f_kernel(
# OPT90: add i32 %{{.*}}, 90
# OPT100: add i32 %{{.*}}, 100
# OPT: fence seq_cst
# OPT-NOT: fake_unused
# OPT-NOT: define {{.*}}@nvshmem_
# PTX-DAG: .visible .const .align 8 .b8 nvshmemi_device_state_d[8];
# PTX-DAG: .visible .const .align 4 .b8 nvshmemi_device_lib_version_d[12]
# PTX-NOT: fake_unused
# OLD: nvshmem_link.py:29:22: error: codegen: T.nvshmem.* needs NVSHMEM's device library: no lib/libnvshmem_device_sm_<N>.bc for sm_80
@T.prim_func
def f(R: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    R[0] = T.nvshmem.my_pe()
    R[1] = T.nvshmem.n_pes()
    T.nvshmem.quiet()

# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f():
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.thread_id([128])
# CHECK-NEXT: {{^}}    bar = T.alloc_shared((1,), "uint64")
# CHECK-NEXT: {{^}}    T.ptx["mbarrier.init.shared.b64"](T.cuda.cvta_generic_to_shared(bar.data), T.uint32(1))
# CHECK-NEXT: {{^}}    T.ptx["mbarrier.init.shared.b64"](T.cuda.cvta_generic_to_shared(bar.data), T.uint32(1))
# CHECK-NEXT: {{^}}    T.ptx["cp.async.commit_group"]()
# CHECK-NEXT: {{^}}    T.ptx["cp.async.wait_group"](0)
# CHECK-NEXT: {{^}}    T.ptx["setmaxnreg.inc.sync.aligned.u32"](232)
# CHECK-NEXT: {{^}}    T.ptx["fence.proxy.async.shared::cta"]()
# T.ptx chained, exact-string and TVM's flat printed forms resolve to one row.
@T.prim_func
def f():
    T.device_entry()
    tx = T.thread_id([128])
    bar = T.alloc_shared((1,), "uint64")
    T.ptx.mbarrier.init.shared.b64(bar.data, 1)
    T.ptx["mbarrier.init.shared.b64"](bar.data, 1)
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.ptx.setmaxnreg(232, "inc", "sync", "aligned", "u32", "")
    T.ptx.fence.proxy.async_.shared__cta()

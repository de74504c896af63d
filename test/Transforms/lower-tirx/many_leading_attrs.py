# RUN: %tirx-opt --pass-pipeline=lower-tirx %s | FileCheck %s
# Every leading node-0 attribute after T.device_entry() stays outermost,
# however many there are (the 17th and later used to end up inside the
# launches: a silent 16-entry array).
# CHECK-LABEL: {{^}}def g(A: T.Buffer((4,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    T.attr({"k0": 0, "k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6, "k7": 7, "k8": 8, "k9": 9, "k10": 10, "k11": 11, "k12": 12, "k13": 13, "k14": 14, "k15": 15, "k16": 16, "k17": 17})
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 4)
# CHECK-NEXT: {{^}}    A[tx] = T.float32(0.0)
@T.prim_func
def g(A: T.Buffer((4,), "float32")):
    T.device_entry()
    T.attr({"k0": 0})
    T.attr({"k1": 1})
    T.attr({"k2": 2})
    T.attr({"k3": 3})
    T.attr({"k4": 4})
    T.attr({"k5": 5})
    T.attr({"k6": 6})
    T.attr({"k7": 7})
    T.attr({"k8": 8})
    T.attr({"k9": 9})
    T.attr({"k10": 10})
    T.attr({"k11": 11})
    T.attr({"k12": 12})
    T.attr({"k13": 13})
    T.attr({"k14": 14})
    T.attr({"k15": 15})
    T.attr({"k16": 16})
    T.attr({"k17": 17})
    tx = T.thread_id([4])
    A[tx] = T.float32(0)

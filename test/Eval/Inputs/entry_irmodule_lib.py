# Factories of IRModules for --entry (test/Eval/entry_irmodule.test, test/Python/compile-entry-irmodule.test).
def get_irmod(n):
    @T.prim_func
    def a(A: T.Buffer((n,), "float32")):
        T.device_entry()
        tx = T.thread_id([n])
        A[tx] = T.float32(3.0)
    @T.prim_func
    def b(A: T.Buffer((n,), "float32")):
        T.device_entry()
        tx = T.thread_id([n])
        A[tx] = T.float32(4.0)
    m = tvm.IRModule({"a": a})
    m["b"] = b
    return m

def bad():
    return tvm.IRModule({"x": 3})

@I.ir_module
class Top:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32")):
        T.device_entry()
        tx = T.thread_id([8])
        A[tx] = T.float32(1.0)
    @T.prim_func
    def second(A: T.Buffer((8,), "float32")):
        T.device_entry()
        tx = T.thread_id([8])
        A[tx] = T.float32(2.0)

def get_mod(n):
    @I.ir_module
    class Mod:
        @T.prim_func
        def main(A: T.Buffer((n,), "float32")):
            T.device_entry()
            tx = T.thread_id([n])
            A[tx] = T.float32(5.0)
        @T.prim_func
        def aux(A: T.Buffer((n,), "float32")):
            T.device_entry()
            tx = T.thread_id([n])
            A[tx] = T.float32(6.0)
    return Mod

class Holder:
    def __init__(self, m):
        self.mod = m

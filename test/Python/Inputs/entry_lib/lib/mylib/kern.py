def get_kernel(n):
    @T.prim_func
    def scale(A: T.Buffer((n,), "float32")):
        T.device_entry()
        tx = T.thread_id([n])
        A[tx] = A[tx] * T.float32(2.0)
    return scale

class Kernel:
    def __init__(self, f):
        self.func = f

def get_obj(n):
    return Kernel(get_kernel(n))

class ModHolder:
    def __init__(self, m):
        self.mod = m

def get_mod(n):
    @I.ir_module
    class Mod:
        @T.prim_func
        def main(A: T.Buffer((n,), "float32")):
            T.device_entry()
            tx = T.thread_id([n])
            A[tx] = T.float32(1.0)
    return Mod

def get_modholder(n):
    return ModHolder(get_mod(n))

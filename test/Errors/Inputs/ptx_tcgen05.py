# (for ptx_engine_arch.test)
@T.prim_func
def f():
    T.device_entry()
    tx = T.thread_id([128])
    if tx == 0:
        T.ptx.tcgen05.fence__before_thread_sync()

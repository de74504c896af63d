# A kernel compiled for the (fake) device's arch: its bundle holds the sm_90a cubin and the
# PTX.  The fake driver refuses the cubin (TIRX_FAKE_CUDA_REFUSE, see the .test).
import sys

import tirx

k = tirx.compile('''@T.prim_func
def fill(n: T.int32, x: T.float32):
    T.device_entry()
    bx = T.cta_id([n])
    tx = T.thread_id([32])
    T.evaluate(0)
''', target="sm_90a", cache=False)
print("py: cubin:", k.inspect("cubin")[:4] == b"\x7fELF")
sys.stdout.flush()
try:
    k(3, 2.5)
    print("py: call: ok")
except Exception as e:  # noqa: BLE001 - the test prints the exception kind
    print("py: call: %s: %s" % (type(e).__name__, str(e).replace("\n", "\\n")))

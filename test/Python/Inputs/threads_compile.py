# Four Python threads compile at once, and the GIL is released while they do: a Python
# thread keeps running meanwhile (its longest pause is measured against the compile time).
# Before the release, the ticker stood still for each whole compile.
import os
import sys
import threading
import time

import tirx

gemm = os.path.join(sys.argv[1], "gemm", "tma_wgmma.py")
add = os.path.join(sys.argv[1], "add.py")

# one compile alone, for its duration
t0 = time.perf_counter()
tirx.compile(gemm, target="sm_90a", cache=False)
alone = time.perf_counter() - t0

done = threading.Event()
gaps = []


def ticker():
    last = time.perf_counter()
    while not done.is_set():
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
        time.sleep(0.001)


results = [None] * 4
errors = []


def work(i):
    try:
        if i == 0:
            results[i] = tirx.compile(gemm, target="sm_90a", cache=False).name
        else:
            results[i] = tirx.compile(add, target="sm_90a", defines={"N": 64 << i},
                                      cache=False).signature
    except Exception as e:  # reported below
        errors.append(repr(e))


tick = threading.Thread(target=ticker)
tick.start()
ws = [threading.Thread(target=work, args=(i,)) for i in range(4)]
for w in ws:
    w.start()
for w in ws:
    w.join()
done.set()
tick.join()
print("errors:", errors)
for r in results:
    print("result:", r)
longest = max(gaps)
print("compile alone >= 0.2 s:", alone >= 0.2)
print("ticker ran during the compiles:", longest < alone / 2,
      "(longest pause %.3f s, one compile %.3f s)" % (longest, alone))

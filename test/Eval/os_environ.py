# os.environ is a parse-time dict that starts empty whatever the process
# environment holds (a compile never depends on it) and keeps what the code
# stores: item assignment, setdefault, pop, update; os.getenv reads it.
# RUN: env TIRX_TEST_ENV_VAR=999 %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(300)
# CHECK-NEXT: T.evaluate("on")
# CHECK-NEXT: T.evaluate("3")
# CHECK-NEXT: T.evaluate("none")
# CHECK-NEXT: T.evaluate("B,C")
# CHECK-NEXT: T.evaluate(7)
# RUN: printf 'import os\ndef f():\n    os.environ = 3\nf()\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: .py:3:8: error: os.environ must stay a dict
import os

timeout = int(os.environ.get("TIRX_TEST_ENV_VAR", "300"))


def configure():
    os.environ["REG_LEVEL"] = "on"
    os.environ.setdefault("LEVEL", "3")
    os.environ.setdefault("LEVEL", "4")
    return os.environ["REG_LEVEL"]


reg = configure()
level = os.getenv("LEVEL")
gone = os.environ.pop("REG_LEVEL")
missing = os.getenv("REG_LEVEL", "none")
os.environ.update({"B": "1"}, C="2")
os.environ.pop("LEVEL")
keys = ",".join(sorted(os.environ.keys()))
os.environ.clear()
n = len(os.environ)


@T.prim_func
def f():
    T.evaluate(timeout)
    T.evaluate(reg)
    T.evaluate(level)
    T.evaluate(missing)
    T.evaluate(keys)
    T.evaluate(n + 7)

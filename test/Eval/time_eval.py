# tirx-opt --time-eval[=N]: the Python functions the evaluation ran, the slowest (in
# their own code) first, with their calls, self and total ms, name and file:line;
# a recursive function's total counts its outermost calls only; methods, functions of
# an imported module (located in their own file) and lambdas have rows; the rest of the
# output is unchanged (stdout); =N limits the rows and says how many were left out.
# RUN: %tirx-opt %s -I %S/Inputs --entry 'main_kernel()' --time-eval 2>%t.err | FileCheck %s --check-prefix=IR
# RUN: FileCheck %s --input-file=%t.err
# RUN: %tirx-opt %s -I %S/Inputs --entry 'main_kernel()' --time-eval=2 2>&1 >/dev/null | FileCheck %s --check-prefix=TWO
# RUN: not %tirx-opt %s --time-eval=0 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: %tirx-opt %s -I %S/Inputs --entry 'main_kernel()' 2>&1 >/dev/null | count 0
# IR: T.evaluate(55)
# CHECK: ===-- Python functions of the evaluation ({{.*}}time_eval.py) --===
# CHECK-NEXT: evaluation {{[0-9.]+}} ms, of it in 7 Python functions {{[0-9.]+}} ms
# CHECK-NEXT: self ms  self%   total ms    calls  function
# CHECK-DAG: {{[0-9.]+ +[0-9.]+% +[0-9.]+}} 15  fib  {{.*}}time_eval.py:32
# CHECK-DAG: {{[0-9.]+ +[0-9.]+% +[0-9.]+}} 3  leaf  {{.*}}time_eval_helper.py:4
# CHECK-DAG: {{[0-9.]+ +[0-9.]+% +[0-9.]+}} 1  total  {{.*}}time_eval.py:37
# CHECK-DAG: {{[0-9.]+ +[0-9.]+% +[0-9.]+}} 1  twice  {{.*}}time_eval.py:41
# CHECK-DAG: {{[0-9.]+ +[0-9.]+% +[0-9.]+}} 1  main_kernel  {{.*}}time_eval.py:45
# CHECK-DAG: {{[0-9.]+ +[0-9.]+% +[0-9.]+}} 1  <lambda>  {{.*}}time_eval.py:46
# CHECK-DAG: {{[0-9.]+ +[0-9.]+% +[0-9.]+}} 2  <lambda>  {{.*}}time_eval.py:47
# TWO: ===-- Python functions
# TWO: calls  function
# TWO-NEXT: {{^ +[0-9.]+ +[0-9.]+% }}
# TWO-NEXT: {{^ +[0-9.]+ +[0-9.]+% }}
# TWO-NEXT: ... 5 more
# BAD: --time-eval=N: N must be a count of rows
from tvm.script import tirx as T
from time_eval_helper import leaf


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


class Acc:
    def total(self):
        return leaf(1) + leaf(2) + leaf(3)


def twice(f, x):
    return f(f(x))


def main_kernel():
    k = (lambda: fib(5) * 11)()
    assert k == 55 and Acc().total() == 6 and twice(lambda x: x, 1) == 1

    @T.prim_func
    def f():
        T.evaluate(k)

    return f

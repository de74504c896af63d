# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s --check-prefix=TEXT
# RUN: %tirx-opt %s | %tirx-opt --print-style=tvm - | FileCheck %s --check-prefix=TEXT
# RUN: %tirx-opt --print-style=tvm %s --entry 'get_kernel()' | FileCheck %s --check-prefix=ENTRY
# TVM has two forms of leaving a loop: the Break/Continue statement (what its
# IRBuilder makes, e.g. the kern DSL's K.Break(); printed `break`) and an
# Evaluate of T.break_loop() (what its TVMScript parser makes of a source
# `break`).  Printed text keeps the spelling it was written in, also across a
# native round trip; a module run for --entry is TVMScript source, so there a
# `break` is the call, as TVM prints it.
# TEXT-LABEL: def f(
# TEXT: if i == 3:
# TEXT-NEXT: continue
# TEXT: if i == 5:
# TEXT-NEXT: T.continue_loop()
# TEXT: if i == 7:
# TEXT-NEXT: break
# TEXT: if i == 8:
# TEXT-NEXT: T.break_loop()
# ENTRY-LABEL: def f(
# ENTRY: if i == 3:
# ENTRY-NEXT: T.continue_loop()
# ENTRY: if i == 5:
# ENTRY-NEXT: T.continue_loop()
# ENTRY: if i == 7:
# ENTRY-NEXT: T.break_loop()
# ENTRY: if i == 8:
# ENTRY-NEXT: T.break_loop()
from tvm.script import tirx as T


@T.prim_func
def f(A: T.Buffer((10,), "int32")):
    i: T.int32 = 0
    while i < 10:
        i = i + 1
        if i == 3:
            continue
        if i == 5:
            T.continue_loop()
        A[i] = i
        if i == 7:
            break
        if i == 8:
            T.break_loop()


def get_kernel():
    @T.prim_func
    def f(A: T.Buffer((10,), "int32")):
        i: T.int32 = 0
        while i < 10:
            i = i + 1
            if i == 3:
                continue
            if i == 5:
                T.continue_loop()
            A[i] = i
            if i == 7:
                break
            if i == 8:
                T.break_loop()

    return f

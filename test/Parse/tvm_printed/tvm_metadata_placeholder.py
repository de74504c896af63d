# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=llvm -o %t.ll 2>&1 | FileCheck %s --check-prefix=CG && FileCheck %s --check-prefix=IR < %t.ll
# TVM prints some printf formats as metadata["ir.StringImm"][i] (and a closing note): they parse
# and print back; compiling warns that the text is lost and prints the placeholder and arguments.
# CHECK: T.cuda.printf(metadata["ir.StringImm"][0], tx)
# CG: tvm_metadata_placeholder.py:20:23: warning: codegen: T.cuda.printf: the format is TVM's metadata["ir.StringImm"][0] placeholder and its text is not in the input
# IR: c"[metadata[\22ir.StringImm\22][0]] %d\0A\00"
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def meta(A: T.Buffer((4,), "int32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    A[0] = tx
    if tx == 0:
        T.cuda.printf(metadata["ir.StringImm"][0], tx)

# Metadata omitted. Use show_meta=True in script() method to show it.

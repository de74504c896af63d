# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# RUN: not %tirx-llc %s --mcpu=sm_90a --emit=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=CG
# TVM prints some printf format strings as metadata["ir.StringImm"][i] and ends
# with a note that the metadata was omitted: the placeholder parses and prints
# back (the note too), and compiling it is a located error (the string is lost).
# CHECK: T.cuda.printf(metadata["ir.StringImm"][0], tx)
# CG: tvm_metadata_placeholder.py:20:23: error: codegen: T.cuda.printf: the format is TVM's metadata[...] placeholder
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

# A void call's type prints as "" (TVM's void), which is how kern's K.ptx / K.cuda
# proxies tell an instruction to emit as a statement (T.evaluate) from a value
# call to pass through: str(call.ty.dtype) == "" on a PrimType.  A T.NAME of an
# intrinsic is callable() (kern's module __getattr__ proxies exactly the callable
# T names: K.tvm_storage_sync("shared") emits); a namespace (T.ptx) is not.
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# CHECK: T.ptx.bar(T.uint32(0), "", "sync", "")
# CHECK-NEXT: T.tvm_storage_sync("shared", T.bool(False), -1)
# CHECK-NEXT: T.evaluate("void=[] elect=[{{[a-z]+[0-9]*}}] callable=True/False")
# CHECK-NOT: T.ptx.bar
import tvm
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I


def is_void_call(value):
    return isinstance(value, tvm.ir.Expr) and isinstance(value.ty, tvm.ir.PrimType) and str(value.ty.dtype) == ""


def emit(call):
    if is_void_call(call):
        T.evaluate(call)
        return None
    return call


def get():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            I.arg("A", I.buffer((64,), "float32"))
            I.device_entry()
            I.thread_id([32])
            emit(T.ptx.bar.sync(0))
            e = emit(T.cuda.elect_sync())
            sync = T.tvm_storage_sync
            if callable(sync):
                emit(sync("shared"))
            c = f"callable={callable(sync)}/{callable(T.ptx)}"
            T.evaluate(f"void=[{T.ptx.bar.sync(0).ty.dtype}] elect=[{e.ty.dtype}] {c}")
    return ib.get()

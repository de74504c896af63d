# TVM main's tvm.tirx.stmt_functor.ir_transform over a traced kernel (prelude
# stmt_functor.py, _tirx.ir_transform in lib/Parse/eval_irnode.c), as kern's
# K.specialize uses it to chain adjacent role guards: a T.If frame's .condition is
# the node the IfThenElse holds (same_as: identity, not structure), isinstance
# against tvm.tirx.IfThenElse / SeqStmt, the IfThenElse(cond, then, else, span) and
# SeqStmt(seq, span) constructors, a postorder that rewrites a SeqStmt (the nodes
# above it are copied), PrimFunc.with_body, isinstance of every statement against
# classes named several ways (each name classified once).  `tvm.tirx.stmt_functor` is reached
# through `import tvm` alone, as TVM's tvm.tirx imports it.
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# CHECK-LABEL: def f(
# CHECK:      if v < 2:
# CHECK-NEXT:   T.evaluate(1)
# CHECK-NEXT: else:
# CHECK-NEXT:   if v < 4:
# CHECK-NEXT:     T.evaluate(2)
# CHECK-NEXT: T.evaluate(3)
# CHECK-NEXT: if v < 2:
# CHECK-NEXT:   T.evaluate(4)
# CHECK-LABEL: def log(
# CHECK: T.evaluate("ifs:2 same:True other:False seq:True if:True body_same:True span:None kinds:13 3/3 1 4 [True, True, False, False]")
import tvm
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I

GUARDS = []


def guard(cond, value):
    frames = [T.If(cond), T.Then()]
    GUARDS.append(frames[0].condition)
    for fr in frames:
        fr.__enter__()
    T.evaluate(value)
    for fr in reversed(frames):
        fr.__exit__(None, None, None)


def traced():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            I.device_entry()
            tx = I.thread_id([128])
            guard(tx < 2, 1)
            guard(tx < 4, 2)
            T.evaluate(3)
            with T.If(tx < 2):  # structurally a guard's condition, but not that node
                with T.Then():
                    T.evaluate(4)
    return ib.get()


def is_guard(stmt):
    if not isinstance(stmt, tvm.tirx.IfThenElse) or stmt.else_case is not None:
        return False
    return any(stmt.condition.same_as(c) for c in GUARDS)


def postorder(stmt):
    if not isinstance(stmt, tvm.tirx.SeqStmt):
        return None
    seq = list(stmt.seq)
    out, i = [], 0
    while i < len(seq):
        if i + 1 < len(seq) and is_guard(seq[i]) and is_guard(seq[i + 1]):
            inner = tvm.tirx.IfThenElse(seq[i + 1].condition, seq[i + 1].then_case, None, seq[i + 1].span)
            out.append(tvm.tirx.IfThenElse(seq[i].condition, seq[i].then_case, inner, seq[i].span))
            i += 2
        else:
            out.append(seq[i])
            i += 1
    return tvm.tirx.SeqStmt(out, stmt.span)


def log(text):
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("log")
            T.evaluate(text)
    return ib.get()


def get():
    func = traced()
    body = tvm.tirx.stmt_functor.ir_transform(func.body, None, postorder)
    text = "ifs:%d same:%s other:%s seq:%s if:%s body_same:%s span:%s" % (
        len(GUARDS),
        GUARDS[0].same_as(GUARDS[0]),
        GUARDS[0].same_as(GUARDS[1]),
        isinstance(body, tvm.tirx.SeqStmt) or isinstance(body.body, tvm.tirx.SeqStmt),
        isinstance(GUARDS[0], tvm.tirx.IfThenElse) is False,
        tvm.tirx.stmt_functor.ir_transform(func.body, None, lambda s: None).same_as(func.body),
        body.span,
    )
    # isinstance against the statement classes, each name classified once and asked
    # of every statement: the paths TVM spells a class by, tuples, values of no class
    seen = []
    tvm.tirx.stmt_functor.ir_transform(func.body, None, lambda s: seen.append(s))
    seen += [1, None, "s"]
    text += " kinds:%d %d/%d %d %d %s" % (
        len(seen),
        sum(isinstance(s, tvm.tirx.IfThenElse) for s in seen),
        sum(isinstance(s, (tvm.tirx.stmt.IfThenElse, tirx.IfThenElse)) for s in seen),
        sum(isinstance(s, tvm.tirx.SeqStmt) for s in seen),
        sum(isinstance(s, (tvm.tirx.Evaluate, tvm.tirx.For, tvm.tirx.While)) for s in seen),
        [isinstance(s, (int, tvm.tirx.AttrStmt)) for s in seen[-4:]],
    )
    return tvm.IRModule({"f": func.with_body(body), "log": log(text)})

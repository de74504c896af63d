# ir_transform's callbacks that start with a type guard (kern's K.specialize:
# `if not isinstance(stmt, tvm.tirx.SeqStmt): return None`) are called only for the
# statements the guard lets through (lib/Parse/eval_irnode.c, guard_class: the
# other calls provably return None); every other callback sees every statement.
# The guarded counts (2 IfThenElse, 2 SeqStmt) are TVM's (0.27 with
# ../shared/corpus-kern/tools/tvm_main_shim.py); the unguarded ones are our walk's 11
# statements (TVM's walk also calls back on the 16 expressions: 27; tirx's
# ir_transform rewrites statements only, prelude/tvm/tirx/stmt_functor.py).
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# CHECK-LABEL: def log(
# CHECK: T.evaluate("ifs:2 seqs:2 all:11 mine:11 user:11 doc:2 bare:2 other_param:11 rewritten:True")
import tvm
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I

N = {"ifs": 0, "seqs": 0, "all": 0, "mine": 0, "user": 0, "doc": 0, "bare": 0, "other": 0}


def traced():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            I.device_entry()
            tx = I.thread_id([128])
            with T.serial(0, 4):
                with T.If(tx < 2):
                    with T.Then():
                        T.evaluate(1)
                with T.If(tx < 4):
                    with T.Then():
                        T.evaluate(2)
            T.evaluate(3)
            T.evaluate(4)
    return ib.get()


def count_ifs(stmt):
    if not isinstance(stmt, tvm.tirx.IfThenElse):
        return None
    N["ifs"] += 1
    return None


def count_seqs(stmt):
    if not isinstance(stmt, tvm.tirx.SeqStmt):
        return
    N["seqs"] += 1
    return None


def count_all(stmt):
    N["all"] += 1  # before the guard: every statement
    if not isinstance(stmt, tvm.tirx.SeqStmt):
        return None
    return None


class Mine:
    pass


def count_mine(stmt):
    if not isinstance(stmt, Mine):  # not one of TVM's classes: called for every statement
        N["mine"] += 1
        return None
    return None


def count_doc(stmt):
    """A docstring before the guard."""
    if not isinstance(stmt, tvm.tirx.IfThenElse):
        return None
    N["doc"] += 1


def count_bare(stmt):
    if not isinstance(stmt, tvm.tirx.SeqStmt):
        return
    N["bare"] += 1


def make_user():
    def isinstance(x, k):  # a local isinstance: not the builtin
        N["user"] += 1
        return False

    def count_user(stmt):
        if not isinstance(stmt, tvm.tirx.SeqStmt):
            return None
        return None

    return count_user


def count_other(stmt, extra=None):
    N["other"] += 1
    if not isinstance(extra, tvm.tirx.SeqStmt):
        return None
    return None


def flatten(stmt):
    if not isinstance(stmt, tvm.tirx.SeqStmt):
        return None
    return tvm.tirx.SeqStmt(list(stmt.seq), stmt.span)


def log(text):
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("log")
            T.evaluate(text)
    return ib.get()


def get():
    func = traced()
    xf = tvm.tirx.stmt_functor.ir_transform
    xf(func.body, None, count_ifs)
    xf(func.body, count_seqs, None)
    xf(func.body, None, count_all)
    xf(func.body, None, count_mine)
    xf(func.body, None, make_user())
    xf(func.body, None, count_doc)
    xf(func.body, count_bare, None)
    xf(func.body, None, count_other)
    body = xf(func.body, None, flatten)
    text = "ifs:%d seqs:%d all:%d mine:%d user:%d doc:%d bare:%d other_param:%d rewritten:%s" % (
        N["ifs"], N["seqs"], N["all"], N["mine"], N["user"], N["doc"], N["bare"], N["other"],
        not body.same_as(func.body),
    )
    return tvm.IRModule({"f": func.with_body(body), "log": log(text)})

# tvm.tirx.stmt_functor over a traced kernel's IR (prelude/tvm/tirx/stmt_functor.py,
# lib/Parse/eval_irnode.c): PrimFunc.body, a StmtExprVisitor subclass overriding
# visit_buffer_load_ / visit_buffer_store_ / visit_call_ and calling the base
# method through super() (which visits what TVM main's visits: a store's value and
# indices, a load's indices, a call's args; DeclBuffer/AllocBuffer nothing), the
# node fields the library's IR contract check reads (op.buffer.scope(), op.indices,
# op.predicate, op.op.name, op.args[0].value, type(node).__name__, a span that is
# absent), isinstance against tvm.tirx.BufferLoad, and post_order_visit (children
# first).  The log of what was visited is the evaluated string of a second kernel.
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# CHECK: T.evaluate("store:shared:1:None load:global:i load:local:i call:tirx.address_of addr:BufferLoad:global call:tirx.cuda.func_call:dev_fn load:shared:i span:None")
# CHECK-NEXT: T.evaluate("post:Var,BufferLoad,Var,BufferLoad,Add,Var,IntImm,Add,BufferStore")
# CHECK-NEXT: T.evaluate("seq:6 first:ScopeIdDef kinds:SeqStmt")
# A visit method assigned to the class after a first visit is the one the next visit
# calls (the native walk's per-class dispatch is made anew), in that class and in its
# subclasses; a base method restored is the native walk again:
# CHECK-NEXT: T.evaluate("calls:2 loads:0 loads:4 sub:4 again:0")
# The base methods marked @_tirx.walk_visit / walk_children walk in C; called with a
# keyword (which C does not take) their Python bodies run: both walks log the same.
# CHECK-NEXT: T.evaluate("native=body:True 9 none:0")
import tvm
from tvm import tirx
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I
from tvm.tirx.stmt_functor import StmtExprVisitor, post_order_visit


def traced():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            a = I.arg("A", I.buffer((64,), "float32"))
            I.device_entry()
            tx = I.thread_id([32])
            s = T.alloc_shared([64], "float32")
            r = T.alloc_local([2], "float32")
            I.buffer_store(s, a[tx] + r[tx], [tx + 1])
            T.evaluate(T.address_of(a[tx]))
            T.evaluate(T.cuda.func_call("dev_fn", s[tx], source_code="", return_type="void"))
    return ib.get()


class Log(StmtExprVisitor):
    def __init__(self):
        super().__init__()
        self.log = []

    def visit_buffer_store_(self, op):
        self.log.append("store:%s:%d:%s" % (op.buffer.scope(), len(op.indices), op.predicate))
        super().visit_buffer_store_(op)

    def visit_buffer_load_(self, op):
        self.log.append("load:%s:%s" % (op.buffer.scope(), "i" if op.indices else "-"))
        super().visit_buffer_load_(op)

    def visit_call_(self, op):
        name = getattr(op.op, "name", None)
        if name == "tirx.cuda.func_call":
            self.log.append("call:%s:%s" % (name, op.args[0].value))
        else:
            self.log.append("call:" + name)
        if name == "tirx.address_of" and isinstance(op.args[0], tirx.BufferLoad):
            self.log.append("addr:%s:%s" % (type(op.args[0]).__name__, op.args[0].buffer.scope()))
            return
        super().visit_call_(op)


def get():
    f = traced()
    v = Log()
    v(f.body)
    v.log.append("span:%s" % getattr(f.body, "span", None))
    post = []
    stores = []

    def find(node):
        if type(node).__name__ == "BufferStore":
            stores.append(node)

    post_order_visit(f.body, find)
    post_order_visit(stores[0], lambda n: post.append(type(n).__name__))
    seq = f.body.body  # f.body: the device_entry AttrStmt

    class Count(StmtExprVisitor):
        def __init__(self):
            super().__init__()
            self.n = 0

        def visit_call_(self, op):
            self.n += 1

    class SubCount(Count):
        pass

    def count_loads(self, op):
        self.n += 1
        StmtExprVisitor.visit_buffer_load_(self, op)

    c = Count()
    c(f.body)
    first = "calls:%d" % c.n
    c = Count()
    Count.visit_call_ = StmtExprVisitor.visit_call_
    c(f.body)
    first += " loads:%d" % c.n
    Count.visit_buffer_load_ = count_loads
    c = Count()
    c(f.body)
    sc = SubCount()
    sc(f.body)
    Count.visit_buffer_load_ = StmtExprVisitor.visit_buffer_load_
    c2 = Count()
    c2(f.body)
    first += " loads:%d sub:%d again:%d" % (c.n, sc.n, c2.n)

    fast = Log()
    fast.visit_stmt(f.body)
    StmtExprVisitor.visit_buffer_store_(fast, stores[0])
    slow = Log()
    slow.visit_stmt(stmt=f.body)
    StmtExprVisitor.visit_buffer_store_(slow, op=stores[0])
    nothing = Log()
    nothing.visit_expr(None)
    nothing.visit_expr(expr=None)
    same = "native=body:%s %d none:%d" % (fast.log == slow.log, len(fast.log), len(nothing.log))
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("log")
            T.evaluate(" ".join(v.log))
            T.evaluate("post:" + ",".join(post))
            T.evaluate("seq:%d first:%s kinds:%s" % (len(seq.seq), type(seq.seq[0]).__name__, type(seq).__name__))
            T.evaluate(first)
            T.evaluate(same)
    return ib.get()

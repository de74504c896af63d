# A name's site keeps the module binding it found (eval_expr.c ev_lookup_at) and an
# assignment skips the search for `global` / `nonlocal` markers where a function made
# none (py_assign), both checked against CPython: a site that found a builtin sees a
# module name bound later, a global rebound through `global` is read anew at every
# site, a site read from a caller with a local of the name
# still finds the module's, a closure's free name and `nonlocal` / `global` assignments
# after the markers' functions returned keep their rules, a closure of a function with a
# `global` marker (its view of the enclosing call, late bound), a class body's name, and
# a local read where its binding sits elsewhere in each call (the site's index a hint).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("3 shadow 3 | 1 2 3 | 10 11 | g:7 g:7 | 6 7 | 41 42 | 9 | c:1 c:2 | 23 26 | 2 33 4 [4, 2, 0] | 100")
from tvm.script import tirx as T

G = 1


def read_len():
    return len


def read_g():
    return G


def set_g(v):
    global G
    G = v


def caller_with_local():
    G = 7  # a local of the caller: read_g still reads the module's
    return "g:%d" % read_g()


def counter():
    n = 5

    def bump():
        nonlocal n
        n += 1
        return n

    return bump


def loop_reads():
    out = []
    for i in range(3):
        out.append(read_g())
        set_g(read_g() + 1)
    return out


def plain_assign_after_global():
    x = 40
    set_g(G)  # a `global` marker made (and dropped) in a call
    x = x + 1
    y = x
    y = y + 1
    return "%d %d" % (x, y)


class K:
    K_A = 9
    K_B = K_A


def nonlocal_twice():
    c = 0

    def inc():
        nonlocal c
        c = c + 1
        return "c:%d" % c

    return "%s %s" % (inc(), inc())


LEN_BEFORE = read_len()("abc")
len = lambda s: "shadow"  # noqa: E731
LEN_AFTER = read_len()("abc")


def outer_global():
    global G
    G = 20
    seen = 3

    def inner(k):
        return G + seen + k  # the module's G, the enclosing call's seen

    r = [inner(0)]
    G = 21
    seen = 4
    r.append(inner(1))
    return "%d %d" % tuple(r)


def leaf(v):
    y = v + 1
    return y


def deeper(v):
    a1 = a2 = a3 = 10
    return leaf(v) + a1 + a2 + a3


def down(n, acc):
    x = n * 2
    if n == 0:
        return acc + [x]
    return down(n - 1, acc + [x])


def run():
    parts = []
    parts.append("%d %s %d" % (LEN_BEFORE, LEN_AFTER, three("abc")))
    parts.append(" ".join(str(x) for x in loop_reads()))
    set_g(10)
    b = read_g()
    set_g(11)
    parts.append("%d %d" % (b, read_g()))
    set_g(7)
    parts.append("%s %s" % (caller_with_local(), "g:%d" % read_g()))
    f = counter()
    parts.append("%d %d" % (f(), f()))
    parts.append(plain_assign_after_global())
    parts.append("%d" % K.K_B)
    parts.append(nonlocal_twice())
    parts.append(outer_global())
    parts.append("%d %d %d %s" % (leaf(1), deeper(2), leaf(3), down(2, [])))
    set_g(100)
    parts.append("%d" % read_g())
    return " | ".join(parts)


def three(s):
    return 3


@T.prim_func
def main():
    T.evaluate(run())

# Parse-time library pieces: lambdas as values (defaults, keywords),
# functools (cache, lru_cache, partial, reduce), itertools (product, chain),
# sorted(key=, reverse=), min/max(key=), map/filter, set(), dict methods
# (update, setdefault, pop), str methods (replace, split, strip), a list
# shared by two names sees appends through either.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(25)
# CHECK-NEXT: T.evaluate(13)
# CHECK-NEXT: T.evaluate(24)
# CHECK-NEXT: T.evaluate("(0, 'a');(0, 'b');(1, 'a');(1, 'b')|1,2,3")
# CHECK-NEXT: T.evaluate("[3, 2, 1]|[1, 2, 3]|xx|1")
# CHECK-NEXT: T.evaluate("[2, 4]|[3]|[1, 2]")
# CHECK-NEXT: T.evaluate("{'a': 1, 'b': 5, 'c': 7}|7|9")
# CHECK-NEXT: T.evaluate("a-b-c|['x', 'y', 'z']|pad")
# CHECK-NEXT: T.evaluate(3)
import functools
import itertools
from functools import lru_cache, partial


@functools.cache
def sq(x):
    return x * x


@lru_cache(maxsize=1)
def plus(a, b=3):
    return a + b


add = lambda x, y=10: x + y
inc = partial(add, y=2)
prod = functools.reduce(lambda a, b: a * b, [1, 2, 3, 4])
pairs = ";".join(str(p) for p in itertools.product([0, 1], ["a", "b"]))
chained = ",".join(str(x) for x in itertools.chain([1], (2, 3)))
order = str(sorted([1, 3, 2], reverse=True)) + "|" + str(sorted([3, 1, 2], key=lambda v: v))
longest = max(["a", "xx", "b"], key=len) + "|" + str(min([4, 1, 9]))
mapped = str(list(map(lambda v: v * 2, [1, 2]))) + "|" + str(list(filter(lambda v: v > 2, [1, 3]))) + "|" + str(sorted(set([2, 1, 2])))

d = {"a": 1}
d.update({"b": 5}, c=7)
got = d.setdefault("c", 0)
d2 = dict(d)
popped = d2.pop("z", 9)
dicts = str(d) + "|" + str(got) + "|" + str(popped)
strs = "a_b_c".replace("_", "-") + "|" + str(" x y  z ".split()) + "|" + "  pad \n".strip()

a = []
b = a
b.append(1)
a.append(2)
b.append(3)


@T.prim_func
def f(X: T.Buffer((4,), "float32")):
    T.evaluate(sq(5))
    T.evaluate(plus(10) + 0 * inc(1))
    T.evaluate(prod)
    T.evaluate(pairs + "|" + chained)
    T.evaluate(order + "|" + longest)
    T.evaluate(mapped)
    T.evaluate(dicts)
    T.evaluate(strs)
    T.evaluate(len(b))

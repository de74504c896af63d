#entry: make(4)
from dataclasses import dataclass
from tvm.script import tirx as T


@dataclass(frozen=True)
class Cfg:
    n: int
    tile: int = 2

    @property
    def blocks(self):
        return (self.n + self.tile - 1) // self.tile


class Base:
    def __init__(self, k):
        self.k = k

    def scale(self, x):
        return x * self.k


class Derived(Base):
    def scale(self, x):
        return super().scale(x) + 1


def make(n):
    cfg = Cfg(n)
    d = Derived(cfg.blocks)

    @T.prim_func
    def f(A: T.Buffer((n,), "float32")):
        for i in range(d.scale(1)):
            A[i % n] = T.float32(cfg.tile)

    return f

# @dataclass (defaults, field(default_factory=...), frozen, fields(),
# asdict(), equality, repr) and Enum / IntEnum members.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(16)
# CHECK-NEXT: T.evaluate("m,n,tags")
# CHECK-NEXT: T.evaluate("Cfg(m=3, n=4, tags=[])")
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate("B")
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate("Mode.A")
from dataclasses import dataclass, field, fields, asdict
from enum import Enum, IntEnum


@dataclass(frozen=True)
class Cfg:
    m: int
    n: int = 4
    tags: list = field(defreffault_factory=list)

    @property
    def area(self):
        return self.m * self.n


class Mode(Enum):
    A = 1
    B = 2


class Lvl(IntEnum):
    LO = 0
    HI = 5


cfg = Cfg(3)
d = asdict(cfg)
names = [x.name for x in fields(Cfg)]


@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(cfg.area + d["n"])
    T.evaluate(",".join(names))
    T.evaluate(str(cfg))
    T.evaluate(cfg == Cfg(3, 4))
    T.evaluate(Mode(2).name)
    T.evaluate(Mode.A.value)
    T.evaluate(Lvl.HI == 5)
    T.evaluate(str(Mode.A))

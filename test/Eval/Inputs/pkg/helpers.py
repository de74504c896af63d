import cupy  # not available: only a use is an error
from .sub import leaf
from . import consts as C

SCALE = 3


def scaled(x):
    return x * SCALE + leaf.OFFSET + C.BASE


class Tile:
    def __init__(self, m):
        self.m = m

    def area(self):
        return self.m * SCALE


def uses_missing():
    return cupy.ones(3)

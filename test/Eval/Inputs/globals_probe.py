# globals() read from module level and from a function (the function's module's
# names, not its locals), plain enough for CPython too: globals_builtin.py checks
# tirx's RESULTS against CPython's.
M = 5
N = 7


def probe():
    M = 100  # noqa: F841 (a local: globals() does not see it)
    g = globals()
    return [g["M"], g.get("N", 0), g.get("nope", 3), int("probe" in g), int(callable(g["probe"]))]


RESULTS = probe() + [globals()["N"]]

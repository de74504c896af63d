# tirx.compile(entry=...) of an IRModule: all its PrimFuncs are compiled; func= picks
# the Kernel (default main) (test/Python/compile-entry-irmodule.test).
import sys

import tirx

lib = sys.argv[1]
for kw in ({"entry": "get_irmod(32)", "func": "b"}, {"entry": "get_irmod(32)", "func": "a"},
           {"entry": "get_mod(16)"}, {"entry": "Holder(get_mod(16))", "func": "aux"},
           {"entry": "Top", "func": "second"}, {"entry": "get_irmod(32)"}, {"entry": "bad()"}):
    try:
        k = tirx.compile(lib, target="sm_90a", cache=False, **kw)
        print(kw["entry"], kw.get("func"), k.signature)
    except (ValueError, tirx.CompileError) as e:
        print(kw["entry"], type(e).__name__, str(e).splitlines()[0])

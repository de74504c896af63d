# Module-level Python of modules_partial.py, plain enough for CPython too: the
# test prints RESULTS with both and checks one set of lines.
import cycpkg
from cycpkg import dyn_ab  # through the module's __getattr__

RESULTS = [
    cycpkg.double(),
    cycpkg.dyn_abcd,
    int(cycpkg.helper.PKG == "cycpkg"),
    int(cycpkg.helper.NAME == "cycpkg.helper"),
    int(cycpkg.__name__ == "cycpkg"),
    int(cycpkg.helper is cycpkg.helper),
    int(getattr(cycpkg, "dyn_x", 0)),
    dyn_ab,
    int(cycpkg.helper.__file__.endswith("cycpkg/helper.py")),
]

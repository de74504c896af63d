# A package whose body imports its own submodule, which imports the package back
# while it is still loading (the kern DSL's `from . import idioms`).
VALUE = 3
from . import helper  # noqa: E402
from .helper import double  # noqa: E402

LATE = 10


def __getattr__(name):
    if name.startswith("dyn_"):
        return len(name) * 100
    raise AttributeError(name)

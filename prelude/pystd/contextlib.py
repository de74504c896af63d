"""contextlib: what a kernel factory uses of it.  `nullcontext(x)` is a context
manager that does nothing: `with nullcontext(x) as y` binds x (None by default), as
when a factory chooses between a real frame and none (`nullcontext() if c else
K.If(...)`).  `contextmanager` needs a generator suspended at its yield, which the
evaluator's generators (run to their end when called) are not: it is not here."""


class nullcontext:
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        return None

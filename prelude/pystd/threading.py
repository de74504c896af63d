"""threading: what a kernel factory uses of it.  The evaluator runs one thread, so a
`local()` is a plain object whose attributes are the one thread's."""


class local:
    pass

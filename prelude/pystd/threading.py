"""threading: what a kernel factory uses of it.  The evaluator runs one thread, so a
`local()` is a plain object whose attributes are the one thread's, and a `Lock()` /
`RLock()` is never contended: `with lock:` just runs its body."""


class local:
    pass


class Lock:
    def acquire(self, blocking=True, timeout=-1):
        return True

    def release(self):
        return None

    def __enter__(self):
        return True

    def __exit__(self, *excinfo):
        return None


RLock = Lock

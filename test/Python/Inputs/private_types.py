# The extension's private entry points take the Kernel class first; any other type was
# allocated with its own tp_alloc and the Kernel fields written past the object
# (shared/repros/py-01-raw-compile-type-confusion.py: SIGSEGV or glibc abort).
import gc
import sys

import tirx

src = open(sys.argv[1] + "/scale.py", "rb").read()
bundle = tirx.compile(src, target="sm_90a", cache=False).bundle


class Sub(tirx.Kernel):
    __slots__ = ()


for cls in (list, dict, int, object, type, 3, "Kernel"):
    for name, call in (
            ("_compile", lambda: tirx._tirx._compile(cls, "f", src, "sm_90a", 3, [], None, True, True)),
            ("_load_bundle", lambda: tirx._tirx._load_bundle(cls, bundle, None))):
        try:
            r = call()
            print(name, cls, "returned", type(r))
        except TypeError as e:
            print(name, "TypeError:", e)
gc.collect()
print(type(tirx._tirx._load_bundle(Sub, bundle, None)).__name__,
      type(tirx._tirx._load_bundle(tirx._tirx.Kernel, bundle, None)).__name__,
      type(tirx._tirx._compile(Sub, "f", src, "sm_90a", 3, [], None, True, True)).__name__)

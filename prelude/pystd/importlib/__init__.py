"""importlib: what a kernel factory uses of it (importlib.util: a source file
executed as a module of a new name)."""

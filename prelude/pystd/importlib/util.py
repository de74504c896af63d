"""importlib.util: spec_from_file_location / module_from_spec / loader.exec_module,
as CPython's for a .py source file.  The module is made and run by the evaluator
(_tirx.module_new / module_exec): its own globals, its file's directory for
relative imports."""

import _tirx


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.submodule_search_locations = None
        self.has_location = origin is not None
        self.parent = name[: max(name.rfind("."), 0)]


class SourceFileLoader:
    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        _tirx.module_exec(module)


def spec_from_file_location(name, location=None, *, loader=None, submodule_search_locations=None):
    if location is None:
        return None
    path = str(location)
    if loader is None:
        if not path.endswith(".py"):
            return None
        loader = SourceFileLoader(name, path)
    return ModuleSpec(name, loader, origin=path)


def module_from_spec(spec):
    return _tirx.module_new(spec.name, spec.origin)

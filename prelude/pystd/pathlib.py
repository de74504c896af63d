"""pathlib: a POSIX path as a value (what a kernel factory passes around: a file's
name, its parent, a joined path).  Pure: nothing here touches the file system."""


class PurePosixPath:
    def __init__(self, *parts):
        path = ""
        for part in parts:
            part = str(part)
            if part.startswith("/") or not path:
                path = part
            elif path.endswith("/"):
                path = path + part
            else:
                path = path + "/" + part
        self._path = _normalize(path)

    def __str__(self):
        return self._path

    def __fspath__(self):
        return self._path

    def __repr__(self):
        return type(self).__name__ + "(" + repr(self._path) + ")"

    def __eq__(self, other):
        return isinstance(other, PurePosixPath) and self._path == other._path

    def __hash__(self):
        return hash(self._path)

    def __truediv__(self, other):
        return type(self)(self._path, other)

    @property
    def name(self):
        return "" if self._path == "/" else self._path[self._path.rfind("/") + 1 :]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        return name[i:] if 0 < i < len(name) - 1 else ""

    @property
    def stem(self):
        name = self.name
        suffix = self.suffix
        return name[: len(name) - len(suffix)] if suffix else name

    @property
    def parent(self):
        if "/" not in self._path:
            return type(self)(".")
        head = self._path[: self._path.rfind("/")]
        return type(self)(head or "/")

    def with_name(self, name):
        return self.parent / name

    def with_suffix(self, suffix):
        return self.parent / (self.stem + suffix)


def _normalize(path):
    if not path:
        return "."
    root = "/" if path.startswith("/") else ""
    parts = [p for p in path.split("/") if p and p != "."]
    return root + "/".join(parts) if parts else (root or ".")


Path = PurePosixPath
PosixPath = PurePosixPath

from . import VALUE  # the package is partially initialised: VALUE is already set
import cycpkg as P  # noqa: E402

PKG = __package__
NAME = __name__


def double():
    return VALUE * 2 + P.LATE  # LATE is set once the package finished loading

"""The command-line tools as the package's console scripts (pyproject.toml's
[project.scripts]; docs/cli.md, docs/python.md):

    tirx-llc = tirx._cli:llc      tirx-opt = tirx._cli:opt      tirx-run = tirx._cli:run

Each runs the tool's C main (tools/NAME.c, built into the extension without its main():
tools/common/tools.def) in this process, so the wheel carries one static LLVM, the
extension's, not one per tool.  `import tirx` ran first: it named the prelude, ptxas and
libdevice (TIRX_PRELUDE_DIR, TIRX_PTXAS, TIRX_LIBDEVICE) for the compiler as it does for
tirx.compile.  The tool writes through C's stdio to file descriptors 1 and 2, as the
executable does; its diagnostics keep their `file:line:col: error:` form and the exit
status is the tool's (0 ok, 1 input error, 2 usage error; tirx-run: 3 no device).

From a build tree (no console scripts there): python3 -m tirx._cli tirx-llc ARGS...
"""
import os
import signal
import sys

from . import _tirx


def _flush():
    for f in (sys.stdout, sys.stderr):
        try:
            f.flush()
        except (AttributeError, ValueError, OSError):
            pass


def main_of(name, argv=None):
    """Run the tool `name` ("tirx-llc", ...) with argv (default sys.argv[1:]) in this
    process; returns its exit status.  Python's buffered output is flushed first, so
    what was printed before comes before the tool's."""
    args = sys.argv[1:] if argv is None else list(argv)
    _flush()
    return _tirx._tool_main(name, [name] + [os.fsdecode(a) for a in args])


def _script(name):
    """A console script's run: the signals a C tool expects (Python ignores SIGPIPE and
    turns SIGINT into KeyboardInterrupt, which a tool running in C would never see), then
    the tool."""
    for sig in (signal.SIGPIPE, signal.SIGINT):
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (ValueError, OSError):  # not the main thread
            pass
    return main_of(name)


def llc():
    """tirx-llc: compile a kernel (docs/cli.md)."""
    return _script("tirx-llc")


def opt():
    """tirx-opt: parse, verify, run passes, print (docs/cli.md)."""
    return _script("tirx-opt")


def run():
    """tirx-run: compile a kernel and run it once on the GPU (docs/cli.md)."""
    return _script("tirx-run")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.stderr.write("usage: python -m tirx._cli tirx-llc|tirx-opt|tirx-run [ARGS...]\n")
        sys.exit(2)
    name = sys.argv[1]
    del sys.argv[1]
    try:
        sys.exit(_script(name))
    except ValueError as e:
        sys.stderr.write("%s\n" % e)
        sys.exit(2)

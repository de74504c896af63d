# Sourced by scripts/demo.sh, scripts/test.sh and .ci/run (POSIX sh).
# tirx_deps: install what tirx needs on Debian 12, skipping apt when it is all there.

# python3-dev: headers for the Python module (python/, built when they are found);
# python3-numpy: the DLPack tensors of its tests (test/Python) under lit's python3;
# python3-venv: the fresh venvs of the wheel job (scripts/build-wheel.sh, test-wheel.sh).
TIRX_APT_PACKAGES="llvm-22-dev llvm-22-tools libdlpack-dev libzstd-dev zlib1g-dev cmake make gcc python3 python3-dev python3-numpy python3-venv"

tirx_deps_missing() {
    for f in /usr/lib/llvm-22/bin/llvm-config /usr/lib/llvm-22/include/llvm-c/Core.h \
             /usr/lib/llvm-22/bin/FileCheck /usr/lib/llvm-22/bin/lit \
             /usr/lib/llvm-22/bin/not /usr/lib/llvm-22/bin/count \
             /usr/include/dlpack/dlpack.h /usr/include/zstd.h /usr/include/zlib.h \
             /usr/bin/python3; do
        [ -e "$f" ] || { echo "$f"; return 0; }
    done
    for c in cmake make gcc; do
        command -v "$c" >/dev/null 2>&1 || { echo "$c"; return 0; }
    done
    # lit runs under /usr/bin/python3 (its #! line): its headers and numpy.
    /usr/bin/python3 -c 'import sys, sysconfig, os
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
        2>/dev/null || { echo "python3-dev"; return 0; }
    /usr/bin/python3 -c 'import numpy' 2>/dev/null || { echo "python3-numpy"; return 0; }
    /usr/bin/python3 -c 'import ensurepip, venv' 2>/dev/null || { echo "python3-venv"; return 0; }
    return 1
}

tirx_deps() {
    missing=$(tirx_deps_missing) || return 0
    echo "tirx: installing build dependencies ($missing is missing)"
    if [ "$(id -u)" = 0 ]; then
        sudo=
    elif command -v sudo >/dev/null 2>&1; then
        sudo=sudo
    else
        echo "error: $missing is missing; as root run: apt-get install -y $TIRX_APT_PACKAGES" >&2
        return 1
    fi
    # shellcheck disable=SC2086
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q &&
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $TIRX_APT_PACKAGES || {
            echo "error: apt-get install failed" >&2
            return 1
        }
}

# tirx_build [cmake args...]: configure and build into $TIRX_BUILD_DIR (default build/).
tirx_build() {
    cmake -S . -B "${TIRX_BUILD_DIR:-build}" "$@" && cmake --build "${TIRX_BUILD_DIR:-build}" -j2
}

#!/bin/sh
# install.test: cmake --install BUILD into TMP/prefix, then build consumers against it.
#   install_test.sh BUILD_DIR TMP_DIR SRC_DIR
set -e
build=$1 tmp=$2 src=$3
rm -rf "$tmp" && mkdir -p "$tmp"
p=$tmp/prefix
cmake --install "$build" --prefix "$p" > "$tmp/install.log"
(cd "$p" && find . -type f | sort)
# examples/load_bundle.c through pkg-config (C, the runtime alone)
flags=$(PKG_CONFIG_PATH=$p/lib/pkgconfig pkg-config --cflags --libs --static tirxrt)
cc -std=c11 -Wall -Werror "$src/examples/load_bundle.c" $flags -o "$tmp/load_bundle"
echo "pkg-config: load_bundle built"
"$tmp/load_bundle" 2>/dev/null && rc=0 || rc=$?
echo "load_bundle without arguments: exit $rc"
# every public header as C and as C++
cc -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$p/include" "$src/test/Install/Inputs/include_all.c"
c++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -x c++ -I"$p/include" "$src/test/Install/Inputs/include_all.c"
echo "include-all: C and C++ ok"
# ... each one extern "C"-guarded (a C++ program would not link its functions otherwise)
for h in "$p"/include/tirx/*.h; do
    grep -q 'extern "C"' "$h" || echo "no extern \"C\": $h"
done
# a C++ program through find_package(tirx)
cmake -S "$src/test/Install/Inputs/cxx" -B "$tmp/cxx" -DCMAKE_PREFIX_PATH="$p" > "$tmp/cxx.log"
cmake --build "$tmp/cxx" >> "$tmp/cxx.log"
"$tmp/cxx/consumer"
# the installed tools find the installed prelude (PREFIX/share/tirx/prelude)
"$p/bin/tirx-opt" --print-style=tvm "$src/test/Install/Inputs/prelude_use.py" | grep -o 'st_stage: T.int32'

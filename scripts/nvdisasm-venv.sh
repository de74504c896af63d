#!/bin/sh
# Installs nvdisasm and cuobjdump (the pip wheels nvidia-cuda-nvdisasm and
# nvidia-cuda-cuobjdump, CUDA 13; about 6 MB) into BUILD/venv-disasm, where test/lit.cfg.py
# finds nvdisasm for the tests that read SASS (test/Driver/sass-interleave-ffma-nvdisasm.test).
# For toolkits without them (the CUDA 13 install here has ptxas but neither).
#   usage: sh scripts/nvdisasm-venv.sh [BUILD]     (default build)
set -eu
b=${1:-build}
[ -d "$b/venv-disasm" ] || python3 -m venv "$b/venv-disasm"
"$b/venv-disasm/bin/pip" install --timeout 30 --retries 2 -q nvidia-cuda-nvdisasm nvidia-cuda-cuobjdump
ls "$b"/venv-disasm/lib/python*/site-packages/nvidia/cu*/bin/nvdisasm

#!/bin/sh
# mk-fake.sh DIR ARCH...: DIR/lib/libnvshmem_device_sm_ARCH.bc from fake.ll.in
set -e
dir=$1; shift
mkdir -p "$dir/lib"
for a in "$@"; do
  sed "s/ARCH/$a/" "$(dirname "$0")/fake.ll.in" | llvm-as -o "$dir/lib/libnvshmem_device_sm_$a.bc"
done

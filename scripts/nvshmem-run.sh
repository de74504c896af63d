#!/bin/sh
# nvshmem-run.sh NPES COMMAND [ARGS...] — run COMMAND (e.g. tirx-run kernel.py --arg ...)
# as NPES NVSHMEM processing elements, one process per GPU.
#
# tirx's runtime initialises NVSHMEM with its default bootstrap (PMI), which makes one PE
# of a process started alone; several PEs need a process manager that provides PMI/PMIx.
# This script uses the first one found:
#   nvshmrun (NVSHMEM's hydra, PMI-1)  mpiexec.hydra (PMI-1)
#   mpirun (Open MPI: NVSHMEM_BOOTSTRAP=PMIX)  srun (Slurm: --mpi=pmix, NVSHMEM_BOOTSTRAP=PMIX)
# Each PE sees only its own GPU (CUDA_VISIBLE_DEVICES = its local rank), so tirx-run's
# device 0 is that GPU.  NVSHMEM's own variables pass through (NVSHMEM_SYMMETRIC_SIZE,
# NVSHMEM_DEBUG=INFO, NVSHMEM_BOOTSTRAP to override the choice).  Set TIRX_NVSHMEM_HOME
# to the NVSHMEM directory (lib/libnvshmem_host.so.3) unless that library is on the
# loader's path.
# Fails at once (exit 2) when fewer than NPES GPUs are visible or no launcher is found:
# NVSHMEM cannot run two PEs on one GPU.
set -eu

if [ "${TIRX_NVSHMEM_RUN_INNER:-}" = 1 ]; then
    # one PE: pick its GPU by the launcher's local rank
    lr=${MPI_LOCALRANKID:-${OMPI_COMM_WORLD_LOCAL_RANK:-${SLURM_LOCALID:-${PMI_RANK:-0}}}}
    CUDA_VISIBLE_DEVICES=$lr
    export CUDA_VISIBLE_DEVICES
    exec "$@"
fi

[ $# -ge 2 ] || { echo "usage: nvshmem-run.sh NPES COMMAND [ARGS...]" >&2; exit 2; }
n=$1; shift
case $n in ''|*[!0-9]*) echo "nvshmem-run.sh: NPES must be a number, got '$n'" >&2; exit 2;; esac
ngpu=0
if command -v nvidia-smi >/dev/null 2>&1; then
    ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ' || true)
fi
if [ "$ngpu" -lt "$n" ]; then
    echo "nvshmem-run.sh: $n PEs need $n GPUs (one PE per GPU); $ngpu visible" >&2
    exit 2
fi
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
export TIRX_NVSHMEM_RUN_INNER=1
if command -v nvshmrun >/dev/null 2>&1; then
    exec nvshmrun -n "$n" -ppn "$n" sh "$self" "$@"
elif command -v mpiexec.hydra >/dev/null 2>&1; then
    exec mpiexec.hydra -n "$n" sh "$self" "$@"
elif command -v mpirun >/dev/null 2>&1; then
    export NVSHMEM_BOOTSTRAP=${NVSHMEM_BOOTSTRAP:-PMIX}
    exec mpirun -np "$n" -x TIRX_NVSHMEM_RUN_INNER -x NVSHMEM_BOOTSTRAP sh "$self" "$@"
elif command -v srun >/dev/null 2>&1; then
    export NVSHMEM_BOOTSTRAP=${NVSHMEM_BOOTSTRAP:-PMIX}
    exec srun -n "$n" --mpi=pmix sh "$self" "$@"
fi
echo "nvshmem-run.sh: no process manager (nvshmrun, mpiexec.hydra, mpirun, srun) found" >&2
exit 2

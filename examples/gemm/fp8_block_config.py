"""examples/gemm/fp8_block_config.py -- which build of fp8_ws_persistent.py to use for the
block-scaled (DeepGEMM) scheme at a given M x N x K on a GPU of NSM SMs.

The kernel's tile is a compile-time choice (M, N and K stay symbolic), and which tile is
fastest depends on the shape, as DeepGEMM picks its BLOCK_N per shape: a persistent
kernel's time goes with the tiles its busiest CTA runs times the work of one tile, so the
candidate with the smallest ceil(tiles / NSM) x BN wins (ties: the 128 x 256 default).
The 128 x 192 candidate runs with -D OVERLAP=1 (its epilogue under the next tile's first
k-tile); the 128 x 256 tile cannot (it spills).  examples/gemm/README.md has the
measurements (round 5): 128 x 256 at 4096^3 (512 tiles: 4 waves of 132 against 6 for
704), 128 x 192 at 8192^3 and 8192 x 8192 x 1024 (21 waves x 192 against 16 x 256).

    python3 examples/gemm/fp8_block_config.py M N K [NSM]    prints the -D options
"""
import sys

# (BN, the -D overrides of the block-scaled build), the default first
CANDIDATES = [(256, ()), (192, ("BN=192", "SL=1", "OVERLAP=1"))]
BM = 128


def block_config(m, n, k, nsm=132):
    """The -D overrides (NAME=VALUE strings) of the block-scaled build for M x N x K."""
    if min(m, n, k) <= 0 or nsm <= 0:
        raise ValueError("M, N, K and NSM must be positive (got %d, %d, %d, %d)" % (m, n, k, nsm))
    best = None
    for bn, defs in CANDIDATES:
        tiles = -(-m // BM) * -(-n // bn)
        cost = -(-tiles // nsm) * bn
        if best is None or cost < best[0]:
            best = (cost, defs)
    return best[1]


def main(argv):
    if len(argv) not in (4, 5):
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    try:
        dims = [int(x) for x in argv[1:]]
        defs = block_config(*dims)
    except ValueError as e:
        print("fp8_block_config.py: error: %s" % e, file=sys.stderr)
        return 2
    print(" ".join("-D " + d for d in ('SCALING=\'"block"\'',) + defs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

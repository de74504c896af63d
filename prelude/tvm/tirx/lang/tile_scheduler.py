# tirx prelude: tvm.tirx.lang.tile_scheduler -- persistent-kernel tile schedulers.
#
# Every scheduler keeps int32 scalars m_idx, n_idx and linear_idx (made by
# BaseTileScheduler's constructor, so they keep default names) and walks a
# linear work index: .init(start), .next_tile(), .valid().
#
#   ClusterPersistentScheduler2D(prefix, num_m_tiles, num_n_tiles, num_clusters,
#       l2_group_size=8, cluster_m=1, cluster_n=1, serpentine=False)
#       group-major order over L2 groups of l2_group_size tile rows (or a
#       serpentine walk over l2_group_size^2 blocks); +tile_count,
#       .next_tile_stride(stride)
#   FlashAttentionLinearScheduler(prefix, num_batches, num_heads, num_m_blocks, num_ctas)
#       batch_idx / head_idx / m_block_idx of a linear index, striding by num_ctas
#   FlashAttentionLPTScheduler(prefix, num_batches, num_heads, num_m_blocks,
#       l2_swizzle, num_ctas=None)
#       the same with an L2 swizzle of batch*head and Q blocks longest first;
#       without num_ctas each CTA takes one task
#
#   ClusterLaunchControlScheduler(pool, num_m_tiles, num_n_tiles, l2_group_size,
#       cta_group, finish_arrivals)
#       Blackwell cluster launch control: .run_scheduler(cbx) in the scheduler
#       warp steals clusters with try_cancel; .worker(prefix) gives each role a
#       ClusterPersistentScheduler2D with .consume() / .consume_wg(...),
#       .advance_coords(), .mark_done_if_drained(), .reset()
from tvm.script import tirx as T
from tvm.tirx.lang.pipeline import Pipeline, PipelineState


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


@T.meta_class
class BaseTileScheduler:
    def __init__(self, prefix):
        self.m_idx = T.local_scalar("int32")
        self.n_idx = T.local_scalar("int32")
        self.linear_idx = T.local_scalar("int32")

    @T.inline
    def update_current_m_n_idx(self, linear_idx):
        pass

    @T.inline
    def init(self, linear_init):
        self.linear_idx = linear_init
        self.update_current_m_n_idx(linear_init)

    @T.inline
    def next_tile(self, step):
        self.linear_idx = self.linear_idx + step
        self.update_current_m_n_idx(self.linear_idx)

    def valid(self, total_tiles):
        return self.linear_idx < total_tiles


class ClusterPersistentScheduler2D(BaseTileScheduler):
    def __init__(self, prefix, num_m_tiles, num_n_tiles, num_clusters, l2_group_size=8, cluster_m=1,
                 cluster_n=1, serpentine=False):
        super().__init__(prefix)
        self._num_m_tiles = num_m_tiles
        self._num_n_tiles = num_n_tiles
        self._num_clusters = num_clusters
        self._l2_group_size = l2_group_size
        self._cluster_m = cluster_m
        self._cluster_n = cluster_n
        self._serpentine = serpentine
        self.work_idx = self.linear_idx
        self.tile_count = T.local_scalar("int32")
        self.tile_idx = self.tile_count
        static_m = _is_int(num_m_tiles)
        cols = (num_n_tiles + cluster_n - 1) // cluster_n
        self._N_TILE_COLS = cols
        if static_m:
            self._M_TILE_ROWS = (num_m_tiles + cluster_m - 1) // cluster_m
            self._FULL_GROUPS = self._M_TILE_ROWS // l2_group_size
        else:
            self._M_TILE_ROWS = T.truncdiv(num_m_tiles + cluster_m - 1, cluster_m)
            self._FULL_GROUPS = T.truncdiv(self._M_TILE_ROWS, l2_group_size)
        self._TAIL_ROWS = self._M_TILE_ROWS - self._FULL_GROUPS * l2_group_size
        self._TOTAL_TILES = self._M_TILE_ROWS * cols * cluster_m * cluster_n
        if serpentine:
            self._N_BLOCKS = cols // l2_group_size
            if static_m:
                self._M_BLOCKS = self._M_TILE_ROWS // l2_group_size
            else:
                self._M_BLOCKS = T.truncdiv(self._M_TILE_ROWS, l2_group_size)
            self._BLOCK_SIZE = l2_group_size * l2_group_size
            self._FULL_BLOCK_TILES = self._M_BLOCKS * self._N_BLOCKS * self._BLOCK_SIZE
            self._RESIDUAL_N = cols - self._N_BLOCKS * l2_group_size
            self._RESIDUAL_M = self._M_TILE_ROWS - self._M_BLOCKS * l2_group_size

    @T.inline
    def _set(self, tile_row, tile_col, m_off, n_off):
        self.m_idx = tile_row * self._cluster_m + m_off
        self.n_idx = tile_col * self._cluster_n + n_off

    @T.inline
    def update_current_m_n_idx(self, work_idx):
        m_off = T.meta_var(work_idx % self._cluster_m)
        rest = T.meta_var(work_idx // self._cluster_m)
        n_off = T.meta_var(rest % self._cluster_n)
        tile_linear = T.meta_var(rest // self._cluster_n)
        if self._serpentine:
            self._serpentine_walk(tile_linear, m_off, n_off)
        else:
            self._group_major(tile_linear, m_off, n_off)

    def _group_major(self, tile_linear, m_off, n_off):
        # branches that are dead at parse time are not emitted
        no_full = _is_int(self._FULL_GROUPS) and self._FULL_GROUPS == 0
        no_tail = _is_int(self._TAIL_ROWS) and self._TAIL_ROWS == 0
        if no_full and no_tail:
            self._set(0, 0, m_off, n_off)
        elif no_full:
            self._gm_tail(tile_linear, m_off, n_off)
        elif no_tail:
            self._gm_full(tile_linear, m_off, n_off)
        else:
            self._gm_full_tail(tile_linear, m_off, n_off)

    @T.inline
    def _gm_full(self, tile_linear, m_off, n_off):
        span = T.meta_var(self._l2_group_size * self._N_TILE_COLS)
        if (self._FULL_GROUPS > 0) & (tile_linear < self._FULL_GROUPS * span):
            group_id: T.let = tile_linear // span
            within_group: T.let = tile_linear % span
            tile_row: T.let = group_id * self._l2_group_size + (within_group % self._l2_group_size)
            tile_col: T.let = within_group // self._l2_group_size
            self._set(tile_row, tile_col, m_off, n_off)
        else:
            self._set(0, 0, m_off, n_off)

    @T.inline
    def _gm_tail(self, tile_linear, m_off, n_off):
        span = T.meta_var(self._l2_group_size * self._N_TILE_COLS)
        if self._TAIL_ROWS > 0:
            rem: T.let = tile_linear - self._FULL_GROUPS * span
            tile_row: T.let = self._FULL_GROUPS * self._l2_group_size + (rem % self._TAIL_ROWS)
            tile_col: T.let = rem // self._TAIL_ROWS
            self._set(tile_row, tile_col, m_off, n_off)
        else:
            self._set(0, 0, m_off, n_off)

    @T.inline
    def _gm_full_tail(self, tile_linear, m_off, n_off):
        span = T.meta_var(self._l2_group_size * self._N_TILE_COLS)
        if (self._FULL_GROUPS > 0) & (tile_linear < self._FULL_GROUPS * span):
            group_id: T.let = tile_linear // span
            within_group: T.let = tile_linear % span
            tile_row: T.let = group_id * self._l2_group_size + (within_group % self._l2_group_size)
            tile_col: T.let = within_group // self._l2_group_size
            self._set(tile_row, tile_col, m_off, n_off)
        elif self._TAIL_ROWS > 0:
            rem: T.let = tile_linear - self._FULL_GROUPS * span
            tile_row: T.let = self._FULL_GROUPS * self._l2_group_size + (rem % self._TAIL_ROWS)
            tile_col: T.let = rem // self._TAIL_ROWS
            self._set(tile_row, tile_col, m_off, n_off)
        else:
            self._set(0, 0, m_off, n_off)

    @T.inline
    def _serpentine_walk(self, tile_linear, m_off, n_off):
        S = T.meta_var(self._l2_group_size)
        if (self._M_BLOCKS > 0) & (self._N_BLOCKS > 0) & (tile_linear < self._FULL_BLOCK_TILES):
            block_linear: T.let = tile_linear // self._BLOCK_SIZE
            within_block: T.let = tile_linear % self._BLOCK_SIZE
            block_col: T.let = block_linear // self._M_BLOCKS
            block_row_raw: T.let = block_linear % self._M_BLOCKS
            block_row: T.let = T.Select(block_col % 2 == 0, block_row_raw, self._M_BLOCKS - 1 - block_row_raw)
            local_row: T.let = within_block // S
            local_col: T.let = within_block % S
            tile_row: T.let = block_row * S + local_row
            tile_col: T.let = block_col * S + local_col
            self._set(tile_row, tile_col, m_off, n_off)
        elif self._RESIDUAL_N > 0:
            rem: T.let = tile_linear - self._FULL_BLOCK_TILES
            right_strip_tiles: T.let = self._M_TILE_ROWS * self._RESIDUAL_N
            if rem < right_strip_tiles:
                tile_row: T.let = rem // self._RESIDUAL_N
                tile_col: T.let = self._N_BLOCKS * S + (rem % self._RESIDUAL_N)
                self._set(tile_row, tile_col, m_off, n_off)
            elif self._RESIDUAL_M > 0:
                self._set(0, 0, m_off, n_off)
            else:
                self._set(0, 0, m_off, n_off)
        elif self._RESIDUAL_M > 0:
            rem: T.let = tile_linear - self._FULL_BLOCK_TILES
            bottom_strip_tiles: T.let = self._RESIDUAL_M * (self._N_BLOCKS * S)
            if rem < bottom_strip_tiles:
                tile_row: T.let = self._M_BLOCKS * S + (rem % self._RESIDUAL_M)
                tile_col: T.let = rem // self._RESIDUAL_M
                self._set(tile_row, tile_col, m_off, n_off)
            else:
                self._set(0, 0, m_off, n_off)
        else:
            self._set(0, 0, m_off, n_off)

    @T.inline
    def init(self, cluster_id):
        self.linear_idx = cluster_id
        self.tile_count = 0
        self.update_current_m_n_idx(cluster_id)

    @T.inline
    def next_tile(self):
        self.linear_idx = self.linear_idx + self._num_clusters
        self.tile_count = self.tile_count + 1
        self.update_current_m_n_idx(self.linear_idx)

    @T.inline
    def next_tile_stride(self, stride):
        self.linear_idx = self.linear_idx + stride
        self.tile_count = self.tile_count + 1
        self.update_current_m_n_idx(self.linear_idx)

    def valid(self):
        return self.linear_idx < self._TOTAL_TILES


class FlashAttentionLinearScheduler(BaseTileScheduler):
    def __init__(self, prefix, num_batches, num_heads, num_m_blocks, num_ctas):
        super().__init__(prefix)
        self._num_batches = num_batches
        self._num_heads = num_heads
        self._num_m_blocks = num_m_blocks
        self._num_ctas = num_ctas
        self._total_tasks = num_batches * num_heads * num_m_blocks
        self.batch_idx = T.local_scalar("int32")
        self.head_idx = T.local_scalar("int32")
        self.m_block_idx = T.local_scalar("int32")

    @T.inline
    def update_current_m_n_idx(self, linear_idx):
        per_batch = T.meta_var(self._num_heads * self._num_m_blocks)
        self.batch_idx = linear_idx // per_batch
        self.head_idx = (linear_idx % per_batch) // self._num_m_blocks
        self.m_block_idx = linear_idx % self._num_m_blocks

    @T.inline
    def init(self, cta_id):
        self.linear_idx = cta_id
        self.update_current_m_n_idx(cta_id)

    @T.inline
    def next_tile(self):
        self.linear_idx = self.linear_idx + self._num_ctas
        self.update_current_m_n_idx(self.linear_idx)

    def valid(self):
        return self.linear_idx < self._total_tasks


class FlashAttentionLPTScheduler(BaseTileScheduler):
    def __init__(self, prefix, num_batches, num_heads, num_m_blocks, l2_swizzle, num_ctas=None):
        super().__init__(prefix)
        self._num_batches = num_batches
        self._num_heads = num_heads
        self._num_m_blocks = num_m_blocks
        self._l2_swizzle = l2_swizzle
        self._num_ctas = num_ctas
        self._total_tasks = num_batches * num_heads * num_m_blocks
        self._num_hb = num_batches * num_heads
        self._l2_major = l2_swizzle * num_m_blocks
        self._num_hb_quotient = self._num_hb // l2_swizzle
        self.batch_idx = T.local_scalar("int32")
        self.head_idx = T.local_scalar("int32")
        self.m_block_idx = T.local_scalar("int32")

    @T.inline
    def update_current_m_n_idx(self, linear_idx):
        SW = T.meta_var(self._l2_swizzle)
        MAJOR = T.meta_var(self._l2_major)
        QUOT = T.meta_var(self._num_hb_quotient)
        bidhb: T.let = linear_idx // MAJOR
        l2_mod: T.let = linear_idx % MAJOR
        num_hb_remainder: T.let = T.max(self._num_hb % SW, 1)
        m_block_raw: T.let = T.Select(bidhb < QUOT, l2_mod // SW, l2_mod // num_hb_remainder)
        bidhb_residual: T.let = T.Select(bidhb < QUOT, l2_mod % SW, l2_mod % num_hb_remainder)
        bidhb_actual: T.let = bidhb * SW + bidhb_residual
        self.batch_idx = bidhb_actual // self._num_heads
        self.head_idx = bidhb_actual % self._num_heads
        self.m_block_idx = (self._num_m_blocks - 1) - m_block_raw

    @T.inline
    def init(self, cta_id):
        self.linear_idx = cta_id
        self.update_current_m_n_idx(cta_id)

    @T.inline
    def next_tile(self):
        if self._num_ctas is None:
            self.linear_idx = self._total_tasks
        else:
            self.linear_idx = self.linear_idx + self._num_ctas
            self.update_current_m_n_idx(self.linear_idx)

    def valid(self):
        return self.linear_idx < self._total_tasks


@T.inline
def _clc_first_ctaid_x(first_ctaid_x, handle):
    # decode a try_cancel response: 0xFFFFFFFF unless a cluster was cancelled
    response = T.local_scalar("uint128")
    canceled = T.local_scalar("uint32")
    T.ptx["ld.acquire.cta.shared.b128"](response, handle)
    T.ptx.clusterlaunchcontrol.query_cancel.is_canceled.pred.b128(canceled, response)
    first_ctaid_x = T.uint32(0xFFFFFFFF)
    T.ptx.clusterlaunchcontrol.query_cancel.get_first_ctaid__x.b32.b128(first_ctaid_x, response, pred=canceled)
    T.ptx.fence.proxy.async_.shared__cta()


class _CLCWorker(ClusterPersistentScheduler2D):
    def __init__(self, clc, prefix):
        super().__init__(prefix, num_m_tiles=clc._num_m_tiles, num_n_tiles=clc._num_n_tiles,
                         num_clusters=clc._num_m_tiles * clc._num_n_tiles, l2_group_size=clc._l2_group_size)
        self._clc = clc
        self._sa = PipelineState(1, 0)
        self._done = T.local_scalar("int32")
        self._nxt = T.local_scalar("uint32")

    @T.inline
    def reset(self):
        self._done = 0

    @T.inline
    def init(self, cluster_id):
        self.linear_idx = cluster_id
        self.tile_count = 0
        self.update_current_m_n_idx(cluster_id)
        self._done = 0

    def valid(self):
        return self._done == 0

    @T.inline
    def consume(self):
        self._clc.sched_arr.full.wait(0, self._sa.phase)
        self._sa.advance()
        _clc_first_ctaid_x(self._nxt, T.address_of(self._clc.clc_handle[0]))
        self._clc.sched_fin.empty.arrive(0, remote=0, pred=True)

    @T.inline
    def consume_wg(self, wg_id, warp_id, lane_id):
        self._clc.sched_arr.full.wait(0, self._sa.phase)
        self._sa.advance()
        _clc_first_ctaid_x(self._nxt, T.address_of(self._clc.clc_handle[0]))
        T.cuda.warpgroup_sync(wg_id + 1)
        if (warp_id == 0) & (lane_id == 0):
            self._clc.sched_fin.empty.arrive(0, remote=0, pred=True)

    @T.inline
    def advance_coords(self):
        if self._nxt != T.uint32(0xFFFFFFFF):
            self.update_current_m_n_idx(self._nxt // self._clc._cta_group)

    @T.inline
    def mark_done_if_drained(self):
        if self._nxt == T.uint32(0xFFFFFFFF):
            self._done = 1


@T.meta_class
class ClusterLaunchControlScheduler:
    def __init__(self, pool, num_m_tiles, num_n_tiles, l2_group_size, cta_group, finish_arrivals):
        self._num_m_tiles = num_m_tiles
        self._num_n_tiles = num_n_tiles
        self._l2_group_size = l2_group_size
        self._cta_group = cta_group
        self.sched_arr = Pipeline(pool, 1, full="tma", empty="mbar", init_empty=1)
        self.sched_fin = Pipeline(pool, 1, full="mbar", empty="mbar", init_empty=finish_arrivals)
        self.clc_handle = pool.alloc((4,), "uint32", align=16)
        self._s_done = T.local_scalar("int32")
        self._s_nxt = T.local_scalar("uint32")

    def worker(self, prefix):
        return _CLCWorker(self, prefix)

    @T.inline
    def run_scheduler(self, cbx):
        if T.cuda.elect_sync():
            sa = PipelineState(1, 0)
            sf = PipelineState(1, 1)
            self._s_done = 0
            while self._s_done == 0:
                if cbx == 0:
                    self.sched_fin.empty.wait(0, sf.phase)
                    sf.advance()
                    T.ptx["clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128"](
                        T.address_of(self.clc_handle[0]), T.address_of(self.sched_arr.full.buf[0]))
                self.sched_arr.full.arrive(0, 16)
                self.sched_arr.full.wait(0, sa.phase)
                sa.advance()
                _clc_first_ctaid_x(self._s_nxt, T.address_of(self.clc_handle[0]))
                self.sched_fin.empty.arrive(0, remote=0, pred=True)
                if self._s_nxt == T.uint32(0xFFFFFFFF):
                    self._s_done = 1

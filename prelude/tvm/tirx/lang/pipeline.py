# tirx prelude: tvm.tirx.lang.pipeline -- mbarrier rings for pipelined kernels.
#
# tirx's own implementation of the names kernels import from TVM 0.27's
# module of this name; what each call emits is what TVM prints for it
# (docs/language.md, "Prelude").  Instances are meta values: binding one to a
# name in a kernel (`bar = MBarrier(pool, 2)`) names the buffers its own
# constructor made `bar_<field>`.
#
#   MBarrier(pool, depth, phase_offset=0, leader=None)
#       depth uint64 slots from the pool; .init(count), .wait(stage, phase),
#       .arrive(stage, remote=None, pred=None, count=None), .ptr_to(idx),
#       .remote_view(rank)
#   TMABar      an MBarrier armed by TMA: .arrive(stage, tx_count=None, remote=None, pred=None)
#   TCGen05Bar  an MBarrier signalled by tcgen05.commit:
#               .arrive(stage, cta_group=1, cta_mask=None, pred=None)
#   PipelineState(depth, phase=None)  stage/phase int32 scalars; .init(phase), .advance()
#   Pipeline(pool, stages, *, full, empty, init_full=1, init_empty=1,
#            empty_phase_offset=0, leader=None)
#       a full/empty barrier pair; full/empty are "tma", "tcgen05" or "mbar"
from tvm.script import tirx as T
from tvm.ir.type import PointerType, PrimType


def _popcount(x):
    n = 0
    while x > 0:
        n += x & 1
        x = x >> 1
    return n


def _commit_unicast(cta_mask):
    # No mask, or a parse-time mask naming at most one CTA: the plain commit.
    # A mask known only at run time always takes the multicast form.
    if cta_mask is None:
        return True
    if isinstance(cta_mask, int):
        return _popcount(cta_mask) <= 1
    return False


def _peer_addr(ptr, rank):
    # The shared::cluster address of `ptr` in CTA `rank` (cvta, then mapa.u32).
    peer = T.alloc_local([1], "uint32")
    T.evaluate(T.ptx.mapa.shared__cluster.u32(peer[0], T.cuda.cvta_generic_to_shared(ptr), T.uint32(rank)))
    return peer[0]


@T.inline
def _peer_view(ptr, rank, depth):
    # `depth` uint64 slots of CTA `rank`'s shared memory, as a buffer.
    peer = T.meta_var(T.alloc_local([1], "uint64"))  # unnamed, as TVM's
    T.evaluate(T.ptx.mapa.u64(peer[0], ptr, T.uint32(rank)))
    remote_mbar_ptr: T.let = T.reinterpret(PointerType(PrimType("uint64"), "shared"), peer[0])
    return T.decl_buffer([depth], "uint64", data=remote_mbar_ptr, scope="shared")


def _arrive_cluster(bar, pred, count):
    # mbarrier.arrive on a shared::cluster address; no count is the count-1 form.
    if count is None:
        if pred is None:
            T.evaluate(T.ptx.mbarrier.arrive.shared__cluster.b64(bar))
        else:
            T.evaluate(T.ptx.mbarrier.arrive.shared__cluster.b64(bar, pred=pred))
    elif pred is None:
        T.evaluate(T.ptx.mbarrier.arrive.shared__cluster.b64(bar, T.uint32(count)))
    else:
        T.evaluate(T.ptx.mbarrier.arrive.shared__cluster.b64(bar, T.uint32(count), pred=pred))


def _arrive_expect_tx_cluster(bar, tx_count, pred):
    if pred is None:
        T.evaluate(T.ptx.mbarrier.arrive.expect_tx.shared__cluster.b64(bar, T.uint32(tx_count)))
    else:
        T.evaluate(T.ptx.mbarrier.arrive.expect_tx.shared__cluster.b64(bar, T.uint32(tx_count), pred=pred))


@T.meta_class
class MBarrier:
    def __init__(self, pool, depth, phase_offset=0, leader=None, view=None):
        # `view` is internal: remote_view() builds the peer barrier with it
        if view is None:
            self.buf = pool.alloc((depth,), "uint64", align=8)
            self.peer_rank = None
        else:
            self.buf = view[0]
            self.peer_rank = view[1]
        self.depth = depth
        self.phase_offset = phase_offset
        if leader is None:
            self.leader = T.cuda.thread_rank() == 0
        else:
            self.leader = leader

    def _local_only(self, what):
        if self.peer_rank is not None:
            raise ValueError(type(self).__name__ + ": a remote view cannot " + what)

    def init(self, count):
        self._local_only("be initialised")
        self._init(count)

    @T.inline
    def _init(self, count):
        if self.leader:
            for i in T.unroll(self.depth):
                T.ptx.mbarrier.init.shared.b64(self.buf.ptr_to([i]), T.uint32(count))

    def wait(self, stage, phase):
        self._local_only("be waited on")
        self._wait(stage, phase)

    @T.inline
    def _wait(self, stage, phase):
        T.cuda.mbarrier_wait(self.buf.ptr_to([stage]), phase ^ self.phase_offset)

    def arrive(self, stage, remote=None, pred=None, count=None):
        if self.peer_rank is not None:
            if remote is not None:
                raise ValueError(type(self).__name__ + ": a remote view's arrive() takes no remote=")
            _arrive_cluster(self.buf.ptr_to([stage]), pred, count)
        elif remote is None:
            self._arrive_local(self.buf.ptr_to([stage]), pred, 1 if count is None else count)
        else:
            _arrive_cluster(_peer_addr(self.buf.ptr_to([stage]), remote), pred, count)

    @T.inline
    def _arrive_local(self, bar, pred, count):
        if pred is None:
            T.ptx.mbarrier.arrive.shared.b64(bar, T.uint32(count))
        else:
            T.ptx.mbarrier.arrive.shared.b64(bar, T.uint32(count), pred=pred)

    def ptr_to(self, idx):
        return self.buf.ptr_to(idx)

    def remote_view(self, rank):
        self._local_only("be viewed again")
        view = _peer_view(self.buf.ptr_to([0]), rank, self.depth)
        return type(self)(None, self.depth, self.phase_offset, self.leader, view=(view, rank))


class TMABar(MBarrier):
    def arrive(self, stage, tx_count=None, remote=None, pred=None):
        if self.peer_rank is not None:
            if remote is not None:
                raise ValueError("TMABar: a remote view's arrive() takes no remote=")
            bar = self.buf.ptr_to([stage])
        elif remote is not None:
            bar = _peer_addr(self.buf.ptr_to([stage]), remote)
        else:
            # the local arrive is never predicated (as TVM 0.27 emits it)
            self._arrive_tx_local(self.buf.ptr_to([stage]), tx_count)
            return
        if tx_count is None:
            _arrive_cluster(bar, pred, None)
        else:
            _arrive_expect_tx_cluster(bar, tx_count, pred)

    @T.inline
    def _arrive_tx_local(self, bar, tx_count):
        if tx_count is None:
            T.ptx.mbarrier.arrive.shared.b64(bar, T.uint32(1))
        else:
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar, T.uint32(tx_count))


class TCGen05Bar(MBarrier):
    def arrive(self, stage, cta_group=1, cta_mask=None, pred=None):
        op = f"tcgen05.commit.cta_group::{cta_group}.mbarrier::arrive::one.shared::cluster"
        if _commit_unicast(cta_mask):
            self._commit(op + ".b64", self.buf.ptr_to([stage]), pred)
        else:
            self._commit_multicast(op + ".multicast::cluster.b64", self.buf.ptr_to([stage]), cta_mask, pred)

    @T.inline
    def _commit(self, op, bar, pred):
        T.evaluate(T.ptx[op](bar, pred=pred))

    @T.inline
    def _commit_multicast(self, op, bar, cta_mask, pred):
        T.evaluate(T.ptx[op](bar, T.Cast("uint16", cta_mask), pred=pred))


@T.meta_class
class PipelineState:
    def __init__(self, depth, phase=None):
        self.stage = T.local_scalar("int32")
        self.phase = T.local_scalar("int32")
        self.depth = depth
        if phase is not None:
            self.init(phase)

    @T.inline
    def init(self, phase):
        self.stage = 0
        self.phase = phase

    @T.inline
    def advance(self):
        if self.depth > 1:
            self.stage = self.stage + 1
            if self.stage == self.depth:
                self.stage = 0
                self.phase = self.phase ^ 1
        else:
            self.phase = self.phase ^ 1


_BARRIERS = {"tma": TMABar, "tcgen05": TCGen05Bar, "mbar": MBarrier}


def _barrier_class(tag, side):
    if tag not in _BARRIERS:
        raise ValueError(f"Pipeline: {side}={tag!r} is not a barrier kind (\"tma\", \"tcgen05\" or \"mbar\")")
    return _BARRIERS[tag]


@T.meta_class
class Pipeline:
    def __init__(self, pool, stages, *, full, empty, init_full=1, init_empty=1, empty_phase_offset=0, leader=None):
        self.stages = stages
        self.full = _barrier_class(full, "full")(pool, stages, leader=leader)
        self.full.init(init_full)
        self.empty = _barrier_class(empty, "empty")(pool, stages, phase_offset=empty_phase_offset, leader=leader)
        self.empty.init(init_empty)

# tirx prelude: tvm.tirx.bench -- CudaProfiler, the in-kernel profiler's
# helper (the host-side benchmarking of TVM's module is not part of tirx).
#
#   CudaProfiler(profiler_buffer, write_stride, num_groups, default_leader=None,
#                profiler_enabled=True)
#       two local registers (the thread's tag, uint64, and write offset,
#       uint32); profiler_enabled (a bool or a condition) guards every call:
#       a Python bool becomes T.bool(...), so a disabled profiler still prints
#       `if T.bool(False):` around each timer call, as TVM's does
#     .init(group_id)                     T.cuda.timer_init
#     .start(event_type, leader=None)     T.cuda.timer_start (an Enum member: its value)
#     .end(event_type, leader=None)       T.cuda.timer_end
#     .finalize(leader=None)              T.cuda.timer_finalize
#   leader: a bool or a condition; None takes default_leader, else T.bool(True).
from enum import Enum

from tvm.script import tirx as T


def _event_value(event_type):
    if isinstance(event_type, Enum):
        return event_type.value
    return event_type


class CudaProfiler:
    def __init__(self, profiler_buffer, write_stride, num_groups, default_leader=None, profiler_enabled=True):
        self.buffer = profiler_buffer
        self.write_stride = write_stride
        self.num_groups = num_groups
        self.default_leader = default_leader
        if isinstance(profiler_enabled, bool):
            self.profiler_enabled = T.bool(profiler_enabled)
        else:
            self.profiler_enabled = profiler_enabled
        self.profiler_tag = T.alloc_buffer([1], "uint64", scope="local", align=8)
        self.profiler_write_offset = T.alloc_buffer([1], "uint32", scope="local", align=8)

    def _leader(self, leader):
        if leader is not None:
            if isinstance(leader, bool):
                return T.bool(leader)
            return leader
        if self.default_leader is not None:
            return self.default_leader
        return T.bool(True)

    @T.inline
    def init(self, group_id):
        if self.profiler_enabled:
            T.cuda.timer_init(
                self.buffer.data,
                self.profiler_tag.data,
                self.profiler_write_offset.data,
                self.num_groups,
                group_id,
            )

    @T.inline
    def start(self, event_type, leader=None):
        if self.profiler_enabled:
            T.cuda.timer_start(
                _event_value(event_type),
                self.buffer.data,
                self.profiler_tag.data,
                self.profiler_write_offset.data,
                self.write_stride,
                self._leader(leader),
            )

    @T.inline
    def end(self, event_type, leader=None):
        if self.profiler_enabled:
            T.cuda.timer_end(
                _event_value(event_type),
                self.buffer.data,
                self.profiler_tag.data,
                self.profiler_write_offset.data,
                self.write_stride,
                self._leader(leader),
            )

    @T.inline
    def finalize(self, leader=None):
        if self.profiler_enabled:
            T.cuda.timer_finalize(
                self.buffer.data,
                self.profiler_tag.data,
                self.profiler_write_offset.data,
                self.write_stride,
                self._leader(leader),
            )

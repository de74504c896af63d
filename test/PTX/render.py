# How table rows render into PTX (inline asm built from the row): register
# groups, composite [tmap, {coords}] brackets, p|q pairs, sunk lanes, .pred
# bridges, the @p guard, [addr+imm], immediates baked into the text, tied
# accumulators.
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s -o - | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.cubin %}
@T.prim_func
def render(G: T.Buffer((1024,), "float32"), M: T.TensorMap()):
    T.device_entry()
    tx = T.thread_id([128])
    S = T.alloc_shared((1024,), "float32")
    bar = T.alloc_shared((1,), "uint64")
    a: T.int32 = tx
    b: T.int32 = 7
    p: T.uint32
    q: T.uint32
    lo: T.uint32 = 1
    hi: T.uint32 = 2
    wide: T.uint64
    r = T.alloc_local((4,), "uint32")
    acc = T.alloc_local((64,), "float32")
    # CHECK: setp.lt.and.s32 %tp0|%tp1, {{%r[0-9]+}}, {{%r[0-9]+}}, %tp2;
    T.ptx.setp.lt.and_.s32(p, q, a, b, tx == 0)
    # CHECK: mov.b64 {{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}};
    T.ptx.mov.b64(wide, lo, hi)
    # CHECK: mov.b64 {_, {{%r[0-9]+}}}, {{%rd[0-9]+}};
    T.ptx.mov.b64(T.ptx.SINK, hi, wide)
    G[1] = T.reinterpret("float32", hi)
    # CHECK: ld.global.v4.b32 {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}+16];
    T.ptx.ld.global_.v4.b32(r[0], r[1], r[2], r[3], T.ptx.addr(T.address_of(G[0]), 16))
    # CHECK: { .reg .pred %tg; setp.ne.b32 %tg, {{%r[0-9]+}}, 0; @%tg st.global.b32 [{{%rd[0-9]+}}], {{%r[0-9]+}}; }
    T.ptx.st.global_.b32(T.address_of(G[tx]), r[0], pred=tx < 64)
    # the plain tile load is the NVVM intrinsic; with multicast it is the row's asm
    # CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [render_kernel_S], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [render_kernel_bar];
    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](T.address_of(S[0]), T.address_of(M), 0, tx, T.address_of(bar[0]))
    # CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{%r[0-9]+}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [{{%r[0-9]+}}], {{%rs[0-9]+}};
    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"](T.address_of(S[0]), T.address_of(M), 0, tx, T.address_of(bar[0]), T.uint16(3))
    # CHECK: cp.async.wait_group 3;
    T.ptx.cp.async_.wait_group(3)
    # CHECK: { .reg .pred %tp0; setp.ne.b32 %tp0, {{%r[0-9]+}}, 0; wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{{%r[0-9]+}}, {{.*}}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, %tp0, 1, 1, 0, 1; }
    T.ptx.wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16(acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15], acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23], acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31], acc[32], acc[33], acc[34], acc[35], acc[36], acc[37], acc[38], acc[39], acc[40], acc[41], acc[42], acc[43], acc[44], acc[45], acc[46], acc[47], acc[48], acc[49], acc[50], acc[51], acc[52], acc[53], acc[54], acc[55], acc[56], acc[57], acc[58], acc[59], acc[60], acc[61], acc[62], acc[63], wide, wide, T.ptx.pred(lo), 1, 1, 0, 1)

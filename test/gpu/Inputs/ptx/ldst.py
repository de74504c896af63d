# T.ptx memory instructions through the table engine (inline asm rendered from
# the rows): ld/st in the global and shared state spaces, .nc, .v2/.v4,
# .relaxed/.acquire/.release with a scope, .volatile, a predicated store,
# T.ptx.addr offsets, red and atom (add, max, exch, cas), bar.sync.
@T.prim_func
def ldst(A: T.Buffer((256,), "uint32"), F: T.Buffer((256,), "float32"), O: T.Buffer((16, 128), "uint32"),
         C: T.Buffer((8,), "uint32")):
    T.device_entry()
    tx = T.thread_id([128])
    S = T.alloc_shared((512,), "uint32")
    v = T.alloc_local((4,), "uint32")
    x: T.uint32
    f: T.float32
    u: T.uint32 = T.Cast("uint32", tx)
    # global: plain, non-coherent, v4 (threads 0..63 read 4 words each)
    T.ptx.ld.global_.b32(x, T.address_of(A[tx]))
    O[0, tx] = x
    T.ptx.ld.global_.nc.b32(O[1, tx], T.address_of(A[tx + 128]))
    if tx < 64:
        T.ptx.ld.global_.v4.b32(v[0], v[1], v[2], v[3], T.address_of(A[tx * 4]))
        O[2, tx] = v[0] + v[1] + v[2] + v[3]
    T.ptx.ld.global_.f32(f, T.address_of(F[tx]))
    O[3, tx] = T.reinterpret("uint32", f * T.float32(2.0))
    # acquire/relaxed loads, release store, volatile load
    T.ptx.ld.acquire.gpu.global_.b32(O[4, tx], T.address_of(A[255 - tx]))
    T.ptx.ld.relaxed.gpu.global_.u32(O[5, tx], T.address_of(A[tx]))
    T.ptx.st.release.gpu.global_.b32(T.address_of(O[6, tx]), u * T.uint32(3))
    T.ptx.ld.volatile.global_.b32(O[7, tx], T.ptx.addr(T.address_of(A[tx]), 4))
    # shared: st.shared.v2, bar.sync, ld.shared.v2 of the neighbour's pair
    T.ptx.st.shared.v2.b32(T.address_of(S[tx * 2]), u, u + T.uint32(1000))
    T.ptx.bar.sync(0)
    T.ptx.ld.shared.v2.b32(v[0], v[1], T.address_of(S[(127 - tx) * 2]))
    O[8, tx] = v[0] * T.uint32(10000) + v[1]
    # a predicated store (the others keep the value written first)
    O[9, tx] = T.uint32(7)
    T.ptx.st.global_.b32(T.address_of(O[9, tx]), u, pred=tx % 2 == 0)
    # atomics: red.add, atom.add (returns the old value), atom.max, atom.exch, atom.cas
    T.ptx.red.global_.add.u32(T.address_of(C[0]), u)
    T.ptx.atom.global_.max.u32(O[10, tx], T.address_of(C[1]), u)
    T.ptx.atom.global_.exch.b32(O[11, tx], T.address_of(C[2]), u)
    T.ptx.bar.sync(0)
    if tx == 0:
        T.ptx.atom.global_.cas.b32(O[12, 0], T.address_of(C[3]), T.uint32(5), T.uint32(99))
        T.ptx.atom.global_.add.u32(O[13, 0], T.address_of(C[4]), T.uint32(11))

"""Check scripts/corpus-gpu.py's reference for selective_state_update_mtp_vertical
(SsuMtpVertical: ssu_step token by token) on the CPU, against two other formulations:
a float32 simulation in the kernel's own order (softplus through ex2/lg2, dA = 2^(A dt
log2 e), fma(state, dA, dt B x), the output summed over the states after the update)
and the closed form of the recurrence, S_T = (prod dA) S_0 + sum_s (prod_{r>s} dA_r)
dt_s x_s B_s.  Then the case's check must accept the reference (rounded to bf16 as the
kernel stores it) and reject two wrong kernels: outputs from the state before each
token's update, and a state left unwritten.  Prints one line per check; exit 1 on any
mismatch.  Usage: ssu_mtp_reference.py CORPUS_GPU_PY"""
import importlib.util
import sys

import numpy as np

spec = importlib.util.spec_from_file_location("corpus_gpu", sys.argv[1])
cg = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cg)
cg.need_numpy()
c = cg.SsuMtpVertical()
args, ref = c.make(np.random.default_rng(20261201))
final, out = c.want(args)
B, T, H, D, N, G, S = c.batch, c.tokens, c.heads, c.dim, c.dstate, c.groups, c.slots
slot = int(args["state_indices"].data[0])
st0 = args["state"].f32().reshape(S, H, D, N)[slot]
x = args["x"].f32().reshape(B, T, H, D)[0]
dt = args["dt"].data.reshape(B, T, H)[0]
bm = args["matrix_b"].f32().reshape(B, T, G, N)[0]
cm = args["matrix_c"].f32().reshape(B, T, G, N)[0]
A, Dw, bias = args["matrix_a"].data, args["d_weight"].data, args["dt_bias"].data
grp = np.arange(H) // (H // G)
bad = 0


def report(name, ok, detail):
    global bad
    print("%s: %s (%s)" % (name, "ok" if ok else "MISMATCH", detail))
    bad += not ok


# the kernel's order, float32
f32 = np.float32
l2e, ln2 = f32(np.log2(np.e)), f32(np.log(2.0))
st = st0.astype(f32).copy()
sim = np.zeros((T, H, D), f32)
for t in range(T):
    v = (dt[t] + bias).astype(f32)
    v = np.where(v <= 20, np.log2(f32(1) + np.exp2(v * l2e)).astype(f32) * ln2, v).astype(f32)
    da = np.exp2((A * v).astype(f32) * l2e).astype(f32)
    dbx = (bm[t][grp] * v[:, None])[:, None, :] * x[t][:, :, None]
    st = (st * da[:, None, None] + dbx).astype(f32)
    sim[t] = Dw[:, None] * x[t] + (st * cm[t][grp][:, None, :]).sum(-1)
e_out = float(np.abs(sim - out[0]).max() / np.abs(out).max())
e_st = float(np.abs(st - final[0]).max() / np.abs(final[0]).max())
report("float32 kernel order: out", e_out < 1e-5, "max err %.1e of max|out|" % e_out)
report("float32 kernel order: state", e_st < 1e-5, "max err %.1e of max|state|" % e_st)

# closed form of the state after the last token
v = np.log1p(np.exp(dt.astype(np.float64) + bias))
da = np.exp(A[None, :] * v)
acc = st0.astype(np.float64) * np.prod(da, 0)[:, None, None]
for s in range(T):
    w = np.prod(da[s + 1:], 0) * v[s]
    acc += w[:, None, None] * x[s][:, :, None] * bm[s][grp][:, None, :]
e_cf = float(np.abs(acc - final[0]).max())
report("closed form: state", e_cf < 1e-9, "max err %.1e" % e_cf)


def outs_with(state_slot, output):
    got = {n: cg.Arr(a.data.copy(), a.dtype) for n, a in args.items() if isinstance(a, cg.Arr)}
    stv = got["state"].data.reshape(S, H, D, N)
    stv[slot] = cg.f32_to_bf16(state_slot.astype(np.float32))
    got["output"] = cg.Arr(cg.f32_to_bf16(output.astype(np.float32)), "bfloat16")
    return got


r = c.check(args, outs_with(final[0], out), ref)
report("check accepts the reference", r.ok, "; ".join(r.notes) or "max err %.3g" % r.err)
before = np.empty((T, H, D))  # outputs from the state before each token's update
prev = st0.astype(np.float64)
for t in range(T):
    before[t] = np.einsum("hdn,hn->hd", prev, cm[t][grp].astype(np.float64)) + Dw[:, None] * x[t]
    prev, _ = cg.ssu_step(args, prev, x[t], dt[t], bm[t], cm[t])
r = c.check(args, outs_with(final[0], before[None]), ref)
report("check rejects outputs from the state before the update", not r.ok, "; ".join(r.notes))
r = c.check(args, outs_with(st0, out), ref)
report("check rejects an unwritten state", not r.ok, "; ".join(r.notes))
sys.exit(1 if bad else 0)

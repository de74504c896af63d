"""The attention ladder from Python (issue 21): each rung of examples/attention compiled
with tirx.compile and called with torch tensors (Q, K, V, O in BSHD, LSE [B, Hq, Sq]),
O and LSE checked against torch's math backend in fp32; GQA, odd lengths, causal, fp16 /
bf16, D 64 / 128; bad calls (KV heads that do not divide Q heads, a mismatched head dim,
a non-contiguous last dimension) refused before the launch with O left untouched."""
import math
import os
import sys

import torch

from common import check, close, dev, finish, raises, tirx

ex = os.path.join(sys.argv[1], "attention")
TD = {"float16": torch.float16, "bfloat16": torch.bfloat16}


def reference(q, k, v, causal):
    """fp32 O and LSE; causal aligned bottom-right (key j visible to row i when
    j <= i + Skv - Sq), the rungs' convention."""
    qf, kf, vf = (x.float().permute(0, 2, 1, 3) for x in (q, k, v))
    rep = qf.shape[1] // kf.shape[1]
    kf, vf = kf.repeat_interleave(rep, 1), vf.repeat_interleave(rep, 1)
    s = qf @ kf.transpose(-1, -2) / math.sqrt(q.shape[-1])
    sq, skv = q.shape[1], k.shape[1]
    if causal:
        i = torch.arange(sq, device=dev)[:, None]
        j = torch.arange(skv, device=dev)[None, :]
        s = s.masked_fill(j > i + skv - sq, float("-inf"))
    lse = torch.logsumexp(s, -1)
    o = torch.softmax(s, -1).nan_to_num(0.0) @ vf
    return o.permute(0, 2, 1, 3), lse


def run(rung, dt, d, causal, b, sq, skv, hq, hkv):
    k_ = tirx.compile(os.path.join(ex, rung + ".py"), target="sm_90a",
                      defines={"DT": repr(dt), "D": d, "CAUSAL": causal})
    g = torch.Generator(device=dev).manual_seed(sq * 7 + skv)
    q = torch.randn(b, sq, hq, d, device=dev, generator=g).to(TD[dt])
    k = torch.randn(b, skv, hkv, d, device=dev, generator=g).to(TD[dt])
    v = torch.randn(b, skv, hkv, d, device=dev, generator=g).to(TD[dt])
    o = torch.empty(b, sq, hq, d, device=dev, dtype=TD[dt])
    lse = torch.empty(b, hq, sq, device=dev, dtype=torch.float32)
    k_(q, k, v, o, lse)
    ro, rl = reference(q, k, v, causal)
    name = "%s %s D=%d causal=%d B=%d Sq=%d Skv=%d H=%d/%d" % (rung, dt, d, causal, b, sq, skv, hq, hkv)
    tol = 1e-2 if dt == "float16" else 4e-2
    close(name + ": O", o, ro, atol=tol, rtol=0)
    seen = torch.isfinite(rl)
    check(name + ": LSE", bool(torch.equal(seen, torch.isfinite(lse)))
          and torch.allclose(lse[seen], rl[seen], atol=2e-3, rtol=0),
          "max |dLSE| %.3g" % (lse[seen] - rl[seen]).abs().max().item() if seen.any() else "")
    return k_, q, k, v, o, lse


for rung in ("fa2_mma_sync", "fa_tma_wgmma", "fa3_ws"):
    run(rung, "float16", 128, False, 2, 77, 131, 4, 2)
    run(rung, "bfloat16", 128, True, 1, 200, 200, 4, 1)
    run(rung, "float16", 64, True, 1, 131, 300, 2, 2)

# bad calls: refused before the launch, O untouched
kern, q, k, v, o, lse = run("fa3_ws", "float16", 128, False, 1, 64, 64, 4, 2)
o.fill_(7.0)
k3 = torch.randn(1, 64, 3, 128, device=dev).half()
raises("fa3_ws: KV heads that do not divide the Q heads are refused", Exception,
       lambda: kern(q, k3, k3.clone(), o, lse))
k64 = torch.randn(1, 64, 2, 64, device=dev).half()
raises("fa3_ws: a head dim other than the build's is refused", Exception,
       lambda: kern(q, k64, k64.clone(), o, lse))
qt = torch.randn(1, 64, 128, 4, device=dev).half().transpose(2, 3)
raises("fa3_ws: a non-contiguous last dimension is refused", Exception,
       lambda: kern(qt, k, v, o, lse))
torch.cuda.synchronize()
check("fa3_ws: O untouched by the refused calls", bool((o == 7.0).all()))
finish()

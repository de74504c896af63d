"""tirx kernels as torch custom operators (torch.library), so that torch.compile traces
through a tirx call without a graph break.  Imported by tirx.torch_op only: tirx never
imports torch by itself."""
import inspect


def _annotation(torch, p):
    if p["kind"] == "tensor":
        return torch.Tensor
    dt = p.get("dtype") or ""
    if dt == "bool":
        return bool
    if dt.startswith(("int", "uint")):
        return int
    if dt.startswith(("float", "bfloat")):
        return float
    raise TypeError("tirx.torch_op: parameter %r (%s %s) has no torch operator type"
                    % (p.get("name"), p["kind"], dt or "?"))


def torch_op(kernel, name, *, mutates_args, device_types="cuda"):
    """Register `kernel` as the torch custom operator `name` ("namespace::op") and
    return it (torch.ops.namespace.op).  The operator takes the kernel's parameters by
    their names (tensors as torch.Tensor, scalars as int/float/bool) and returns None;
    mutates_args names the tensors the kernel writes (torch.library's rule: every
    tensor written must be named).  Its fake (meta) implementation does nothing, so
    torch.compile traces the call without running it and without a graph break; the
    real one calls the kernel on torch's current stream."""
    import torch

    params = kernel.launch_plan["params"]
    names = [p["name"] for p in params]
    unknown = sorted(set(mutates_args) - {p["name"] for p in params if p["kind"] == "tensor"})
    if unknown:
        raise ValueError("tirx.torch_op: mutates_args names %s, not %s of %s"
                         % (", ".join(unknown), "a tensor parameter" if len(unknown) == 1
                            else "tensor parameters", kernel.signature))
    sig = inspect.Signature(
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                           annotation=_annotation(torch, p)) for n, p in zip(names, params)],
        return_annotation=None)

    def impl(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        kernel(*[bound.arguments[n] for n in names])

    def fake(*args, **kwargs):
        return None

    impl.__signature__ = sig
    fake.__signature__ = sig
    impl.__name__ = fake.__name__ = name.split("::")[-1]
    op = torch.library.custom_op(name, impl, mutates_args=tuple(mutates_args),
                                 device_types=device_types)
    op.register_fake(fake)
    return op

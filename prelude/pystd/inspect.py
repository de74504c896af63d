"""inspect: signature() and Parameter, what a kernel factory asks of a function.

Built on the evaluator's _tirx.func_params (lib/Parse/eval_py.c): one row per
parameter with its kind and its evaluated default and annotation.
"""
import _tirx


class _Empty:
    """The marker of a parameter without a default or an annotation."""


class _ParameterKind:
    def __init__(self, value, name):
        self.value = value
        self.name = name

    def __repr__(self):
        return self.name


_KINDS = [
    _ParameterKind(0, "POSITIONAL_ONLY"),
    _ParameterKind(1, "POSITIONAL_OR_KEYWORD"),
    _ParameterKind(2, "VAR_POSITIONAL"),
    _ParameterKind(3, "KEYWORD_ONLY"),
    _ParameterKind(4, "VAR_KEYWORD"),
]


class Parameter:
    empty = _Empty
    POSITIONAL_ONLY = _KINDS[0]
    POSITIONAL_OR_KEYWORD = _KINDS[1]
    VAR_POSITIONAL = _KINDS[2]
    KEYWORD_ONLY = _KINDS[3]
    VAR_KEYWORD = _KINDS[4]

    def __init__(self, name, kind, default=_Empty, annotation=_Empty):
        self.name = name
        self.kind = kind
        self.default = default
        self.annotation = annotation

    def __repr__(self):
        return "<Parameter \"%s\">" % self.name


class Signature:
    empty = _Empty

    def __init__(self, parameters=None):
        self.parameters = {}
        for p in parameters or []:
            self.parameters[p.name] = p


def signature(fn):
    params = []
    for name, kind, has_default, default, has_annotation, annotation in _tirx.func_params(fn):
        params.append(
            Parameter(
                name,
                _KINDS[kind],
                default if has_default else _Empty,
                annotation if has_annotation else _Empty,
            )
        )
    return Signature(params)

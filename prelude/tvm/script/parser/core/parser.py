"""tvm.script.parser.core.parser: the script parser object.

tirx's evaluator is the parser: an @T.inline helper called while tracing is expanded
into the current IRBuilder natively, so this object only carries what code sets on
it (kern's `_make_host_parser` sets `dispatch_tokens`).
"""


class Parser:
    def __init__(self, source, function_annotations=None):
        self.diag = source
        self.function_annotations = function_annotations
        self.dispatch_tokens = ["default"]
        self.var_table = {}

"""tvm.script.parser.core.diagnostics: the source a script parser reads.

tirx parses and re-parses @T.inline helpers natively, so a Source only keeps its text
(kern's traced kernels lend their inlines a parser built from one).
"""


class Source:
    def __init__(self, program):
        self.source = program
        self.source_name = "<str>"
        self.start_line = 1
        self.start_column = 0

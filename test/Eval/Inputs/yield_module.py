from tvm.script import tirx as T

yield 1

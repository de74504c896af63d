# N small @T.prim_func functions (test/Parse/many_functions.test).
import sys

for i in range(int(sys.argv[1])):
    print('@T.prim_func\ndef f%d(A: T.Buffer((32,), "float32")):\n    A[0] = T.float32(%d)\n' % (i, i))

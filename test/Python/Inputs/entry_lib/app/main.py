# A library factory used through entry= / include_dirs (test/Python/compile-entry.test).
from mylib.kern import get_kernel, get_obj

N = 16

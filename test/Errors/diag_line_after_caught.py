# An error in an imported module prints its own source line after errors that the
# program caught and dropped in the same module: one before them in the file
# (BEFORE) and one after them (AFTER).  lib/IR/diag.c resumes each line search
# where the last one in the same source ended, when that is not past the line sought.
# RUN: not %tirx-opt -I %S/Inputs %s 2>&1 | FileCheck %s --check-prefix=BEFORE
# RUN: sed 's/both()/both_late()/; s/import both$/import both_late/' %s > %t.py
# RUN: not %tirx-opt -I %S/Inputs %t.py 2>&1 | FileCheck %s --check-prefix=AFTER
# BEFORE: diag_lines_mod.py:9:14: error: 'Box' object has no attribute 'no_such_attribute_early'
# BEFORE-NEXT:     return x.no_such_attribute_early
# BEFORE-NEXT:              ^
# AFTER: diag_lines_mod.py:26:14: error: 'Box' object has no attribute 'no_such_attribute_at_the_end'
# AFTER-NEXT:     return x.no_such_attribute_at_the_end
# AFTER-NEXT:              ^
from diag_lines_mod import both

both()

# A precondition's reason longer than its bounded buffer (TILE_WHY_LEN) ends
# in a visible "[...cut]" marker (no silent cap); the located error itself
# grows to any length.  The operand's name here is 601 characters.
# RUN: not %tirx-opt --pass-pipeline=tile-dispatch %s 2>&1 | FileCheck %s
@T.prim_func
def why_cut(X: T.Buffer((32,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([32])
    A_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name = T.alloc_buffer((32,), "float32", scope="global")
    # CHECK: error: T.cta.sqrt: no variant applies (reg: operand 'A_very_long_name_very_long_name_very_lon{{[A-Za-z_]*}} [...cut]; smem: operand 'A_very_long_name_very_long_name_very_lon
    # CHECK-SAME: [...cut])
    T.cta.sqrt(A_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name_very_long_name[0:32], X[0:32])

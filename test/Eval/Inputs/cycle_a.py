from cycle_b import B
A = 1

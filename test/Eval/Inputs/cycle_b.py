from cycle_a import A
B = 2

# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# A perfect nest deeper than T.grid allows (16 loops) prints as several grids that re-parse to
# the same IR (it printed as one 33-loop T.grid, which the parser rejects).
# CHECK: for i0, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15 in T.grid(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2):
# CHECK-NEXT: for i16, i17, i18, i19, i20, i21, i22, i23, i24, i25, i26, i27, i28, i29, i30, i31 in T.grid(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2):
# CHECK-NEXT: for i32 in range(2):
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    for i0 in range(2):
        for i1 in range(2):
            for i2 in range(2):
                for i3 in range(2):
                    for i4 in range(2):
                        for i5 in range(2):
                            for i6 in range(2):
                                for i7 in range(2):
                                    for i8 in range(2):
                                        for i9 in range(2):
                                            for i10 in range(2):
                                                for i11 in range(2):
                                                    for i12 in range(2):
                                                        for i13 in range(2):
                                                            for i14 in range(2):
                                                                for i15 in range(2):
                                                                    for i16 in range(2):
                                                                        for i17 in range(2):
                                                                            for i18 in range(2):
                                                                                for i19 in range(2):
                                                                                    for i20 in range(2):
                                                                                        for i21 in range(2):
                                                                                            for i22 in range(2):
                                                                                                for i23 in range(2):
                                                                                                    for i24 in range(2):
                                                                                                        for i25 in range(2):
                                                                                                            for i26 in range(2):
                                                                                                                for i27 in range(2):
                                                                                                                    for i28 in range(2):
                                                                                                                        for i29 in range(2):
                                                                                                                            for i30 in range(2):
                                                                                                                                for i31 in range(2):
                                                                                                                                    for i32 in range(2):
                                                                                                                                        A[i0 + i1 + i2 + i3 + i4 + i5 + i6 + i7 + i8 + i9 + i10 + i11 + i12 + i13 + i14 + i15 + i16 + i17 + i18 + i19 + i20 + i21 + i22 + i23 + i24 + i25 + i26 + i27 + i28 + i29 + i30 + i31 + i32] = T.float32(1)

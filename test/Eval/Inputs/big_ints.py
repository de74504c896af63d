# Python integers between 2**63 and 2**64 (a uint64 descriptor: layout << 61),
# plain enough for CPython too: int_above_int64.py checks tirx's RESULTS against CPython's.
def descriptor(ldo, sdo, layout):
    return ((ldo & 0x3FFF) << 16) | ((sdo & 0x3FFF) << 32) | (1 << 46) | ((layout & 7) << 61)


D = descriptor(1, 64, 4)
E = descriptor(8, 1024, 6)
RESULTS = [
    D >> 61,
    (D >> 32) & 0x3FFF,
    D % 1000003,
    (E - D) >> 40,
    (E ^ D) >> 32,
    D // (1 << 40),
    int(D < E) + 2 * int(D > 5) + 4 * int(D >= 2**62) + 8 * int(-1 < D),
    int(D == descriptor(1, 64, 4)),
    (D + 7) & 0xFF,
    (D * 1) >> 62,
]
DESC = D

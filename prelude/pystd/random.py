"""random: the Mersenne Twister (MT19937) of CPython's `random` module, bit for bit.

The evaluator's `import random` (lib/Parse/pylib.def, a PYMOD row).  Only seeded
generators exist: a kernel factory that draws group sizes from `Random(seed)` gets
CPython's numbers, while an unseeded one would differ on every run, so it is an
error.  Integers stay below 2**63 (the evaluator's ints): every 32-bit product
is taken in 16-bit halves, and getrandbits stops at 63 bits.
"""

_N = 624
_M = 397
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MASK = 0xFFFFFFFF


def _mul32(a, b):
    """(a * b) mod 2**32 for 32-bit a and b."""
    lo = a * (b & 0xFFFF)
    hi = (a * (b >> 16)) & 0xFFFF
    return (lo + (hi << 16)) & _MASK


class Random:
    def __init__(self, x=None):
        self._mt = [0] * _N
        self._mti = _N + 1
        self.seed(x)

    def seed(self, a=None):
        if a is None:
            raise NotImplementedError("random.Random without a seed is not reproducible: give it an integer seed")
        if isinstance(a, bool) or not isinstance(a, int):
            raise TypeError("tirx's random.Random takes an integer seed")
        a = abs(a)
        key = []
        while a:
            key.append(a & _MASK)
            a = a >> 32
        if not key:
            key = [0]
        self._init_by_array(key)

    def _init_genrand(self, s):
        mt = self._mt
        mt[0] = s & _MASK
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (_mul32(1812433253, prev ^ (prev >> 30)) + i) & _MASK
        self._mti = _N

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i = 1
        j = 0
        n = len(key)
        for _ in range(max(_N, n)):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ _mul32(prev ^ (prev >> 30), 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= n:
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ _mul32(prev ^ (prev >> 30), 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self._mti = _N

    def _twist(self):
        mt = self._mt
        for kk in range(_N):
            y = (mt[kk] & _UPPER) | (mt[(kk + 1) % _N] & _LOWER)
            mt[kk] = mt[(kk + _M) % _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._mti = 0

    def _genrand(self):
        if self._mti >= _N:
            self._twist()
        y = self._mt[self._mti]
        self._mti += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & _MASK

    def random(self):
        a = self._genrand() >> 5
        b = self._genrand() >> 6
        return (a * 67108864 + b) / 9007199254740992

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k > 63:
            raise OverflowError("getrandbits(%d): tirx's integers have 64 bits" % k)
        r = 0
        shift = 0
        while k > 0:
            w = self._genrand()
            if k < 32:
                w = w >> (32 - k)
            r = r | (w << shift)
            shift += 32
            k -= 32
        return r

    def _randbelow(self, n):
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        width = stop - start
        if step == 1:
            if width <= 0:
                raise ValueError("empty range in randrange(%d, %d)" % (start, stop))
            return start + self._randbelow(width)
        if step > 0:
            n = (width + step - 1) // step
        else:
            n = (width + step + 1) // step
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return start + step * self._randbelow(n)

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

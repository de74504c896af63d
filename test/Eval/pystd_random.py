# random.Random is CPython's MT19937 bit for bit (seeds of one and two words, negative too,
# random(), uniform, getrandbits, randint/randrange, shuffle, choice; a factory's group
# sizes come from it) and threading.local is an object of the one thread (Lock never contended): both
# are Python in the prelude (prelude/pystd, pylib.def PYMOD rows).  The same
# module-level code runs under CPython for the reference.
# RUN: %tirx-opt -I %S/Inputs %s > %t.tirx
# RUN: %python -c "import sys; sys.path.insert(0, '%S/Inputs'); from random_draws import RESULTS; print('\n'.join('    T.evaluate(%%d)' %% r for r in RESULTS))" > %t.py.txt
# RUN: grep 'T.evaluate' %t.tirx | sed 's/T.int64(\(.*\)))/\1)/' > %t.tirx.txt
# RUN: diff %t.py.txt %t.tirx.txt
# RUN: wc -l < %t.tirx.txt | FileCheck %s --check-prefix=COUNT
# COUNT: 52
# RUN: printf 'import random\nr = random.Random()\n' > %t.unseeded.py
# RUN: not %tirx-opt %t.unseeded.py 2>&1 | FileCheck %s --check-prefix=UNSEEDED
# UNSEEDED: error: raised NotImplementedError: random.Random without a seed is not reproducible
from random_draws import RESULTS


@T.prim_func
def k():
    T.evaluate(RESULTS[0])
    T.evaluate(RESULTS[1])
    T.evaluate(RESULTS[2])
    T.evaluate(RESULTS[3])
    T.evaluate(RESULTS[4])
    T.evaluate(RESULTS[5])
    T.evaluate(RESULTS[6])
    T.evaluate(RESULTS[7])
    T.evaluate(RESULTS[8])
    T.evaluate(RESULTS[9])
    T.evaluate(RESULTS[10])
    T.evaluate(RESULTS[11])
    T.evaluate(RESULTS[12])
    T.evaluate(RESULTS[13])
    T.evaluate(RESULTS[14])
    T.evaluate(RESULTS[15])
    T.evaluate(RESULTS[16])
    T.evaluate(RESULTS[17])
    T.evaluate(RESULTS[18])
    T.evaluate(RESULTS[19])
    T.evaluate(RESULTS[20])
    T.evaluate(RESULTS[21])
    T.evaluate(RESULTS[22])
    T.evaluate(RESULTS[23])
    T.evaluate(RESULTS[24])
    T.evaluate(RESULTS[25])
    T.evaluate(RESULTS[26])
    T.evaluate(RESULTS[27])
    T.evaluate(RESULTS[28])
    T.evaluate(RESULTS[29])
    T.evaluate(RESULTS[30])
    T.evaluate(RESULTS[31])
    T.evaluate(RESULTS[32])
    T.evaluate(RESULTS[33])
    T.evaluate(RESULTS[34])
    T.evaluate(RESULTS[35])
    T.evaluate(RESULTS[36])
    T.evaluate(RESULTS[37])
    T.evaluate(RESULTS[38])
    T.evaluate(RESULTS[39])
    T.evaluate(RESULTS[40])
    T.evaluate(RESULTS[41])
    T.evaluate(RESULTS[42])
    T.evaluate(RESULTS[43])
    T.evaluate(RESULTS[44])
    T.evaluate(RESULTS[45])
    T.evaluate(RESULTS[46])
    T.evaluate(RESULTS[47])
    T.evaluate(RESULTS[48])
    T.evaluate(RESULTS[49])
    T.evaluate(RESULTS[50])
    T.evaluate(RESULTS[51])

# Draws of random.Random and a threading.local, plain enough for CPython too:
# pystd_random.py prints RESULTS with tirx and with CPython and checks one set of lines.
import random
import threading
from random import Random

results = []
for seed in [0, 1, 42, 2**40 + 7, -5, 2**62 + 3]:
    rng = Random(seed)
    results.append(rng.getrandbits(32))
    results.append(int(rng.random() * 2**53))
    results.append(rng.randint(1, 1000))
    results.append(int(1000 * rng.uniform(0.7, 1.3)))
    results.append(rng.randrange(3, 50, 4))
    results.append(rng.getrandbits(63) % 1000003)
    deck = list(range(12))
    rng.shuffle(deck)
    results.append(deck[0] * 10000 + deck[5] * 100 + deck[11])
    results.append("abcdefgh".index(rng.choice("abcdefgh")) * 100 + rng.choice([3, 5, 7, 11, 13]))
draws = random.Random(7)
for _ in range(700):  # past the first 624-word state: a second twist
    draws.random()
results.append(draws.getrandbits(31))
tls = threading.local()
tls.session = 17
results.append(tls.session + int(getattr(tls, "missing", 0) == 0))
lock = threading.Lock()
with lock:  # one thread: never contended
    results.append(3)
results.append(int(lock.acquire()) * 2 + int(isinstance(threading.RLock(), object)))
lock.release()
RESULTS = results

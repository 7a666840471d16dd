# Attention has no sense of order: shuffling the keys changes nothing, a position number does.
from robot import *
import math

PATCH = 5
KEYS = 20
DIVISOR = 0.5
STRENGTHS = (0.0, 0.6, 1.2, 1.8, 2.4)   # how much "where it sits" adds to a score
TICKS = 49
SPIN = 100
# the same keys and values in a jumbled order
ORDER = [13, 2, 19, 7, 0, 11, 5, 9, 16, 3, 18, 8, 1, 14, 6, 12, 4, 17, 10, 15]

connect(x=50, y=20, noise=1.5, seed=11)


def scaled(cm):
    return (cm - 50) / 25


def guess_from(keys, values, query):
    scores = [sum(q * k for q, k in zip(query, key)) / DIVISOR for key in keys]
    biggest = max(scores)
    weights = [math.exp(s - biggest) for s in scores]
    total = sum(weights)
    weights = [w / total for w in weights]
    return sum(w * v for w, v in zip(weights, values)), weights


readings = []
for tick in range(TICKS):
    drive(0, 0, SPIN)
    readings.append(distance())
    wait(0.25)
stop()

history = readings[-(KEYS + PATCH) - 1:-1]
truth = readings[-1]
query = [scaled(cm) for cm in history[-PATCH:]]
keys = [[scaled(cm) for cm in history[j:j + PATCH]] for j in range(KEYS)]
values = [history[j + PATCH] for j in range(KEYS)]

plain, plain_weights = guess_from(keys, values, query)
mixed, _ = guess_from([keys[j] for j in ORDER], [values[j] for j in ORDER], query)
print("in order:", round(plain, 4), " shuffled:", round(mixed, 4))

# every key gets one more number for where it sits (oldest 0), and the query one for now
for strength in STRENGTHS:
    placed = [keys[j] + [strength if KEYS == 1 else strength * j / (KEYS - 1)] for j in range(KEYS)]
    with_place, weights = guess_from(placed, values, query + [strength])
    near = KEYS - max(range(KEYS), key=lambda j: weights[j])
    print("position worth", strength, ": guess", round(with_place, 1),
          " the key it leans on is", near, "step back" if near == 1 else "steps back")
    for j in range(KEYS):
        plot("position worth " + str(strength), weights[j])
print("the truth was", truth)

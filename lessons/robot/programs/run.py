# Attention on every step of a run, against a fixed window of the three most recent keys.
from robot import *
import math

PATCH = 5
KEYS = 20
DIVISOR = 0.5
TICKS = 70
SPIN = 100
RECENT = min(3, KEYS)   # the fixed window: only the most recent keys

connect(x=50, y=20, noise=1.5, seed=11)


def scaled(cm):
    return (cm - 50) / 25


def attention(history, how_many):
    first = KEYS - how_many   # use only the most recent how_many keys
    query = [scaled(cm) for cm in history[-PATCH:]]
    keys = [[scaled(cm) for cm in history[j:j + PATCH]] for j in range(first, KEYS)]
    values = [history[j + PATCH] for j in range(first, KEYS)]
    scores = [sum(q * k for q, k in zip(query, key)) / DIVISOR for key in keys]
    biggest = max(scores)
    weights = [math.exp(s - biggest) for s in scores]
    total = sum(weights)
    weights = [w / total for w in weights]
    guess = sum(w * v for w, v in zip(weights, values))
    best = first + max(range(how_many), key=lambda i: weights[i])
    return guess, best


def named(n):
    return str(n) + (" key" if n == 1 else " keys")


history = []
spots = []
wide = near = average = None
off_wide, off_near, off_same, off_average = [], [], [], []
for tick in range(TICKS):
    drive(0, 0, SPIN)
    x, y = position()
    way = math.radians(heading())
    cm = distance()
    spots.append((x + cm * math.sin(way), y + cm * math.cos(way)))
    if wide is not None:   # score the guesses made one step ago
        plot("reading", cm)
        plot(named(KEYS), wide)
        plot(named(RECENT), near)
        off_wide.append(abs(wide - cm))
        off_near.append(abs(near - cm))
        off_same.append(abs(history[-1] - cm))
        off_average.append(abs(average - cm))
    history.append(cm)
    if len(history) > KEYS + PATCH:
        history.pop(0)
        spots.pop(0)
    if len(history) == KEYS + PATCH:
        wide, best = attention(history, KEYS)
        near, _ = attention(history, RECENT)
        last = history[-3:]
        average = sum(last) / len(last)
        draw("the last readings", spots, "blue")
        draw("the one it leans on", [spots[best + PATCH]], "green", "squares", 8)
    wait(0.25)
stop()

print(named(KEYS) + ": off by", round(sum(off_wide) / len(off_wide), 1), "cm on average")
print(named(RECENT) + ": off by", round(sum(off_near) / len(off_near), 1), "cm")
print("no change: off by", round(sum(off_same) / len(off_same), 1), "cm")
print("average of the last three: off by", round(sum(off_average) / len(off_average), 1), "cm")

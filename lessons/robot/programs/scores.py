# One guess by attention: score twenty past moments against now, softmax, weighted sum.
from robot import *
import math

PATCH = 5       # a key is five readings in a row: the shape of one moment
KEYS = 20       # how many past moments there are to choose between
DIVISOR = 0.5   # each score is a dot product divided by this: small is sharp
TICKS = 49      # readings in the spin, one every quarter second
SPIN = 100      # drive(0, 0, SPIN): how fast it turns on the spot [%]

connect(x=50, y=20, noise=1.5, seed=11)


def scaled(cm):
    return (cm - 50) / 25   # about -1 to +1, so the sums stay small


readings = []
for tick in range(TICKS):
    drive(0, 0, SPIN)
    readings.append(distance())
    wait(0.25)
stop()

history = readings[-(KEYS + PATCH) - 1:-1]   # the readings before the last one
truth = readings[-1]                          # what actually came next
print("history, cm:", history)

query = [scaled(cm) for cm in history[-PATCH:]]
keys = [[scaled(cm) for cm in history[j:j + PATCH]] for j in range(KEYS)]
values = [history[j + PATCH] for j in range(KEYS)]

# how much each key looks like the query
scores = [sum(q * k for q, k in zip(query, key)) / DIVISOR for key in keys]

# softmax: positive weights that add up to 1
biggest = max(scores)
weights = [math.exp(s - biggest) for s in scores]
total = sum(weights)
weights = [w / total for w in weights]

for j in range(KEYS):
    plot("weight", weights[j])
    plot("the reading after it, cm", values[j])

print("the query, cm:", history[-PATCH:])
print("the weights add up to:", round(sum(weights), 3))
for j in sorted(range(KEYS), key=lambda j: (-weights[j], j))[:3]:
    back = KEYS - j
    print("key", j, "is", back, "step back:" if back == 1 else "steps back:", history[j:j + PATCH],
          " score", round(scores[j], 1), " weight", round(weights[j], 3), " value", values[j])
print("the guess:", round(sum(w * v for w, v in zip(weights, values)), 1), "cm")
print("what came next:", truth, "cm")

# The same dot products under several divisors: how sharp should the softmax be?
from robot import *
import math

PATCH = 5
KEYS = 20
DIVISORS = (2.24, 0.5, 0.12)   # flat, the lesson's choice, nearly one-hot
TICKS = 49
SPIN = 100

connect(x=50, y=20, noise=1.5, seed=11)

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]


def in_words(n):
    if n < 20:
        return WORDS[n]
    tens = ["", "", "twenty", "thirty", "forty"][n // 10]
    return tens + ("-" + WORDS[n % 10] if n % 10 else "")


def scaled(cm):
    return (cm - 50) / 25


def softmax(scores):
    biggest = max(scores)
    weights = [math.exp(s - biggest) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


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

dots = [sum(q * k for q, k in zip(query, key)) for key in keys]
print("the dot products:", [round(d, 1) for d in dots])
print("the average of all", in_words(KEYS), "values:", round(sum(values) / KEYS, 1))

for divisor in DIVISORS:
    weights = softmax([d / divisor for d in dots])
    guess = sum(w * v for w, v in zip(weights, values))
    for j in range(KEYS):
        plot("divide by " + str(divisor), weights[j])
    print("divide by", divisor, ": biggest weight", round(max(weights), 3),
          " guess", round(guess, 1), " truth", truth)

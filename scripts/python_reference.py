#!/usr/bin/python3
"""Writes tests/fixtures/python_format.json: how CPython itself prints floats
(repr) and rounds them (round(x, n)), for tests/core/math/python_format_test.cpp to
compare core/math/python_format.cpp against. Any CPython 3 gives the same answers
(repr and round are correctly rounded since 3.1); the tests never need Python.

Each value is stored as float.hex(), which the C++ side reads back exactly.
  repr:  [[hex, repr(x)], ...]
  round: [[hex, n, repr(round(x, n))], ...]
Run from the repository root:  /usr/bin/python3 scripts/python_reference.py
"""
import json
import math
import random
import struct
import sys

SEED = 20261201                # the fixture is the same on every run
RANDOM_BITS = 1500             # doubles with random bit patterns (every magnitude)
RANDOM_DECIMALS = 1500         # short decimals such as 52.25 or -0.0035
RANDOM_HALVES = 800            # k + 0.5 and k / 2^m: exact ties for round()
DEMO_LIKE = 1500               # averages of whole cm, softmax weights, scores
ROUND_DIGITS = range(-3, 8)    # every n of round(x, n) tried on the hand-picked values
ROUND_TRIES = 1                # the n tried on each of the other values, drawn from ROUND_DIGITS


def from_bits(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def picked_values():
    """Edges of repr's notation switch, powers of two (where the interval that reads
    back is narrower below), the halves the lessons round, and the extremes."""
    values = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.1 + 0.2, 1 / 3, 2 / 3, 10.0, 100.0, 0.5, 1.5, 2.5,
              52.25, 51.65, 2.675, 0.125, 0.375, 1.005, 57.85, 13.0, 21.0, 6.0, 2.24, 0.12, 0.6, 1.2, 1.8, 2.4,
              1e-4, 9.999999999999999e-05, 0.0001000000000000001, 1e-5, 1.5e-5, 0.00012345,
              1e15, 1e16, 1e16 - 2, 9999999999999998.0, 1e17, 123456789012345.0, 1234567890123456.0,
              12345678901234567.0, 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 63, 1e22, 1e23, 1e100, 1e300, 1e308,
              sys.float_info.max, sys.float_info.min, sys.float_info.min / 2, 5e-324, 1e-320, 2.2250738585072014e-308,
              math.pi, math.e, math.sqrt(2), 0.7071067811865476, 141.42135623730951, 5e-05, 4.35, 0.045, 0.0625,
              float("inf"), float("-inf"), float("nan")]
    return values + [-v for v in values]


def powers():
    values = [2.0 ** e for e in range(-1074, 1024, 7)] + [10.0 ** e for e in range(-323, 309)]
    values += [float(k) for k in range(-30, 31)]
    return values + [-v for v in values]


def random_values(rng):
    values = []
    for _ in range(RANDOM_BITS):
        x = from_bits(rng.getrandbits(64))
        if math.isfinite(x):
            values.append(x)
    for _ in range(RANDOM_DECIMALS):
        digits = rng.randint(1, 6)
        values.append(rng.randint(-10 ** digits, 10 ** digits) / 10 ** rng.randint(0, 6))
    for _ in range(RANDOM_HALVES):
        values.append(rng.choice([rng.randint(-100, 100) + 0.5, rng.randint(-10 ** 6, 10 ** 6) / 2 ** rng.randint(1, 12)]))
    for _ in range(DEMO_LIKE):
        kind = rng.randrange(3)
        if kind == 0:  # the mean of whole-centimetre readings
            n = rng.randint(1, 60)
            values.append(sum(rng.randint(0, 140) for _ in range(n)) / n)
        elif kind == 1:  # a softmax weight
            values.append(math.exp(-rng.uniform(0, 30)))
        else:  # a score or a dot product
            values.append(rng.uniform(-40, 40))
    return values


def round_case(x, n):
    return [x.hex(), n, repr(round(x, n))]


def main():
    rng = random.Random(SEED)
    picked, others = picked_values(), powers() + random_values(rng)
    repr_cases = [[x.hex(), repr(x)] for x in picked + others]
    roundable = lambda x: math.isfinite(x) and abs(x) < 1e300  # round(x, -3) would overflow near the top
    round_cases = [round_case(x, n) for x in picked if roundable(x) for n in ROUND_DIGITS]
    round_cases += [round_case(x, rng.choice(ROUND_DIGITS)) for x in others if roundable(x) for _ in range(ROUND_TRIES)]
    for x in picked:  # the limits of n: x itself, or a zero of x's sign
        if math.isfinite(x):
            round_cases += [round_case(x, 400), round_case(x, -400)]
    with open("tests/fixtures/python_format.json", "w") as f:
        json.dump({"python": sys.version.split()[0], "repr": repr_cases, "round": round_cases}, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(repr_cases)} repr cases, {len(round_cases)} round cases")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Writes tests/fixtures/numpy_format.json: what NumPy itself prints for
print(a.round(decimals)) (default print options) on thousands of arrays, for
tests/core/math/numpy_format_test.cpp to compare core/math/numpy_format.cpp against.
Run from the repository root with Debian's /usr/bin/python3 (python3-numpy, 1.24):
    /usr/bin/python3 scripts/numpy_reference.py
The tests read the committed fixture and never need NumPy.

Each case: {"shape": [...], "decimals": d, "values": [...], "text": str(a.round(d))},
values in row-major order as JSON numbers (Python's repr, read back exactly),
or "inf", "-inf", "nan" for the values JSON cannot hold.
"""
import json
import math
import sys

import numpy as np

SEED = 20261201
RANDOM_ARRAYS = 1800      # random shapes and value mixes
ATTENTION_RUNS = 200      # the worked example's scores, weights and output for random X
MAX_ROWS, MAX_COLS = 8, 20
SHORT_DIGITS = 7          # most random values are cut to 7 significant digits to keep the fixture small
MAX_VECTOR = 60           # long 1-D arrays wrap at NumPy's 75-character lines
DECIMALS = [3] * 6 + [0, 1, 2, 4, 5]  # the lessons print 3 decimals; the others sometimes


def picked():
    """The lessons' own arrays, the cases test_regressions.cpp names, and edges."""
    X = np.array([[10, 10], [0.1, -0.1], [0.1, 0]])  # a wide range: printed in scientific notation
    arrays = [X, X @ X.T / np.sqrt(2), softmax(X @ X.T / np.sqrt(2)), softmax(X @ X.T / np.sqrt(2)) @ X]
    arrays += [np.array([[0.0625]]), np.array([[0.0635]]), np.array([1.5, -np.inf]), np.array([0.707, -np.inf, 1.414]),
               np.array([[0.7071067811865476]]), np.array([[0.8015, 0.5985]]), np.array([-0.0]), np.array([-0.0001, 1.0]),
               np.array([-0.0004, 0.5]), np.array([np.nan]), np.array([np.inf, -np.inf]), np.array([np.nan, 1e9]),
               np.array([1.0, 1e5]), np.array([1e8]), np.array([99999999.0]), np.array([1e-4, 1.0]), np.array([0.001, 1.0]),
               np.array([0.001, 1.001]), np.array([1e300, 1.0]), np.array([1e-300]), np.array([0.0, 0.0]),
               np.array([1 / 512, 1.0]), np.array([0.001953125, 3.0]), np.array([123456789.123]), np.array([1234567.891, 0.001]),
               np.array([[1, 0], [0, 1], [1, 1]], dtype=float), np.ones((2, 3, 3)) / 3, np.arange(40.0) / 7,
               np.arange(-12.0, 12.0).reshape(2, 3, 4) * 1.5]
    # More digits than NumPy's precision of 8: the cut-off rounds the exact value, ties to even.
    ties = [np.array(a) for a in ([1.001953125], [1.005859375], [1.001953125, 1e5], [1.005859375, 1e5],
                                  [-1.005859375, 2.5], [0.123456785, 1.0], [1234567.891, 0.001], [0.999999999, 2.0])]
    return ([(a, 3) for a in arrays] + [(a, d) for a in arrays[:4] for d in (0, 1, 2, 4)] +
            [(a, d) for a in ties for d in (9, 12)])


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def random_shape(rng):
    ndim = rng.choice([1, 2, 2, 2, 3])
    if ndim == 1:
        return (int(rng.integers(1, MAX_VECTOR + 1)),)
    if ndim == 2:
        return (int(rng.integers(1, MAX_ROWS + 1)), int(rng.integers(1, MAX_COLS + 1)))
    return tuple(int(n) for n in rng.integers(1, 5, size=3))


def random_values(rng, shape):
    n = int(np.prod(shape))
    kind = rng.integers(0, 10)
    if kind == 0:
        a = rng.uniform(-1, 1, n)
    elif kind == 1:
        a = softmax(rng.normal(0, rng.choice([1, 5, 30]), shape)).ravel()  # weights, some nearly one-hot
    elif kind == 2:
        a = rng.uniform(-10, 10, n) * rng.choice([1, 30])
    elif kind == 3:
        a = rng.integers(-20000, 20000, n) / rng.choice([1000, 2000, 10000, 16])  # halves and near-halves
    elif kind == 4:
        a = rng.uniform(-1, 1, n)
        a[rng.integers(0, n)] = rng.choice([-1, 1]) * 10 ** rng.uniform(2, 10)  # one large value: scientific
    elif kind == 5:
        a = rng.uniform(-1, 1, n) * (rng.random(n) < 0.5) - rng.uniform(0, 0.0006, n) * (rng.random(n) < 0.5)  # zeros, -0.
    elif kind == 6:
        a = rng.integers(-300, 300, n).astype(float)
    elif kind == 7:
        a = rng.uniform(-1, 1, n) * 10.0 ** rng.integers(-6, 12, n)  # every magnitude
    elif kind == 8:
        a = rng.normal(0, 3, n)
        a[rng.random(n) < 0.2] = rng.choice([np.inf, -np.inf, np.nan])
    else:
        a = rng.integers(-100, 100, n) / 10 + rng.choice([0, 0.05, 0.0005])  # decimals the demos type
    if kind not in (3, 6, 9) and rng.random() < 0.8:
        a = np.array([float(f"{x:.{SHORT_DIGITS}g}") for x in a])
    return a.reshape(shape)


def attention_arrays(rng):
    """The worked example on random tokens: entries typed in steps of 0.1 within [-10, 10]."""
    T, d = int(rng.integers(1, 9)), int(rng.integers(1, 9))
    X = np.round(rng.uniform(-10, 10, (T, d)) * rng.choice([0.05, 0.3, 1]), int(rng.choice([0, 1])))
    scores = X @ X.T / np.sqrt(d)
    weights = softmax(scores)
    return [X, scores, weights, weights @ X]


def encode(x):
    return float(x) if math.isfinite(x) else ("nan" if math.isnan(x) else ("inf" if x > 0 else "-inf"))


def case(a, decimals):
    a = np.asarray(a, dtype=float)
    with np.errstate(all="ignore"):
        text = str(a.round(decimals))
    return {"shape": list(a.shape), "decimals": decimals, "values": [encode(x) for x in a.ravel()], "text": text}


def main():
    rng = np.random.default_rng(SEED)
    cases = [case(a, d) for a, d in picked()]
    for _ in range(RANDOM_ARRAYS):
        cases.append(case(random_values(rng, random_shape(rng)), int(rng.choice(DECIMALS))))
    for _ in range(ATTENTION_RUNS):
        cases += [case(a, 3) for a in attention_arrays(rng)]
    with open("tests/fixtures/numpy_format.json", "w") as f:
        json.dump({"numpy": np.__version__, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(cases)} cases, NumPy {np.__version__}")


if __name__ == "__main__":
    main()

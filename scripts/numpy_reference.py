#!/usr/bin/python3
"""Prints how NumPy itself formats the arrays that tests/core/test_regressions.cpp
checks core/numpy_format.cpp against. Run with Debian's /usr/bin/python3
(python3-numpy); the tests never need it."""
import numpy as np

print(np.array([[0.0625]]).round(3))               # [[0.062]]  halves round to even
print(np.array([[0.0635]]).round(3))               # [[0.064]]
print(np.array([1.5, -np.inf]))                    # [ 1.5 -inf]
print(np.array([0.707, -np.inf, 1.414]))           # [0.707  -inf 1.414]
print(np.array([[0.7071067811865476]]).round(0))   # [[1.]]
print(np.array([[0.8015, 0.5985]]).round(3))       # [[0.802 0.598]]: 598.5 rounds to even

#!/usr/bin/python3
"""Writes tests/fixtures/block_reference.json: what a NumPy program prints for each
demo of the lesson "Inside the transformer block" (lessons/block), at the lesson's
presets and at a few other settings, for tests/core/lessons/block/block_test.cpp and
tests/wasm/block.test.mjs. Run from the repository root with Debian's /usr/bin/python3
(python3-numpy 1.24):
    /usr/bin/python3 scripts/block_reference.py
The tests read the committed fixture and never need NumPy.

Each case: {"demo": id, "params": {...}, "printed": [str(a.round(3)), ...], "numbers": {name: float}}.
The steps are written as a learner would write them in NumPy, one line each.
"""
import json

import numpy as np

EPS = 1e-5  # torch.nn.LayerNorm's default, as core/math/block.hpp


def attention(x):
    scores = x @ x.T / np.sqrt(x.shape[1])
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)) @ x


def layer_norm(x, gain=1.0, shift=0.0):
    mean = x.mean(axis=1, keepdims=True)
    var = x.var(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * gain + shift


def relu(x):
    return np.maximum(0, x)


def pattern(rows, cols, block, a, b, offset):
    i, j = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    return ((a * i + b * j + 7 * block + offset) % 9 - 4) / 8


def block(x, b, residual, norm):
    d = x.shape[1]
    def sub(inp, f):
        added = inp + f if residual else f
        return layer_norm(added) if norm else added
    h = sub(x, attention(x))
    return sub(h, relu(h @ pattern(d, 2 * d, b, 3, 5, 0)) @ pattern(2 * d, d, b, 5, 3, 1))


def spread(x):
    return max((np.linalg.norm(x[i] - x[j]) for i in range(len(x)) for j in range(i + 1, len(x))), default=0.0)


def show(a):
    """print(a.round(3)), one entry per printed line, as a demo returns them."""
    return str(a.round(3)).split("\n")


def residual_case(params):
    X = np.array(params.get("X", [[1, 0], [0, 1], [1, 1]]), dtype=float)
    A = attention(X)
    out = X + A if params.get("residual", True) else A
    return show(A) + show(out), {"spread_input": spread(X), "spread_attention": spread(A), "spread_output": spread(out)}


def layer_norm_case(params):
    X = np.array(params.get("X", [[1, 2, 3, 4], [10, 20, 30, 40], [-2, 0, 0, 2]]), dtype=float)
    Y = layer_norm(X, params.get("gain", 1.0), params.get("shift", 0.0))
    return show(Y), {"row0_mean": X[0].mean(), "row0_std": X[0].std(),
                       "out_row0_mean": Y[0].mean(), "out_row0_std": Y[0].std()}


def feed_forward_case(params):
    X = np.array(params.get("X", [[1, 0], [0, 1], [1, 1]]), dtype=float)
    W1 = np.array(params.get("W1", [[1, -1, 0.5, 0], [-1, 1, 0.5, 1]]), dtype=float)
    W2 = np.array(params.get("W2", [[1, 0], [0, 1], [1, 1], [-0.5, 0.5]]), dtype=float)
    hidden = relu(X @ W1)
    return show(hidden) + show(hidden @ W2), {"relu_zeros": float((X @ W1 < 0).sum())}


def stack_case(params):
    X = np.array(params.get("X", [[1, 0, 0, 1], [0, 1, 0, 0], [1, 1, 1, 0]]), dtype=float)
    x, printed = X, []
    for b in range(params.get("blocks", 2)):
        x = block(x, b, params.get("residual", True), params.get("norm", True))
        printed += [f"after block {b + 1}:"] + show(x)
    return printed, {"spread_input": spread(X), "spread_output": spread(x)}


CASES = {
    "block_residual": (residual_case, [{}, {"residual": False}, {"X": [[2, -1, 0.5], [0, 3, 1], [-1, -1, 2], [4, 0, 0]]},
                                       {"X": [[1.5]]}]),
    "block_layer_norm": (layer_norm_case, [{}, {"gain": 2, "shift": -1}, {"X": [[3, 3, 3], [0.1, -0.2, 0.4]]},
                                           {"X": [[1, 0]], "gain": 0.5}]),
    "block_feed_forward": (feed_forward_case, [{}, {"X": [[-1, -1], [2, 0.5]]},
                                               {"X": [[1, 2]], "W1": [[-1, -1, -1, -1], [-1, -1, -1, -1]],
                                                "W2": [[2, -2, 0.5], [0, -1, 1], [1, 1, 1], [-3, 0, 0]]}]),
    "block_stack": (stack_case, [{}, {"blocks": 6}, {"blocks": 6, "residual": False},
                                 {"blocks": 3, "norm": False}, {"blocks": 4, "residual": False, "norm": False},
                                 {"X": [[1, -1], [0.5, 2]], "blocks": 1}]),
}


def main():
    cases = []
    for demo, (run, settings) in CASES.items():
        for params in settings:
            printed, numbers = run(params)
            cases.append({"demo": demo, "params": params, "printed": printed,
                          "numbers": {k: float(v) for k, v in numbers.items()}})
    with open("tests/fixtures/block_reference.json", "w") as f:
        # One case a line, so a change to one setting is one line of the diff.
        lines = ",\n".join(json.dumps(c) for c in cases)
        f.write(f'{{"numpy": "{np.__version__}", "cases": [\n{lines}\n]}}\n')
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Writes tests/fixtures/robot_printing.json: the lines the robot lesson's four
programs print in CPython, at the defaults and at other settings, for
tests/core/lessons/robot/printing_test.cpp to compare the parameter demos' printouts with.

The programs below are the lesson's four, in the form of the lesson's source page
(its constants, steps and print statements), with the simulator replaced by the
readings the core's simulator gives for the same settings (taken from
`attn run robot_run`, whose mat frames carry every reading). Each program does its
arithmetic in the same order as core/worlds/robot/predictor.cpp, so a line can differ
only where a printing rule does.
Run from the repository root after a native build:
    /usr/bin/python3 scripts/robot_print_reference.py
"""
import contextlib
import io
import json
import math
import subprocess

ATTN = "build/native/attn"
DEFAULTS = {"patch": 5, "keys": 20, "divisor": 0.5}
RECENT_KEYS = 3   # robot::kRecentKeys
AVERAGE_OF = 3    # robot::kAverageOf

# The settings each demo is checked at; {} is the defaults.
SETTINGS = {
    "robot_scores": [{}, {"keys": 10, "patch": 3}, {"divisor": 0.2, "seed": 5}, {"spin": 60, "noise": 3, "ticks": 80},
                     {"keys": 40, "patch": 8, "ticks": 120}, {"divisor": 10}],
    "robot_run": [{}, {"keys": 10}, {"ticks": 200, "seed": 3}, {"spin": 45, "noise": 0}, {"keys": 3, "patch": 2},
                  {"divisor": 0.05, "ticks": 120}],
    "robot_sharpness": [{}, {"divisors": [10, 1, 0.25, 0.01]}, {"keys": 7, "divisors": [2, 0.3]},
                        {"keys": 33, "ticks": 90, "divisors": [100, 0.1]}, {"seed": 99, "noise": 0.5}],
    "robot_order": [{}, {"strengths": [0, 3, 10]}, {"keys": 12, "shuffle_seed": 1}, {"seed": 4, "strengths": [0.3, 0.7]},
                    {"patch": 1, "keys": 30, "ticks": 60}],
}

NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]


def in_words(n):
    if n < 20:
        return NUMBER_WORDS[n]
    tens = ["", "", "twenty", "thirty", "forty"][n // 10]
    return tens + ("-" + NUMBER_WORDS[n % 10] if n % 10 else "")


def run_demo(demo, params):
    out = subprocess.run([ATTN, "run", demo, json.dumps(params)], check=True, capture_output=True, text=True).stdout
    reply = json.loads(out)
    assert reply["ok"], reply
    return reply["result"]


def readings_for(params, ticks):
    spin = {k: v for k, v in params.items() if k not in ("divisors", "strengths", "shuffle_seed", "divisor")}
    spin["ticks"] = ticks
    mat = next(f for f in run_demo("robot_run", spin)["figures"] if f["name"] == "mat")
    return [frame["reading"] for frame in mat["frames"]]


def scaled(cm):
    return (cm - 50) / 25


def dot(q, k):
    return sum(a * b for a, b in zip(q, k))


def softmax(scores):
    biggest = max(scores)
    weights = [math.exp(s - biggest) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def cut(history, patch, keys):
    query = [scaled(cm) for cm in history[-patch:]]
    key_list = [[scaled(cm) for cm in history[j:j + patch]] for j in range(keys)]
    values = [history[j + patch] for j in range(keys)]
    return query, key_list, values


def first_best(weights):
    return max(range(len(weights)), key=lambda j: weights[j])  # the first of equal weights, as Eigen's maxCoeff


def scores_program(readings, PATCH, KEYS, DIVISOR):
    history = readings[-(KEYS + PATCH) - 1:-1]
    truth = readings[-1]
    print("history, cm:", history)
    query, keys, values = cut(history, PATCH, KEYS)
    scores = [dot(query, key) / DIVISOR for key in keys]
    weights = softmax(scores)
    print("the query, cm:", history[-PATCH:])
    print("the weights add up to:", round(sum(weights), 3))
    for j in sorted(range(KEYS), key=lambda j: -weights[j])[:3]:
        back = KEYS - j
        print("key", j, "is", back, "step back:" if back == 1 else "steps back:", history[j:j + PATCH],
              " score", round(scores[j], 1), " weight", round(weights[j], 3), " value", values[j])
    print("the guess:", round(sum(w * v for w, v in zip(weights, values)), 1), "cm")
    print("what came next:", truth, "cm")


def attention(history, PATCH, KEYS, DIVISOR, how_many):
    first = KEYS - how_many
    query, keys, values = cut(history, PATCH, KEYS)
    scores = [dot(query, key) / DIVISOR for key in keys[first:]]
    weights = softmax(scores)
    return sum(w * v for w, v in zip(weights, values[first:]))


def run_program(readings, PATCH, KEYS, DIVISOR):
    recent = min(RECENT_KEYS, KEYS)
    off_wide, off_near, off_same, off_average = [], [], [], []
    for t in range(KEYS + PATCH, len(readings)):
        history = readings[t - KEYS - PATCH:t]
        cm = readings[t]
        off_wide.append(abs(attention(history, PATCH, KEYS, DIVISOR, KEYS) - cm))
        off_near.append(abs(attention(history, PATCH, KEYS, DIVISOR, recent) - cm))
        off_same.append(abs(history[-1] - cm))
        last = history[-min(AVERAGE_OF, KEYS + PATCH):]
        off_average.append(abs(sum(last) / len(last) - cm))
    name = lambda n: f"{n} key" + ("" if n == 1 else "s")
    print(name(KEYS) + ": off by", round(sum(off_wide) / len(off_wide), 1), "cm on average")
    print(name(recent) + ": off by", round(sum(off_near) / len(off_near), 1), "cm")
    print("no change: off by", round(sum(off_same) / len(off_same), 1), "cm")
    print("average of the last three: off by", round(sum(off_average) / len(off_average), 1), "cm")


def sharpness_program(readings, PATCH, KEYS, DIVISORS):
    history = readings[-(KEYS + PATCH) - 1:-1]
    truth = readings[-1]
    query, keys, values = cut(history, PATCH, KEYS)
    dots = [dot(query, key) for key in keys]
    print("the dot products:", [round(d, 1) for d in dots])
    print("the average of all", in_words(KEYS), "values:", round(sum(values) / KEYS, 1))
    for divisor in DIVISORS:
        weights = softmax([d / divisor for d in dots])
        guess = sum(w * v for w, v in zip(weights, values))
        print("divide by", divisor, ": biggest weight", round(max(weights), 3), " guess", round(guess, 1), " truth", truth)


def order_program(readings, PATCH, KEYS, DIVISOR, STRENGTHS, order):
    history = readings[-(KEYS + PATCH) - 1:-1]
    truth = readings[-1]
    query, keys, values = cut(history, PATCH, KEYS)

    def guess_from(keys, values, query):
        weights = softmax([dot(query, key) / DIVISOR for key in keys])
        return sum(w * v for w, v in zip(weights, values)), weights

    plain, _ = guess_from(keys, values, query)
    mixed, _ = guess_from([keys[j] for j in order], [values[j] for j in order], query)
    print("in order:", round(plain, 4), " shuffled:", round(mixed, 4))
    for strength in STRENGTHS:
        placed = [keys[j] + [strength if KEYS == 1 else strength * j / (KEYS - 1)] for j in range(KEYS)]
        with_place, weights = guess_from(placed, values, query + [strength])
        near = KEYS - first_best(weights)
        print("position worth", strength, ": guess", round(with_place, 1), " the key it leans on is", near,
              "step back" if near == 1 else "steps back")
    print("the truth was", truth)


def printed_by(demo, params):
    p = {**DEFAULTS, **params}
    PATCH, KEYS = p["patch"], p["keys"]
    divisor = float(p["divisor"])  # the program's constants are floats: 10 prints as 10.0
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if demo == "robot_run":
            run_program(readings_for(params, params.get("ticks", 70)), PATCH, KEYS, divisor)
        else:
            readings = readings_for(params, params.get("ticks", 49))
            if demo == "robot_scores":
                scores_program(readings, PATCH, KEYS, divisor)
            elif demo == "robot_sharpness":
                sharpness_program(readings, PATCH, KEYS, [float(d) for d in params.get("divisors", [2.24, 0.5, 0.12])])
            else:
                order = run_demo("robot_order", params)["numbers"]["order"]
                strengths = [float(s) for s in params.get("strengths", [0, 0.6, 1.2, 1.8, 2.4])]
                order_program(readings, PATCH, KEYS, divisor, strengths, order)
    return out.getvalue().splitlines()


def main():
    cases = [{"demo": demo, "params": params, "printed": printed_by(demo, params)}
             for demo, settings in SETTINGS.items() for params in settings]
    with open("tests/fixtures/robot_printing.json", "w") as f:
        json.dump({"cases": cases}, f, indent=1)
        f.write("\n")
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    main()

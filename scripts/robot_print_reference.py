#!/usr/bin/python3
"""Writes tests/fixtures/robot_printing.json: the lines the robot lesson's four
programs print in CPython, at the defaults and at other settings, for
tests/core/lessons/robot/printing_test.cpp to compare the parameter demos' printouts with.

It runs the lesson's own programs (lessons/robot/programs/*.py), unchanged but for
their settings: each constant the demo has a parameter for (PATCH, KEYS, DIVISOR,
DIVISORS, STRENGTHS, TICKS, SPIN, and ORDER, the shuffle the demo drew) is given the
demo's value, and the `robot` module they import is replaced by one that hands them
the poses and readings the core's simulator gives for the same settings (taken from
`attn run robot_run`, whose mat frames carry every one). A printed line can then
differ from the demo's only where a printing rule does.
Run from the repository root after a native build:
    /usr/bin/python3 scripts/robot_print_reference.py
"""
import contextlib
import io
import json
import re
import subprocess
import sys
import types

ATTN = "build/native/attn"
PROGRAMS = "lessons/robot/programs/"
# The program each demo stands for, and its spin's length when the settings give none.
PROGRAM_OF = {"robot_scores": ("scores.py", 49), "robot_run": ("run.py", 70),
              "robot_sharpness": ("sharp.py", 49), "robot_order": ("order.py", 49)}

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


def run_demo(demo, params):
    out = subprocess.run([ATTN, "run", demo, json.dumps(params)], check=True, capture_output=True, text=True).stdout
    reply = json.loads(out)
    assert reply["ok"], reply
    return reply["result"]


def frames_for(params, ticks):
    """The spin's frames (pose and reading at each tick) as the core's simulator gives them."""
    spin = {k: v for k, v in params.items() if k not in ("divisors", "strengths", "shuffle_seed", "divisor")}
    spin["ticks"] = ticks
    return next(f for f in run_demo("robot_run", spin)["figures"] if f["name"] == "mat")["frames"]


def constants_for(demo, params, ticks):
    """The program's constants that the demo's parameters set, as the program writes them (floats stay floats)."""
    constants = {"TICKS": ticks}
    for name, key in (("PATCH", "patch"), ("KEYS", "keys")):
        if key in params:
            constants[name] = params[key]
    if "divisor" in params:
        constants["DIVISOR"] = float(params["divisor"])
    if "spin" in params:
        constants["SPIN"] = params["spin"]
    if "divisors" in params:
        constants["DIVISORS"] = tuple(float(d) for d in params["divisors"])
    if "strengths" in params:
        constants["STRENGTHS"] = tuple(float(s) for s in params["strengths"])
    if demo == "robot_order":
        constants["ORDER"] = run_demo("robot_order", params)["numbers"]["order"]
    return constants


def with_constants(source, constants):
    """The program's text with each `NAME = ...` line of `constants` given its value (comments kept)."""
    for name, value in constants.items():
        source, found = re.subn(rf"^{name} = [^#\n]*?(\s*(#.*)?)$", lambda m: f"{name} = {value!r}{m.group(1)}",
                                source, count=1, flags=re.M)
        assert found == 1, f"the program has no constant {name}"
    return source


def robot_module(frames):
    """The `robot` module the programs import: each drive() moves on to the spin's next frame,
    whose pose and reading the sensors then give; nothing is drawn."""
    robot = types.ModuleType("robot")
    left = iter(frames)
    now = {}

    def drive(*args):
        now.update(next(left))

    robot.drive = drive
    robot.distance = lambda: now["reading"]
    robot.position = lambda: (now["x"], now["y"])
    robot.heading = lambda: now["heading"]
    robot.connect = robot.wait = robot.stop = robot.plot = robot.draw = lambda *args, **kwargs: None
    robot.__all__ = ["connect", "drive", "distance", "position", "heading", "wait", "stop", "plot", "draw"]
    return robot


def printed_by(demo, params):
    program, default_ticks = PROGRAM_OF[demo]
    ticks = params.get("ticks", default_ticks)
    with open(PROGRAMS + program) as f:
        source = with_constants(f.read(), constants_for(demo, params, ticks))
    sys.modules["robot"] = robot_module(frames_for(params, ticks))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, PROGRAMS + program, "exec"), {"__name__": "__main__"})
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

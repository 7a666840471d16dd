# The `robot` module of the lesson's programs. Every command goes to the C++
# simulator the parameter demos use (core/api/robot_session.hpp), through the
# JavaScript module `_core` the worker registers (program-worker.js).
import json

import _core

# Every number a call takes, as the core declares it: {call: {name: {min, max, whole, wanted}}},
# wanted being the range in words ("a number between -100 and 100 percent"). Each value is
# checked here, so a NaN, an infinity or a string never leaves Python (JSON has no NaN), and
# the page's chart and mat only ever get numbers they can draw.
_ARGUMENTS = json.loads(_core.call("arguments", "{}"))


def _shown(value):
    # what the program passed, cut short: a message names a value, it need not repeat a long list
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _number(value, function, name):
    """value, if it is a number in the range the core declares for function's argument name."""
    a = _ARGUMENTS[function][name]
    why = function + "(): " + name + " must be " + a["wanted"] + " (got " + _shown(value) + ")"
    # bool is an int in Python, but drive(True) is a mistake worth naming
    if type(value) not in (int, float):
        raise TypeError(why)
    # a float compares itself with an int of any size; NaN is in no range
    if not (a["min"] <= value <= a["max"]) or (a["whole"] and value != int(value)):
        raise ValueError(why)
    return value


def _call(op, **args):
    error = _core.call(op, json.dumps(args))
    if error:
        raise ValueError(error)


def _checked(error):
    # The core answers '' or why it could not: raised here, in Python (run-program.js says why)
    if error:
        raise RuntimeError(error)


def _read(what):
    value = _core.read(what)
    if type(value) is str:
        raise RuntimeError(value)
    return value


def connect(x=50, y=20, noise=1.5, seed=11):
    """Puts a new robot on the mat at (x, y) cm facing the far wall."""
    _call("connect", x=_number(x, "connect", "x"), y=_number(y, "connect", "y"),
          noise=_number(noise, "connect", "noise"), seed=_number(seed, "connect", "seed"))


def drive(left, right, turn=0):
    """Wheel powers and a spin on the spot, each in percent from -100 to 100."""
    _call("drive", left=_number(left, "drive", "left"), right=_number(right, "drive", "right"),
          turn=_number(turn, "drive", "turn"))


def stop():
    _call("stop")


def wait(seconds):
    """Lets simulated time pass; nothing moves between waits."""
    _call("wait", seconds=_number(seconds, "wait", "seconds"))


def distance():
    """The sensor's reading: whole cm to the wall ahead, with noise."""
    return _read("distance")


def position():
    """(x, y) in cm on the mat, from the left wall and the near wall."""
    return (float(_read("x")), float(_read("y")))  # a whole number crosses from JavaScript as an int


def heading():
    """Degrees clockwise from facing the far wall, 0 to 360."""
    return float(_read("heading"))


def plot(name, value):
    """Adds a point to the chart line called name."""
    if type(name) is not str:
        raise TypeError("plot(): name must be a text, such as plot(\"reading\", 57) (got " + _shown(name) + ")")
    _checked(_core.plot(name, _number(value, "plot", "value")))


def draw(name, points, colour="blue", shape="dots", size=4):
    """Draws points [(x, y), ...] in cm on the mat, replacing the drawing called name."""
    example = "such as draw(\"spots\", [(50, 20)], \"blue\", \"dots\", 4)"
    if type(name) is not str:
        raise TypeError("draw(): name must be a text, " + example + " (got " + _shown(name) + ")")
    if type(points) not in (list, tuple):
        raise TypeError("draw(): points must be a list of (x, y) points, " + example + " (got " + _shown(points) + ")")
    flat = []
    for p in points:
        if type(p) not in (list, tuple) or len(p) != 2:
            raise TypeError("draw(): each point must be a pair (x, y), " + example + " (got " + _shown(p) + ")")
        flat.append(_number(p[0], "draw", "x"))
        flat.append(_number(p[1], "draw", "y"))
    if shape not in ("dots", "squares"):
        raise ValueError("draw(): shape must be \"dots\" or \"squares\" (got " + _shown(shape) + ")")
    _checked(_core.draw(name, json.dumps(flat), str(colour), shape, _number(size, "draw", "size")))

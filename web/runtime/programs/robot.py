# The `robot` module of the lesson's programs. Every command goes to the C++
# simulator the parameter demos use (core/api/robot_session.hpp), through the
# JavaScript module `_core` the worker registers (program-worker.js).
import json

import _core


def _number(value, function, takes):
    # bool is an int in Python, but drive(True) is a mistake worth naming
    if type(value) not in (int, float):
        raise TypeError(function + " takes " + takes + ", not " + repr(value))
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
    takes = "numbers: connect(x=50, y=20, noise=1.5, seed=11)"
    _call("connect", x=_number(x, "connect()", takes), y=_number(y, "connect()", takes),
          noise=_number(noise, "connect()", takes), seed=_number(seed, "connect()", takes))


def drive(left, right, turn=0):
    """Wheel powers and a spin on the spot, each in percent from -100 to 100."""
    takes = "three numbers from -100 to 100: drive(left, right, turn)"
    _call("drive", left=_number(left, "drive()", takes), right=_number(right, "drive()", takes),
          turn=_number(turn, "drive()", takes))


def stop():
    _call("stop")


def wait(seconds):
    """Lets simulated time pass; nothing moves between waits."""
    _call("wait", seconds=_number(seconds, "wait()", "a number of seconds: wait(0.25)"))


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
        raise TypeError("plot() takes a name and a number: plot(\"reading\", 57), not " + repr(name))
    _checked(_core.plot(name, _number(value, "plot()", "a name and a number: plot(\"reading\", 57)")))


def draw(name, points, colour="blue", shape="dots", size=4):
    """Draws points [(x, y), ...] in cm on the mat, replacing the drawing called name."""
    takes = "a name and a list of (x, y) points: draw(\"spots\", [(50, 20)], \"blue\", \"dots\", 4)"
    if type(name) is not str or type(points) not in (list, tuple):
        raise TypeError("draw() takes " + takes)
    flat = []
    for p in points:
        if type(p) not in (list, tuple) or len(p) != 2:
            raise TypeError("draw() takes " + takes + "; one point was " + repr(p))
        flat.append(_number(p[0], "draw()", takes))
        flat.append(_number(p[1], "draw()", takes))
    if shape not in ("dots", "squares"):
        raise ValueError("draw() takes the shape \"dots\" or \"squares\", not " + repr(shape))
    _checked(_core.draw(name, json.dumps(flat), str(colour), shape, _number(size, "draw()", takes)))

#pragma once
// The robot of the lesson's Python programs: one simulated bugbot per module
// instance (each Web Worker has its own), driven by JSON text so that the
// Python `robot` module can reach the very simulator the parameter demos use.
// Nothing here throws: every failure becomes {"ok": false, "error": {...}}.
#include <string>

namespace attn {

// robot_call_json(op, args):
//   "connect"  {x, y, heading, noise, seed}   (all optional; the demos' defaults)  -> {"ok": true}
//   "drive"    {left, right, turn}  settings [%], each from -100 to 100             -> {"ok": true}
//   "stop"     {}                                                                   -> {"ok": true}
//   "wait"     {seconds}  simulated time passes only here (and in a reading's ping) -> {"ok": true, "time"}
//   "distance" {}  whole cm, with the sensor's declared noise                       -> {"ok": true, "cm"}
//   "position" {}  [cm, cm] on the mat, from the left and the near wall             -> {"ok": true, "x", "y"}
//   "heading"  {}  [deg] clockwise from facing the far wall, in [0, 360)            -> {"ok": true, "deg"}
//   "arguments" {}  every number the programs' calls take, declared once here:     -> {"ok": true, "arguments":
//                   {call: {name: {"min", "max", "whole", "wanted"}}}, where wanted is the range in words
//                   ("a number between -100 and 100 percent"); robot.py checks plot() and draw() against it,
//                   and every call's value before it leaves Python (a NaN has no JSON to travel in).
// Every op but "connect" and "arguments" needs a connected robot. A value out of its range is
// refused, never clamped: "drive(): left must be a number between -100 and 100 percent (got 1e+308)".
std::string robot_call_json(const std::string& op, const std::string& args_json);

}  // namespace attn

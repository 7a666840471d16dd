#pragma once
// The robot of the lesson's Python programs: one simulated bugbot per module
// instance (each Web Worker has its own), driven by JSON text so that the
// Python `robot` module can reach the very simulator the parameter demos use.
// Nothing here throws: every failure becomes {"ok": false, "error": {...}}.
#include <string>

namespace attn {

// robot_call_json(op, args):
//   "connect"  {x, y, heading, noise, seed}   (all optional; the demos' defaults)  -> {"ok": true}
//   "drive"    {left, right, turn}  settings [%], clamped to -100..100              -> {"ok": true}
//   "stop"     {}                                                                   -> {"ok": true}
//   "wait"     {seconds}  simulated time passes only here (and in a reading's ping) -> {"ok": true, "time"}
//   "distance" {}  whole cm, with the sensor's declared noise                       -> {"ok": true, "cm"}
//   "position" {}  [cm, cm] on the mat, from the left and the near wall             -> {"ok": true, "x", "y"}
//   "heading"  {}  [deg] clockwise from facing the far wall, in [0, 360)            -> {"ok": true, "deg"}
// Every op but "connect" needs a connected robot.
std::string robot_call_json(const std::string& op, const std::string& args_json);

}  // namespace attn

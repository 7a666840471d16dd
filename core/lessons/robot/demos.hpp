#pragma once
// Demos of the lesson "Attention, with the numbers in it": a bugbot spinning on
// a 1 m mat guesses its next distance reading by attention over its past ones.
#include "demo/demo.hpp"
#include "lessons/robot/common.hpp"

namespace attn::lesson_robot {

Demo robot_scores();     // one guess: query, keys, values, scores, weights
Demo robot_run();        // the guess on every step of a run, against two baselines
Demo robot_sharpness();  // the same dot products under several divisors
Demo robot_order();      // shuffled keys change nothing; a position number does

}  // namespace attn::lesson_robot

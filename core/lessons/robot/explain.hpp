#pragma once
// How the robot lesson's demos computed each value they show (explain/explanation.hpp),
// registered in explained.cpp.
#include "explain/explainers.hpp"
#include "explain/explanation.hpp"

namespace attn::lesson_robot {

json explain_robot_scores(const Params& p, const json& ref);
json explain_robot_run(const Params& p, const json& ref);
json explain_robot_sharpness(const Params& p, const json& ref);
json explain_robot_order(const Params& p, const json& ref);

// Shared by them (explain_shared.cpp).
extern const std::string kPrintoutStep;
// A setting the arithmetic uses, {"kind": "param", ...}: keys, patch, divisor, the robot's start, an entry of strengths or divisors.
json explain_setting(const Params& p, const json& ref);
// Entry k (from 0) of a list you set, by its place: (1, "divisor") -> "the second divisor" ("divisor 2" read as a
// divisor of 2).
std::string nth_entry(long k, const std::string& noun);
// Key j's number, which the printout quotes: a position (given "index"), not arithmetic.
json key_number(long j);
// The printout's "N steps back" after "key j" (the printout's number `key_index_printed`): K − j.
explain::Printed steps_back_of(const Params& p, long key_index_printed, long j);
// (r − 50) / 25 for the reading that is operand `k`: the readings are scaled so before the dot products.
explain::Expr scaled_of(int k);
// What a weight strip's table of numbers opens (contents' "pictures", web/runtime/explainable.js): each row of
// weights, `weights` at row r and key j; the row of values, key j's value, the reading at tick j + patch.
json weight_strip_pictures(const json& weights);
// The source of the operand that is the reading at `tick` (Explanation::add): "pictured" when the weight strip's
// table shows it, as the value of key tick − patch (keys' values are the readings patch .. patch + keys − 1).
std::string reading_source(long tick, long patch, long keys);
// Key j's weight as a formula: e^sⱼ / Σ e^s, written with the largest score m taken off when it was (`shifted`).
std::string weight_formula(long j, bool shifted);

}  // namespace attn::lesson_robot

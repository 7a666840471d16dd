// Attention has no sense of order: the guess with the keys in order and shuffled (the same weights on
// the same values, added in another order), and with a position number of each strength λ: key j gets
// λ × j / (K − 1) as one more reading, the query λ, so each dot product gains λ × j / (K − 1) × λ. Each
// row's dot products, scores and weights are `inner` steps ({"kind": "inner", "name": "weight", "row": r,
// "col": j}; row 0 without a position number, row s + 1 with strength s, as the weights' picture, whose
// table of numbers shows the weights: "pictured"), down to the readings (given "reading") and the strengths you set.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/robot/demos.hpp"
#include "lessons/robot/explain.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_robot {
namespace {

using namespace explain;

const std::string kReadingStep = "The robot's readings: one every quarter second while it spins";
const std::string kShuffleStep = "Shuffle the keys (each keeps its value): the same weights on the same values";
const std::string kDotStep = "A position number: key j gets λ × j / (K − 1), the query λ; the dot product gains their product";
const std::string kWeightStep = "Scores and weights as before: the dot product over the divisor, then softmax";
const std::string kGuessStep = "The guess: each key's weight times the reading that came after it, added up";

struct Order {
    LastGuess g;
    int keys, patch;
    double divisor;
    std::vector<double> strengths;
    std::vector<int> order;
    std::vector<robot::Looking> looks;  // row 0: no position number; row s + 1: strength s
    robot::Looking mixed;
};

Order order_of(const Params& p) {
    Order o{last_guess(p), keys_of(p), patch_of(p), p.number("divisor"), p.vector("strengths"), {}, {}, {}};
    o.order = robot::shuffled_order(o.keys, static_cast<std::uint64_t>(p.integer("shuffle_seed")));
    o.looks.push_back(robot::attend(o.g.patches, o.divisor));
    for (double s : o.strengths) o.looks.push_back(robot::attend(robot::with_position(o.g.patches, s), o.divisor));
    o.mixed = robot::attend(robot::reordered(o.g.patches, o.order), o.divisor);
    return o;
}

json inner_ref(const char* name, long row, long col) { return {{"kind", "inner"}, {"name", name}, {"row", row}, {"col", col}}; }
json reading_ref(long tick) { return {{"kind", "inner"}, {"name", "reading"}, {"row", tick}}; }
// A row by the strength it was worked out with, as the table's rows say it ("position worth 0.6"): "strength 2"
// read as a strength of 2.
std::string row_text(const Order& o, long row) {
    return row == 0 ? "without a position number" : "with the position worth " + python_repr(o.strengths[static_cast<std::size_t>(row - 1)]);
}
json dot(const Order& o, const json& ref, long row, long j) {
    const bool placed = row > 0;
    Explanation e(ref, "the dot product of key " + std::to_string(j) + " and the query " + row_text(o, row), kDotStep,
                  placed ? "Σᵢ (k" + sub(j) + "ᵢ − 50)/25 × (qᵢ − 50)/25 + λ × j/(K − 1) × λ" : "Σᵢ (k" + sub(j) + "ᵢ − 50)/25 × (qᵢ − 50)/25",
                  placed ? "the scaled readings' products added up, plus the key's position number times the query's"
                         : "the sum over the patch of each of the key's scaled readings times the query's");
    std::vector<Expr> terms;
    for (long i = 0; i < o.patch; ++i) {
        const int k = e.add(reading_ref(j + i), "reading " + std::to_string(i + 1) + " of key " + std::to_string(j), o.g.history[j + i],
                            reading_source(j + i, o.patch, o.keys));
        const int q = e.add(reading_ref(o.keys + i), "reading " + std::to_string(i + 1) + " of the query", o.g.history[o.keys + i],
                            reading_source(o.keys + i, o.patch, o.keys));
        terms.push_back(mul(scaled_of(k), scaled_of(q)));
    }
    if (placed) {
        const json strength = {{"kind", "param"}, {"name", "strengths"}, {"index", row - 1}};
        const int l = e.add(strength, "strength λ, which you set", o.strengths[static_cast<std::size_t>(row - 1)]);
        const double at = o.keys == 1 ? 1.0 : static_cast<double>(j) / (o.keys - 1);
        const std::string at_text = o.keys == 1 ? "1" : std::to_string(j) + "/" + std::to_string(o.keys - 1);
        terms.push_back(mul(mul(operand(l), constant(at, at_text)), operand(l)));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(o.looks[static_cast<std::size_t>(row)].dots(j));
}

json score(const Order& o, const json& ref, long row, long j) {
    Explanation e(ref, "the score of key " + std::to_string(j) + " " + row_text(o, row), kWeightStep, "s" + sub(j) + " = k" + sub(j) + " · q / divisor",
                  "the dot product divided by the divisor");
    const robot::Looking& look = o.looks[static_cast<std::size_t>(row)];
    e.expression(div(operand(e.add(inner_ref("dot", row, j), "the dot product of key " + std::to_string(j), look.dots(j))),
                     operand(e.add(param_ref("divisor"), "the divisor, which you set", o.divisor))));
    return e.to_json(look.scores(j));
}

std::vector<Expr> weights_of(Explanation& e, const Order& o, long row) {
    std::vector<Expr> out;
    for (long j = 0; j < o.keys; ++j)
        out.push_back(operand(e.add(inner_ref("weight", row, j), "the weight of key " + std::to_string(j), o.looks[static_cast<std::size_t>(row)].weights(j), "pictured")));
    return out;
}

json weight(const Order& o, const json& ref, long row, long j) {
    const robot::Looking& look = o.looks[static_cast<std::size_t>(row)];
    const bool shifted = look.scores.maxCoeff() > kLargestExponent;
    Explanation e(ref, "the weight of key " + std::to_string(j) + " " + row_text(o, row), kWeightStep,
                  weight_formula(j, shifted),
                  "e to the power of the key's score, divided by the sum of the same for every key");
    std::vector<Expr> scores;
    for (long k = 0; k < o.keys; ++k)
        scores.push_back(operand(e.add(inner_ref("score", row, k), "the score of key " + std::to_string(k), look.scores(k))));
    e.expression(softmax_weight(scores, static_cast<std::size_t>(j), shifted));
    return e.to_json(look.weights(j));
}

// Σ w_π(i) v_π(i): the keys in the order `order` (the shuffled one, or 0 .. K − 1).
json guess(const Order& o, const json& ref, long row, const std::vector<int>* order, double value) {
    Explanation e(ref, order ? "the guess with the keys shuffled" : "the guess " + row_text(o, row), order ? kShuffleStep : kGuessStep,
                  order ? "guess = Σᵢ w_π(i) · v_π(i)" : "guess = Σⱼ wⱼ · vⱼ",
                  order ? "the same weights on the same values, added in the shuffled order"
                        : "the sum over the keys of each key's weight times the reading that came after it");
    std::vector<Expr> terms;
    for (long i = 0; i < o.keys; ++i) {
        const long j = order ? (*order)[static_cast<std::size_t>(i)] : i;
        const double w = o.looks[static_cast<std::size_t>(row)].weights(j);
        terms.push_back(mul(operand(e.add(inner_ref("weight", row, j), "the weight of key " + std::to_string(j), w, "pictured")),
                            operand(e.add(reading_ref(j + o.patch), "the reading after key " + std::to_string(j), o.g.patches.values(j), "pictured"))));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(value);
}

long top_key(const Order& o, long row) { return static_cast<long>(o.looks[static_cast<std::size_t>(row)].best); }

json steps_back(const Order& o, const json& ref, long row) {
    Explanation e(ref, "how many steps back the top key is " + row_text(o, row), kGuessStep, "K − j", "the number of keys less the top key's number");
    e.expression(sub(operand(e.add(param_ref("keys"), "the number of keys, which you set", o.keys)),
                     operand(e.add(inner_ref("top_key", row, 0), "the number of the key with the largest weight", top_key(o, row)))));
    return e.to_json(o.keys - top_key(o, row));
}

json top_weight(const Order& o, const json& ref, long row) {
    Explanation e(ref, "the largest weight " + row_text(o, row), kWeightStep, "max over j of wⱼ", "the largest weight of the row");
    e.expression(max_of(weights_of(e, o, row)));
    return e.to_json(o.looks[static_cast<std::size_t>(row)].weights.maxCoeff());
}

json inner(const Order& o, const json& ref) {
    const std::string name = ref_text(ref, "name");
    const long size = static_cast<long>(o.looks.size());
    if (name == "reading") {
        const long tick = ref_index(ref, "row", static_cast<long>(o.g.history.size()));
        const double cm = o.g.history[static_cast<std::size_t>(tick)];
        return Explanation(ref, "reading " + std::to_string(tick) + " of the last window", kReadingStep, "r", "a reading of the distance sensor")
            .given("reading", cm)
            .to_json(cm);
    }
    const long row = ref_index(ref, "row", size);
    if (name == "top_key") {
        ref_index(ref, "col", 1);
        Explanation e(ref, "the number of the key with the largest weight " + row_text(o, row), kWeightStep, "argmaxⱼ wⱼ",
                      "the place, counted from 0, of the key whose weight is largest: picked, not added up");
        e.expression(argmax(weights_of(e, o, row)));
        return e.to_json(top_key(o, row));
    }
    const long j = ref_index(ref, "col", o.keys);
    if (name == "dot") return dot(o, ref, row, j);
    if (name == "score") return score(o, ref, row, j);
    if (name == "weight") return weight(o, ref, row, j);
    throw ParamError("ref", "the order demo works out no value called \"" + name + "\"");
}

// The printout's numbers (robot_order.cpp): both guesses; per strength the strength, the guess and how
// far back its top key is; the truth.
std::vector<Printed> printout(const Order& o) {
    std::vector<Printed> out = {{number_ref("plain_guess"), "the guess in order", o.looks[0].guess},
                                {number_ref("shuffled_guess"), "the guess shuffled", o.mixed.guess}};
    for (long s = 0; s < static_cast<long>(o.strengths.size()); ++s) {
        out.push_back({{{"kind", "param"}, {"name", "strengths"}, {"index", s}}, nth_entry(s, "strength"), o.strengths[static_cast<std::size_t>(s)]});
        out.push_back({table_ref("positions", s, 0), "the guess " + row_text(o, s + 1), o.looks[static_cast<std::size_t>(s + 1)].guess});
        out.push_back({table_ref("positions", s, 1), "how far back its top key is", static_cast<double>(o.keys - top_key(o, s + 1))});
    }
    out.push_back({number_ref("truth"), "what came next", static_cast<double>(o.g.truth)});
    return out;
}

json number(const Order& o, const json& ref) {
    const std::string name = ref_text(ref, "name");
    if (name == "plain_guess") return guess(o, ref, 0, nullptr, o.looks[0].guess);
    if (name == "shuffled_guess") return guess(o, ref, 0, &o.order, o.mixed.guess);
    if (name == "shuffle_difference") {
        Explanation e(ref, "the difference between the two guesses", kShuffleStep, "|in order − shuffled|",
                      "the distance between the guess in order and the guess shuffled");
        e.expression(abs_of(sub(operand(e.add(number_ref("plain_guess"), "the guess in order", o.looks[0].guess)),
                                operand(e.add(number_ref("shuffled_guess"), "the guess shuffled", o.mixed.guess)))));
        return e.to_json(std::abs(o.looks[0].guess - o.mixed.guess));
    }
    if (name == "plain_steps_back_text") return steps_back(o, ref, 0);
    if (name == "truth")
        return Explanation(ref, "what came next", kReadingStep, "r", "a reading of the distance sensor").given("reading", o.g.truth).to_json(o.g.truth);
    throw ParamError("ref", "the order demo does not explain a number called \"" + name + "\"");
}

}  // namespace

json explain_robot_order(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"positions"}}, {"numbers", {"plain_guess", "shuffled_guess", "shuffle_difference", "plain_steps_back_text", "truth"}},
                {"printed", true},
                {"pictures", weight_strip_pictures({{"kind", "inner"}, {"name", "weight"}})}};
    if (kind == "param") return explain_setting(p, ref);
    const Order o = order_of(p);
    if (kind == "inner") return inner(o, ref);
    if (kind == "number") return number(o, ref);
    if (kind == "printed") return printed_as(ref, printout(o), kPrintoutStep);
    if (kind != "table" || ref_text(ref, "table") != "positions") throw ParamError("ref", "the order demo has one table, \"positions\"");
    const long s = ref_index(ref, "row", static_cast<long>(o.strengths.size())), c = ref_index(ref, "col", 3);
    if (c == 0) return guess(o, ref, s + 1, nullptr, o.looks[static_cast<std::size_t>(s + 1)].guess);
    if (c == 1) return steps_back(o, ref, s + 1);
    return top_weight(o, ref, s + 1);
}

}  // namespace attn::lesson_robot

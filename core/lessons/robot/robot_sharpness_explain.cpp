// How sharp is the looking: the dot products of every key with the query (both scaled, (r − 50) / 25),
// each divisor's weights (softmax of the dot products over that divisor), the largest weight and the
// guess under each divisor, the average of the values, √patch. The readings are the simulator's:
// `inner` references given "reading".
#include <algorithm>
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
const std::string kDotStep = "How sharp is the looking: the dot product of each key with the query (readings scaled: (r − 50) / 25)";
const std::string kWeightStep = "How sharp is the looking: each divisor's weights, softmax of the dot products over it";
const std::string kGuessStep = "How sharp is the looking: each divisor's guess, the weighted sum of the values";
constexpr long kKeysInWords = 50;  // robot_sharpness.cpp's number_word spells counts below this in words

struct Sharpness {
    LastGuess g;
    int keys, patch;
    std::vector<double> divisors;
    std::vector<robot::Looking> looks;
    robot::Looking raw;
};

Sharpness sharpness_of(const Params& p) {
    Sharpness s{last_guess(p), keys_of(p), patch_of(p), p.vector("divisors"), {}, {}};
    s.raw = robot::attend(s.g.patches, 1.0);
    for (double d : s.divisors) s.looks.push_back(robot::attend(s.g.patches, d));
    return s;
}

json reading_ref(long tick) { return {{"kind", "inner"}, {"name", "reading"}, {"row", tick}}; }
json divisor_ref(long d) { return {{"kind", "param"}, {"name", "divisors"}, {"index", d}}; }

int reading_operand(Explanation& e, const Sharpness& s, long tick, const std::string& label) {
    return e.add(reading_ref(tick), label, s.g.history[static_cast<std::size_t>(tick)], reading_source(tick, s.patch, s.keys));
}

json dot(const Sharpness& s, const json& ref, long j) {
    Explanation e(ref, "the dot product of key " + std::to_string(j) + " with the query", kDotStep,
                  "k" + sub(j) + " · q = Σᵢ (k" + sub(j) + "ᵢ − 50)/25 × (qᵢ − 50)/25",
                  "the sum over the patch of each of the key's scaled readings times the query's");
    std::vector<Expr> terms;
    for (long i = 0; i < s.patch; ++i) {
        const int k = reading_operand(e, s, j + i, "reading " + std::to_string(i + 1) + " of key " + std::to_string(j));
        const int q = reading_operand(e, s, s.keys + i, "reading " + std::to_string(i + 1) + " of the query");
        terms.push_back(mul(scaled_of(k), scaled_of(q)));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(s.raw.dots(j));
}

// Which divisor a value was worked out with, as the table's row says it ("divide by 2.24"): "divisor 1"
// read as a divisor of 1.
std::string dividing_by(const Sharpness& s, long d) { return "when dividing by " + python_repr(s.divisors[static_cast<std::size_t>(d)]); }

// Each score of divisor d's row: the dot product (the dots table) over the divisor you set.
std::vector<Expr> scores(Explanation& e, const Sharpness& s, long d) {
    const int divisor = e.add(divisor_ref(d), nth_entry(d, "divisor") + ", which you set", s.divisors[static_cast<std::size_t>(d)]);
    std::vector<Expr> out;
    for (long j = 0; j < s.keys; ++j)
        out.push_back(div(operand(e.add(table_ref("dots", 0, j), "k" + sub(j) + " · q", s.raw.dots(j))), operand(divisor)));
    return out;
}

json weight(const Sharpness& s, const json& ref, long d, long j) {
    const robot::Looking& look = s.looks[static_cast<std::size_t>(d)];
    const bool shifted = look.scores.maxCoeff() > kLargestExponent;
    Explanation e(ref, "the weight of key " + std::to_string(j) + " " + dividing_by(s, d), kWeightStep,
                  shifted ? "w" + sub(j) + " = e^(s" + sub(j) + " − max s) / Σₖ e^(sₖ − max s),  sₖ = kₖ · q / divisor"
                          : "w" + sub(j) + " = e^s" + sub(j) + " / Σₖ e^sₖ,  sₖ = kₖ · q / divisor",
                  "e to the key's score over the sum of e to every score, each score the dot product over the divisor");
    e.expression(softmax_weight(scores(e, s, d), static_cast<std::size_t>(j), shifted));
    return e.to_json(look.weights(j));
}

json value_item(const Sharpness& s, const json& ref, long d, bool guess) {
    const robot::Looking& look = s.looks[static_cast<std::size_t>(d)];
    if (!guess) {
        Explanation e(ref, "the largest weight " + dividing_by(s, d), kWeightStep, "max over k of wₖ", "the largest weight of the row");
        std::vector<Expr> w;
        for (long j = 0; j < s.keys; ++j) w.push_back(operand(e.add(table_ref("weights", d, j), "w" + sub(j), look.weights(j))));
        e.expression(max_of(std::move(w)));
        return e.to_json(look.weights.maxCoeff());
    }
    Explanation e(ref, "the guess " + dividing_by(s, d) + " [cm]", kGuessStep, "guess = Σₖ wₖ vₖ",
                  "each key's weight times the reading that came after it, added up");
    std::vector<Expr> terms;
    for (long j = 0; j < s.keys; ++j)
        terms.push_back(mul(operand(e.add(table_ref("weights", d, j), "w" + sub(j), look.weights(j))),
                            operand(reading_operand(e, s, j + s.patch, "the reading after key " + std::to_string(j)))));
    e.expression(sum(std::move(terms)));
    return e.to_json(look.guess);
}

// The printout's numbers (robot_sharpness.cpp): the dot products, the average of the values (after the
// count of keys when it is written in digits), then each divisor's line: the divisor, the largest weight,
// the guess, the truth.
std::vector<Printed> printout(const Sharpness& s) {
    std::vector<Printed> out;
    for (long j = 0; j < s.keys; ++j) out.push_back({table_ref("dots", 0, j), "k" + sub(j) + " · q", s.raw.dots(j)});
    if (s.keys >= kKeysInWords) out.push_back({param_ref("keys"), "the number of keys", static_cast<double>(s.keys)});
    out.push_back({number_ref("average_of_values"), "the average of the values", s.g.patches.values.mean()});
    for (long d = 0; d < static_cast<long>(s.divisors.size()); ++d) {
        const robot::Looking& look = s.looks[static_cast<std::size_t>(d)];
        out.push_back({divisor_ref(d), nth_entry(d, "divisor"), s.divisors[static_cast<std::size_t>(d)]});
        out.push_back({item_ref("largest_weights", d), "the largest weight " + dividing_by(s, d), look.weights.maxCoeff()});
        out.push_back({item_ref("guesses", d), "the guess " + dividing_by(s, d), look.guess});
        out.push_back({number_ref("truth"), "what came next", static_cast<double>(s.g.truth)});
    }
    return out;
}

}  // namespace

json explain_robot_sharpness(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"weights", "dots"}},
                {"numbers", {"dots", "average_of_values", "largest_weights", "guesses", "transformer_divisor", "truth"}},
                {"printed", true},
                {"pictures", weight_strip_pictures({{"kind", "table"}, {"table", "weights"}})}};
    if (kind == "param") return explain_setting(p, ref);
    const Sharpness s = sharpness_of(p);
    const long D = static_cast<long>(s.divisors.size());
    if (kind == "printed") return printed_as(ref, printout(s), kPrintoutStep);
    if (kind == "inner") {
        if (ref_text(ref, "name") != "reading") throw ParamError("ref", "this demo works out no value called that");
        const long tick = ref_index(ref, "row", static_cast<long>(s.g.history.size()));
        const double cm = s.g.history[static_cast<std::size_t>(tick)];
        return Explanation(ref, "reading " + std::to_string(tick) + " of the last window", kReadingStep, "r", "a reading of the distance sensor")
            .given("reading", cm)
            .to_json(cm);
    }
    if (kind == "table") {
        const std::string table = ref_text(ref, "table");
        if (table == "dots") {
            ref_index(ref, "row", 1);
            return dot(s, ref, ref_index(ref, "col", s.keys));
        }
        if (table != "weights") throw ParamError("ref", "this demo has no table called \"" + table + "\"");
        const long d = ref_index(ref, "row", D);
        return weight(s, ref, d, ref_index(ref, "col", s.keys));
    }
    if (kind != "number") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "largest_weights" || name == "guesses") {
        if (ref.contains("index")) return value_item(s, ref, ref_index(ref, "index", D), name == "guesses");
        std::vector<json> items;
        std::vector<double> values;
        for (long d = 0; d < D; ++d) {
            items.push_back(item_ref(name, d));
            values.push_back(name == "guesses" ? s.looks[d].guess : s.looks[d].weights.maxCoeff());
        }
        return Explanation(ref, name == "guesses" ? "the guess under each divisor" : "the largest weight under each divisor", kGuessStep, "", "")
            .list(items, values)
            .to_json(values[0]);
    }
    if (name == "dots") {
        std::vector<json> items;
        std::vector<double> values;
        for (long j = 0; j < s.keys; ++j) items.push_back(table_ref("dots", 0, j)), values.push_back(s.raw.dots(j));
        return Explanation(ref, "the dot products", kDotStep, "", "").list(items, values).to_json(values[0]);
    }
    if (name == "average_of_values") {
        Explanation e(ref, "the average of the values [cm]: what a flat softmax guesses", kGuessStep, "Σₖ vₖ / K",
                      "the readings that came after each key, added up and divided by their number");
        std::vector<Expr> terms;
        for (long j = 0; j < s.keys; ++j) terms.push_back(operand(reading_operand(e, s, j + s.patch, "the reading after key " + std::to_string(j))));
        e.expression(div(sum(std::move(terms)), constant(s.keys, std::to_string(s.keys))));
        return e.to_json(s.g.patches.values.mean());
    }
    if (name == "transformer_divisor") {
        Explanation e(ref, "the divisor a transformer would use", kWeightStep, "√patch", "the square root of the number of readings in a key");
        e.expression(sqrt(operand(e.add(param_ref("patch"), "the patch, which you set", s.patch))));
        return e.to_json(std::sqrt(static_cast<double>(s.patch)));
    }
    if (name == "truth") {
        return Explanation(ref, "the reading that came next [cm]", kReadingStep, "r", "a reading of the distance sensor")
            .given("reading", s.g.truth)
            .to_json(s.g.truth);
    }
    throw ParamError("ref", "this demo has no number called \"" + name + "\"");
}

}  // namespace attn::lesson_robot

// The scores demo's values, down to the sensor's readings: each key's dot product with the query
// (both scaled, (reading − 50) / 25), its score (the dot product over the divisor the learner set),
// its weight (softmax of the scores), the guess (the weights times the values), and the errors of
// the guess and of "nothing changes" against what came next. The readings are the simulator's:
// `given: "reading"`, where the arithmetic starts.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/robot/demos.hpp"
#include "lessons/robot/explain.hpp"

namespace attn::lesson_robot {
namespace {

using namespace explain;

const std::string kReadingStep = "The robot's readings: one every quarter second while it spins";
const std::string kDotStep = "Step 1: the dot product says how much each key looks like the query (readings scaled: (r − 50) / 25)";
const std::string kScoreStep = "Step 2: the divisor turns each dot product into a score";
const std::string kWeightStep = "Step 3: softmax turns the scores into weights that add up to 1";
const std::string kGuessStep = "Step 4: the guess is the weighted sum of what came after each key";
const std::string kErrorStep = "How good was the guess: its distance from what came next";

struct Scores {
    LastGuess g;
    robot::Looking look;
    int patch, keys;
    double divisor;
    std::vector<int> order;  // keys by weight, largest first, as robot_scores.cpp
};

Scores scores_of(const Params& p) {
    Scores s{last_guess(p), {}, p.integer("patch"), p.integer("keys"), p.number("divisor"), {}};
    s.look = robot::attend(s.g.patches, s.divisor);
    s.order.resize(s.keys);
    std::iota(s.order.begin(), s.order.end(), 0);
    std::stable_sort(s.order.begin(), s.order.end(), [&](int a, int b) { return s.look.weights(a) > s.look.weights(b); });
    return s;
}

int reading(const Scores& s, long j, long i) { return s.g.history[j + i]; }
int query(const Scores& s, long i) { return s.g.history[s.keys + i]; }
long rank_of(const std::string& name) { return name.rfind("best", 0) == 0 ? 0 : name.rfind("second", 0) == 0 ? 1 : 2; }

json given_reading(const json& ref, const std::string& what, double cm) {
    return Explanation(ref, what, kReadingStep, "r", "a reading of the distance sensor").given("reading", cm).to_json(cm);
}

// The reading at tick `tick` of the last window (the weight strip's row of values, the chart's readings): a key's
// value is the keys table's cell; the readings before the first key's value are in no table.
json window_reading(const Scores& s, const json& ref, long tick) {
    const double cm = s.g.history[static_cast<std::size_t>(tick)];
    if (tick < s.patch || tick >= s.patch + s.keys)
        return given_reading(ref, "reading " + std::to_string(tick) + " of the last window", cm);
    const long j = tick - s.patch;
    const std::string what = "the reading that came after key " + std::to_string(j);
    return Explanation(ref, what, kReadingStep, "v" + sub(j), "the value of key " + std::to_string(j) + ": the reading that came after it")
        .same_as(table_ref("keys", j, s.patch), what + ", in the keys table", cm)
        .to_json(cm);
}

// The chart of the readings: series 0 the last window's (point i: the window's reading i), series 1 the one that
// came next, which the sentence quotes.
json history_point(const Scores& s, const json& ref) {
    if (ref_text(ref, "chart") != "history") throw ParamError("ref", "the scores demo has one chart, \"history\"");
    const long series = ref_index(ref, "series", 2);
    const long point = ref_index(ref, "point", series == 0 ? static_cast<long>(s.g.history.size()) : 1);
    if (series == 0) return window_reading(s, ref, point);
    return Explanation(ref, "what came next", kReadingStep, "r", "")
        .same_as(number_ref("truth"), "what came next, in the sentence", s.g.truth)
        .to_json(s.g.truth);
}

json dot(const Scores& s, const json& ref, long j) {
    Explanation e(ref, "the dot product of key " + std::to_string(j) + " with the query", kDotStep,
                  "k" + sub(j) + " · q = Σᵢ (k" + sub(j) + "ᵢ − 50)/25 × (qᵢ − 50)/25",
                  "the sum over the patch of each of the key's scaled readings times the query's");
    std::vector<Expr> terms;
    for (long i = 0; i < s.patch; ++i) {
        const int k = e.add(table_ref("keys", j, i), "reading " + std::to_string(i + 1) + " of key " + std::to_string(j), reading(s, j, i));
        const int q = e.add(item_ref("query_text", i), "reading " + std::to_string(i + 1) + " of the query", query(s, i));
        terms.push_back(mul(scaled_of(k), scaled_of(q)));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(s.look.dots(j));
}

json score(const Scores& s, const json& ref, long j) {
    Explanation e(ref, "the score of key " + std::to_string(j), kScoreStep, "s" + sub(j) + " = k" + sub(j) + " · q / divisor",
                  "the dot product divided by the divisor");
    e.expression(div(operand(e.add(table_ref("keys", j, s.patch + 1), "the dot product of key " + std::to_string(j), s.look.dots(j))),
                     operand(e.add(param_ref("divisor"), "the divisor, which you set", s.divisor, "param"))));
    return e.to_json(s.look.scores(j));
}

json weight(const Scores& s, const json& ref, long j) {
    const bool shifted = s.look.scores.maxCoeff() > kLargestExponent;
    Explanation e(ref, "the weight of key " + std::to_string(j), kWeightStep,
                  weight_formula(j, shifted),
                  "e to the power of the key's score, divided by the sum of the same for every key");
    std::vector<Expr> scores;
    for (long k = 0; k < s.keys; ++k)
        scores.push_back(operand(e.add(table_ref("keys", k, s.patch + 2), "the score of key " + std::to_string(k), s.look.scores(k))));
    e.expression(softmax_weight(scores, static_cast<std::size_t>(j), shifted));
    return e.to_json(s.look.weights(j));
}

json table(const Scores& s, const json& ref) {
    const std::string name = ref_text(ref, "table");
    if (name == "weights") {
        ref_index(ref, "row", 1);
        const long j = ref_index(ref, "col", s.keys);
        return Explanation(ref, "the weight of key " + std::to_string(j), kWeightStep, "w" + sub(j), "")
            .same_as(table_ref("keys", j, s.patch + 3), "the weight of key " + std::to_string(j) + " in the table of keys", s.look.weights(j))
            .to_json(s.look.weights(j));
    }
    if (name != "keys") throw ParamError("ref", "the scores demo has the tables \"keys\" and \"weights\"");
    const long j = ref_index(ref, "row", s.keys), c = ref_index(ref, "col", s.patch + 4);
    if (c < s.patch) return given_reading(ref, "reading " + std::to_string(c + 1) + " of key " + std::to_string(j), reading(s, j, c));
    if (c == s.patch) return given_reading(ref, "the reading that came after key " + std::to_string(j), s.g.patches.values(j));
    if (c == s.patch + 1) return dot(s, ref, j);
    if (c == s.patch + 2) return score(s, ref, j);
    return weight(s, ref, j);
}

json guess(const Scores& s, const json& ref) {
    Explanation e(ref, "the guess", kGuessStep, "guess = Σⱼ wⱼ · vⱼ", "the sum over the keys of each key's weight times the reading that came after it");
    std::vector<Expr> terms;
    for (long j = 0; j < s.keys; ++j)
        terms.push_back(mul(operand(e.add(table_ref("keys", j, s.patch + 3), "the weight of key " + std::to_string(j), s.look.weights(j))),
                            operand(e.add(table_ref("keys", j, s.patch), "the value after key " + std::to_string(j), s.g.patches.values(j)))));
    e.expression(sum(std::move(terms)));
    return e.to_json(s.look.guess);
}

json error(const Scores& s, const json& ref, bool no_change) {
    const double from = no_change ? s.g.history.back() : s.look.guess;
    Explanation e(ref, no_change ? "the error of \"nothing changes\"" : "the error of the guess", kErrorStep,
                  no_change ? "|last reading − what came next|" : "|guess − what came next|",
                  "the distance between the two: the larger less the smaller");
    const int a = e.add(number_ref(no_change ? "previous" : "guess"), no_change ? "the last reading" : "the guess", from);
    const int b = e.add(number_ref("truth"), "what came next", s.g.truth);
    e.expression(abs_of(sub(operand(a), operand(b))));
    return e.to_json(std::abs(from - s.g.truth));
}

// A sentence's copy of one column of the table of keys, for the key of `rank`.
json ranked(const Scores& s, const json& ref, const std::string& name, long column, const std::string& what) {
    const long rank = rank_of(name);
    if (rank >= s.keys) throw ParamError("ref", "there are only " + std::to_string(s.keys) + " keys");
    const long j = s.order[rank];
    const Matrix::Scalar v = column == s.patch ? s.g.patches.values(j)
                           : column == s.patch + 1 ? s.look.dots(j) : column == s.patch + 2 ? s.look.scores(j) : s.look.weights(j);
    // "the score of key 3", but "the reading after key 3".
    const std::string whose = what + (column == s.patch ? " key " : " of key ") + std::to_string(j);
    return Explanation(ref, whose, column == s.patch + 3 ? kWeightStep : kScoreStep, what, "")
        .same_as(table_ref("keys", j, column), whose + " in the table", v)
        .to_json(v);
}

json readings_list(const Scores& s, const json& ref, const std::string& name) {
    const bool is_query = name == "query_text";
    const long j = is_query ? 0 : s.order[std::min<long>(rank_of(name), s.keys - 1)];
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (long i = 0; i < s.patch; ++i)
            items.push_back(item_ref(name, i)), values.push_back(is_query ? query(s, i) : reading(s, j, i));
        return Explanation(ref, is_query ? "the query's readings" : "the readings of key " + std::to_string(j), kReadingStep, "", "")
            .list(items, values)
            .to_json(values.front());
    }
    const long i = ref_index(ref, "index", s.patch);
    if (is_query) return given_reading(ref, "reading " + std::to_string(i + 1) + " of the query", query(s, i));
    return Explanation(ref, "reading " + std::to_string(i + 1) + " of key " + std::to_string(j), kReadingStep, "r", "")
        .same_as(table_ref("keys", j, i), "reading " + std::to_string(i + 1) + " of key " + std::to_string(j) + " in the table", reading(s, j, i))
        .to_json(reading(s, j, i));
}

// The printout's numbers in reading order (robot_scores.cpp, print_lines): the history, the query, the
// weights' total, then for each of the top keys its number, how far back it is, its readings, score,
// weight and value; the guess; what came next.
std::vector<Printed> printout(const Params& p, const Scores& s) {
    std::vector<Printed> out;
    for (long t = 0; t < s.keys + s.patch; ++t) {
        const std::string label = "reading " + std::to_string(t) + " of the history";
        if (t < s.keys) out.push_back({table_ref("keys", t, 0), label, static_cast<double>(s.g.history[t])});
        else out.push_back({item_ref("query_text", t - s.keys), label, static_cast<double>(s.g.history[t])});
    }
    for (long i = 0; i < s.patch; ++i) out.push_back({item_ref("query_text", i), "reading " + std::to_string(i + 1) + " of the query", static_cast<double>(query(s, i))});
    out.push_back({number_ref("weights_sum"), "the weights' total", s.look.weights.sum()});
    for (long rank = 0; rank < std::min(3, s.keys); ++rank) {
        const long j = s.order[rank];
        const std::string key = "key " + std::to_string(j);
        out.push_back({nullptr, "", static_cast<double>(j), key_number(j)});
        out.push_back(steps_back_of(p, static_cast<long>(out.size()) - 1, j));
        for (long i = 0; i < s.patch; ++i)
            out.push_back({table_ref("keys", j, i), "reading " + std::to_string(i + 1) + " of " + key, static_cast<double>(reading(s, j, i))});
        out.push_back({table_ref("keys", j, s.patch + 2), "the score of " + key, s.look.scores(j)});
        out.push_back({table_ref("keys", j, s.patch + 3), "the weight of " + key, s.look.weights(j)});
        out.push_back({table_ref("keys", j, s.patch), "the reading after " + key, s.g.patches.values(j)});
    }
    out.push_back({number_ref("guess"), "the guess", s.look.guess});
    out.push_back({number_ref("truth"), "what came next", static_cast<double>(s.g.truth)});
    return out;
}

}  // namespace

json explain_robot_scores(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"keys", "weights"}},
                {"numbers", {"query_text", "best_readings_text", "best_dot", "best_score", "second_score", "third_score",
                             "best_weight", "second_weight", "third_weight", "weights_sum", "best_value", "second_value",
                             "third_value", "guess", "truth", "error", "previous", "no_change_error"}},
                {"printed", true}, {"charts", {"history"}},
                {"pictures", weight_strip_pictures({{"kind", "table"}, {"table", "weights"}})}};
    if (kind == "param") return explain_setting(p, ref);
    const Scores s = scores_of(p);
    if (kind == "table") return table(s, ref);
    if (kind == "printed") return printed_as(ref, printout(p, s), kPrintoutStep);
    if (kind == "inner") {
        if (ref_text(ref, "name") != "reading") throw ParamError("ref", "the scores demo works out no value called that");
        return window_reading(s, ref, ref_index(ref, "row", static_cast<long>(s.g.history.size())));
    }
    if (kind == "chart") return history_point(s, ref);
    if (kind != "number") throw ParamError("ref", "the scores demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "query_text" || name == "best_readings_text") return readings_list(s, ref, name);
    const auto ends = [&](const std::string& tail) { return name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0; };
    if (ends("_dot")) return ranked(s, ref, name, s.patch + 1, "the dot product");
    if (ends("_score")) return ranked(s, ref, name, s.patch + 2, "the score");
    if (ends("_weight")) return ranked(s, ref, name, s.patch + 3, "the weight");
    if (ends("_value")) return ranked(s, ref, name, s.patch, "the reading after");
    if (name == "weights_sum") {
        Explanation e(ref, "the weights' total", kWeightStep, "Σⱼ wⱼ", "the sum of every key's weight");
        std::vector<Expr> terms;
        for (long j = 0; j < s.keys; ++j)
            terms.push_back(operand(e.add(table_ref("keys", j, s.patch + 3), "the weight of key " + std::to_string(j), s.look.weights(j))));
        e.expression(sum(std::move(terms)));
        return e.to_json(s.look.weights.sum());
    }
    if (name == "guess") return guess(s, ref);
    if (name == "truth") return given_reading(ref, "what came next", s.g.truth);
    if (name == "previous") return given_reading(ref, "the last reading", s.g.history.back());
    if (name == "error") return error(s, ref, false);
    if (name == "no_change_error") return error(s, ref, true);
    throw ParamError("ref", "the scores demo does not explain a number called \"" + name + "\"");
}

}  // namespace attn::lesson_robot

// The scaling demo's values: each weight as the softmax of the scores the learner set, at
// scale 1 and at the learner's scale, and each point of the chart at its scale on the sweep.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/attention/explain.hpp"
#include "math/softmax.hpp"

namespace attn::lesson_attention {
namespace {

using namespace explain;

constexpr int kSweepPoints = 61;          // as softmax_scaling.cpp's chart
const std::string kStep = "Why divide by √d: softmax of the same scores, multiplied by a factor";

struct Scaling {
    std::vector<double> scores;
    double scale;
    long n;
};

double sweep_scale(long k) { return std::pow(10.0, -1.0 + 3.0 * k / (kSweepPoints - 1)); }

RowVector softmax_at_scale(const Scaling& s, double c) {
    RowVector row(s.n);
    for (long j = 0; j < s.n; ++j) row(j) = s.scores[j] * c;
    return softmax_rows(Matrix(row)).row(0);
}

// e^(c·s_j) / Σ_k e^(c·s_k), with c either the learner's scale (an operand) or a constant.
json weight(const Scaling& s, const json& ref, long j, double c, bool c_is_param, const std::string& where) {
    double largest = -1e300;
    for (double x : s.scores) largest = std::max(largest, x * c);
    const bool shifted = largest > kLargestExponent;
    const std::string w = "w" + sub(j);
    const bool plain = c == 1 && !c_is_param;
    const auto cs = [&](const std::string& k) { return plain ? "s" + k : "c·s" + k; };
    const auto power = [&](const std::string& k) { return plain ? "e^s" + k : "e^(c·s" + k + ")"; };
    Explanation e(ref, "the weight of score " + std::to_string(j) + " " + where, kStep,
                  shifted ? w + " = e^(" + cs(sub(j)) + " − m) / Σₖ e^(" + cs("ₖ") + " − m), m = maxₖ " + cs("ₖ")
                          : w + " = " + power(sub(j)) + " / Σₖ " + power("ₖ"),
                  w + " is e to the power of score " + std::to_string(j) + (c == 1 ? "" : " times the factor c") +
                      ", divided by the sum of the same for every score" + (shifted ? ", each less the largest, which keeps e^x finite" : ""));
    Expr factor = c_is_param ? operand(e.add(param_ref("scale"), "the factor c, which you set", c, "param")) : constant(c);
    std::vector<Expr> scaled;
    for (long k = 0; k < s.n; ++k) {
        json r = {{"kind", "param"}, {"name", "scores"}, {"index", k}};
        Expr score = operand(e.add(r, "score " + std::to_string(k) + ", which you set", s.scores[k], "param"));
        scaled.push_back(plain ? score : mul(factor, score));
    }
    e.expression(softmax_weight(scaled, static_cast<std::size_t>(j), shifted));
    return e.to_json(softmax_at_scale(s, c)(j));
}

json row_weight(const Scaling& s, const json& ref, long row, long j) {
    return row == 0 ? weight(s, ref, j, 1, false, "at scale 1") : weight(s, ref, j, s.scale, true, "at your factor c");
}

json list(const Scaling& s, const json& ref, long row) {
    const std::string name = ref_text(ref, "name");
    const RowVector w = softmax_at_scale(s, row == 0 ? 1 : s.scale);
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (long j = 0; j < s.n; ++j) items.push_back(item_ref(name, j)), values.push_back(w(j));
        return Explanation(ref, row == 0 ? "the weights at scale 1" : "the weights at your factor", kStep, "", "")
            .list(items, values)
            .to_json(values.front());
    }
    const long j = ref_index(ref, "index", s.n);
    return Explanation(ref, "the weight of score " + std::to_string(j) + (row == 0 ? " at scale 1" : " at your factor"), kStep,
                       "w" + sub(j), "")
        .same_as(table_ref("weights", row, j), "w" + sub(j) + " in the table", w(j))
        .to_json(w(j));
}

}  // namespace

json explain_softmax_scaling(const Params& p, const json& ref) {
    Scaling s{p.vector("scores"), p.number("scale"), 0};
    s.n = static_cast<long>(s.scores.size());
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"weights"}}, {"numbers", {"soft_weights", "sharp_weights", "scale"}}, {"printed", true}, {"charts", {"sweep"}}};
    if (kind == "number" && ref_text(ref, "name") == "scale")
        return Explanation(ref, "the factor c the sentence quotes", kStep, "c", "")
            .same_as(param_ref("scale"), "the factor c, which you set", s.scale)
            .to_json(s.scale);
    if (kind == "param") {
        const std::string name = ref_text(ref, "name");
        if (name == "scale")
            return Explanation(ref, "the factor c", "Your setting", "c", "a value you set").given("param", s.scale).to_json(s.scale);
        if (name != "scores") throw ParamError("ref", "the scaling demo has no setting called \"" + name + "\"");
        const long j = ref_index(ref, "index", s.n);
        return Explanation(ref, "score " + std::to_string(j), "Your setting", "s" + sub(j), "a value you set")
            .given("param", s.scores[j])
            .to_json(s.scores[j]);
    }
    if (kind == "table") {
        if (ref_text(ref, "table") != "weights") throw ParamError("ref", "the scaling demo has one table, \"weights\"");
        return row_weight(s, ref, ref_index(ref, "row", 2), ref_index(ref, "col", s.n));
    }
    if (kind == "printed") {  // the weights at scale 1, then at the learner's
        const long k = ref_index(ref, "index", 2 * s.n);
        return row_weight(s, ref, k / s.n, k % s.n);
    }
    if (kind == "number") {
        const std::string name = ref_text(ref, "name");
        if (name == "soft_weights") return list(s, ref, 0);
        if (name == "sharp_weights") return list(s, ref, 1);
        throw ParamError("ref", "the scaling demo does not explain a number called \"" + name + "\"");
    }
    if (kind == "chart") {
        if (ref_text(ref, "chart") != "sweep") throw ParamError("ref", "the scaling demo has one chart, \"sweep\"");
        const long j = ref_index(ref, "series", s.n), k = ref_index(ref, "point", kSweepPoints);
        const double c = sweep_scale(k);
        return weight(s, ref, j, c, false, "at the factor " + printed(c) + " on the chart");
    }
    throw ParamError("ref", "the scaling demo has no value of kind \"" + kind + "\"");
}

}  // namespace attn::lesson_attention

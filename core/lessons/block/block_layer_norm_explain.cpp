// Layer norm's values: each row's mean and variance from the tokens the learner set, then
// every normalised value from its row's mean and variance, the gain and the shift.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/block/explain.hpp"
#include "math/block.hpp"

namespace attn::lesson_block {
namespace {

using namespace explain;

const std::string kStep = "Layer normalisation: every row to mean 0 and spread 1, then times γ plus β";

struct Norm {
    Matrix X, Y;
    double gain, shift;
    long T, d;
    double mean(long i) const { return X.row(i).sum() / d; }
    double variance(long i) const { return (X.row(i).array() - mean(i)).square().sum() / d; }
};

std::string x_name(long r, long c) { return "X[" + std::to_string(r) + "][" + std::to_string(c) + "]"; }
int x_operand(Explanation& e, const Norm& n, long i, long c) {
    return e.add(param_ref("X", i, c), x_name(i, c) + ", which you set", n.X(i, c), "param");
}
// Row 0's mean and spread are in the lesson's sentence; the other rows' are not printed.
json mean_ref(long i) { return i == 0 ? number_ref("row0_mean_text") : json{{"kind", "inner"}, {"name", "mean"}, {"row", i}}; }
json variance_ref(long i) { return {{"kind", "inner"}, {"name", "variance"}, {"row", i}}; }

json mean(const Norm& n, const json& ref, long i) {
    const std::string mu = "μ" + sub(i);
    Explanation e(ref, "the mean of token " + std::to_string(i) + "'s row", kStep, mu + " = Σₖ x" + sub(i) + "ₖ / d",
                  mu + " is the sum of the row's " + std::to_string(n.d) + " values divided by d, " + std::to_string(n.d));
    std::vector<Expr> terms;
    for (long c = 0; c < n.d; ++c) terms.push_back(operand(x_operand(e, n, i, c)));
    e.expression(div(sum(std::move(terms)), constant(static_cast<double>(n.d))));
    return e.to_json(n.mean(i));
}

json variance(const Norm& n, const json& ref, long i) {
    const std::string v = "σ" + sub(i) + "²";
    Explanation e(ref, "the variance of token " + std::to_string(i) + "'s row", kStep,
                  v + " = Σₖ (x" + sub(i) + "ₖ − μ" + sub(i) + ")² / d",
                  v + " is the mean of the squared distances of the row's values from its mean, dividing by d as np.var does");
    const int mu = e.add(mean_ref(i), "the mean μ" + sub(i), n.mean(i));
    std::vector<Expr> terms;
    for (long c = 0; c < n.d; ++c) terms.push_back(square(sub(operand(x_operand(e, n, i, c)), operand(mu))));
    e.expression(div(sum(std::move(terms)), constant(static_cast<double>(n.d))));
    return e.to_json(n.variance(i));
}

json std_of(const Norm& n, const json& ref, long i) {
    Explanation e(ref, "the standard deviation of token " + std::to_string(i) + "'s row", kStep, "σ" + sub(i) + " = √σ" + sub(i) + "²",
                  "the square root of the variance");
    e.expression(sqrt(operand(e.add(variance_ref(i), "the variance σ" + sub(i) + "²", n.variance(i)))));
    return e.to_json(std::sqrt(n.variance(i)));
}

json normalised(const Norm& n, const json& ref, long i, long c) {
    const std::string y = "y" + sub(i, c);
    Explanation e(ref, "feature " + std::to_string(c) + " of token " + std::to_string(i) + ", normalised", kStep,
                  y + " = (x" + sub(i, c) + " − μ" + sub(i) + ") / √(σ" + sub(i) + "² + ε) · γ + β,  ε = 10⁻⁵",
                  y + " is the value less its row's mean, divided by the square root of the row's variance plus epsilon, "
                      "times the gain gamma, plus the shift beta");
    const int x = x_operand(e, n, i, c);
    const int mu = e.add(mean_ref(i), "the mean μ" + sub(i), n.mean(i));
    const int var = e.add(variance_ref(i), "the variance σ" + sub(i) + "²", n.variance(i));
    const int gain = e.add(param_ref("gain"), "the gain γ, which you set", n.gain, "param");
    const int shift = e.add(param_ref("shift"), "the shift β, which you set", n.shift, "param");
    e.expression(add(mul(div(sub(operand(x), operand(mu)), sqrt(add(operand(var), constant(kLayerNormEps, "ε")))), operand(gain)),
                     operand(shift)));
    return e.to_json(n.Y(i, c));
}

json row_item(const Norm& n, const json& ref, const std::string& name) {
    const long row = name == "row1_output" ? std::min<long>(1, n.T - 1) : 0;
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (long c = 0; c < n.d; ++c) items.push_back(item_ref(name, c)), values.push_back(n.Y(row, c));
        return Explanation(ref, "token " + std::to_string(row) + "'s normalised row", kStep, "", "").list(items, values).to_json(values.front());
    }
    const long c = ref_index(ref, "index", n.d);
    return Explanation(ref, "feature " + std::to_string(c) + " of token " + std::to_string(row) + ", normalised", kStep,
                       "y" + sub(row, c), "")
        .same_as(table_ref("normalised", row, c), "y" + sub(row, c) + " in the table", n.Y(row, c))
        .to_json(n.Y(row, c));
}

// The normalised row's own mean and spread: 0 and 1 up to ε and rounding (with γ = 1, β = 0).
json out_stat(const Norm& n, const json& ref, bool is_mean) {
    Explanation e(ref, std::string("the ") + (is_mean ? "mean" : "standard deviation") + " of token 0's normalised row", kStep,
                  is_mean ? "Σₖ y₀ₖ / d" : "√(Σₖ (y₀ₖ − ȳ₀)² / d)",
                  is_mean ? "the sum of the normalised row divided by d" : "the square root of the mean squared distance from the row's mean");
    std::vector<int> ys;
    for (long c = 0; c < n.d; ++c) ys.push_back(e.add(table_ref("normalised", 0, c), "y₀" + sub(c), n.Y(0, c)));
    std::vector<Expr> terms;
    for (int y : ys) terms.push_back(operand(y));
    const Expr mean = div(sum(terms), constant(static_cast<double>(n.d)));
    if (is_mean) {
        e.expression(mean);
        return e.to_json(n.Y.row(0).sum() / n.d);
    }
    // The mean the sentence quotes beside it, rather than written out again inside every square.
    const int m_operand = e.add(number_ref("out_row0_mean_text"), "the row's mean ȳ₀", n.Y.row(0).sum() / n.d);
    std::vector<Expr> squares;
    for (int y : ys) squares.push_back(square(sub(operand(y), operand(m_operand))));
    e.expression(sqrt(div(sum(std::move(squares)), constant(static_cast<double>(n.d)))));
    const double m = n.Y.row(0).sum() / n.d;
    return e.to_json(std::sqrt((n.Y.row(0).array() - m).square().sum() / n.d));
}

}  // namespace

json explain_block_layer_norm(const Params& p, const json& ref) {
    Norm n{p.matrix("X"), {}, p.number("gain"), p.number("shift"), 0, 0};
    n.Y = layer_norm_rows(n.X, n.gain, n.shift);
    n.T = n.X.rows();
    n.d = n.X.cols();
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"normalised"}},
                {"numbers", {"row0_mean_text", "row0_std_text", "row0_output", "out_row0_mean_text", "out_row0_std_text", "row1_output"}},
                {"printed", true}};
    if (kind == "param") {
        const std::string name = ref_text(ref, "name");
        if (name == "gain" || name == "shift")
            return Explanation(ref, name == "gain" ? "the gain γ" : "the shift β", "Your setting", name == "gain" ? "γ" : "β", "a value you set")
                .given("param", name == "gain" ? n.gain : n.shift)
                .to_json(name == "gain" ? n.gain : n.shift);
        const long i = ref_index(ref, "row", n.T), c = ref_index(ref, "col", n.d);
        return Explanation(ref, x_name(i, c) + ": feature " + std::to_string(c) + " of token " + std::to_string(i),
                           "Your input: the tokens X", x_name(i, c), "a value you set")
            .given("param", n.X(i, c))
            .to_json(n.X(i, c));
    }
    if (kind == "inner") {
        const std::string name = ref_text(ref, "name");
        const long i = ref_index(ref, "row", n.T);
        if (name == "mean") return mean(n, ref, i);
        if (name == "variance") return variance(n, ref, i);
        throw ParamError("ref", "layer norm has no inner value called \"" + name + "\"");
    }
    if (kind == "table" || kind == "printed") {
        if (kind == "table" && ref_text(ref, "table") != "normalised") throw ParamError("ref", "layer norm has one table, \"normalised\"");
        if (kind == "printed") {
            const long k = ref_index(ref, "index", n.T * n.d);
            return normalised(n, ref, k / n.d, k % n.d);
        }
        return normalised(n, ref, ref_index(ref, "row", n.T), ref_index(ref, "col", n.d));
    }
    if (kind == "number") {
        const std::string name = ref_text(ref, "name");
        if (name == "row0_mean_text") return mean(n, ref, 0);
        if (name == "row0_std_text") return std_of(n, ref, 0);
        if (name == "row0_output" || name == "row1_output") return row_item(n, ref, name);
        if (name == "out_row0_mean_text") return out_stat(n, ref, true);
        if (name == "out_row0_std_text") return out_stat(n, ref, false);
        throw ParamError("ref", "layer norm does not explain a number called \"" + name + "\"");
    }
    throw ParamError("ref", "layer norm has no value of kind \"" + kind + "\"");
}

}  // namespace attn::lesson_block

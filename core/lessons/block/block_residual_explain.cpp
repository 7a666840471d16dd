// The residual demo's values: attention's output A from the tokens (through the scores and
// weights the attention lesson works, which this demo does not print), X + A, and the
// distances between tokens that the sentence quotes.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/block/explain.hpp"
#include "math/attention.hpp"

namespace attn::lesson_block {
namespace {

using namespace explain;

const std::string kAttentionStep = "Attention, as the attention lesson works it (Q = K = V = X, scaled by √d)";
const std::string kResidualStep = "The residual connection: add the input back";
const std::string kSpreadStep = "The residual connection: how far apart the tokens are";

struct Residual {
    Matrix X;
    bool residual;
    AttentionResult a;
    Matrix out;
    long T, d;
};

Residual residual_of(const Params& p) {
    Residual r{p.matrix("X"), p.boolean("residual"), {}, {}, 0, 0};
    r.a = scaled_dot_product_attention(r.X, r.X, r.X);
    r.out = r.residual ? Matrix(r.X + r.a.output) : r.a.output;
    r.T = r.X.rows();
    r.d = r.X.cols();
    return r;
}

std::string x_name(long r, long c) { return "X[" + std::to_string(r) + "][" + std::to_string(c) + "]"; }
int x_operand(Explanation& e, const Residual& r, long i, long c) {
    return e.add(param_ref("X", i, c), x_name(i, c) + ", which you set", r.X(i, c), "param");
}
json inner_ref(const std::string& name, long row, long col) {
    return {{"kind", "inner"}, {"name", name}, {"row", row}, {"col", col}};
}

json score(const Residual& r, const json& ref, long i, long j) {
    const std::string s = "s" + sub(i, j);
    Explanation e(ref, "the score " + s + " of token " + std::to_string(i) + " against token " + std::to_string(j) +
                           " (not printed here)", kAttentionStep, s + " = (x" + sub(i) + " · x" + sub(j) + ") / √d",
                  s + " is the dot product of the two tokens divided by the square root of d");
    std::vector<Expr> terms;
    for (long c = 0; c < r.d; ++c) {
        const int a = x_operand(e, r, i, c);
        terms.push_back(mul(operand(a), operand(x_operand(e, r, j, c))));
    }
    e.expression(div(sum(std::move(terms)), constant(std::sqrt(static_cast<double>(r.d)), "√" + std::to_string(r.d))));
    return e.to_json(r.a.scores(i, j));
}

json weight(const Residual& r, const json& ref, long i, long j) {
    const std::string w = "w" + sub(i, j);
    const bool shifted = r.a.scores.row(i).maxCoeff() > 700;  // beyond it e^s overflows a double
    Explanation e(ref, "the weight " + w + " token " + std::to_string(i) + " gives token " + std::to_string(j) +
                           " (not printed here)", kAttentionStep,
                  shifted ? w + " = e^(s" + sub(i, j) + " − m) / Σⱼ e^(s" + sub(i) + "ⱼ − m), m = maxⱼ s" + sub(i) + "ⱼ"
                          : w + " = e^s" + sub(i, j) + " / Σⱼ e^s" + sub(i) + "ⱼ",
                  w + " is the softmax of row " + std::to_string(i) + " of the scores at column " + std::to_string(j));
    std::vector<Expr> all;
    std::vector<int> scores;
    for (long k = 0; k < r.T; ++k) {
        scores.push_back(e.add(inner_ref("scores", i, k), "the score s" + sub(i, k), r.a.scores(i, k)));
        all.push_back(operand(scores.back()));
    }
    e.expression(softmax_weight(all, static_cast<std::size_t>(j), shifted));
    return e.to_json(r.a.weights(i, j));
}

json attention_cell(const Residual& r, const json& ref, long i, long c) {
    const std::string a = "A" + sub(i, c);
    Explanation e(ref, "feature " + std::to_string(c) + " of attention's output for token " + std::to_string(i), kAttentionStep,
                  a + " = Σⱼ w" + sub(i) + "ⱼ · xⱼ" + sub(c), a + " is the sum over every token j of the weight times token j's feature " + std::to_string(c));
    std::vector<Expr> terms;
    for (long j = 0; j < r.T; ++j) {
        const int weight = e.add(inner_ref("weights", i, j), "the weight w" + sub(i, j), r.a.weights(i, j));
        terms.push_back(mul(operand(weight), operand(x_operand(e, r, j, c))));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(r.a.output(i, c));
}

json output_cell(const Residual& r, const json& ref, long i, long c) {
    const std::string y = "y" + sub(i, c);
    Explanation e(ref, "feature " + std::to_string(c) + " of token " + std::to_string(i) + " after the sub-layer", kResidualStep,
                  r.residual ? y + " = x" + sub(i, c) + " + A" + sub(i, c) : y + " = A" + sub(i, c) + "   (residual off)",
                  r.residual ? "the input's value plus attention's" : "attention's value alone");
    const int a = e.add(table_ref("attention", i, c), "A" + sub(i, c) + ", attention's output", r.a.output(i, c));
    e.expression(r.residual ? add(operand(x_operand(e, r, i, c)), operand(a)) : operand(a));
    return e.to_json(r.out(i, c));
}

json row0_item(const Residual& r, const json& ref, const std::string& name) {
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (long c = 0; c < r.d; ++c) {
            items.push_back(item_ref(name, c));
            values.push_back(name == "row0_attention" ? r.a.output(0, c) : name == "row0_output" ? r.out(0, c) : r.out(0, c) - r.a.output(0, c));
        }
        return Explanation(ref, "token 0's row", kResidualStep, "", "").list(items, values).to_json(values.front());
    }
    const long c = ref_index(ref, "index", r.d);
    if (name == "row0_attention")
        return Explanation(ref, "feature " + std::to_string(c) + " of attention's output for token 0", kAttentionStep, "A₀" + sub(c), "")
            .same_as(table_ref("attention", 0, c), "A₀" + sub(c) + " in the table", r.a.output(0, c))
            .to_json(r.a.output(0, c));
    if (name == "row0_output")
        return Explanation(ref, "feature " + std::to_string(c) + " of token 0 after the sub-layer", kResidualStep, "y₀" + sub(c), "")
            .same_as(table_ref("output", 0, c), "y₀" + sub(c) + " in the table", r.out(0, c))
            .to_json(r.out(0, c));
    Explanation e(ref, "what is left of token 0's feature " + std::to_string(c) + " once attention's part is taken away",
                  kResidualStep, "y₀" + sub(c) + " − A₀" + sub(c), "the sub-layer's output less attention's");
    e.expression(sub(operand(e.add(table_ref("output", 0, c), "y₀" + sub(c), r.out(0, c))),
                     operand(e.add(table_ref("attention", 0, c), "A₀" + sub(c), r.a.output(0, c)))));
    return e.to_json(r.out(0, c) - r.a.output(0, c));
}

json spread(const Residual& r, const json& ref, const std::string& name) {
    const Matrix& m = name == "spread_input_text" ? r.X : name == "spread_attention_text" ? r.a.output : r.out;
    const std::string table = name == "spread_attention_text" ? "attention" : "output";
    long bi = 0, bj = 0;
    double best = 0;
    for (long i = 0; i < r.T; ++i)
        for (long j = i + 1; j < r.T; ++j)
            if ((m.row(i) - m.row(j)).norm() > best) best = (m.row(i) - m.row(j)).norm(), bi = i, bj = j;
    Explanation e(ref, "the largest distance between two tokens: token " + std::to_string(bi) + " and token " + std::to_string(bj),
                  kSpreadStep, "‖r" + sub(bi) + " − r" + sub(bj) + "‖ = √Σₖ (r" + sub(bi) + "ₖ − r" + sub(bj) + "ₖ)²",
                  "the square root of the sum of the squared differences of the two rows; no other pair is farther apart");
    std::vector<Expr> terms;
    for (long c = 0; c < r.d; ++c) {
        const auto cell = [&](long i) {
            return name == "spread_input_text" ? x_operand(e, r, i, c)
                                               : e.add(table_ref(table, i, c), (table == "attention" ? "A" : "y") + sub(i, c), m(i, c));
        };
        const int a = cell(bi), b = cell(bj);
        terms.push_back(square(sub(operand(a), operand(b))));
    }
    e.expression(sqrt(sum(std::move(terms))));
    return e.to_json(best);
}

}  // namespace

json explain_block_residual(const Params& p, const json& ref) {
    const Residual r = residual_of(p);
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"attention", "output"}},
                {"numbers", {"row0_attention", "row0_output", "row0_recovered", "spread_input_text", "spread_attention_text",
                             "spread_output_text"}},
                {"printed", true}};
    if (kind == "param") {
        const long i = ref_index(ref, "row", r.T), c = ref_index(ref, "col", r.d);
        return Explanation(ref, x_name(i, c) + ": feature " + std::to_string(c) + " of token " + std::to_string(i),
                           "Your input: the tokens X", x_name(i, c), "a value you set")
            .given("param", r.X(i, c))
            .to_json(r.X(i, c));
    }
    if (kind == "inner") {
        const std::string name = ref_text(ref, "name");
        const long i = ref_index(ref, "row", r.T), j = ref_index(ref, "col", r.T);
        if (name == "scores") return score(r, ref, i, j);
        if (name == "weights") return weight(r, ref, i, j);
        throw ParamError("ref", "the residual demo has no inner value called \"" + name + "\"");
    }
    if (kind == "table" || kind == "printed") {
        const bool printed = kind == "printed";
        const long k = printed ? ref_index(ref, "index", 2 * r.T * r.d) : 0;  // A, then the output
        const std::string table = printed ? (k < r.T * r.d ? "attention" : "output") : ref_text(ref, "table");
        long i, c;
        if (printed) {
            i = k % (r.T * r.d) / r.d, c = k % r.d;
        } else {
            i = ref_index(ref, "row", r.T), c = ref_index(ref, "col", r.d);
        }
        if (table == "attention") return attention_cell(r, ref, i, c);
        if (table == "output") return output_cell(r, ref, i, c);
        throw ParamError("ref", "the residual demo has no table called \"" + table + "\"");
    }
    if (kind == "number") {
        const std::string name = ref_text(ref, "name");
        if (name == "row0_attention" || name == "row0_output" || name == "row0_recovered") return row0_item(r, ref, name);
        if (name == "spread_input_text" || name == "spread_attention_text" || name == "spread_output_text") {
            if (r.T < 2)
                return Explanation(ref, "the largest distance between two tokens", kSpreadStep, "no pair of tokens: 0",
                                   "with one token there is no pair to measure, so the largest distance is 0")
                    .expression(constant(0))
                    .to_json(0);
            return spread(r, ref, name);
        }
        throw ParamError("ref", "the residual demo does not explain a number called \"" + name + "\"");
    }
    throw ParamError("ref", "the residual demo has no value of kind \"" + kind + "\"");
}

}  // namespace attn::lesson_block

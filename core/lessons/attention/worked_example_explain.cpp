// The worked example's values, each with its arithmetic: scores from the tokens the
// learner set, weights from the scores, outputs from the weights, and the sentences'
// hand-worked numbers for token 0, each from the one before it.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/attention/explain.hpp"
#include "math/attention.hpp"

namespace attn::lesson_attention {
namespace {

using namespace explain;

const std::string kScoresStep = "Step 2 of the idea in one sentence: each query is compared with every key";
const std::string kWeightsStep = "Step 3: softmax turns each row of scores into weights that add up to 1";
const std::string kBlendStep = "Step 4: the weights blend the value vectors";
const std::string kInputStep = "Your input: the tokens X, one row per token (here Q = K = V = X)";

struct Worked {
    Matrix X;
    bool scaled;
    AttentionResult a;
    long T, d;
    double root;
};

Worked worked(const Params& p) {
    const Matrix X = p.matrix("X");
    const bool scaled = p.boolean("scale_by_sqrt_d");
    return {X, scaled, scaled_dot_product_attention(X, X, X, nullptr, scaled), static_cast<long>(X.rows()),
            static_cast<long>(X.cols()), scaled ? std::sqrt(static_cast<double>(X.cols())) : 1.0};
}

std::string x_name(long r, long c) { return "X[" + std::to_string(r) + "][" + std::to_string(c) + "]"; }
std::string you_set(long r, long c) { return x_name(r, c) + ", which you set"; }

// Σ_c X[i][c] · X[j][c], its operands added to `e`.
Expr dot(Explanation& e, const Worked& w, long i, long j) {
    std::vector<Expr> terms;
    for (long c = 0; c < w.d; ++c) {
        const int a = e.add(param_ref("X", i, c), you_set(i, c), w.X(i, c), "param");
        const int b = e.add(param_ref("X", j, c), you_set(j, c), w.X(j, c), "param");
        terms.push_back(mul(operand(a), operand(b)));
    }
    return sum(std::move(terms));
}

Expr root_d(const Worked& w) { return constant(w.root, "√" + std::to_string(w.d)); }

json input(const Worked& w, const json& ref) {
    const long r = ref_index(ref, "row", w.T), c = ref_index(ref, "col", w.d);
    return Explanation(ref, x_name(r, c) + ": feature " + std::to_string(c) + " of token " + std::to_string(r), kInputStep,
                       x_name(r, c), "a value you set")
        .given("param", w.X(r, c))
        .to_json(w.X(r, c));
}

json score(const Worked& w, const json& ref, long i, long j) {
    const std::string s = "s" + sub(i, j);
    Explanation e(ref, "the score " + s + " of token " + std::to_string(i) + "'s query against key " + std::to_string(j),
                  kScoresStep,
                  w.scaled ? s + " = (x" + sub(i) + " · x" + sub(j) + ") / √d" : s + " = x" + sub(i) + " · x" + sub(j),
                  w.scaled ? s + " is the dot product of token " + std::to_string(i) + " and token " + std::to_string(j) +
                                 ", divided by the square root of d, the number of features"
                           : s + " is the dot product of token " + std::to_string(i) + " and token " + std::to_string(j));
    const Expr d = dot(e, w, i, j);
    e.expression(w.scaled ? div(d, root_d(w)) : d);
    return e.to_json(w.a.scores(i, j));
}

// The softmax of row i at column j over the operands `scores` (their indices in e).
Expr softmax_at(const std::vector<int>& scores, long j, bool shifted) {
    std::vector<Expr> all;
    for (int k : scores) all.push_back(operand(k));
    return softmax_weight(all, static_cast<std::size_t>(j), shifted);
}

std::string softmax_formula(const std::string& w, const std::string& s_ij, const std::string& s_row, bool shifted) {
    return shifted ? w + " = e^(" + s_ij + " − m) / Σⱼ e^(" + s_row + " − m), m = maxⱼ " + s_row
                   : w + " = e^" + s_ij + " / Σⱼ e^" + s_row;
}

json weight(const Worked& w, const json& ref, long i, long j) {
    const bool shifted = w.a.scores.row(i).maxCoeff() > kLargestExponent;
    const std::string name = "w" + sub(i, j);
    Explanation e(ref, "the weight " + name + " token " + std::to_string(i) + " gives key " + std::to_string(j), kWeightsStep,
                  softmax_formula(name, "s" + sub(i, j), "s" + sub(i) + "ⱼ", shifted),
                  name + " is e to the power s" + sub(i, j) + ", divided by the sum of e to the power of every score in row " +
                      std::to_string(i) + (shifted ? ", each less the row's largest score, which keeps e^s finite" : ""));
    std::vector<int> scores;
    for (long k = 0; k < w.T; ++k)
        scores.push_back(e.add(table_ref("scores", i, k), "the score s" + sub(i, k), w.a.scores(i, k)));
    e.expression(softmax_at(scores, j, shifted));
    return e.to_json(w.a.weights(i, j));
}

json output(const Worked& w, const json& ref, long i, long c) {
    const std::string o = "o" + sub(i, c);
    Explanation e(ref, "feature " + std::to_string(c) + " of token " + std::to_string(i) + "'s new vector", kBlendStep,
                  o + " = Σⱼ w" + sub(i) + "ⱼ · v" + "ⱼ" + sub(c) + "   (V = X)",
                  o + " is the sum over every token j of the weight w" + sub(i) + "j times feature " + std::to_string(c) +
                      " of token j's value, which is X's row j");
    std::vector<Expr> terms;
    for (long j = 0; j < w.T; ++j) {
        const int weight = e.add(table_ref("weights", i, j), "the weight w" + sub(i, j), w.a.weights(i, j));
        terms.push_back(mul(operand(weight), operand(e.add(param_ref("X", j, c), you_set(j, c), w.X(j, c), "param"))));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(w.a.output(i, c));
}

json table(const Worked& w, const json& ref, const std::string& name, long i, long j) {
    if (name == "scores") return score(w, ref, i, j);
    if (name == "weights") return weight(w, ref, i, j);
    return output(w, ref, i, j);
}

// The sentences' numbers for token 0, worked as the lesson's paragraph works them.
struct Token0 {
    std::vector<double> dots, scores, exps, weights, mixed;
    double sum = 0;
    bool overflow = false;
};

Token0 token0(const Worked& w) {
    Token0 t;
    for (long j = 0; j < w.T; ++j) {
        t.dots.push_back(w.X.row(0).dot(w.X.row(j)));
        t.scores.push_back(t.dots.back() / w.root);
        t.overflow |= t.scores.back() > kLargestExponent;
    }
    for (double s : t.scores) t.exps.push_back(std::exp(s)), t.sum += t.exps.back();
    for (double x : t.exps) t.weights.push_back(x / t.sum);
    t.mixed.assign(w.d, 0.0);
    for (long j = 0; j < w.T; ++j)
        for (long c = 0; c < w.d; ++c) t.mixed[c] += t.weights[j] * w.X(j, c);
    return t;
}

json list_of(const json& ref, const std::string& name, const std::string& what, const std::string& step,
             const std::vector<double>& values, long first = 0) {
    std::vector<json> items;
    for (std::size_t k = 0; k < values.size(); ++k) items.push_back(item_ref(name, first + static_cast<long>(k)));
    return Explanation(ref, what, step, "", "").list(items, values).to_json(values.empty() ? 0 : values.front());
}

// `k` counts the numbers the sentence quotes, as a reader sees them.
json token0_item(const Worked& w, const Token0& t, const json& ref, const std::string& name, long k) {
    const std::string j = std::to_string(k);
    if (name == "token0_text") {
        return Explanation(ref, "feature " + j + " of token 0", kInputStep, "x₀" + sub(k) + " = " + x_name(0, k), "")
            .same_as(param_ref("X", 0, k), you_set(0, k), w.X(0, k))
            .to_json(w.X(0, k));
    }
    if (name == "token0_dots_text") {
        Explanation e(ref, "the dot product of token 0 with token " + j, kScoresStep, "x₀ · x" + sub(k) + " = Σₖ x₀ₖ x" + sub(k) + "ₖ",
                      "the sum over the features of token 0's feature times token " + j + "'s");
        e.expression(dot(e, w, 0, k));
        return e.to_json(t.dots[k]);
    }
    if (name == "token0_scores_text") {
        Explanation e(ref, "the score s₀" + sub(k) + " of token 0 against key " + j, kScoresStep,
                      w.scaled ? "s₀" + sub(k) + " = (x₀ · x" + sub(k) + ") / √d" : "s₀" + sub(k) + " = x₀ · x" + sub(k),
                      "the dot product" + std::string(w.scaled ? ", divided by the square root of d" : ""));
        const Expr d = operand(e.add(item_ref("token0_dots_text", k), "the dot product x₀ · x" + sub(k), t.dots[k]));
        e.expression(w.scaled ? div(d, root_d(w)) : d);
        return e.to_json(t.scores[k]);
    }
    if (t.overflow) throw ParamError("ref", "the hand-worked numbers of token 0 are not shown at these settings");
    const std::string scores = w.scaled ? "token0_scores_text" : "token0_dots_text";
    if (name == "token0_exps_text") {
        Explanation e(ref, "e to the power of token 0's score against key " + j, kWeightsStep, "e^s₀" + sub(k),
                      "e to the power s zero " + j);
        e.expression(exp(operand(e.add(item_ref(scores, k), "the score s₀" + sub(k), t.scores[k]))));
        return e.to_json(t.exps[k]);
    }
    if (name == "token0_weights_text") {
        Explanation e(ref, "the weight w₀" + sub(k) + " token 0 gives key " + j, kWeightsStep, "w₀" + sub(k) + " = e^s₀" + sub(k) + " / Σⱼ e^s₀ⱼ",
                      "e to the s zero " + j + ", divided by the total of the exponentials");
        e.expression(div(operand(e.add(item_ref("token0_exps_text", k), "e^s₀" + sub(k), t.exps[k])),
                         operand(e.add(number_ref("token0_exp_sum"), "their total Σⱼ e^s₀ⱼ", t.sum))));
        return e.to_json(t.weights[k]);
    }
    // token0_mix_text quotes the weights, the tokens and then the blend: "0.401 · [1, 0] + ... = [0.802, 0.599]".
    const long per = 1 + w.d;
    if (k < w.T * per) {
        const long i = k / per, c = k % per - 1;
        if (c < 0)
            return Explanation(ref, "the weight w₀" + sub(i) + " in the blend", kBlendStep, "w₀" + sub(i), "")
                .same_as(item_ref("token0_weights_text", i), "the weight w₀" + sub(i), t.weights[i])
                .to_json(t.weights[i]);
        return Explanation(ref, "feature " + std::to_string(c) + " of token " + std::to_string(i) + "'s value in the blend",
                           kBlendStep, "v" + sub(i, c) + " = " + x_name(i, c), "")
            .same_as(param_ref("X", i, c), you_set(i, c), w.X(i, c))
            .to_json(w.X(i, c));
    }
    k -= w.T * per;
    const std::string f = std::to_string(k);
    Explanation e(ref, "feature " + f + " of token 0's blend", kBlendStep, "o₀" + sub(k) + " = Σⱼ w₀ⱼ · xⱼ" + sub(k),
                  "the sum over every token j of the weight w zero j times feature " + f + " of token j");
    std::vector<Expr> terms;
    for (long i = 0; i < w.T; ++i) {
        const int weight = e.add(item_ref("token0_weights_text", i), "the weight w₀" + sub(i), t.weights[i]);
        terms.push_back(mul(operand(weight), operand(e.add(param_ref("X", i, k), you_set(i, k), w.X(i, k), "param"))));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(t.mixed[k]);
}

json token0_list(const Worked& w, const Token0& t, const json& ref, const std::string& name) {
    std::vector<double> values;
    if (name == "token0_text") for (long c = 0; c < w.d; ++c) values.push_back(w.X(0, c));
    if (name == "token0_dots_text") values = t.dots;
    if (name == "token0_scores_text") values = t.scores;
    if (name == "token0_exps_text") values = t.exps;
    if (name == "token0_weights_text") values = t.weights;
    if (name == "token0_mix_text") values = t.mixed;
    if (t.overflow && name != "token0_text" && name != "token0_dots_text" && name != "token0_scores_text")
        throw ParamError("ref", "the hand-worked numbers of token 0 are not shown at these settings");
    const long first = name == "token0_mix_text" ? w.T * (1 + w.d) : 0;  // the blend follows its terms
    return list_of(ref, name, "token 0 worked by hand", kScoresStep, values, first);
}

const std::vector<std::string> kToken0Lists = {"token0_text", "token0_dots_text", "token0_scores_text",
                                               "token0_exps_text", "token0_weights_text", "token0_mix_text"};

json number(const Worked& w, const json& ref) {
    const std::string name = ref_text(ref, "name");
    const Token0 t = token0(w);
    for (const std::string& list : kToken0Lists) {
        if (name != list) continue;
        const long n = list == "token0_text" ? w.d : list == "token0_mix_text" ? w.T * (1 + w.d) + w.d : w.T;
        if (!ref.contains("index")) return token0_list(w, t, ref, name);
        return token0_item(w, t, ref, name, ref_index(ref, "index", n));
    }
    if (name == "token0_exp_sum") {
        if (t.overflow) throw ParamError("ref", "the hand-worked numbers of token 0 are not shown at these settings");
        Explanation e(ref, "the total of token 0's exponentials", kWeightsStep, "Σⱼ e^s₀ⱼ",
                      "the sum over every key j of e to the power s zero j");
        std::vector<Expr> terms;
        for (long j = 0; j < w.T; ++j)
            terms.push_back(operand(e.add(item_ref("token0_exps_text", j), "e^s₀" + sub(j), t.exps[j])));
        e.expression(sum(std::move(terms)));
        return e.to_json(t.sum);
    }
    if (name == "row0_top_weight" || name == "row0_least_weight") {
        const bool top = name == "row0_top_weight";
        Explanation e(ref, std::string("token 0's ") + (top ? "largest" : "smallest") + " weight", kWeightsStep,
                      std::string(top ? "max" : "min") + "ⱼ w₀ⱼ", std::string("the ") + (top ? "largest" : "smallest") + " of row 0's weights");
        std::vector<Expr> all;
        for (long j = 0; j < w.T; ++j) all.push_back(operand(e.add(table_ref("weights", 0, j), "the weight w₀" + sub(j), w.a.weights(0, j))));
        e.expression(top ? max_of(std::move(all)) : min_of(std::move(all)));
        return e.to_json(top ? w.a.weights.row(0).maxCoeff() : w.a.weights.row(0).minCoeff());
    }
    if (name == "last_self_weight") {
        const long l = w.T - 1;
        return Explanation(ref, "the weight the last token gives itself", kWeightsStep, "w" + sub(l, l), "")
            .same_as(table_ref("weights", l, l), "the weight w" + sub(l, l) + " in the table", w.a.weights(l, l))
            .to_json(w.a.weights(l, l));
    }
    if (name == "row0_output") {
        if (!ref.contains("index")) {
            std::vector<double> values;
            for (long c = 0; c < w.d; ++c) values.push_back(w.a.output(0, c));
            return list_of(ref, name, "token 0's new vector", kBlendStep, values);
        }
        const long c = ref_index(ref, "index", w.d);
        return Explanation(ref, "feature " + std::to_string(c) + " of token 0's new vector", kBlendStep, "o₀" + sub(c), "")
            .same_as(table_ref("output", 0, c), "o₀" + sub(c) + " in the output table", w.a.output(0, c))
            .to_json(w.a.output(0, c));
    }
    throw ParamError("ref", "the worked example does not explain a number called \"" + name + "\"");
}

// The printout: scores, weights and outputs, row by row.
json printed_value(const Worked& w, const json& ref) {
    long k = ref_index(ref, "index", 2 * w.T * w.T + w.T * w.d);
    if (k < w.T * w.T) return table(w, ref, "scores", k / w.T, k % w.T);
    k -= w.T * w.T;
    if (k < w.T * w.T) return table(w, ref, "weights", k / w.T, k % w.T);
    k -= w.T * w.T;
    return table(w, ref, "output", k / w.d, k % w.d);
}

}  // namespace

json explain_worked_example(const Params& p, const json& ref) {
    const Worked w = worked(p);
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"scores", "weights", "output"}},
                {"numbers", {"token0_text", "token0_dots_text", "token0_scores_text", "token0_exps_text", "token0_exp_sum",
                             "token0_weights_text", "token0_mix_text", "row0_top_weight", "row0_least_weight",
                             "last_self_weight", "row0_output"}},
                {"printed", true}};
    if (kind == "param") {
        if (ref_text(ref, "name") != "X") throw ParamError("ref", "only the tokens X are numbers you set here");
        return input(w, ref);
    }
    if (kind == "table") {
        const std::string name = ref_text(ref, "table");
        if (name != "scores" && name != "weights" && name != "output")
            throw ParamError("ref", "the worked example has no table called \"" + name + "\"");
        const long cols = name == "output" ? w.d : w.T;
        return table(w, ref, name, ref_index(ref, "row", w.T), ref_index(ref, "col", cols));
    }
    if (kind == "number") return number(w, ref);
    if (kind == "printed") return printed_value(w, ref);
    throw ParamError("ref", "the worked example has no value of kind \"" + kind + "\"");
}

}  // namespace attn::lesson_attention

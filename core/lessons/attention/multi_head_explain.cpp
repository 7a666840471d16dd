// The multi-head and self-vs-cross demos' values, down to the numbers drawn from the seed: a head's
// weight is the softmax of its scores; a score, the dot product of a query and a key in the head's
// columns over √d_head; a query (key, value), a token times a column of Wq (Wk, Wv); an output, the
// concatenated heads times a column of Wo. The tokens and the matrices are drawn at random from the
// seed the learner chose: `given: "random"`, where the arithmetic starts. Scores, queries, keys,
// values and the concatenation are worked out but not printed: `inner` references.
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/attention/explain.hpp"
#include "math/multi_head.hpp"

namespace attn::lesson_attention {
namespace {

using namespace explain;

const std::string kDrawStep = "The demo draws random tokens and projections from the seed";
const std::string kProjectStep = "Multi-head attention, step 1: project the tokens once for all heads (Q = X Wq, K = X Wk, V = X Wv)";
const std::string kScoreStep = "Steps 2 and 3: each head compares its slice of the queries with its slice of the keys, over √d_head";
const std::string kWeightStep = "Step 3: softmax turns each head's row of scores into weights";
const std::string kConcatStep = "Step 4: each head blends its slice of the values; the slices sit side by side";
const std::string kMixStep = "Step 5: the output projection Wo mixes the heads";

struct Heads {
    Matrix A, B;  // the tokens that ask (queries) and those read (keys and values); B = A for self-attention
    MultiHeadWeights w;
    MultiHeadResult r;
    Matrix Q, K, V;
    bool pair;    // self_vs_cross (tables "self" and "cross"), not multi_head (tables "head<h>")
    std::string q_tokens, k_tokens;  // "X" and "X"; "A" and "A" (self); "A" and "B" (cross)
    std::string k_name, v_name;      // the inner references of K and V: "K_B" and "V_B" when they come from B
    long Tq, Tk, d, dh;
};

void project(Heads& h) {
    h.Q = h.A * h.w.Wq;
    h.K = h.B * h.w.Wk;
    h.V = h.B * h.w.Wv;
    h.Tq = static_cast<long>(h.A.rows());
    h.Tk = static_cast<long>(h.B.rows());
    h.d = h.w.d_model();
    h.dh = h.w.d_head();
}

// The draws in the demos' own order (multi_head.cpp, self_vs_cross.cpp).
Heads multi_head_of(const Params& p) {
    const int T = p.integer("tokens"), d = p.integer("d_model"), heads = p.integer("heads");
    if (d % heads != 0) throw ParamError("heads", "Heads must divide the embedding width d_model");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    Heads h;
    h.A = random_normal_matrix(T, d, rng);
    h.B = h.A;
    h.w = random_multi_head_weights(d, heads, rng);
    h.r = multi_head_attention(h.A, h.A, h.w);
    h.pair = false;
    h.q_tokens = h.k_tokens = "X";
    h.k_name = "K";
    h.v_name = "V";
    project(h);
    return h;
}

Heads self_vs_cross_of(const Params& p, bool cross) {
    const int Tq = p.integer("query_tokens"), Ts = p.integer("source_tokens"), d = p.integer("d_model");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    Heads h;
    h.A = random_normal_matrix(Tq, d, rng);
    const Matrix B = random_normal_matrix(Ts, d, rng);
    h.w = random_multi_head_weights(d, 1, rng);
    h.B = cross ? B : h.A;
    h.r = multi_head_attention(h.A, h.B, h.w);
    h.pair = true;
    h.q_tokens = "A";
    h.k_tokens = cross ? "B" : "A";
    h.k_name = cross ? "K_B" : "K";
    h.v_name = cross ? "V_B" : "V";
    project(h);
    return h;
}

json inner_ref(const std::string& name, long row, long col) {
    return {{"kind", "inner"}, {"name", name}, {"row", row}, {"col", col}};
}
std::string at(long r, long c) { return "[" + std::to_string(r) + "][" + std::to_string(c) + "]"; }


// A number drawn from the seed: a token's feature or a projection's weight.
json drawn(const json& ref, const std::string& name, double value, const std::string& what) {
    return Explanation(ref, what, kDrawStep, name, "a number drawn at random from the seed you chose").given("random", value).to_json(value);
}

// Q, K or V at (i, m): Σₙ tokenᵢₙ · W[n][m].
json projected(const Heads& h, const json& ref, char which, long i, long m) {
    const Matrix& tokens = which == 'Q' ? h.A : h.B;
    const Matrix& W = which == 'Q' ? h.w.Wq : which == 'K' ? h.w.Wk : h.w.Wv;
    const std::string t = which == 'Q' ? h.q_tokens : h.k_tokens;
    const std::string wname = std::string("W") + static_cast<char>(std::tolower(which));
    const std::string name = std::string(1, which) + at(i, m);
    Explanation e(ref, std::string(which == 'Q' ? "the query" : which == 'K' ? "the key" : "the value") + " feature " +
                           std::to_string(m) + " of token " + std::to_string(i),
                  kProjectStep, name + " = Σₙ " + t + "[" + std::to_string(i) + "][n] · " + wname + "[n][" + std::to_string(m) + "]",
                  "token " + std::to_string(i) + " times column " + std::to_string(m) + " of " + wname);
    std::vector<Expr> terms;
    for (long n = 0; n < h.d; ++n)
        terms.push_back(mul(operand(e.add(inner_ref(t, i, n), t + at(i, n) + ", drawn from the seed", tokens(i, n))),
                            operand(e.add(inner_ref(wname, n, m), wname + at(n, m) + ", drawn from the seed", W(n, m)))));
    e.expression(sum(std::move(terms)));
    const Matrix& out = which == 'Q' ? h.Q : which == 'K' ? h.K : h.V;
    return e.to_json(out(i, m));
}

// Head `head`'s score of query i against key j.
double score_value(const Heads& h, long head, long i, long j) {
    return h.Q.row(i).segment(head * h.dh, h.dh).dot(h.K.row(j).segment(head * h.dh, h.dh)) / std::sqrt(static_cast<double>(h.dh));
}

json score(const Heads& h, const json& ref, long head, long i, long j) {
    const std::string s = "s" + sub(i, j);
    Explanation e(ref, "head " + std::to_string(head) + "'s score of query " + std::to_string(i) + " against key " + std::to_string(j),
                  kScoreStep, s + " = Σₖ Q[" + std::to_string(i) + "][k] · K[" + std::to_string(j) + "][k] / √d_head, k in head " + std::to_string(head) + "'s columns",
                  "the dot product of the query and the key in this head's columns, divided by the square root of the head's width");
    std::vector<Expr> terms;
    for (long c = head * h.dh; c < (head + 1) * h.dh; ++c)
        terms.push_back(mul(operand(e.add(inner_ref("Q", i, c), "Q" + at(i, c), h.Q(i, c))),
                            operand(e.add(inner_ref(h.k_name, j, c), "K" + at(j, c), h.K(j, c)))));
    e.expression(div(sum(std::move(terms)), constant(std::sqrt(static_cast<double>(h.dh)), "√" + std::to_string(h.dh))));
    return e.to_json(score_value(h, head, i, j));
}

std::string table_of(const Heads& h, long head) {
    return h.pair ? (h.k_tokens == "B" ? "cross" : "self") : "head" + std::to_string(head);
}

json weight(const Heads& h, const json& ref, long head, long i, long j) {
    const std::string w = "w" + sub(i, j);
    double largest = -INFINITY;
    for (long k = 0; k < h.Tk; ++k) largest = std::max(largest, score_value(h, head, i, k));
    const bool shifted = largest > kLargestExponent;
    Explanation e(ref, "the weight " + w + " query " + std::to_string(i) + " gives key " + std::to_string(j) + " in head " + std::to_string(head),
                  kWeightStep, shifted ? w + " = e^(s" + sub(i, j) + " − m) / Σⱼ e^(s" + sub(i) + "ⱼ − m)" : w + " = e^s" + sub(i, j) + " / Σⱼ e^s" + sub(i) + "ⱼ",
                  w + " is e to the power of its score, divided by the sum of the same for every key");
    std::vector<Expr> scores;
    for (long k = 0; k < h.Tk; ++k) {
        json r = inner_ref("score", i, k);
        r["table"] = table_of(h, head);
        scores.push_back(operand(e.add(r, "the score s" + sub(i, k) + " of head " + std::to_string(head), score_value(h, head, i, k))));
    }
    e.expression(softmax_weight(scores, static_cast<std::size_t>(j), shifted));
    return e.to_json(h.r.head_weights.at(head)(i, j));
}

json concat(const Heads& h, const json& ref, long i, long m) {
    const long head = m / h.dh;
    Explanation e(ref, "feature " + std::to_string(m) + " of token " + std::to_string(i) + "'s heads side by side (head " + std::to_string(head) + ")",
                  kConcatStep, "concat" + at(i, m) + " = Σⱼ wᵢⱼ · V[j][" + std::to_string(m) + "]",
                  "the head's weights times its slice of the values, summed over the keys");
    std::vector<Expr> terms;
    for (long j = 0; j < h.Tk; ++j)
        terms.push_back(mul(operand(e.add(table_ref(table_of(h, head), i, j), "the weight w" + sub(i, j) + " of head " + std::to_string(head),
                                          h.r.head_weights.at(head)(i, j))),
                            operand(e.add(inner_ref(h.v_name, j, m), "V" + at(j, m), h.V(j, m)))));
    e.expression(sum(std::move(terms)));
    return e.to_json(h.r.concat(i, m));
}

json output(const Heads& h, const json& ref, long i, long c) {
    Explanation e(ref, "feature " + std::to_string(c) + " of token " + std::to_string(i) + "'s output", kMixStep,
                  "out" + at(i, c) + " = Σₘ concat[" + std::to_string(i) + "][m] · Wo[m][" + std::to_string(c) + "]",
                  "the heads side by side times column " + std::to_string(c) + " of Wo");
    std::vector<Expr> terms;
    for (long m = 0; m < h.d; ++m)
        terms.push_back(mul(operand(e.add(inner_ref("concat", i, m), "concat" + at(i, m), h.r.concat(i, m))),
                            operand(e.add(inner_ref("Wo", m, c), "Wo" + at(m, c) + ", drawn from the seed", h.w.Wo(m, c)))));
    e.expression(sum(std::move(terms)));
    return e.to_json(h.r.output(i, c));
}

json inner(const Heads& h, const json& ref) {
    const std::string name = ref_text(ref, "name");
    const auto cell = [&](long rows, long cols) { return std::pair{ref_index(ref, "row", rows), ref_index(ref, "col", cols)}; };
    if (name == h.q_tokens) {
        const auto [r, c] = cell(h.Tq, h.d);
        return drawn(ref, name + at(r, c), h.A(r, c), "feature " + std::to_string(c) + " of token " + std::to_string(r) + " of " + name);
    }
    if (name == h.k_tokens) {
        const auto [r, c] = cell(h.Tk, h.d);
        return drawn(ref, name + at(r, c), h.B(r, c), "feature " + std::to_string(c) + " of token " + std::to_string(r) + " of " + name);
    }
    for (const auto& [wname, W] : {std::pair<std::string, const Matrix*>{"Wq", &h.w.Wq}, {"Wk", &h.w.Wk}, {"Wv", &h.w.Wv}, {"Wo", &h.w.Wo}})
        if (name == wname) {
            const auto [r, c] = cell(h.d, h.d);
            return drawn(ref, wname + at(r, c), (*W)(r, c), "the projection weight " + wname + at(r, c));
        }
    if (name == "Q") { const auto [r, c] = cell(h.Tq, h.d); return projected(h, ref, 'Q', r, c); }
    if (name == h.k_name) { const auto [r, c] = cell(h.Tk, h.d); return projected(h, ref, 'K', r, c); }
    if (name == h.v_name) { const auto [r, c] = cell(h.Tk, h.d); return projected(h, ref, 'V', r, c); }
    if (name == "concat" && !h.pair) { const auto [r, c] = cell(h.Tq, h.d); return concat(h, ref, r, c); }
    if (name == "score") {
        const std::string table = ref_text(ref, "table");
        const long heads = h.w.heads;
        long head = -1;
        for (long k = 0; k < heads; ++k)
            if (table == table_of(h, k)) head = k;
        if (head < 0) throw ParamError("ref", "no head has a table called \"" + table + "\"");
        const auto [r, c] = cell(h.Tq, h.Tk);
        return score(h, ref, head, r, c);
    }
    throw ParamError("ref", "no value worked out here is called \"" + name + "\"");
}

// A shape's numbers ("(2, 3, 3)"), each the setting it counts.
json shape(const json& ref, const std::string& what, const std::vector<std::pair<std::string, double>>& dims, const Params& p) {
    const std::string name = ref_text(ref, "name");
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (std::size_t k = 0; k < dims.size(); ++k) items.push_back(item_ref(name, static_cast<long>(k))), values.push_back(dims[k].second);
        return Explanation(ref, what, kProjectStep, "", "").list(items, values).to_json(values.front());
    }
    const long k = ref_index(ref, "index", static_cast<long>(dims.size()));
    const std::string& setting = dims[k].first;
    return Explanation(ref, "size " + std::to_string(k) + " of " + what, kProjectStep, setting, "")
        .same_as(param_ref(setting), setting + ", which you set", p.integer(setting))
        .to_json(dims[k].second);
}

json given_param(const Params& p, const json& ref) {
    const std::string name = ref_text(ref, "name");
    const double v = p.integer(name);  // throws ParamError for a name that is no setting
    return Explanation(ref, name, "Your setting", name, "a value you set").given("param", v).to_json(v);
}

}  // namespace

json explain_multi_head(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents") {
        json tables = json::array();
        for (int k = 0; k < p.integer("heads"); ++k) tables.push_back("head" + std::to_string(k));
        tables.push_back("output");
        return {{"tables", tables}, {"numbers", {"weights_shape", "output_shape", "d_head"}}, {"printed", false}};
    }
    if (kind == "param") return given_param(p, ref);
    const Heads h = multi_head_of(p);
    if (kind == "inner") return inner(h, ref);
    if (kind == "table") {
        const std::string name = ref_text(ref, "table");
        if (name == "output") return output(h, ref, ref_index(ref, "row", h.Tq), ref_index(ref, "col", h.d));
        for (long k = 0; k < h.w.heads; ++k)
            if (name == "head" + std::to_string(k)) return weight(h, ref, k, ref_index(ref, "row", h.Tq), ref_index(ref, "col", h.Tk));
        throw ParamError("ref", "the multi-head demo has no table called \"" + name + "\"");
    }
    if (kind != "number") throw ParamError("ref", "the multi-head demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "weights_shape")
        return shape(ref, "the stacked weights' shape", {{"heads", h.w.heads}, {"tokens", h.Tq}, {"tokens", h.Tq}}, p);
    if (name == "output_shape") return shape(ref, "the output's shape", {{"tokens", h.Tq}, {"d_model", h.d}}, p);
    if (name == "d_head") {
        Explanation e(ref, "the width of each head's slice", kProjectStep, "d_head = d_model / heads", "the embedding width shared out among the heads");
        e.expression(div(operand(e.add(param_ref("d_model"), "d_model, which you set", h.d, "param")),
                         operand(e.add(param_ref("heads"), "the heads, which you set", h.w.heads, "param"))));
        return e.to_json(h.dh);
    }
    throw ParamError("ref", "the multi-head demo does not explain a number called \"" + name + "\"");
}

json explain_self_vs_cross(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"self", "cross"}}, {"numbers", {"self_shape", "cross_shape", "output_shape"}}, {"printed", false}};
    if (kind == "param") return given_param(p, ref);
    // Which table a reference is about: self-attention reads A, cross-attention reads B.
    bool cross = false;
    if (kind == "table") cross = ref_text(ref, "table") == "cross";
    else if (kind == "inner") {
        const std::string name = ref_text(ref, "name");
        cross = name == "B" || name == "K_B" || name == "V_B" || (name == "score" && ref_text(ref, "table") == "cross");
    }
    const Heads h = self_vs_cross_of(p, cross);
    if (kind == "inner") return inner(h, ref);
    if (kind == "table") {
        const std::string name = ref_text(ref, "table");
        if (name != "self" && name != "cross") throw ParamError("ref", "the demo has two tables, \"self\" and \"cross\"");
        return weight(h, ref, 0, ref_index(ref, "row", h.Tq), ref_index(ref, "col", h.Tk));
    }
    if (kind != "number") throw ParamError("ref", "the self and cross demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "self_shape") return shape(ref, "the self-attention table's shape", {{"query_tokens", h.Tq}, {"query_tokens", h.Tq}}, p);
    if (name == "cross_shape")
        return shape(ref, "the cross-attention table's shape", {{"query_tokens", h.Tq}, {"source_tokens", p.integer("source_tokens")}}, p);
    if (name == "output_shape") return shape(ref, "the outputs' shape", {{"query_tokens", h.Tq}, {"d_model", h.d}}, p);
    throw ParamError("ref", "the self and cross demo does not explain a number called \"" + name + "\"");
}

}  // namespace attn::lesson_attention

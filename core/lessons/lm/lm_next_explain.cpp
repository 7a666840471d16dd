// The next character: each probability is the softmax of the last place's logits over the
// vocabulary, divided by the temperature, over the characters top-k keeps; each logit is the final
// vector times the head's row, plus its bias.
#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "lessons/lm/explain.hpp"
#include "nn/lm/sampling.hpp"

namespace attn::lesson_lm {
namespace {

using namespace explain;

const std::string kNextStep = "Words out: p = softmax(logits / temperature) over the characters top-k keeps";
const std::string kLogitStep = "Words out: logits = ln_f(x) W_headᵀ + b_head, one per character";

struct Next {
    std::vector<double> probs;
    std::vector<int> order;   // ids, likeliest first (the table's rows)
    std::vector<bool> kept;
    Matrix final_vector;      // (1, E) ln_f of the last place
    std::vector<double> logits;
    double temperature;
    int top_k;
};

Next next_of(const Params& p) {
    ShippedNetwork& net = shipped_network();
    const std::vector<int> ids = prompt_window(net, p.text("prompt"));
    Next x;
    x.temperature = p.number("temperature");
    x.top_k = p.integer("top_k");
    const int V = net.vocabulary.vocab_size();
    if (x.top_k > V) throw ParamError("top_k", "Top-k must be from 0 (keep every character) to " + std::to_string(V) + ".");
    x.probs = nn::lm::next_char_probabilities(net.model, ids, x.temperature, x.top_k);
    const Eigen::Index last = net.model.head.out().rows() - 1;
    x.final_vector = net.model.ln_f.out().row(last).cast<double>();
    for (int v = 0; v < V; ++v) x.logits.push_back(net.model.head.out()(last, v));
    // The table's rows, as lm_next ranks them; top-k keeps the first k of the same order.
    x.order = nn::lm::likeliest_first(net.model.head.out().row(last).data(), V);
    x.kept.assign(static_cast<std::size_t>(V), x.top_k == 0);
    for (int r = 0; r < x.top_k; ++r) x.kept[static_cast<std::size_t>(x.order[static_cast<std::size_t>(r)])] = true;
    return x;
}

json logit_ref(long v) { return {{"kind", "inner"}, {"name", "logit"}, {"row", 0}, {"col", v}}; }
json final_ref(long m) { return {{"kind", "inner"}, {"name", "final"}, {"row", 0}, {"col", m}}; }

json probability(const Next& x, const json& ref, long row) {
    ShippedNetwork& net = shipped_network();
    const int id = x.order[static_cast<std::size_t>(row)];
    const std::string ch = char_words(net, id);
    Explanation e(ref, "the probability of " + ch + " next", kNextStep,
                  "p_c = e^(z_c/T) / (Σ over the kept k of e^(z_k/T))",
                  "e to the character's logit over the temperature, divided by the same for every kept character added up");
    if (!x.kept[static_cast<std::size_t>(id)]) {
        e.expression(constant(0, "0 (not among the " + std::to_string(x.top_k) + " likeliest)"));
        return e.to_json(x.probs[static_cast<std::size_t>(id)]);
    }
    const Expr T = operand(e.add(param_ref("temperature"), "the temperature, which you set", x.temperature));
    std::vector<Expr> z;
    std::vector<long> which;
    for (long v = 0; v < static_cast<long>(x.logits.size()); ++v)
        if (x.kept[static_cast<std::size_t>(v)]) {
            z.push_back(operand(e.add(logit_ref(v), "z of " + char_words(net, static_cast<int>(v)), x.logits[static_cast<std::size_t>(v)])));
            which.push_back(v);
        }
    // sampling.cpp subtracts the largest kept logit before e^x; the quotient is the same, and is written
    // without it unless e^x would overflow.
    double top = -INFINITY;
    for (long v : which) top = std::max(top, x.logits[static_cast<std::size_t>(v)]);
    const bool shifted = top / x.temperature > kLargestExponent;
    std::vector<Expr> terms;
    Expr mine = constant(0);
    for (std::size_t k = 0; k < z.size(); ++k) {
        Expr t = exp(div(shifted ? sub(z[k], max_of(z)) : z[k], T));
        if (which[k] == id) mine = t;
        terms.push_back(std::move(t));
    }
    e.expression(div(mine, sum(std::move(terms))));
    return e.to_json(x.probs[static_cast<std::size_t>(id)]);
}

}  // namespace

json explain_lm_next(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"next"}},
                {"numbers", {"top_probability", "second_probability", "shown_total"}},
                {"printed", false},
                // The bars' value labels repeat the table's rows (web/runtime/explain-panel.js, PICTURE_LABELS).
                {"pictures", {{"char_bars", {{"table", "next"}, {"col", 0}}}}}};
    if (kind == "weight") return explain_weight(ref);
    const Next x = next_of(p);
    ShippedNetwork& net = shipped_network();
    const long V = static_cast<long>(x.logits.size()), shown = std::min<long>(10, V);
    if (kind == "param") {
        if (ref_text(ref, "name") != "temperature") throw ParamError("ref", "this demo has no such value you set");
        return Explanation(ref, "the temperature", kNextStep, "", "").given("param", x.temperature).to_json(x.temperature);
    }
    if (kind == "inner") {
        const std::string name = ref_text(ref, "name");
        ref_index(ref, "row", 1);
        if (name == "final") {
            const long m = ref_index(ref, "col", x.final_vector.cols());
            return Explanation(ref, "feature " + std::to_string(m) + " of the last place's final vector", "Many heads, many blocks: ln_f of the last block's output",
                               "ln_f(x)ₘ", "computed by the network's blocks and its final layer norm")
                .given("forward", x.final_vector(0, m))
                .to_json(x.final_vector(0, m));
        }
        if (name != "logit") throw ParamError("ref", "this demo works out no value called that");
        const long v = ref_index(ref, "col", V);
        Explanation e(ref, "the logit of " + char_words(net, static_cast<int>(v)), kLogitStep, "z_c = Σₘ W_head[c][m] ln_f(x)ₘ + b_head[c]",
                      "the final vector times the character's row of the head, plus its bias");
        std::vector<Expr> terms;
        for (long m = 0; m < x.final_vector.cols(); ++m)
            terms.push_back(mul(operand(weight_operand(e, net.model.head.weight, v, m, "W_head[" + std::to_string(v) + "][" + std::to_string(m) + "]")),
                                operand(e.add(final_ref(m), "ln_f(x)" + sub(m), x.final_vector(0, m)))));
        terms.push_back(operand(weight_operand(e, net.model.head.bias, 0, v, "b_head[" + std::to_string(v) + "]")));
        e.expression(sum(std::move(terms)));
        return e.to_json(x.logits[static_cast<std::size_t>(v)]);
    }
    if (kind == "table") {
        if (ref_text(ref, "table") != "next") throw ParamError("ref", "this demo has one table, \"next\"");
        ref_index(ref, "col", 1);
        return probability(x, ref, ref_index(ref, "row", shown));
    }
    if (kind != "number") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "top_probability" || name == "second_probability") {
        const long row = name == "top_probability" ? 0 : 1;
        if (row >= shown) throw ParamError("ref", "there is no second character");
        const double v = x.probs[static_cast<std::size_t>(x.order[static_cast<std::size_t>(row)])];
        return Explanation(ref, "the probability in the table", kNextStep, "its row of the table", "the same number as the table").same_as(table_ref("next", row, 0), "its row of the table", v).to_json(v);
    }
    if (name == "shown_total") {
        Explanation e(ref, "the ten likeliest characters' probabilities added up", kNextStep, "Σ p over the table", "the table's probabilities added up");
        std::vector<Expr> terms;
        double total = 0;
        for (long r = 0; r < shown; ++r) {
            const double v = x.probs[static_cast<std::size_t>(x.order[static_cast<std::size_t>(r)])];
            total += v;
            terms.push_back(operand(e.add(table_ref("next", r, 0), "p of row " + std::to_string(r), v)));
        }
        e.expression(sum(std::move(terms)));
        return e.to_json(total);
    }
    throw ParamError("ref", "this demo has no number called \"" + name + "\"");
}

}  // namespace attn::lesson_lm

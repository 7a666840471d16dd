// The feed-forward network's values: each hidden value from a token and a column of W₁
// through the ReLU, each output value from the hidden row and a column of W₂.
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/block/explain.hpp"
#include "math/block.hpp"

namespace attn::lesson_block {
namespace {

using namespace explain;

const std::string kHiddenStep = "The feed-forward network, first layer: x W₁, then the ReLU max(0, ·)";
const std::string kOutputStep = "The feed-forward network, second layer: the hidden row times W₂";

struct Ffn {
    Matrix X, W1, W2, pre, hidden, out;
    long T, d, F, k;
};

std::string cell_name(const std::string& m, long r, long c) {
    return m + "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
}
int set_operand(Explanation& e, const std::string& m, const Matrix& values, long r, long c) {
    return e.add(param_ref(m, r, c), cell_name(m == "W1" ? "W₁" : m == "W2" ? "W₂" : m, r, c) + ", which you set", values(r, c), "param");
}

Expr pre_activation(Explanation& e, const Ffn& f, long i, long h) {
    std::vector<Expr> terms;
    for (long c = 0; c < f.d; ++c) {
        const int x = set_operand(e, "X", f.X, i, c);
        terms.push_back(mul(operand(x), operand(set_operand(e, "W1", f.W1, c, h))));
    }
    return sum(std::move(terms));
}

json pre(const Ffn& f, const json& ref, long i, long h) {
    Explanation e(ref, "token " + std::to_string(i) + " times column " + std::to_string(h) + " of W₁, before the ReLU", kHiddenStep,
                  "z" + sub(i, h) + " = Σₖ x" + sub(i) + "ₖ · W₁[k][" + std::to_string(h) + "]",
                  "the sum over the features k of token " + std::to_string(i) + "'s feature times W one's entry in row k, column " + std::to_string(h));
    e.expression(pre_activation(e, f, i, h));
    return e.to_json(f.pre(i, h));
}

json hidden(const Ffn& f, const json& ref, long i, long h) {
    Explanation e(ref, "hidden unit " + std::to_string(h) + " of token " + std::to_string(i), kHiddenStep,
                  "h" + sub(i, h) + " = max(0, Σₖ x" + sub(i) + "ₖ · W₁[k][" + std::to_string(h) + "])",
                  "the larger of 0 and the sum over the features k of token " + std::to_string(i) + "'s feature times W one's entry");
    e.expression(relu(pre_activation(e, f, i, h)));
    return e.to_json(f.hidden(i, h));
}

json output(const Ffn& f, const json& ref, long i, long k) {
    Explanation e(ref, "output feature " + std::to_string(k) + " of token " + std::to_string(i), kOutputStep,
                  "o" + sub(i, k) + " = Σₕ h" + sub(i) + "ₕ · W₂[h][" + std::to_string(k) + "]",
                  "the sum over the hidden units h of token " + std::to_string(i) + "'s hidden value times W two's entry in row h, column " + std::to_string(k));
    std::vector<Expr> terms;
    for (long h = 0; h < f.F; ++h) {
        const int hv = e.add(table_ref("hidden", i, h), "the hidden value h" + sub(i, h), f.hidden(i, h));
        terms.push_back(mul(operand(hv), operand(set_operand(e, "W2", f.W2, h, k))));
    }
    e.expression(sum(std::move(terms)));
    return e.to_json(f.out(i, k));
}

json row0(const Ffn& f, const json& ref, const std::string& name) {
    const long n = name == "row0_output" ? f.k : f.F;
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> values;
        for (long c = 0; c < n; ++c) {
            items.push_back(item_ref(name, c));
            values.push_back(name == "row0_pre" ? f.pre(0, c) : name == "row0_hidden" ? f.hidden(0, c) : f.out(0, c));
        }
        return Explanation(ref, "token 0's row", name == "row0_output" ? kOutputStep : kHiddenStep, "", "").list(items, values).to_json(values.front());
    }
    const long c = ref_index(ref, "index", n);
    if (name == "row0_pre") return pre(f, ref, 0, c);
    const bool out = name == "row0_output";
    const std::string symbol = (out ? "o" : "h") + sub(0, c);
    return Explanation(ref, out ? "output feature " + std::to_string(c) + " of token 0" : "hidden unit " + std::to_string(c) + " of token 0",
                       out ? kOutputStep : kHiddenStep, symbol, "")
        .same_as(table_ref(out ? "output" : "hidden", 0, c), symbol + " in the table", out ? f.out(0, c) : f.hidden(0, c))
        .to_json(out ? f.out(0, c) : f.hidden(0, c));
}

}  // namespace

json explain_block_feed_forward(const Params& p, const json& ref) {
    Ffn f{p.matrix("X"), p.matrix("W1"), p.matrix("W2"), {}, {}, {}, 0, 0, 0, 0};
    if (f.W1.rows() != f.X.cols() || f.W2.rows() != f.W1.cols()) throw ParamError("", "the weights' shapes do not fit the tokens");
    f.pre = f.X * f.W1;
    f.hidden = relu(f.pre);
    f.out = feed_forward(f.X, f.W1, f.W2);
    f.T = f.X.rows(), f.d = f.X.cols(), f.F = f.W1.cols(), f.k = f.W2.cols();
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"hidden", "output"}}, {"numbers", {"row0_pre", "row0_hidden", "row0_output"}}, {"printed", true}};
    if (kind == "param") {
        const std::string name = ref_text(ref, "name");
        const Matrix* m = name == "X" ? &f.X : name == "W1" ? &f.W1 : name == "W2" ? &f.W2 : nullptr;
        if (!m) throw ParamError("ref", "the feed-forward demo has no setting called \"" + name + "\"");
        const long r = ref_index(ref, "row", m->rows()), c = ref_index(ref, "col", m->cols());
        return Explanation(ref, cell_name(name, r, c), "Your setting", cell_name(name, r, c), "a value you set")
            .given("param", (*m)(r, c))
            .to_json((*m)(r, c));
    }
    if (kind == "table" || kind == "printed") {
        const bool printed = kind == "printed";
        long k = printed ? ref_index(ref, "index", f.T * (f.F + f.k)) : 0;  // the hidden layer, then the output
        const std::string table = printed ? (k < f.T * f.F ? "hidden" : "output") : ref_text(ref, "table");
        if (table != "hidden" && table != "output") throw ParamError("ref", "the feed-forward demo has no table called \"" + table + "\"");
        const long cols = table == "hidden" ? f.F : f.k;
        if (table == "output") k -= f.T * f.F;
        long i, c;
        if (printed) {
            i = k / cols, c = k % cols;
        } else {
            i = ref_index(ref, "row", f.T), c = ref_index(ref, "col", cols);
        }
        return table == "hidden" ? hidden(f, ref, i, c) : output(f, ref, i, c);
    }
    if (kind == "number") {
        const std::string name = ref_text(ref, "name");
        if (name == "row0_pre" || name == "row0_hidden" || name == "row0_output") return row0(f, ref, name);
        throw ParamError("ref", "the feed-forward demo does not explain a number called \"" + name + "\"");
    }
    throw ParamError("ref", "the feed-forward demo has no value of kind \"" + kind + "\"");
}

}  // namespace attn::lesson_block

// The Lookup's attention by hand (common.cpp, lookup_by_hand), explained one value at a time down to
// the trained network's weights and the scene's tokens. The network computes in float; the
// explanations' arithmetic is re-evaluated in double, so they agree to float precision.
#include <cmath>

#include "base/error.hpp"
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

const std::string kEmbedStep = "Attention by hand: the tokens through the Lookup's first layers";
const std::string kProjectStep = "Attention by hand: the query, keys and values, the Lookup's own projections";
const std::string kScoreStep = "Attention by hand, step 1: score = query · key / √16";
const std::string kWeightStep = "Attention by hand, step 2: weight = softmax of the scores";
const std::string kAverageStep = "Attention by hand, step 3: the average of the values, through the last layers";
constexpr int kD = nn::Lookup<float>::kWidth;

json weight_ref(const std::string& slot, const std::string& tensor, long row, long col) {
    return {{"kind", "weight"}, {"slot", slot}, {"tensor", tensor}, {"row", row}, {"col", col}};
}

// One trained number as an operand: `label` is how the lesson writes it ("Wq"), `tensor` the file's name.
int weight_operand(Explanation& e, const LookupSteps& l, const std::string& label, const std::string& tensor, long row,
                   long col, long label_row, double value) {
    const std::string where = col < 0 ? label + "[" + std::to_string(label_row) + "]"
                                      : label + "[" + std::to_string(label_row) + "][" + std::to_string(col) + "]";
    return e.add(weight_ref(l.slot, tensor, col < 0 ? 0 : row, col < 0 ? row : col), where + " of " + network_words(l.slot),
                 value, "weight");
}


// Σ_k W[row_offset + n][k] × x_k + b[row_offset + n]: one output of a layer, its inputs given by `input`.
template <typename Input>
Expr layer_output(Explanation& e, const LookupSteps& l, const std::string& label, const std::string& tensor,
                  const std::string& bias_label, const std::string& bias_tensor, const Mat<float>& w, const Mat<float>& b,
                  long row_offset, long n, long inputs, Input input) {
    std::vector<Expr> terms;
    for (long k = 0; k < inputs; ++k)
        terms.push_back(mul(operand(weight_operand(e, l, label, tensor, row_offset + n, k, n, w(row_offset + n, k))), input(k)));
    terms.push_back(operand(weight_operand(e, l, bias_label, bias_tensor, row_offset + n, -1, n, b(0, row_offset + n))));
    return sum(std::move(terms));
}

}  // namespace

const std::string kWeightStepName = kWeightStep;

json inner_ref(const std::string& name, long row, long col) {
    return {{"kind", "inner"}, {"name", name}, {"row", row}, {"col", col}};
}

LookupSteps lookup_steps(const Params& p, const std::string& slot) {
    const TableScene s = scene_of(p);
    const nn::Lookup<float>& net = stored_lookup(models::model_store(), slot);
    return LookupSteps{s, net, lookup_by_hand(net, s), slot, nullptr, nullptr};
}

json explain_lookup_step(const LookupSteps& l, const json& ref, const std::string& name, long row, long col, double value) {
    const HandAttention& h = l.hand;
    const auto& a = l.net.attend;
    const auto at = [&](const std::string& step, long r, long c, double v, const std::string& label, Explanation& e) {
        return operand(e.add(l.where(step, r, c), label, v));
    };
    const auto shown = [&](double own) { return std::isnan(value) ? own : value; };

    if (name == "token") {
        if (l.token && col >= table::kKinds) return l.token(ref, row, col);
        const bool kind = col < table::kKinds;
        const std::string what = kind ? "the " + std::string(kind_name(static_cast<int>(col))) + " number of " + object_words(l.scene, row)
                                      : std::string(col == table::kKinds ? "x" : "y") + " [m] of " + object_words(l.scene, row);
        return Explanation(ref, what, "A table written as tokens: drawn from the scene's seed",
                           kind ? "1 for the object's kind, 0 for the others" : "its place on the table [m]",
                           kind ? "one-hot: 1 where the kind is the object's" : "where the scene put it, in metres")
            .given("random", l.scene.tokens(row, col))
            .to_json(l.scene.tokens(row, col));
    }
    if (name == "object" || name == "asked") {
        const bool object = name == "object";
        Explanation e(ref, object ? "number " + std::to_string(col) + " of " + object_words(l.scene, row) + ", embedded"
                                  : "number " + std::to_string(col) + " of the request, embedded",
                      kEmbedStep, object ? "oᵢ = W_obj tᵢ + b_obj" : "a = W_req r + b_req",
                      object ? "the object's token times the object layer's weights, plus its bias"
                             : "the request's one-hot times the request layer's weights, plus its bias: only the asked kind's column counts");
        if (object) {
            e.expression(layer_output(e, l, "W_obj", "embed_object.weight", "b_obj", "embed_object.bias",
                                      l.net.embed_object.weight.value, l.net.embed_object.bias.value, 0, col, table::kTokenWidth,
                                      [&](long k) { return at("token", row, k, l.scene.tokens(row, k), "token " + std::to_string(row) + "[" + std::to_string(k) + "]", e); }));
            return e.to_json(h.objects(row, col));
        }
        const int kind = l.scene.kinds[static_cast<std::size_t>(l.scene.asked)];
        e.expression(add(operand(weight_operand(e, l, "W_req", "embed_request.weight", col, kind, col, l.net.embed_request.weight.value(col, kind))),
                         operand(weight_operand(e, l, "b_req", "embed_request.bias", col, -1, col, l.net.embed_request.bias.value(0, col)))));
        const Mat<float> asked = (l.scene.request * l.net.embed_request.weight.value.transpose()).rowwise() + l.net.embed_request.bias.value.row(0);
        return e.to_json(asked(0, col));
    }
    if (name == "query" || name == "key" || name == "value") {
        const long block = name == "query" ? 0 : name == "key" ? 1 : 2;
        const std::string W = block == 0 ? "Wq" : block == 1 ? "Wk" : "Wv", b = block == 0 ? "bq" : block == 1 ? "bk" : "bv";
        Explanation e(ref, block == 0 ? "number " + std::to_string(col) + " of the query"
                                      : "number " + std::to_string(col) + " of the " + name + " of " + object_words(l.scene, row),
                      kProjectStep, block == 0 ? "qₙ = Σₖ Wq[n][k] aₖ + bq[n]" : name[0] + std::string("ᵢₙ = Σₘ ") + W + "[n][m] oᵢₘ + " + b + "[n]",
                      block == 0 ? "the embedded request times the query rows of the attention layer, plus their bias"
                                 : "the embedded object times the " + name + " rows of the attention layer, plus their bias");
        const std::string input = block == 0 ? "asked" : "object";
        const Mat<float>& in = block == 0 ? (l.scene.request * l.net.embed_request.weight.value.transpose()).rowwise() + l.net.embed_request.bias.value.row(0)
                                          : h.objects;
        const Mat<float> inputs = in;
        const long r = block == 0 ? 0 : row;
        e.expression(layer_output(e, l, W, "attend.in_proj_weight", b, "attend.in_proj_bias", a.in_proj_weight.value,
                                  a.in_proj_bias.value, block * kD, col, kD, [&](long k) {
                                      return at(input, r, k, inputs(r, k), block == 0 ? "a[" + std::to_string(k) + "]" : "o" + sub(r, k), e);
                                  }));
        // The rows of in_proj_weight are labelled within their block (Wq[n]), stored as the file's rows.
        const Mat<float>& out = block == 0 ? h.query : block == 1 ? h.keys : h.values;
        return e.to_json(out(block == 0 ? 0 : row, col));
    }
    if (name == "score") {
        Explanation e(ref, "the score of " + object_words(l.scene, row), kScoreStep, "sᵢ = Σₙ qₙ kᵢₙ / √16",
                      "the query times the object's key, number by number, added up and divided by the square root of 16");
        std::vector<Expr> terms;
        for (long n = 0; n < kD; ++n)
            terms.push_back(mul(at("query", 0, n, h.query(0, n), "q" + sub(n), e), at("key", row, n, h.keys(row, n), "k" + sub(row, n), e)));
        e.expression(div(sum(std::move(terms)), constant(4, "√16")));
        return e.to_json(shown(h.scores(0, row)));
    }
    if (name == "weight") {
        // The Lookup subtracts the largest score before e^x; the quotient is the same, and is written
        // without it unless e^x would overflow (explain::softmax_weight).
        const bool shifted = h.scores.maxCoeff() > kLargestExponent;
        Explanation e(ref, "the weight on " + object_words(l.scene, row), kWeightStep,
                      shifted ? "wᵢ = e^(sᵢ − max s) / Σⱼ e^(sⱼ − max s)" : "wᵢ = e^sᵢ / Σⱼ e^sⱼ",
                      "e to the object's score, over the sum of e to every score");
        std::vector<Expr> scores;
        for (long j = 0; j < l.scene.objects(); ++j) scores.push_back(at("score", j, 0, h.scores(0, j), "s" + sub(j), e));
        e.expression(softmax_weight(scores, static_cast<std::size_t>(row), shifted));
        return e.to_json(shown(h.weights(0, row)));
    }
    if (name == "mixed") {
        Explanation e(ref, "number " + std::to_string(col) + " of the weighted average of the values", kAverageStep,
                      "mₙ = Σᵢ wᵢ vᵢₙ", "each object's value times its weight, added up");
        std::vector<Expr> terms;
        for (long i = 0; i < l.scene.objects(); ++i)
            terms.push_back(mul(at("weight", i, 1, h.weights(0, i), "w" + sub(i), e), at("value", i, col, h.values(i, col), "v" + sub(i, col), e)));
        e.expression(sum(std::move(terms)));
        return e.to_json(h.mixed(0, col));
    }
    if (name == "projected") {
        Explanation e(ref, "number " + std::to_string(col) + " of the attention layer's output", kAverageStep,
                      "pₙ = Σₘ Wo[n][m] mₘ + bo[n]", "the average times the attention layer's output weights, plus their bias");
        e.expression(layer_output(e, l, "Wo", "attend.out_proj.weight", "bo", "attend.out_proj.bias", a.out_proj.weight.value,
                                  a.out_proj.bias.value, 0, col, kD,
                                  [&](long k) { return at("mixed", 0, k, h.mixed(0, k), "m" + sub(k), e); }));
        const Mat<float> projected = (h.mixed * a.out_proj.weight.value.transpose()) + a.out_proj.bias.value;
        return e.to_json(projected(0, col));
    }
    if (name == "answer") {
        const Mat<float> projected = (h.mixed * a.out_proj.weight.value.transpose()) + a.out_proj.bias.value;
        Explanation e(ref, std::string("the answer's ") + (col == 0 ? "x" : "y") + " [m]", kAverageStep,
                      "answer = W_out p + b_out", "the attention layer's output times the last layer's weights, plus its bias");
        e.expression(layer_output(e, l, "W_out", "out.weight", "b_out", "out.bias", l.net.out.weight.value, l.net.out.bias.value, 0,
                                  col, kD, [&](long k) { return at("projected", 0, k, projected(0, k), "p" + sub(k), e); }));
        return e.to_json(shown(h.answer(0, col)));
    }
    throw ParamError("ref", "the attention by hand works out no value called \"" + name + "\"");
}

json explain_lookup_weight(const LookupSteps& l, const json& ref) {
    const std::string slot = ref_text(ref, "slot"), tensor = ref_text(ref, "tensor");
    if (slot != l.slot) throw ParamError("ref", "this demo reads the network " + l.slot + ", not " + slot);
    const nn::Param<float>* w = l.net.find_param(tensor);
    if (!w) throw ParamError("ref", "the network " + slot + " has no weights called \"" + tensor + "\"");
    const long row = ref_index(ref, "row", w->value.rows()), col = ref_index(ref, "col", w->value.cols());
    const double v = w->value(row, col);
    // As the lesson writes them: in_proj's rows are Wq, Wk and Wv in turn (its bias bq, bk, bv).
    const bool packed = tensor.rfind("attend.in_proj", 0) == 0;
    const long at = w->shape.size() == 1 ? col : row;
    const char* const blocks[2][3] = {{"Wq", "Wk", "Wv"}, {"bq", "bk", "bv"}};
    const std::string name = packed ? std::string(blocks[w->shape.size() == 1][at / nn::Lookup<float>::kWidth]) : tensor;
    const long index = packed ? at % nn::Lookup<float>::kWidth : at;
    return Explanation(ref, name + "[" + std::to_string(index) + "]" + (w->shape.size() == 1 ? "" : "[" + std::to_string(col) + "]") + " of " +
                                network_words(slot),
                       "Training: the network learned it", tensor, "a number the network learned in training")
        .given("weight", v)
        .to_json(v);
}

json explain_lookup_inner(const LookupSteps& l, const json& ref) {
    const std::string name = ref_text(ref, "name");
    const long n = l.scene.objects();
    const bool per_object = name == "token" || name == "object" || name == "key" || name == "value" || name == "score" || name == "weight";
    const long row = ref_index(ref, "row", per_object ? n : 1);
    const long cols = name == "token" ? table::kTokenWidth : name == "answer" ? 2 : (name == "score" || name == "weight") ? 2 : kD;
    return explain_lookup_step(l, ref, name, row, ref_index(ref, "col", cols));
}

}  // namespace attn::lesson_table

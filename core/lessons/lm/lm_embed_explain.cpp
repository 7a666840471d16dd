// Characters to vectors: x = token row + position row, each row a trained table's row.
#include "base/error.hpp"
#include "lessons/lm/explain.hpp"

namespace attn::lesson_lm {

using namespace explain;

int weight_operand(Explanation& e, const nn::Param<float>& w, long row, long col, const std::string& label) {
    json ref = {{"kind", "weight"}, {"slot", kShippedSlot}, {"tensor", w.name}, {"row", row}, {"col", col}};
    return e.add(std::move(ref), label + " of the lesson's language model", w.value(row, col), "weight");
}

json explain_weight(const json& ref) {
    if (ref_text(ref, "slot") != kShippedSlot) throw ParamError("ref", "this lesson reads only its own network");
    const std::string tensor = ref_text(ref, "tensor");
    const nn::Param<float>* w = nullptr;
    for (const nn::Param<float>* q : shipped_network().model.params())
        if (q->name == tensor) w = q;
    if (!w) throw ParamError("ref", "the network has no weights called \"" + tensor + "\"");
    const long row = ref_index(ref, "row", w->value.rows()), col = ref_index(ref, "col", w->value.cols());
    const double v = w->value(row, col);
    return Explanation(ref, tensor + "[" + std::to_string(row) + "][" + std::to_string(col) + "] of the lesson's language model",
                       "The model on this page: a number it learned in training", tensor, "a number the network learned")
        .given("weight", v)
        .to_json(v);
}

namespace {

const std::string kEmbedStep = "Characters to vectors: x = token row + position row";

}  // namespace

json explain_lm_embed(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents") return {{"tables", {"sum", "tokens", "positions"}}, {"numbers", json::array()}, {"printed", false}};
    if (kind == "weight") return explain_weight(ref);
    ShippedNetwork& net = shipped_network();
    const std::vector<int> ids = prompt_window(net, p.text("prompt"));
    const long n = static_cast<long>(ids.size()), width = net.model.shape().width;
    if (kind != "table") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string table = ref_text(ref, "table");
    const long i = ref_index(ref, "row", n), j = ref_index(ref, "col", width);
    const int id = ids[static_cast<std::size_t>(i)];
    const double tok = net.model.tok_emb.weight.value(id, j), pos = net.model.pos_emb.weight.value(i, j);
    const std::string tok_label = "tok_emb[" + std::to_string(id) + "][" + std::to_string(j) + "]";
    const std::string pos_label = "pos_emb[" + std::to_string(i) + "][" + std::to_string(j) + "]";
    if (table == "tokens" || table == "positions") {
        const bool token = table == "tokens";
        Explanation e(ref, token ? "feature " + std::to_string(j) + " of the token row of character id " + std::to_string(id)
                                 : "feature " + std::to_string(j) + " of the position row of place " + std::to_string(i),
                      kEmbedStep, token ? "tok_emb[id][j]" : "pos_emb[place][j]", token ? "row id of the token table" : "row place of the position table");
        e.expression(operand(weight_operand(e, token ? net.model.tok_emb.weight : net.model.pos_emb.weight, token ? id : i, j,
                                            token ? tok_label : pos_label)));
        return e.to_json(token ? tok : pos);
    }
    if (table != "sum") throw ParamError("ref", "this demo has no table called \"" + table + "\"");
    Explanation e(ref, "feature " + std::to_string(j) + " of x at place " + std::to_string(i), kEmbedStep,
                  "xᵢⱼ = tok_emb[idᵢ][j] + pos_emb[i][j]", "the character's token row plus its place's position row");
    e.expression(add(operand(e.add(table_ref("tokens", i, j), tok_label, tok)), operand(e.add(table_ref("positions", i, j), pos_label, pos))));
    return e.to_json(static_cast<double>(static_cast<float>(tok) + static_cast<float>(pos)));
}

}  // namespace attn::lesson_lm

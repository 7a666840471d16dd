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
const std::string kIdStep = "Characters to ids: each character's place in the sorted list of the network's characters";

// Character id: a place in the network's sorted list of characters, not arithmetic (given "index").
json id_of(ShippedNetwork& net, const std::vector<int>& ids, const json& ref, long i) {
    const int id = ids[static_cast<std::size_t>(i)];
    return Explanation(ref, "the id of " + quoted(net.vocabulary.decode({id})) + " at place " + std::to_string(i), kIdStep,
                       "its place in the sorted characters", "the character's place, counted from 0, in the sorted list of every character the network knows")
        .given("index", id)
        .to_json(id);
}

// A sentence's first four numbers of row 0 of a table ("tokens", "positions", "sum").
json first_row(const json& ref, const std::string& table, const Matrix& values) {
    if (!ref.contains("index")) {
        std::vector<json> items;
        std::vector<double> v;
        for (long j = 0; j < std::min<long>(4, values.cols()); ++j) items.push_back(item_ref(ref_text(ref, "name"), j)), v.push_back(values(0, j));
        return Explanation(ref, "the first numbers of row 0 of " + table, kEmbedStep, "", "").list(items, v).to_json(v.front());
    }
    const long j = ref_index(ref, "index", std::min<long>(4, values.cols()));
    return Explanation(ref, "feature " + std::to_string(j) + " of row 0 of " + table, kEmbedStep, table + "[0][" + std::to_string(j) + "]", "the number in the table")
        .same_as(table_ref(table, 0, j), "the number in the table", values(0, j))
        .to_json(values(0, j));
}

}  // namespace

json explain_lm_embed(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"ids", "sum", "tokens", "positions"}},
                {"numbers", {"first_id", "ids_text", "first_token_row", "first_position_row", "first_sum_row"}},
                {"printed", false}};
    if (kind == "weight") return explain_weight(ref);
    ShippedNetwork& net = shipped_network();
    const std::vector<int> ids = prompt_window(net, p.text("prompt"));
    const long n = static_cast<long>(ids.size()), width = net.model.shape().width;
    if (kind == "number") {
        const std::string name = ref_text(ref, "name");
        if (name == "first_id") return Explanation(ref, "the first character's id", kIdStep, "id₀", "the id in the table").same_as(table_ref("ids", 0, 0), "the id in the table", ids[0]).to_json(ids[0]);
        if (name == "ids_text") {
            if (!ref.contains("index")) {
                std::vector<json> items;
                std::vector<double> v;
                for (long i = 0; i < n; ++i) items.push_back(item_ref(name, i)), v.push_back(ids[static_cast<std::size_t>(i)]);
                return Explanation(ref, "the prompt's ids", kIdStep, "", "").list(items, v).to_json(v.front());
            }
            const long i = ref_index(ref, "index", n);
            return Explanation(ref, "the id at place " + std::to_string(i), kIdStep, "id" + sub(i), "the id in the table")
                .same_as(table_ref("ids", i, 0), "the id in the table", ids[static_cast<std::size_t>(i)])
                .to_json(ids[static_cast<std::size_t>(i)]);
        }
        const char* const tables[] = {"tokens", "positions", "sum"};
        const char* const names[] = {"first_token_row", "first_position_row", "first_sum_row"};
        for (int t = 0; t < 3; ++t)
            if (name == names[t]) {
                Matrix row(1, width);
                for (long j = 0; j < width; ++j) {
                    const double tok = net.model.tok_emb.weight.value(ids[0], j), pos = net.model.pos_emb.weight.value(0, j);
                    row(0, j) = t == 0 ? tok : t == 1 ? pos : static_cast<double>(static_cast<float>(tok) + static_cast<float>(pos));
                }
                return first_row(ref, tables[t], row);
            }
        throw ParamError("ref", "this demo does not explain a number called \"" + name + "\"");
    }
    if (kind != "table") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string table = ref_text(ref, "table");
    if (table == "ids") {
        ref_index(ref, "col", 1);
        return id_of(net, ids, ref, ref_index(ref, "row", n));
    }
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

// Characters to vectors: x = token row + position row, each row a trained table's row; the heat maps' cells,
// and the original transformer's fixed sines and cosines beside them.
#include <cmath>

#include "base/error.hpp"
#include "lessons/lm/explain.hpp"

namespace attn::lesson_lm {

using namespace explain;

int weight_operand(Explanation& e, const nn::Param<float>& w, long row, long col, const std::string& label) {
    json ref = {{"kind", "weight"}, {"slot", kShippedSlot}, {"tensor", w.name}, {"row", row}, {"col", col}};
    return e.add(std::move(ref), label + " of the language model", w.value(row, col), "weight");
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
    // Not "the lesson's": the page may run a network the learner trained or opened. A bias is one index, as PyTorch's.
    const std::string at = w->shape.size() == 1 ? "[" + std::to_string(col) + "]" : "[" + std::to_string(row) + "][" + std::to_string(col) + "]";
    return Explanation(ref, tensor + at + " of the language model",
                       "The model on this page: a number it learned in training", tensor, "a number the network learned")
        .given("weight", v)
        .to_json(v);
}

json network_size(const json& ref, const std::string& what, double value) {
    return Explanation(ref, what, "The model on this page: its sizes, fixed when it was made", what, "a size of the network, fixed before it was trained")
        .given("shape", value)
        .to_json(value);
}

json places_read(const ShippedNetwork& net, const Params& p, const json& ref, const std::string& step, bool context_shown) {
    const auto typed = static_cast<double>(prompt_characters(net, p.text("prompt")));
    const double context = net.model.shape().context;
    Explanation e(ref, "the places the network reads", step, "min(characters, context)",
                  "the prompt's characters, or the last ones that fit in the context when there are more");
    const Expr most = context_shown ? operand(e.add(number_ref("context"), "the context, the most characters the network reads", context))
                                    : constant(context, printed(context) + ", the context");
    e.expression(min_of({constant(typed, printed(typed) + ", the prompt's characters"), most}));
    return e.to_json(std::min(typed, context));
}

namespace {

const std::string kEmbedStep = "Characters to vectors: x = token row + position row";
const std::string kSinesStep = "Fixed positions instead of learned ones: the original transformer's sines and cosines";
const std::string kIdStep = "Characters to ids: each character's place in the sorted list of the network's characters";

// Character id: a place in the network's sorted list of characters, not arithmetic (given "index").
json id_of(ShippedNetwork& net, const std::vector<int>& ids, const json& ref, long i) {
    const int id = ids[static_cast<std::size_t>(i)];
    return Explanation(ref, "the id of " + char_words(net, id) + " at place " + std::to_string(i), kIdStep,
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

// The network's sizes the lesson's sentences quote (lm_embed.cpp's numbers), and the places read.
json size_number(const ShippedNetwork& net, const Params& p, const json& ref, const std::string& name) {
    const nn::lm::LmShape& shape = net.model.shape();
    if (name == "width") return network_size(ref, "the numbers in each character's vector, the width", shape.width);
    if (name == "context") return network_size(ref, "the most characters the network reads, its context", shape.context);
    if (name == "layers") return network_size(ref, "the network's blocks", shape.layers);
    if (name == "heads") return network_size(ref, "the heads of each block", shape.heads);
    if (name == "vocab") return network_size(ref, "the characters the network knows", net.vocabulary.vocab_size());
    if (name == "chars") return places_read(net, p, ref, kEmbedStep, true);
    if (name == "prompt_chars" || name == "prompt_chars_text") {
        const auto typed = static_cast<double>(prompt_characters(net, p.text("prompt")));
        return Explanation(ref, "the prompt's characters", kEmbedStep, "len(prompt)", "the characters of the prompt you typed, counted")
            .given("param", typed)
            .to_json(typed);
    }
    if (name != "head_width") return nullptr;
    Explanation e(ref, "the numbers of each head's queries, keys and values", kEmbedStep, "width / heads", "the width shared out among the heads");
    e.expression(div(operand(e.add(number_ref("width"), "the width", shape.width)), operand(e.add(number_ref("heads"), "the heads", shape.heads))));
    return e.to_json(static_cast<double>(shape.width / shape.heads));
}

// The printout's numbers (lm_embed.cpp): the ids; the shapes (places, width); then "[0][:8]" (row 0, its first
// 8 features: places, given "index") before each of the first row's values of the token, position and sum tables.
std::vector<Printed> printout(const std::vector<int>& ids, long width, const Matrix& tok, const Matrix& pos, const Matrix& x) {
    std::vector<Printed> out;
    const long n = static_cast<long>(ids.size());
    for (long i = 0; i < n; ++i) out.push_back({table_ref("ids", i, 0), "the id at place " + std::to_string(i), static_cast<double>(ids[static_cast<std::size_t>(i)])});
    const Printed places{number_ref("chars"), "the places the network reads", static_cast<double>(n)};
    const Printed features{number_ref("width"), "the width", static_cast<double>(width)};
    out.insert(out.end(), {places, features, places, places, features});
    const auto place = [](long k, const std::string& what) {
        return Printed{nullptr, "", static_cast<double>(k),
                       Explanation({{"kind", "printed"}}, what, kEmbedStep, std::to_string(k), "a place in the list: picked, not computed").given("index", k).to_json(k)};
    };
    const long shown = std::min<long>(8, width);
    const char* const names[] = {"tokens", "positions", "sum"};
    const Matrix* const tables[] = {&tok, &pos, &x};
    for (int t = 0; t < 3; ++t) {
        out.push_back(place(0, "row 0: place 0"));
        out.push_back(place(shown, "the features printed: the first " + std::to_string(shown)));
        for (long j = 0; j < shown; ++j) out.push_back({table_ref(names[t], 0, j), std::string(names[t]) + "[0][" + std::to_string(j) + "]", (*tables[t])(0, j)});
    }
    return out;
}

const std::string kCountStep = "The model on this page: its learned numbers, every layer's tables counted from its sizes";

// One block's learned numbers from the width E (the feed-forward's is 4E, nn/lm/char_lm.hpp): each layer's
// weight rows × columns, and its bias or its gain and shift.
json block_parameters(const ShippedNetwork& net, const json& ref) {
    const double width = net.model.shape().width;
    double count = 0;
    for (const nn::Param<float>* q : net.model.params())
        if (q->name.rfind("blocks.0.", 0) == 0) count += static_cast<double>(q->value.size());
    Explanation e(ref, "the numbers each block learned", kCountStep, "2E + (3E × E + 3E) + (E × E + E) + 2E + (4E × E + 4E) + (E × 4E + E)",
                  "the first layer norm's gain and shift, the queries', keys' and values' projection and its bias, the heads' output "
                  "projection and its bias, the second layer norm, and the feed-forward's two layers, 4E wide, with their biases");
    const int w = e.add(number_ref("width"), "the width E", width);
    const auto times = [&](double k) { return mul(constant(k), operand(w)); };
    e.expression(sum({times(2), mul(times(3), operand(w)), times(3), mul(operand(w), operand(w)), operand(w), times(2),
                      mul(times(4), operand(w)), times(4), mul(operand(w), times(4)), operand(w)}));
    return e.to_json(count);
}

// Every number the network learned, layer by layer from its sizes: the token table V × E, the position
// table C × E, N blocks, the last layer norm's gain and shift, and the last layer's E × V weights and V biases.
json parameter_count(const ShippedNetwork& net, const json& ref) {
    const nn::lm::LmShape& shape = net.model.shape();
    Explanation e(ref, "the numbers the network learned", kCountStep, "V × E + C × E + N × (a block's) + 2E + (E × V + V)",
                  "the token table, the position table, every block, the last layer norm and the last layer, each counted from the network's sizes");
    const int v = e.add(number_ref("vocab"), "the characters V", net.vocabulary.vocab_size());
    const int w = e.add(number_ref("width"), "the width E", shape.width);
    const int c = e.add(number_ref("context"), "the context C", shape.context);
    const int n = e.add(number_ref("layers"), "the blocks N", shape.layers);
    const json block_ref = {{"kind", "inner"}, {"name", "block_parameters"}};
    const int b = e.add(block_ref, "the numbers each block learned", block_parameters(net, block_ref)["value"].get<double>());
    e.expression(sum({mul(operand(v), operand(w)), mul(operand(c), operand(w)), mul(operand(n), operand(b)), mul(constant(2), operand(w)),
                      mul(operand(w), operand(v)), operand(v)}));
    return e.to_json(static_cast<double>(net.model.parameter_count()));
}

enum class Vector { token, position, sum };

// Feature j of place i's token row or position row (a trained table's number), or of their sum x, whose terms
// are `tok_ref` and `pos_ref` (the tables' cells, or the heat maps' that show them).
json embedding(const ShippedNetwork& net, const std::vector<int>& ids, const json& ref, Vector which, long i, long j, const json& tok_ref,
               const json& pos_ref) {
    const int id = ids[static_cast<std::size_t>(i)];
    const double tok = net.model.tok_emb.weight.value(id, j), pos = net.model.pos_emb.weight.value(i, j);
    const std::string tok_label = "tok_emb[" + std::to_string(id) + "][" + std::to_string(j) + "]";
    const std::string pos_label = "pos_emb[" + std::to_string(i) + "][" + std::to_string(j) + "]";
    if (which != Vector::sum) {
        const bool token = which == Vector::token;
        Explanation e(ref, token ? "feature " + std::to_string(j) + " of the token row of character id " + std::to_string(id)
                                 : "feature " + std::to_string(j) + " of the position row of place " + std::to_string(i),
                      kEmbedStep, token ? "tok_emb[id][j]" : "pos_emb[place][j]", token ? "row id of the token table" : "row place of the position table");
        e.expression(operand(weight_operand(e, token ? net.model.tok_emb.weight : net.model.pos_emb.weight, token ? id : i, j,
                                            token ? tok_label : pos_label)));
        return e.to_json(token ? tok : pos);
    }
    Explanation e(ref, "feature " + std::to_string(j) + " of x at place " + std::to_string(i), kEmbedStep,
                  "xᵢⱼ = tok_emb[idᵢ][j] + pos_emb[i][j]", "the character's token row plus its place's position row");
    e.expression(add(operand(e.add(tok_ref, tok_label, tok)), operand(e.add(pos_ref, pos_label, pos))));
    return e.to_json(static_cast<double>(static_cast<float>(tok) + static_cast<float>(pos)));
}

// The original transformer's fixed position (the fourth heat map, lm_embed.cpp's sine_positions), in the
// lesson's notation: sin(p / 10000^(2i/d)) in the even column 2i, cos of the same in the odd column 2i + 1.
json sine_position(const ShippedNetwork& net, const json& ref, long p, long j) {
    const bool even = j % 2 == 0;
    const double width = net.model.shape().width, twice_i = static_cast<double>(j - j % 2);
    Explanation e(ref, "feature " + std::to_string(j) + " of the original transformer's position row of place " + std::to_string(p), kSinesStep,
                  even ? "PE[p][2i] = sin(p / 10000^(2i / d))" : "PE[p][2i + 1] = cos(p / 10000^(2i / d))",
                  std::string(even ? "the sine" : "the cosine") + " of the place over ten thousand to the power of the column's even index over the width");
    const Expr angle = div(constant(static_cast<double>(p)),
                           pow_of(constant(10000), div(constant(twice_i), operand(e.add(number_ref("width"), "the width d", width)))));
    e.expression(even ? sin_of(angle) : cos_of(angle));
    const double a = static_cast<double>(p) / std::pow(10000.0, twice_i / width);
    return e.to_json(even ? std::sin(a) : std::cos(a));
}

// A cell of the heat maps {"kind": "figure", "figure": "embed", "map", "row", "col"}: the token rows, the
// position rows, their sum (from the first two maps' cells, so the picture shows its terms) and the sines.
json heat_map_cell(const ShippedNetwork& net, const std::vector<int>& ids, const json& ref) {
    if (ref_text(ref, "figure") != "embed") throw ParamError("ref", "this demo's picture is \"embed\"");
    const long map = ref_index(ref, "map", 4);
    const long i = ref_index(ref, "row", static_cast<long>(ids.size())), j = ref_index(ref, "col", net.model.shape().width);
    const auto cell = [&](long m) { return json{{"kind", "figure"}, {"figure", "embed"}, {"map", m}, {"row", i}, {"col", j}}; };
    if (map == 3) return sine_position(net, ref, i, j);
    return embedding(net, ids, ref, map == 0 ? Vector::token : map == 1 ? Vector::position : Vector::sum, i, j, cell(0), cell(1));
}

}  // namespace

json explain_lm_embed(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"ids", "sum", "tokens", "positions"}},
                {"numbers", {"first_id", "ids_text", "first_token_row", "first_position_row", "first_sum_row", "width", "context", "layers",
                             "heads", "vocab", "head_width", "chars", "prompt_chars_text", "parameters", "parameters_text"}},
                {"printed", true},
                {"figures", {"embed"}}};
    if (kind == "weight") return explain_weight(ref);
    ShippedNetwork& net = shipped_network();
    const std::vector<int> ids = prompt_window(net, p.text("prompt"));
    const long n = static_cast<long>(ids.size()), width = net.model.shape().width;
    if (kind == "printed") {
        std::vector<int> places(ids.size());
        for (std::size_t i = 0; i < places.size(); ++i) places[i] = static_cast<int>(i);
        const Matrix tok = rows_of(net.model.tok_emb.weight.value, ids), pos = rows_of(net.model.pos_emb.weight.value, places);
        const Matrix x = (tok.cast<float>() + pos.cast<float>()).cast<double>();  // as lm_embed.cpp: the network adds in float
        return printed_as(ref, printout(ids, width, tok, pos, x), "The program's printout");
    }
    if (kind == "number") {
        const std::string name = ref_text(ref, "name");
        if (json size = size_number(net, p, ref, name); !size.is_null()) return size;
        if (name == "parameters" || name == "parameters_text") return parameter_count(net, ref);
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
    if (kind == "figure") return heat_map_cell(net, ids, ref);
    if (kind == "inner") {
        if (ref_text(ref, "name") != "block_parameters") throw ParamError("ref", "this demo works out no value called \"" + ref_text(ref, "name") + "\"");
        return block_parameters(net, ref);
    }
    if (kind != "table") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string table = ref_text(ref, "table");
    if (table == "ids") {
        ref_index(ref, "col", 1);
        return id_of(net, ids, ref, ref_index(ref, "row", n));
    }
    const long i = ref_index(ref, "row", n), j = ref_index(ref, "col", width);
    if (table == "tokens") return embedding(net, ids, ref, Vector::token, i, j, table_ref("tokens", i, j), table_ref("positions", i, j));
    if (table == "positions") return embedding(net, ids, ref, Vector::position, i, j, table_ref("tokens", i, j), table_ref("positions", i, j));
    if (table != "sum") throw ParamError("ref", "this demo has no table called \"" + table + "\"");
    return embedding(net, ids, ref, Vector::sum, i, j, table_ref("tokens", i, j), table_ref("positions", i, j));
}

}  // namespace attn::lesson_lm

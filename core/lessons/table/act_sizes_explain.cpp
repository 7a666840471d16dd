// ACT's sizes, counted from the shape you set: the tokens (style, joints, one per cell of each camera's
// 15 × 20 feature map), each layer's parameters (the attention's packed projection and out_proj, the
// feed-forward's two layers, the norms' γ and β), the encoder's and decoder's totals, and the attention
// tables per head and over all heads and layers, and every number of the printout (its counts with
// thousands separators, 38,416, are one number each). Every operand is a setting of yours or a number the
// demo shows.
#include <string>

#include "base/error.hpp"
#include "lessons/table/act_sizes.hpp"
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

const std::string kTokenStep = "ACT's encoder tokens: 1 for the style, 1 for the joints, one per feature-map cell of each camera";
const std::string kParamStep = "Counting parameters: each layer's weights and biases";
const std::string kTableStep = "Attention tables: one weight per query and key, in every head of every layer";
const char* const kSettings[] = {"cameras", "chunk", "width", "encoder_layers", "heads", "feedforward", "decoder_layers"};

struct Act {
    const Params& p;
    ActShape a;
    ActSizes s;
};

double setting(const Act& act, const std::string& name) { return act.p.integer(name); }
Expr set(Explanation& e, const Act& act, const std::string& name, const std::string& label) {
    return operand(e.add(param_ref(name), label + ", which you set", setting(act, name)));
}
double d(Count n) { return static_cast<double>(n); }

// One layer's parameters: `attentions` attention blocks (3E² + 3E for the packed projection, E² + E for
// out_proj), the feed-forward (F·E + F, then E·F + E), `norms` norms of 2E each.
json layer_parameters(const Act& act, const json& ref, bool decoder) {
    const Count value = decoder ? act.s.decoder_layer : act.s.encoder_layer;
    Explanation e(ref, std::string("the parameters of one ") + (decoder ? "decoder" : "encoder") + " layer", kParamStep,
                  decoder ? "2 × (3E² + 3E + E² + E) + (F·E + F) + (E·F + E) + 3 × 2E" : "3E² + 3E + E² + E + (F·E + F) + (E·F + E) + 2 × 2E",
                  std::string(decoder ? "self- and cross-attention" : "self-attention") +
                      " (the packed query, key and value projection and the output projection), the feed-forward's two layers, and " +
                      (decoder ? "three" : "two") + " norms");
    const Expr E = set(e, act, "width", "the width E"), F = set(e, act, "feedforward", "the feed-forward width F");
    const Expr attention = sum({mul(constant(3), square(E)), mul(constant(3), E), square(E), E});
    e.expression(sum({decoder ? mul(constant(2), attention) : attention, add(mul(F, E), F), add(mul(E, F), E),
                      mul(constant(decoder ? 3 : 2), mul(constant(2), E))}));
    return e.to_json(d(value));
}

json total_parameters(const Act& act, const json& ref, bool decoder) {
    Explanation e(ref, std::string("the ") + (decoder ? "decoder" : "encoder") + "'s parameters", kParamStep,
                  decoder ? "layers × per layer + 2E" : "layers × per layer",
                  decoder ? "the number of layers times each layer's parameters, and a final norm's 2E" : "the number of layers times each layer's parameters");
    const Expr layers = set(e, act, decoder ? "decoder_layers" : "encoder_layers", "the layers");
    const Expr per = operand(e.add(table_ref("parameters", decoder, 1), "the parameters per layer", d(decoder ? act.s.decoder_layer : act.s.encoder_layer)));
    e.expression(decoder ? add(mul(layers, per), mul(constant(2), set(e, act, "width", "the width E"))) : mul(layers, per));
    return e.to_json(d(decoder ? act.s.decoder : act.s.encoder));
}

json tokens(const Act& act, const json& ref) {
    Explanation e(ref, "the encoder's tokens", kTokenStep, "1 + 1 + cameras × 15 × 20", "the style and the joints, and one token per cell of each camera's feature map");
    e.expression(add(add(constant(1), constant(1)), mul(set(e, act, "cameras", "the cameras"), constant(d(act.a.map_rows * act.a.map_cols), "15 × 20"))));
    return e.to_json(d(act.s.tokens));
}


// Row 0: encoder self-attention (T × T), 1: decoder self-attention (chunk × chunk), 2: cross (chunk × T).
json table_cell(const Act& act, const json& ref, long row, long col) {
    const char* const what[] = {"the encoder's self-attention", "the decoder's self-attention", "the decoder's cross-attention"};
    const bool keys = col == 1;
    if (col < 2) {
        const bool tokens_here = row == 0 || (row == 2 && keys);
        const std::string name = std::string(keys ? "the keys of " : "the queries of ") + what[row];
        if (tokens_here)
            return Explanation(ref, name, kTableStep, "T", "the encoder's tokens").same_as(number_ref("tokens"), "the encoder's tokens", d(act.s.tokens)).to_json(d(act.s.tokens));
        return Explanation(ref, name, kTableStep, "chunk", "one query per action").same_as(param_ref("chunk"), "the chunk size, which you set", setting(act, "chunk")).to_json(setting(act, "chunk"));
    }
    const Count per_head[] = {act.s.encoder_table, act.s.decoder_self_table, act.s.decoder_cross_table};
    if (col == 2) {
        Explanation e(ref, "the weights per head of " + std::string(what[row]), kTableStep, "queries × keys", "one weight for each query and key");
        e.expression(mul(operand(e.add(table_ref("tables", row, 0), "the queries", row == 0 ? d(act.s.tokens) : setting(act, "chunk"))),
                         operand(e.add(table_ref("tables", row, 1), "the keys", row == 1 ? setting(act, "chunk") : d(act.s.tokens)))));
        return e.to_json(d(per_head[row]));
    }
    Explanation e(ref, "the weights of " + std::string(what[row]) + " in all heads and layers", kTableStep, "per head × heads × layers",
                  "the weights of one head's table, times the heads, times the layers");
    e.expression(mul(mul(operand(e.add(table_ref("tables", row, 2), "the weights per head", d(per_head[row]))), set(e, act, "heads", "the heads")),
                     set(e, act, row == 0 ? "encoder_layers" : "decoder_layers", "the layers")));
    return e.to_json(d(per_head[row] * act.a.heads * (row == 0 ? act.a.encoder_layers : act.a.decoder_layers)));
}

json parameters_cell(const Act& act, const json& ref, long row, long col) {
    if (col == 0) {
        const std::string name = row == 0 ? "encoder_layers" : "decoder_layers";
        return Explanation(ref, std::string("the ") + (row == 0 ? "encoder" : "decoder") + "'s layers", kParamStep, "layers", "")
            .same_as(param_ref(name), "the layers, which you set", setting(act, name))
            .to_json(setting(act, name));
    }
    return col == 1 ? layer_parameters(act, ref, row == 1) : total_parameters(act, ref, row == 1);
}

// A sentence's number that repeats a table cell.
json repeats(const json& ref, const std::string& what, const std::string& step, const json& cell, double v) {
    return Explanation(ref, what, step, what, "the number in the table").same_as(cell, what + " in the table", v).to_json(v);
}

json number(const Act& act, const json& ref) {
    std::string name = ref_text(ref, "name");
    const std::string text = "_text";
    if (name.size() > text.size() && name.compare(name.size() - text.size(), text.size(), text) == 0) name.resize(name.size() - text.size());
    if (name == "tokens") return ref.value("name", "") == "tokens" ? tokens(act, ref) : repeats(ref, "the encoder's tokens", kTokenStep, number_ref("tokens"), d(act.s.tokens));
    if (name == "per_camera") {
        Explanation e(ref, "the tokens of one camera", kTokenStep, "15 × 20", "one per cell of the camera's feature map");
        e.expression(mul(constant(d(act.a.map_rows)), constant(d(act.a.map_cols))));
        return e.to_json(d(act.a.map_rows * act.a.map_cols));
    }
    if (name == "encoder_parameters") return repeats(ref, "the encoder's parameters", kParamStep, table_ref("parameters", 0, 2), d(act.s.encoder));
    if (name == "decoder_parameters") return repeats(ref, "the decoder's parameters", kParamStep, table_ref("parameters", 1, 2), d(act.s.decoder));
    if (name == "encoder_layer_parameters") return repeats(ref, "the parameters of one encoder layer", kParamStep, table_ref("parameters", 0, 1), d(act.s.encoder_layer));
    if (name == "decoder_layer_parameters") return repeats(ref, "the parameters of one decoder layer", kParamStep, table_ref("parameters", 1, 1), d(act.s.decoder_layer));
    if (name == "transformer_parameters") {
        Explanation e(ref, "the transformer's parameters", kParamStep, "encoder + decoder", "the encoder's parameters and the decoder's");
        e.expression(add(operand(e.add(table_ref("parameters", 0, 2), "the encoder's parameters", d(act.s.encoder))),
                         operand(e.add(table_ref("parameters", 1, 2), "the decoder's parameters", d(act.s.decoder)))));
        return e.to_json(d(act.s.encoder + act.s.decoder));
    }
    if (name == "encoder_table") return repeats(ref, "the weights per head of the encoder", kTableStep, table_ref("tables", 0, 2), d(act.s.encoder_table));
    if (name == "decoder_self_table") return repeats(ref, "the weights per head of the decoder's self-attention", kTableStep, table_ref("tables", 1, 2), d(act.s.decoder_self_table));
    if (name == "decoder_cross_table") return repeats(ref, "the weights per head of the cross-attention", kTableStep, table_ref("tables", 2, 2), d(act.s.decoder_cross_table));
    if (name == "encoder_tables_total") return repeats(ref, "the encoder's weights in all heads and layers", kTableStep, table_ref("tables", 0, 3), d(act.s.encoder_table * act.a.heads * act.a.encoder_layers));
    if (name == "decoder_tables_total") {
        Explanation e(ref, "the decoder's weights in all heads and layers", kTableStep, "self + cross", "both of the decoder's tables in all heads and layers");
        const Count over = act.a.heads * act.a.decoder_layers;
        e.expression(add(operand(e.add(table_ref("tables", 1, 3), "the self-attention's weights", d(act.s.decoder_self_table * over))),
                         operand(e.add(table_ref("tables", 2, 3), "the cross-attention's weights", d(act.s.decoder_cross_table * over)))));
        return e.to_json(d((act.s.decoder_self_table + act.s.decoder_cross_table) * over));
    }
    if (name == "head_width") {
        Explanation e(ref, "the numbers of each head", kParamStep, "E / heads", "the width shared out among the heads");
        e.expression(div(set(e, act, "width", "the width E"), set(e, act, "heads", "the heads")));
        return e.to_json(d(act.a.width / act.a.heads));
    }
    if (name == "actions")
        return Explanation(ref, "the actions of one pass", kTableStep, "chunk", "one per decoder query")
            .same_as(param_ref("chunk"), "the chunk size, which you set", setting(act, "chunk"))
            .to_json(setting(act, "chunk"));
    throw ParamError("ref", "this demo has no number called \"" + ref_text(ref, "name") + "\"");
}

// The style's token and the joints' token: one each, a number of ACT's design.
Printed one_token(const std::string& what) {
    Explanation e({{"kind", "printed"}}, "the token for the " + what, kTokenStep, "1", "ACT gives the " + what + " one token");
    e.expression(constant(1));
    return {nullptr, "", 1, e.to_json(1)};
}

// The printout's numbers in reading order (act_sizes.cpp, print_sizes): the tokens' line, the encoder's and
// the decoder's parameters, the attention tables per head, the actions of one pass.
std::vector<Printed> printout(const Act& act) {
    const auto set_here = [&](const std::string& name, const std::string& label) { return Printed{param_ref(name), label, setting(act, name)}; };
    const auto cell = [&](const std::string& table, long row, long col, const std::string& label, Count v) { return Printed{table_ref(table, row, col), label, d(v)}; };
    const double chunk = setting(act, "chunk");
    return {one_token("style"), one_token("joints"), set_here("cameras", "the cameras"),
            {number_ref("per_camera"), "the tokens of one camera", d(act.a.map_rows * act.a.map_cols)},
            {number_ref("tokens"), "the encoder's tokens", d(act.s.tokens)}, set_here("width", "the width E"),
            set_here("encoder_layers", "the encoder's layers"), cell("parameters", 0, 1, "the parameters of one encoder layer", act.s.encoder_layer),
            cell("parameters", 0, 2, "the encoder's parameters", act.s.encoder),
            set_here("decoder_layers", "the decoder's layers"), cell("parameters", 1, 1, "the parameters of one decoder layer", act.s.decoder_layer),
            cell("parameters", 1, 2, "the decoder's parameters", act.s.decoder),
            cell("tables", 0, 0, "the encoder's queries", act.s.tokens), cell("tables", 0, 1, "the encoder's keys", act.s.tokens),
            cell("tables", 0, 2, "the weights per head of the encoder", act.s.encoder_table),
            {table_ref("tables", 1, 0), "the decoder's queries", chunk}, {table_ref("tables", 1, 1), "the decoder's keys", chunk},
            {table_ref("tables", 2, 0), "the cross-attention's queries", chunk}, cell("tables", 2, 1, "the cross-attention's keys", act.s.tokens),
            set_here("chunk", "the actions of one pass, the chunk size")};
}

}  // namespace

json explain_act_sizes(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"parameters", "tables"}},
                {"numbers", {"tokens", "tokens_text", "per_camera", "encoder_parameters_text", "encoder_layer_parameters",
                             "decoder_parameters_text", "decoder_layer_parameters", "transformer_parameters_text", "encoder_table_text",
                             "encoder_tables_total", "decoder_tables_total", "decoder_self_table", "decoder_cross_table",
                             "head_width", "actions"}},
                {"printed", true}};
    if (kind == "param") {
        const std::string name = ref_text(ref, "name");
        for (const char* s : kSettings)
            if (name == s) return Explanation(ref, name, "Your setting", name, "a value you set").given("param", p.integer(name)).to_json(p.integer(name));
        throw ParamError("ref", "this demo has no setting \"" + name + "\"");
    }
    const Act act = [&] {
        ActShape a;
        a.cameras = p.integer("cameras"), a.chunk = p.integer("chunk"), a.width = p.integer("width");
        a.encoder_layers = p.integer("encoder_layers"), a.heads = p.integer("heads"), a.feedforward = p.integer("feedforward");
        a.decoder_layers = p.integer("decoder_layers");
        if (a.width % a.heads != 0) throw ParamError("heads", "the heads split the width evenly");
        return Act{p, a, act_sizes_of(a)};
    }();
    if (kind == "number") return number(act, ref);
    if (kind == "printed") return printed_as(ref, printout(act), "The program's printout");
    if (kind != "table") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string table = ref_text(ref, "table");
    if (table == "parameters") return parameters_cell(act, ref, ref_index(ref, "row", 2), ref_index(ref, "col", 3));
    if (table == "tables") return table_cell(act, ref, ref_index(ref, "row", 3), ref_index(ref, "col", 4));
    throw ParamError("ref", "this demo has no table called \"" + table + "\"");
}

}  // namespace attn::lesson_table

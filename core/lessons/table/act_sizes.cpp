#include "lessons/table/act_sizes.hpp"

#include "lessons/table/demos.hpp"
#include "base/error.hpp"
#include "demo/prose.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_table {

// [snippet:act-sizes]
Count linear_parameters(Count in, Count out) { return out * in + out; }
Count attention_parameters(Count width) {
    return 3 * width * width + 3 * width  // in_proj: queries, keys and values from one packed matrix
           + linear_parameters(width, width);  // out_proj
}
Count norm_parameters(Count width) { return 2 * width; }

// Post-norm, as nn.TransformerEncoderLayer: self-attention, feed-forward, two norms.
Count encoder_layer_parameters(Count width, Count feedforward) {
    return attention_parameters(width) + linear_parameters(width, feedforward) +
           linear_parameters(feedforward, width) + 2 * norm_parameters(width);
}
// As LeRobot's ACT decoder layer: self-attention over the queries, cross-attention
// to the encoder's tokens, feed-forward, three norms.
Count decoder_layer_parameters(Count width, Count feedforward) {
    return 2 * attention_parameters(width) + linear_parameters(width, feedforward) +
           linear_parameters(feedforward, width) + 3 * norm_parameters(width);
}

ActSizes act_sizes_of(const ActShape& a) {
    ActSizes s;
    s.tokens = 1 + 1 + a.cameras * a.map_rows * a.map_cols;  // style, joints, one per feature-map cell
    s.encoder_layer = encoder_layer_parameters(a.width, a.feedforward);
    s.encoder = a.encoder_layers * s.encoder_layer;
    s.decoder_layer = decoder_layer_parameters(a.width, a.feedforward);
    s.decoder = a.decoder_layers * s.decoder_layer + norm_parameters(a.width);  // and a final norm
    s.encoder_table = s.tokens * s.tokens;
    s.decoder_self_table = a.chunk * a.chunk;
    s.decoder_cross_table = a.chunk * s.tokens;
    return s;
}
// [/snippet]

namespace {

ActShape shape_of(const Params& p) {
    ActShape a;
    a.cameras = p.integer("cameras");
    a.chunk = p.integer("chunk");
    a.width = p.integer("width");
    a.encoder_layers = p.integer("encoder_layers");
    a.heads = p.integer("heads");
    a.feedforward = p.integer("feedforward");
    a.decoder_layers = p.integer("decoder_layers");
    if (a.width % a.heads != 0)
        throw ParamError("heads", "the heads split the width evenly: " + std::to_string(a.width) + " numbers cannot go into " +
                                      std::to_string(a.heads) + " equal parts");
    return a;
}

Count per_camera_tokens(const ActShape& a) { return a.map_rows * a.map_cols; }
Count encoder_tables_total(const ActShape& a, const ActSizes& s) { return s.encoder_table * a.heads * a.encoder_layers; }
Count decoder_tables_total(const ActShape& a, const ActSizes& s) {
    return (s.decoder_self_table + s.decoder_cross_table) * a.heads * a.decoder_layers;
}

void print_sizes(Result& r, const ActShape& a, const ActSizes& s) {
    r.print("encoder tokens: 1 for the style + 1 for the joints + " + std::to_string(a.cameras) + " x " +
            std::to_string(per_camera_tokens(a)) + " image cells = " + format_count(s.tokens) + ", each " +
            std::to_string(a.width) + " numbers");
    r.print("encoder: " + prose::counted(a.encoder_layers, "layer") + " of " + format_count(s.encoder_layer) +
            " parameters = " + format_count(s.encoder));
    r.print("decoder: " + std::to_string(a.decoder_layers) + (a.decoder_layers == 1 ? " layer of " : " layers of ") +
            format_count(s.decoder_layer) + " parameters, and a final norm = " + format_count(s.decoder));
    r.print("attention tables per head: encoder " + format_count(s.tokens) + " x " + format_count(s.tokens) + " = " +
            format_count(s.encoder_table) + "; decoder self " + std::to_string(a.chunk) + " x " +
            std::to_string(a.chunk) + ", cross " + std::to_string(a.chunk) + " x " + format_count(s.tokens));
    r.print("one pass: " + prose::counted(a.chunk, "action"));
}

void size_tables(Result& r, const ActShape& a, const ActSizes& s) {
    const auto d = [](Count n) { return static_cast<double>(n); };
    Matrix params(2, 3);
    params << d(a.encoder_layers), d(s.encoder_layer), d(s.encoder),  //
        d(a.decoder_layers), d(s.decoder_layer), d(s.decoder);
    r.table("parameters", "Parameters of ACT's transformer", params, {"encoder", "decoder, with its final norm"},
            {"layers", "parameters per layer", "parameters"}, false);
    const Count over_decoder = a.heads * a.decoder_layers;
    Matrix tables(3, 4);
    tables << d(s.tokens), d(s.tokens), d(s.encoder_table), d(encoder_tables_total(a, s)),  //
        d(a.chunk), d(a.chunk), d(s.decoder_self_table), d(s.decoder_self_table * over_decoder),  //
        d(a.chunk), d(s.tokens), d(s.decoder_cross_table), d(s.decoder_cross_table * over_decoder);
    r.table("tables", "Attention tables: queries x keys, per head, and over all heads and layers", tables,
            {"encoder self-attention", "decoder self-attention", "decoder cross-attention"},
            {"queries", "keys", "weights per head", "weights in all heads and layers"}, false);
}

json act_figure(const ActShape& a, const ActSizes& s) {
    return {{"kind", "act_diagram"}, {"name", "act"}, {"cameras", a.cameras},
            {"feature_map", {a.map_rows, a.map_cols}}, {"width", a.width}, {"heads", a.heads},
            {"tokens", {{"style", 1}, {"joints", 1}, {"per_camera", per_camera_tokens(a)}, {"total", s.tokens}}},
            {"encoder", {{"layers", a.encoder_layers}, {"feedforward", a.feedforward}, {"parameters", s.encoder},
                         {"layer_parameters", s.encoder_layer}, {"table", {s.tokens, s.tokens}}}},
            {"decoder", {{"layers", a.decoder_layers}, {"queries", a.chunk}, {"parameters", s.decoder},
                         {"layer_parameters", s.decoder_layer}, {"self_table", {a.chunk, a.chunk}},
                         {"cross_table", {a.chunk, s.tokens}}}},
            {"actions", a.chunk},
            // The picture's words, counted by the core so that one layer or one head reads as English.
            {"words", {{"heads", prose::counted(a.heads, "head") + " of " + std::to_string(a.width / a.heads)},
                       {"head_count", prose::counted(a.heads, "head")},
                       {"encoder_layers", prose::counted(a.encoder_layers, "self-attention layer")},
                       {"decoder_layers", prose::counted(a.decoder_layers, "layer")},
                       {"queries", prose::counted(a.chunk, "action query", "action queries")},
                       {"actions", prose::counted(a.chunk, "action")}}}};
}

void size_numbers(Result& r, const ActShape& a, const ActSizes& s) {
    r.number("tokens", s.tokens).text("tokens_text", format_count(s.tokens)).number("per_camera", per_camera_tokens(a));
    r.number("encoder_parameters", s.encoder).text("encoder_parameters_text", format_count(s.encoder));
    r.number("encoder_layer_parameters", s.encoder_layer);
    r.number("decoder_parameters", s.decoder).text("decoder_parameters_text", format_count(s.decoder));
    r.number("decoder_layer_parameters", s.decoder_layer);
    r.number("transformer_parameters", s.encoder + s.decoder)
        .text("transformer_parameters_text", format_count(s.encoder + s.decoder));
    r.number("encoder_table", s.encoder_table).text("encoder_table_text", format_count(s.encoder_table));
    r.number("encoder_tables_total", encoder_tables_total(a, s)).number("decoder_tables_total", decoder_tables_total(a, s));
    r.number("decoder_self_table", s.decoder_self_table).number("decoder_cross_table", s.decoder_cross_table);
    r.number("head_width", a.width / a.heads).number("actions", a.chunk);
}

// The lesson's steps: the shape the learner set, its sizes, then what the page shows of them.
json compute(const Params& p) {
    const ActShape a = shape_of(p);
    const ActSizes s = act_sizes_of(a);
    Result r;
    print_sizes(r, a, s);
    size_tables(r, a, s);
    r.figure(act_figure(a, s));
    size_numbers(r, a, s);
    return std::move(r).to_json();
}

}  // namespace

Demo act_sizes() {
    std::vector<ParamSpec> params = {
        integer_param("cameras", 1)
            .labelled("Cameras")
            .helped("Each camera's image becomes a 15 × 20 feature map: 300 tokens.")
            .in(1, 8)
            .stepped(1),
        integer_param("chunk", 100)
            .labelled("Chunk size")
            .helped("Decoder queries, one per future action: one pass predicts this many actions.")
            .measured_in("actions")
            .in(1, 1000)
            .stepped(1),
        integer_param("width", 512)
            .labelled("Width")
            .helped("Numbers in every token; the heads share them out.")
            .in(8, 4096)
            .stepped(8),
        integer_param("encoder_layers", 4).labelled("Encoder layers").helped("Self-attention layers over the tokens.").in(1, 24).stepped(1),
        integer_param("heads", 8).labelled("Heads").helped("Attentions side by side in each layer; they must divide the width.").in(1, 64).stepped(1),
        integer_param("feedforward", 3200)
            .labelled("Feed-forward width")
            .helped("The hidden layer of the small network after each attention.")
            .in(1, 16384)
            .stepped(1),
        integer_param("decoder_layers", 1)
            .labelled("Decoder layers")
            .helped("LeRobot uses 1: the original code asked for 7 but, by a bug, only ever used the first.")
            .in(1, 12)
            .stepped(1),
    };
    return {"act_sizes", "ACT's transformer at robot scale", params, compute, {"act-sizes"}};
}

}  // namespace attn::lesson_table

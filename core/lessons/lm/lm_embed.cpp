// Words to vectors: each character of the prompt -> its id -> its row of the token table, plus the
// row of the position table for its place; the sum is what the first block reads.
#include <cmath>

#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/lm/demos.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_lm {

ParamSpec prompt_param(const std::string& default_prompt) {
    return text_param("prompt", default_prompt)
        .labelled("Prompt")
        .helped("Type any text the lessons use; the network reads its last " +
                std::to_string(shipped_network().model.shape().context) + " characters.")
        .length(1, 200)
        .using_characters(shipped_network().characters);
}

namespace {

// Whether the model's last forward pass read exactly `ids`, as one sequence: every layer then holds
// this prompt's values already. Read from the model itself (its token rows and its attention's shape),
// so whichever demo ran a pass last, and whichever network is in use, the answer is right.
bool holds_prompt(const nn::lm::CharLm<float>& model, const std::vector<int>& ids) {
    const auto n = static_cast<Eigen::Index>(ids.size());
    const Mat<float>& rows = model.tok_emb.out();
    if (model.blocks.empty() || rows.rows() != n) return false;
    const Mat<float>& weights = model.attention(0);
    if (weights.cols() != n || weights.rows() != n * model.shape().heads) return false;
    for (Eigen::Index i = 0; i < n; ++i)
        if (rows.row(i) != model.tok_emb.weight.value.row(ids[static_cast<std::size_t>(i)])) return false;
    return true;
}

}  // namespace

// A change of head, block or identity keeps the prompt: the pass it needs is the last one.
void read_prompt(ShippedNetwork& net, const std::vector<int>& ids) {
    if (holds_prompt(net.model, ids)) return;
    net.model.forward(ids, 1, static_cast<int>(ids.size()));
}

Matrix rows_of(const Mat<float>& table, const std::vector<int>& which) {
    Matrix m(static_cast<Eigen::Index>(which.size()), table.cols());
    for (std::size_t i = 0; i < which.size(); ++i) m.row(static_cast<Eigen::Index>(i)) = table.row(which[i]).cast<double>();
    return m;
}

namespace {

// The original transformer's fixed positions: sin(p / 10000^(2i/E)) in even columns, cos in odd.
Matrix sine_positions(Eigen::Index places, Eigen::Index width) {
    Matrix m(places, width);
    for (Eigen::Index p = 0; p < places; ++p)
        for (Eigen::Index j = 0; j < width; ++j) {
            const double angle = static_cast<double>(p) / std::pow(10000.0, static_cast<double>(j - j % 2) / static_cast<double>(width));
            m(p, j) = j % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return m;
}

// [-0.12  0.5 ...]: a row's first `n` values, as NumPy prints row[:n].round(3)
std::string first_values(const Matrix& m, Eigen::Index row, Eigen::Index n) {
    return format_row(m.row(row).head(n), 3);
}

json compute(const Params& p) {
    ShippedNetwork& net = shipped_network();
    const std::string prompt = p.text("prompt");
    const std::vector<int> ids = prompt_window(net, prompt);
    const auto n = static_cast<Eigen::Index>(ids.size());
    const Eigen::Index width = net.model.shape().width;
    std::vector<int> places(ids.size());
    for (std::size_t i = 0; i < places.size(); ++i) places[i] = static_cast<int>(i);
    const Matrix tok = rows_of(net.model.tok_emb.weight.value, ids);
    const Matrix pos = rows_of(net.model.pos_emb.weight.value, places);
    const Matrix x = (tok.cast<float>() + pos.cast<float>()).cast<double>();  // the network adds in float
    const Matrix sines = sine_positions(n, width);

    Result r;
    std::string id_list = "[";
    for (std::size_t i = 0; i < ids.size(); ++i) id_list += (i ? ", " : "") + std::to_string(ids[i]);
    id_list += "]";
    r.print("ids = " + id_list);
    r.print("tok_emb[ids].shape = " + format_shape({n, width}) + "   pos_emb[:" + std::to_string(n) + "].shape = " +
            format_shape({n, width}));
    r.print("tok_emb[ids][0][:8] = " + first_values(tok, 0, 8));
    r.print("pos_emb[0][:8]      = " + first_values(pos, 0, 8));
    r.print("x[0][:8]            = " + first_values(x, 0, 8));

    const auto labels = char_labels(net, ids);
    std::vector<std::string> rows;
    for (Eigen::Index i = 0; i < n; ++i) rows.push_back("place " + std::to_string(i) + ": " + labels[static_cast<std::size_t>(i)]);
    const auto features = numbered("feature", width);
    json maps = json::array({heat_map("token rows tok_emb[ids]", tok), heat_map("position rows pos_emb[place]", pos),
                             heat_map("their sum x", x), heat_map("sine and cosine (the original transformer)", sines)});
    r.figure(heat_maps("embed", "Each place's vectors: a row per character, a column per feature", rows, features,
                       std::move(maps), "signed"));
    Matrix id_table(n, 1);
    for (Eigen::Index i = 0; i < n; ++i) id_table(i, 0) = ids[static_cast<std::size_t>(i)];
    r.table("ids", "Each character's id (its place in the sorted list of the network's characters)", id_table, rows, {"id"}, false);
    r.table("sum", "x = token row + position row (what block 0 reads)", x, rows, features, false);
    r.one_format();
    r.table("tokens", "Token rows tok_emb[ids]", tok, rows, features, false);
    r.one_format();
    r.table("positions", "Position rows pos_emb[place]", pos, rows, features, false);
    r.one_format();

    r.number("chars", static_cast<double>(n));
    r.number("vocab", net.vocabulary.vocab_size());
    r.number("width", static_cast<double>(width));
    r.number("context", net.model.shape().context);
    r.number("parameters", static_cast<double>(net.model.parameter_count()));
    r.number("layers", net.model.shape().layers);
    r.number("heads", net.model.shape().heads);
    r.number("head_width", net.model.shape().width / net.model.shape().heads);
    r.number("steps", static_cast<double>(net.steps));
    r.number("validation_loss", net.validation_loss);
    r.text("steps_text", format_count(net.steps));
    r.text("text_chars_text", format_count(net.text_chars));
    r.number("first_id", ids[0]);
    r.text("first_char", quoted(net.vocabulary.decode({ids[0]})));
    r.text("first_token_row", first_values(tok, 0, 4));
    r.text("first_position_row", first_values(pos, 0, 4));
    r.text("first_sum_row", first_values(x, 0, 4));
    r.text("ids_text", id_list);
    r.text("parameters_text", format_count(net.model.parameter_count()));
    const std::size_t typed = prompt_characters(net, prompt);
    r.number("prompt_chars", static_cast<double>(typed));
    r.text("prompt_chars_text", prose::counted(static_cast<long>(typed), "character"));
    r.claim("cut", static_cast<std::size_t>(n) < typed ? "cut" : "whole");
    return std::move(r).to_json();
}

}  // namespace

Demo lm_embed() {
    return Demo{"lm_embed",
                "Characters to vectors: token rows plus position rows",
                {prompt_param("attention reads")},
                compute,
                {"lm-embed"},
                "float32"}
        .claiming("cut", {"whole", "cut"});
}

}  // namespace attn::lesson_lm

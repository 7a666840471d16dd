// Many heads, many layers: every head of every block over the prompt, as heat maps, and which
// earlier place each place reads most in each head.
#include <algorithm>
#include <cmath>

#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/lm/demos.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_lm {
namespace {

json compute(const Params& p) {
    ShippedNetwork& net = shipped_network();
    const std::vector<int> ids = prompt_window(net, p.text("prompt"));
    read_prompt(net, ids);
    const auto n = static_cast<Eigen::Index>(ids.size());
    const int layers = net.model.shape().layers, heads = net.model.shape().heads;
    const auto labels = char_labels(net, ids);
    std::vector<std::string> rows, names;
    for (Eigen::Index i = 0; i < n; ++i) rows.push_back(std::to_string(i) + ": " + labels[static_cast<std::size_t>(i)]);

    Result r;
    json maps = json::array();
    Matrix most(n, static_cast<Eigen::Index>(layers) * heads);  // the place each place reads most, per head
    int reads_previous = 0, reads_itself = 0, reads_first = 0;
    double row_sum_error = 0;
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            const Mat<float>& all = net.model.attention(l);  // (H*n, n): row h*n + i
            const Matrix w = all.block(static_cast<Eigen::Index>(h) * n, 0, n, n).cast<double>();
            const std::string name = "block " + std::to_string(l) + ", head " + std::to_string(h);
            names.push_back("b" + std::to_string(l) + " h" + std::to_string(h));
            maps.push_back(heat_map(name, w));
            const Eigen::Index col = static_cast<Eigen::Index>(l) * heads + h;
            for (Eigen::Index i = 0; i < n; ++i) {
                Eigen::Index best = 0;
                w.row(i).maxCoeff(&best);
                most(i, col) = static_cast<double>(best);
                row_sum_error = std::max(row_sum_error, std::abs(w.row(i).sum() - 1));
            }
            Eigen::Index best = 0;
            w.row(n - 1).maxCoeff(&best);
            reads_previous += n > 1 && best == n - 2;
            reads_itself += best == n - 1;
            reads_first += n > 1 && best == 0;
        }
    r.print("for each block l and head h: weights[l][h] has shape " + std::to_string(n) + " x " + std::to_string(n));
    r.print(std::to_string(layers) + " blocks x " + std::to_string(heads) + " heads = " +
            std::to_string(layers * heads) + " heat maps");
    r.print("largest |row sum - 1| = " + format_number(row_sum_error));
    r.figure(heat_maps("heads", "Every head's weights: a row per place reading, a column per place read", rows, rows,
                       std::move(maps), "weights"));
    r.table("most", "The place each place reads most, in each head (b: block, h: head)", most, rows, names, false);

    const int total = layers * heads;
    r.number("heads_total", total);
    r.number("last_reads_previous", reads_previous);
    r.number("last_reads_itself", reads_itself);
    r.number("last_reads_first", reads_first);
    r.number("row_sum_error", row_sum_error);
    r.text("last_reads_previous_text", prose::counted(reads_previous, "head"));
    r.text("last_reads_itself_text", prose::counted(reads_itself, "head"));
    r.text("last_reads_first_text", prose::counted(reads_first, "head"));
    r.text("last_char", quoted(net.vocabulary.decode({ids.back()})));
    // A prompt of one character has nothing before it: the mask leaves each head only itself to read.
    r.claim("reads", n == 1 ? "one" : "many");
    r.claim("previous", n == 1 ? "alone" : reads_previous == 0 ? "none" : reads_previous == total ? "all" : "some");
    return std::move(r).to_json();
}

}  // namespace

Demo lm_heads() {
    return Demo{"lm_heads", "Every head of every block", {prompt_param("the queries and the keys")}, compute,
                {"lm-attention", "lm-attend"}, "float32"}
        .claiming("reads", {"one", "many"})
        .claiming("previous", {"none", "some", "all", "alone"});
}

}  // namespace attn::lesson_lm

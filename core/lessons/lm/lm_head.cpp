// One head's learned queries, keys and values over the prompt: Q, K and V are the block's
// normalised input times the learned W_q, W_k and W_v (nn/lm/causal_self_attention.hpp), the scores
// q_i . k_j / sqrt(d_head) for j <= i only (the causal mask), the weights their softmax. With
// `identity` on, Q = K = V = the normalised input itself, as in the robot lesson: no learned matrices.
#include <algorithm>
#include <cmath>
#include <limits>

#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/lm/demos.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_lm {
namespace {

// Rows of a float matrix's columns [first, first + count), in double.
Matrix columns(const Mat<float>& m, Eigen::Index rows, Eigen::Index first, Eigen::Index count) {
    return m.block(0, first, rows, count).cast<double>();
}

json compute(const Params& p) {
    ShippedNetwork& net = shipped_network();
    const std::vector<int> ids = prompt_window(net, p.text("prompt"));
    const int layer = p.integer("block"), head = p.integer("head");
    const bool identity = p.boolean("identity");
    read_prompt(net, ids);
    const auto n = static_cast<Eigen::Index>(ids.size());
    const int E = net.model.shape().width, H = net.model.shape().heads, dh = E / H;
    const auto& block = net.model.blocks[static_cast<std::size_t>(layer)];
    const Mat<float>& qkv = block.attn.qkv.out();  // (n, 3E): Q | K | V, head h in columns h*dh .. h*dh+dh-1
    const Matrix input = block.ln1.out().cast<double>();
    const Matrix Q = identity ? input : columns(qkv, n, head * dh, dh);
    const Matrix K = identity ? input : columns(qkv, n, E + head * dh, dh);
    const Matrix V = identity ? input : columns(qkv, n, 2 * E + head * dh, dh);
    const double divisor = std::sqrt(static_cast<double>(Q.cols()));

    // Scores and weights in double from the float projections (the network's own are float).
    Matrix scores = Matrix::Constant(n, n, -std::numeric_limits<double>::infinity());
    Matrix weights = Matrix::Zero(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
        double top = -std::numeric_limits<double>::infinity();
        for (Eigen::Index j = 0; j <= i; ++j) top = std::max(top, scores(i, j) = Q.row(i).dot(K.row(j)) / divisor);
        double total = 0;
        for (Eigen::Index j = 0; j <= i; ++j) total += (weights(i, j) = std::exp(scores(i, j) - top));
        weights.row(i).head(i + 1) /= total;
    }
    const Matrix out = weights * V;

    const auto labels = char_labels(net, ids);
    std::vector<std::string> rows;
    for (Eigen::Index i = 0; i < n; ++i) rows.push_back(std::to_string(i) + ": " + labels[static_cast<std::size_t>(i)]);
    const auto dims = numbered(identity ? "feature" : "dim", Q.cols());

    Result r;
    const std::string where = "block " + std::to_string(layer) + ", head " + std::to_string(head);
    r.print(identity ? "Q = K = V = ln1(x)   # no learned matrices, as in the robot lesson"
                     : "Q, K, V = (ln1(x) @ W_qkv.T + b_qkv).split(...)   # " + where);
    r.print("scores = Q @ K.T / " + format_number(divisor) + "   # sqrt(" + std::to_string(Q.cols()) + ")");
    r.print("scores[j > i] = -inf   # the causal mask: no place reads a later one");
    r.print("weights = softmax(scores, axis=1)");
    r.print("weights.round(3) =\n" + format_matrix(weights, 3));
    r.figure(heat_maps("weights", "Weights: a row per place reading, a column per place read", rows, rows,
                       json::array({heat_map(where + (identity ? ", identity Q, K, V" : ""), weights)}), "weights"));
    r.table("weights", "weights = softmax(scores), row by row (each row sums to 1)", weights, rows, rows, true);
    r.table("scores", "scores = q_i \u00b7 k_j / \u221a" + std::to_string(Q.cols()) + ", \u2212\u221e where j > i", scores,
            rows, rows, false);
    r.one_format();
    r.table("queries", "Q: one query per place", Q, rows, dims, false);
    r.one_format();
    r.table("keys", "K: one key per place", K, rows, dims, false);
    r.one_format();
    r.table("values", "V: one value per place", V, rows, dims, false);
    r.one_format();
    r.table("output", "weights @ V: what each place reads", out, rows, dims, false);
    r.one_format();

    // The last place: which earlier place it reads most, and how much.
    const Eigen::Index last = n - 1;
    Eigen::Index best = 0;
    weights.row(last).maxCoeff(&best);
    r.number("last_best_weight", weights(last, best));
    r.number("last_best_place", static_cast<double>(best));
    r.number("last_place", static_cast<double>(last));
    r.number("divisor", divisor);
    r.number("head_width", static_cast<double>(Q.cols()));
    r.number("last_row_sum", weights.row(last).sum());
    r.text("last_char", quoted(net.vocabulary.decode({ids[static_cast<std::size_t>(last)]})));
    r.text("last_best_char", quoted(net.vocabulary.decode({ids[static_cast<std::size_t>(best)]})));
    r.text("last_best_back", prose::steps_back(static_cast<long>(last - best)));
    r.text("where", where);
    r.claim("best", best == last ? "itself" : "earlier");
    r.claim("qkv", identity ? "identity" : "learned");
    return std::move(r).to_json();
}

}  // namespace

Demo lm_head() {
    const nn::lm::LmShape& shape = shipped_network().model.shape();
    return Demo{"lm_head",
                "One head's learned queries, keys and values",
                {prompt_param("the keys and the values"),
                 integer_param("block", 0).labelled("Block").helped("Which block's attention (0 reads the embeddings).").in(0, shape.layers - 1),
                 integer_param("head", 0).labelled("Head").helped("Which of the block's heads.").in(0, shape.heads - 1),
                 boolean_param("identity", false)
                     .labelled("Identity Q, K, V (as in the robot lesson)")
                     .helped("On: no learned matrices; each place's normalised vector is its query, key and value.")},
                compute,
                {"lm-attention", "lm-attend"},
                "float32"}
        .claiming("best", {"itself", "earlier"})
        .claiming("qkv", {"learned", "identity"});
}

}  // namespace attn::lesson_lm

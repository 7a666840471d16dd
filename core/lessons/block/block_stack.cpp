#include <iterator>

#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/block/demos.hpp"
#include "math/block.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_block {

namespace {

constexpr double kCollapsed = 0.05;  // tokens this close together have lost what told them apart

// The demo's tokens, built row by row: g++ 12 at -O3 -march=native (AVX-512) turned the nested
// braces {{1, 0, 0, 1}, {0, 1, 0, 0}, {1, 1, 1, 0}} into a last row of [1, 1, 1, 1].
std::vector<std::vector<double>> stack_tokens() {
    static const double rows[3][4] = {{1, 0, 0, 1}, {0, 1, 0, 0}, {1, 1, 1, 0}};
    std::vector<std::vector<double>> tokens;
    for (const auto& row : rows) tokens.emplace_back(std::begin(row), std::end(row));
    return tokens;
}

json compute(const Params& p) {
    const Matrix X = p.matrix("X");
    const int blocks = p.integer("blocks");
    const BlockSwitches switches{p.boolean("residual"), p.boolean("norm")};

    Result r;
    Matrix x = X;
    std::vector<double> spreads{largest_row_distance(X)};
    for (int b = 0; b < blocks; ++b) {
        x = encoder_block(x, b, switches);
        r.print("after block " + std::to_string(b + 1) + ":");  // print(f"after block {b + 1}:")
        r.print(format_matrix(x));
        spreads.push_back(largest_row_distance(x));
    }
    const auto tokens = numbered("token", X.rows());
    r.table("output", "After the last block", x, tokens, numbered("feature", X.cols()), true);
    std::vector<double> steps;
    for (int b = 0; b <= blocks; ++b) steps.push_back(b);
    r.chart("spread", "How far apart the tokens are", "blocks", "largest distance between two tokens",
            {{"spread", steps, spreads}});
    const long long d = X.cols();
    r.text("output_shape", format_shape({static_cast<long>(x.rows()), static_cast<long>(x.cols())}));
    r.number("weights_per_block", 4 * d * d);  // W1 (d, 2d) and W2 (2d, d)
    r.number("weights_total", 4 * d * d * blocks);
    r.text("blocks_text", prose::counted(blocks, "block"));
    r.number("spread_input", spreads.front());
    r.number("spread_output", spreads.back());
    r.text("spread_input_text", prose::decimal(spreads.front(), 3));
    r.text("spread_output_text", prose::decimal(spreads.back(), 3));
    r.text("row0_output", format_row(x.row(0)));
    // Every pair must stay apart for the tokens to be distinct: the largest distance alone hides two that merged.
    // (With one token there is no pair: the numbers are there, shown by no phrase, so every setting has them.)
    const ClosestRows closest = X.rows() < 2 ? ClosestRows{} : closest_rows(x);
    r.text("closest_pair_text", "tokens " + std::to_string(closest.i) + " and " + std::to_string(closest.j));
    r.text("closest_output_text", prose::decimal(closest.distance, 3));
    r.claim("tokens", X.rows() < 2 ? "one" : spreads.back() < kCollapsed ? "collapsed"
                                         : closest.distance < kCollapsed ? "merged" : "distinct");
    return std::move(r).to_json();
}

}  // namespace

Demo block_stack() {
    return Demo{"block_stack",
                "Blocks stacked: the output of one is the input of the next",
                {block_tokens_param(stack_tokens(), 2, 8),
                 integer_param("blocks", 2).labelled("Blocks").helped("How many blocks run one after another.")
                     .in(1, 12).stepped(1),
                 boolean_param("residual", true).labelled("Residual connections")
                     .helped("Add each sub-layer's input back to its output."),
                 boolean_param("norm", true).labelled("Layer normalisation")
                     .helped("Normalise every row after each sub-layer.")},
                compute,
                {"encoder-block", "layer-norm", "feed-forward"}}
        .claiming("tokens", {"one", "collapsed", "merged", "distinct"});
}

}  // namespace attn::lesson_block

#include "base/error.hpp"
#include "demo/prose.hpp"
#include "demo/result.hpp"
#include "lessons/attention/demos.hpp"
#include "lessons/block/demos.hpp"
#include "math/block.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_block {

namespace {

void check_shapes(const Matrix& X, const Matrix& W1, const Matrix& W2) {
    if (W1.rows() != X.cols())
        throw ParamError("W1", "W1 needs one row per feature of X: " + std::to_string(X.cols()) + " rows, not " +
                                   std::to_string(W1.rows()));
    if (W2.rows() != W1.cols())
        throw ParamError("W2", "W2 needs one row per column of W1 (the hidden width): " +
                                   std::to_string(W1.cols()) + " rows, not " + std::to_string(W2.rows()));
}

json compute(const Params& p) {
    const Matrix X = p.matrix("X"), W1 = p.matrix("W1"), W2 = p.matrix("W2");
    check_shapes(X, W1, W2);
    const Matrix pre = X * W1;
    const Matrix hidden = relu(pre);
    const Matrix out = feed_forward(X, W1, W2);

    Result r;
    r.print(format_matrix(hidden));
    r.print(format_matrix(out));
    const auto tokens = numbered("token", X.rows());
    r.table("hidden", "Hidden layer relu(X W1)", hidden, tokens, numbered("hidden unit", W1.cols()), true).one_format();
    r.table("output", "Output relu(X W1) W2", out, tokens, numbered("feature", W2.cols()), false).one_format();
    long long zeros = 0;
    for (Eigen::Index i = 0; i < pre.size(); ++i) zeros += pre.data()[i] < 0;
    r.number("relu_zeros", zeros);
    r.number("hidden_values", static_cast<long long>(pre.size()));
    r.claim("relu_cut", zeros > 0 ? "some" : "none");
    r.text("hidden_shape", format_shape({static_cast<long>(hidden.rows()), static_cast<long>(hidden.cols())}));
    r.text("output_shape", format_shape({static_cast<long>(out.rows()), static_cast<long>(out.cols())}));
    r.text("row0_pre", format_row(pre.row(0)));
    r.text("row0_hidden", format_row(hidden.row(0)));
    r.text("row0_output", format_row(out.row(0)));
    r.number("weights", static_cast<long long>(W1.size() + W2.size()));
    return std::move(r).to_json();
}

// W1 is (2, 4) and W2 (4, 2 to 4): the shapes stay fixed so that every table a learner edits fits,
// and the hidden layer stays twice as wide as the tokens, as in a real block (4 times there).
// Its rows and columns are named for what they stand for (a feature of X, a hidden unit), so the
// editor's labels, buttons and messages say "feature 1" or "hidden unit 3", not "token".
ParamSpec weights_param(const std::string& name, const std::string& label, std::vector<std::vector<double>> values,
                        int min_cols, int max_cols, const std::string& row_name, const std::string& column_name,
                        const std::string& help) {
    const int rows = static_cast<int>(values.size());
    return matrix_param(name, std::move(values)).labelled(label).helped(help).in(-5, 5).stepped(0.1)
        .length(rows, rows).columns(min_cols, max_cols).rows_named(row_name).columns_called(column_name);
}

}  // namespace

Demo block_feed_forward() {
    return Demo{"block_feed_forward",
                "The feed-forward network: the same two layers on every token",
                {block_tokens_param(lesson_attention::example_tokens(), 2, 2)
                     .helped("Every cell is editable; add or remove tokens (rows). Each token keeps its 2 features, "
                             "one for each row of W\u2081."),
                 weights_param("W1", "Weights W\u2081", {{1, -1, 0.5, 0}, {-1, 1, 0.5, 1}}, 4, 4, "feature", "hidden unit",
                               "One row per feature of X, one column per hidden unit."),
                 weights_param("W2", "Weights W\u2082", {{1, 0}, {0, 1}, {1, 1}, {-0.5, 0.5}}, 1, 4, "hidden unit", "feature",
                               "One row per hidden unit, one column per output feature: add or remove columns.")},
                compute,
                {"feed-forward"}}
        .claiming("relu_cut", {"some", "none"});
}

}  // namespace attn::lesson_block

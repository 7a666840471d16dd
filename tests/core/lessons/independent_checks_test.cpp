// Checks against an independent computation, written for the one-line bugs that
// the rest of the suite let through (issue 13, "the tests must catch bugs";
// scripts/mutants.sh applies them). Each reference is computed here from the
// definition, not by calling the code under test twice.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "math/multi_head.hpp"
#include "nn/multihead_attention.hpp"
#include "worlds/robot/predictor.hpp"

using json = nlohmann::json;

namespace {

// Double sums of a few dozen O(1) terms, computed in another order.
constexpr double kReorderedSum = 1e-12;
// float attention against the same weights in double: a few float ulps of O(1) outputs.
constexpr float kFloatVsDouble = 1e-4f;

}  // namespace

TEST_CASE("multi_head: each head's weights are softmax((X Wq_h)(X Wk_h)^T / sqrt(d_head))") {
    attn::Rng rng(7);
    const int T = 4, d_model = 6, heads = 2, d_head = d_model / heads;
    const attn::Matrix X = attn::random_normal_matrix(T, d_model, rng);
    const attn::MultiHeadWeights w = attn::random_multi_head_weights(d_model, heads, rng);
    const attn::MultiHeadResult m = attn::multi_head_attention(X, X, w);
    for (int h = 0; h < heads; ++h) {
        const attn::Matrix q = X * w.Wq.middleCols(h * d_head, d_head);  // queries: the rows that ask
        const attn::Matrix k = X * w.Wk.middleCols(h * d_head, d_head);
        attn::Matrix scores(T, T);
        for (int i = 0; i < T; ++i)
            for (int j = 0; j < T; ++j) scores(i, j) = q.row(i).dot(k.row(j)) / std::sqrt(double(d_head));
        attn::Matrix expected(T, T);
        for (int i = 0; i < T; ++i) {
            double total = 0;
            for (int j = 0; j < T; ++j) total += std::exp(scores(i, j));
            for (int j = 0; j < T; ++j) expected(i, j) = std::exp(scores(i, j)) / total;
        }
        INFO("head " << h);
        CHECK((m.head_weights[h] - expected).cwiseAbs().maxCoeff() <= kReorderedSum);
    }
}

TEST_CASE("multi-head attention (float): scores far above exp's range still give finite, correct answers") {
    // Scores of several hundred: exp(300) overflows a float (max ~3.4e38 = exp(88.7)),
    // so the softmax must subtract the largest score first.
    attn::Rng rng(5);
    const int width = 8, heads = 2, lq = 2, lk = 3;
    attn::nn::MultiheadAttention<double> exact("mha", width, heads);
    attn::nn::MultiheadAttention<float> fast("mha", width, heads);
    attn::nn::ParamList<double> pd;
    attn::nn::ParamList<float> pf;
    exact.collect(pd);
    fast.collect(pf);
    for (std::size_t i = 0; i < pd.size(); ++i) {
        pd[i]->value = attn::random_normal_matrix(pd[i]->value.rows(), pd[i]->value.cols(), rng);
        pf[i]->value = pd[i]->value.cast<float>();
    }
    const attn::Matrix q = 12.0 * attn::random_normal_matrix(lq, width, rng);
    const attn::Matrix kv = 12.0 * attn::random_normal_matrix(lk, width, rng);
    const attn::Mat<double> want = exact.forward(q, kv, 1, lq, lk);
    const attn::Mat<float> got = fast.forward(q.cast<float>(), kv.cast<float>(), 1, lq, lk);
    REQUIRE(got.allFinite());
    const double scale = std::max(1.0, want.cwiseAbs().maxCoeff());
    CHECK((got.cast<double>() - want).cwiseAbs().maxCoeff() <= kFloatVsDouble * scale);
}

TEST_CASE("predictor: each mean error is the mean over the scored guesses of |guess - reading|") {
    const std::vector<int> readings = {40, 52, 61, 30, 33, 45, 58, 64, 29, 35, 47, 60, 66, 31, 36, 49};
    const attn::robot::Predictions pr = attn::robot::predict_run(readings, 2, 5, 0.5);
    REQUIRE(pr.scored == static_cast<int>(readings.size()) - pr.first_tick);
    const auto mean_error = [&](const std::vector<double>& guesses) {
        double sum = 0;
        for (int i = 0; i < pr.scored; ++i) sum += std::abs(guesses[i] - readings[pr.first_tick + i]);
        return sum / pr.scored;
    };
    CHECK(std::abs(pr.error_wide - mean_error(pr.wide)) <= kReorderedSum);
    CHECK(std::abs(pr.error_recent - mean_error(pr.recent)) <= kReorderedSum);
    CHECK(std::abs(pr.error_no_change - mean_error(pr.no_change)) <= kReorderedSum);
    CHECK(std::abs(pr.error_average - mean_error(pr.average)) <= kReorderedSum);
    // "no change" guesses the reading before: its error is the mean jump, by hand.
    double jumps = 0;
    for (int t = pr.first_tick; t < static_cast<int>(readings.size()); ++t) jumps += std::abs(readings[t] - readings[t - 1]);
    CHECK(std::abs(pr.error_no_change - jumps / pr.scored) <= kReorderedSum);
}

TEST_CASE("table_order: the shuffle really reorders the objects, as a permutation") {
    int reordered = 0;
    for (int seed = 0; seed < 5; ++seed) {
        const json out = json::parse(attn::run_demo_json("table_order", json{{"objects", 6}, {"shuffle_seed", seed}}.dump()));
        REQUIRE(out["ok"] == true);
        std::vector<int> order = out["result"]["numbers"]["order"].get<std::vector<int>>();
        std::vector<int> identity(order.size());
        std::iota(identity.begin(), identity.end(), 0);
        if (order != identity) ++reordered;
        std::sort(order.begin(), order.end());
        CHECK(order == identity);
    }
    CHECK(reordered >= 4);  // 6 objects: the identity comes up once in 720 shuffles
}

TEST_CASE("act_sizes: the weights in all tables count every head of every layer") {
    const json n = json::parse(attn::run_demo_json("act_sizes", R"({"encoder_layers": 3, "decoder_layers": 2, "heads": 4})"))
                       ["result"]["numbers"];
    const long long tokens = 2 + 300;  // style, joints, 15 x 20 cells of one camera
    CHECK(n["tokens"] == tokens);
    CHECK(n["encoder_tables_total"] == tokens * tokens * 4 * 3);
    CHECK(n["decoder_tables_total"] == (100LL * 100 + 100LL * tokens) * 4 * 2);
}

// Parity with PyTorch: the fixtures in tests/fixtures/nn/ were written by
// scripts/torch_reference.py (PyTorch 1.13, float32, one thread). The same
// weights, set here by the same formula, must give the same outputs, loss,
// gradients and weights after three Adam steps, within float32 tolerance.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "nn/adam.hpp"
#include "nn/mse_loss.hpp"
#include "nn/network.hpp"
#include "nn/network_table.hpp"
#include "support/parity.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::nn::testing;
using json = nlohmann::json;

namespace {

// float32 sums of a few hundred terms in another order: a few ulps of the largest value.
// Measured worst output error: 3.6e-7 (transformer-1).
constexpr float kOutputTol = 2e-6f;   // [m] on answers of size ~1
constexpr float kLossRelTol = 1e-5f;
// A gradient entry agrees when |c++ - torch| <= kGradRelTol * (largest |torch| in its tensor).
constexpr float kGradRelTol = 1e-4f;
// After three Adam steps of rate 0.001 (each weight moves at most 0.003), weights agree
// to this [absolute]; measured worst: 6e-6 (lookup), 3e-7, 1.6e-6, 4e-8. Entries whose
// true gradient is zero (the key bias: softmax ignores a shift shared by all scores) get
// rounding noise as gradient, which Adam scales up to a full step of either sign, so
// they are held only to the largest possible move, steps * lr, from where they started.
constexpr float kAdamTol = 2e-5f;
// A first gradient this small beside its tensor's largest (and not exactly 0) is rounding noise.
constexpr float kNoiseGradRel = 1e-6f;

json load_fixture(const std::string& model) {
    const std::string path = std::string(ATTN_SOURCE_DIR) + "/" + find_network(model)->fixture;
    std::ifstream in(path);
    REQUIRE(in.good());
    return json::parse(in);
}

// A tensor's entries at the fixture's sampled indices (0, every, 2 every, ... row-major).
std::vector<float> sampled(const Mat<float>& m, int every) {
    std::vector<float> out;
    for (Eigen::Index i = 0; i < m.size(); i += every) out.push_back(m.data()[i]);
    return out;
}

Mat<float> as_matrix(const std::vector<float>& values, Eigen::Index rows, Eigen::Index cols) {
    REQUIRE(static_cast<Eigen::Index>(values.size()) == rows * cols);
    Mat<float> m(rows, cols);
    std::copy(values.begin(), values.end(), m.data());
    return m;
}

// The table networks name a norm's gain "....norm1.weight" (PyTorch's TransformerEncoderLayer).
bool is_norm_gain(const std::string& name) { return name.find(".norm") != std::string::npos && ends_with(name, ".weight"); }

void check_parity(const std::string& model) {
    const json fx = load_fixture(model);
    const int batch = fx["batch"], objects = fx["objects"];
    Rng rng(0);
    auto net = make_network<float>(model, rng);
    REQUIRE(net->params().size() == fx["parameters"].size());
    for (std::size_t k = 0; k < net->params().size(); ++k) {
        INFO("parameter " << k);
        CHECK(net->params()[k]->name == fx["parameters"][k]["name"].get<std::string>());
        CHECK(net->params()[k]->shape == fx["parameters"][k]["shape"].get<std::vector<int>>());
    }
    set_formula_weights(net->params(), is_norm_gain);
    const Mat<float> tokens = as_matrix(fx["tokens"].get<std::vector<float>>(), batch * objects, 10);
    const Mat<float> request = as_matrix(fx["request"].get<std::vector<float>>(), batch, 8);
    const Mat<float> target = as_matrix(fx["target"].get<std::vector<float>>(), batch, 2);

    // Forward and loss.
    MseLoss<float> mse;
    const Mat<float> out = net->forward(tokens, request, batch, objects);
    const Mat<float> want = as_matrix(fx["output"].get<std::vector<float>>(), batch, 2);
    const float out_err = (out - want).cwiseAbs().maxCoeff();
    const float loss = mse.forward(out, target);
    const float want_loss = fx["loss"];
    CHECK(out_err <= kOutputTol);
    CHECK(std::abs(loss - want_loss) <= kLossRelTol * want_loss);

    // Every gradient (every `every`-th entry where the fixture samples).
    const int every = fx["sample_every"];
    REQUIRE(every >= 1);
    net->backward(mse.d_pred());
    float worst_grad = 0;
    std::vector<std::vector<float>> first_grads;  // this build's, for the Adam check below
    for (Param<float>* p : net->params()) {
        const std::vector<float> want_g = decode_float32(fx["grads"][p->name]);
        const std::vector<float> got_g = sampled(p->grad, every);
        first_grads.push_back(got_g);
        REQUIRE(got_g.size() == want_g.size());
        const float scale = std::max(fx["grad_scales"][p->name].get<float>(), 1e-12f);
        float err = 0;
        for (std::size_t i = 0; i < want_g.size(); ++i) err = std::max(err, std::abs(got_g[i] - want_g[i]) / scale);
        worst_grad = std::max(worst_grad, err);
        INFO(model << " gradient of " << p->name << ": largest difference " << err << " of its largest entry");
        CHECK(err <= kGradRelTol);
    }

    // Three Adam steps on the same batch; the fixture's weights afterwards.
    set_formula_weights(net->params(), is_norm_gain);
    const auto& adam_fx = fx["adam"];
    Adam<float> adam(net->params(), adam_fx["lr"].get<double>());
    const int steps = adam_fx["steps"];
    for (int s = 0; s < steps; ++s) {
        const float step_loss = mse.forward(net->forward(tokens, request, batch, objects), target);
        CHECK(std::abs(step_loss - adam_fx["losses"][s].get<float>()) <= kLossRelTol * step_loss);
        net->backward(mse.d_pred());
        adam.step();
    }
    float worst_adam = 0;
    const float max_move = static_cast<float>(steps * adam_fx["lr"].get<double>()) * 1.001f;
    const auto start_net = make_network<float>(model, rng);
    Network<float>& start = *start_net;
    set_formula_weights(start.params(), is_norm_gain);
    int noise_entries = 0, checked_entries = 0;
    for (std::size_t k = 0; k < net->params().size(); ++k) {
        const Param<float>* p = net->params()[k];
        const std::vector<float> w = decode_float32(adam_fx["weights"][p->name]);
        const std::vector<float> got = sampled(p->value, every);
        const std::vector<float> w0 = sampled(start.params()[k]->value, every);
        const std::vector<float> g0 = decode_float32(fx["grads"][p->name]);
        REQUIRE(got.size() == w.size());
        const float g_scale = fx["grad_scales"][p->name];
        for (std::size_t i = 0; i < w.size(); ++i) {
            const float err = std::abs(got[i] - w[i]);
            ++checked_entries;
            // A gradient exactly zero in both builds (a dead ReLU, an input that is always 0)
            // moves nothing in either: those are held to kAdamTol like the rest.
            const float mine = first_grads[k][i];
            const bool rounding_noise = is_key_bias(*p, i * every, "in_proj_bias") ||
                                        (std::abs(g0[i]) <= kNoiseGradRel * g_scale &&
                                         std::abs(mine) <= kNoiseGradRel * g_scale && (g0[i] != 0.0f || mine != 0.0f));
            if (rounding_noise) {
                // Adam scales the noise to a full step of either sign, so the two builds may
                // move it oppositely; each must still move it no more than steps * lr.
                ++noise_entries;
                if (std::abs(got[i] - w0[i]) > max_move || std::abs(w[i] - w0[i]) > max_move)
                    FAIL(model << " " << p->name << "[" << i * every << "] moved more than " << max_move);
                continue;
            }
            worst_adam = std::max(worst_adam, err);
            if (err > kAdamTol) FAIL(model << " after Adam, " << p->name << "[" << i * every << "] differs by " << err);
        }
    }
    // The noise entries are few (the key bias), or the strict check above covers little.
    INFO(model << ": " << noise_entries << " of " << checked_entries << " weights had a rounding-noise gradient");
    CHECK(noise_entries * 10 <= checked_entries);
    // Measured (PyTorch 1.13): outputs within 4e-7, gradients within 6e-5 of their tensor's largest
    // entry (lookup; the others 1e-6), weights after the steps within 6e-6.
    INFO(model << ": output max error " << out_err << ", gradient max relative error " << worst_grad
               << ", weights after " << steps << " Adam steps max error " << worst_adam);
    CHECK(worst_adam <= kAdamTol);
}

}  // namespace

TEST_CASE("parity: every network of the table agrees with PyTorch in outputs, loss, gradients and Adam steps") {
    for (const NetworkEntry& e : network_table())
        if (e.input == NetworkInput::TableScene) DYNAMIC_SECTION(e.name) { check_parity(e.name); }
}

// The language model's parity with PyTorch: its fixture (the network table's,
// tests/fixtures/nn/char-lm.json) was written by scripts/lm_torch_reference.py (PyTorch 1.13, float32, one
// thread). The same weights, set here by the same formula, must give the same
// logits, loss, attention weights, gradients and weights after 3 AdamW steps,
// within float32 tolerance.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "nn/lm/adamw.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/cross_entropy.hpp"
#include "nn/network_table.hpp"
#include "support/parity.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::nn::lm;
using namespace attn::nn::testing;
using json = nlohmann::json;

namespace {

// float32 sums of a few dozen terms in another order: a few ulps of values of size ~1.
// Measured (PyTorch 1.13): logits 1.3e-6, attention 6.9e-7, gradients 7.4e-7 of their tensor's
// largest entry, weights after 3 AdamW steps 1.2e-6.
constexpr float kLogitTol = 1e-5f;      // [nats]
constexpr float kAttentionTol = 1e-6f;  // weights in [0, 1]
constexpr float kLossRelTol = 1e-5f;
// A gradient entry agrees when |c++ - torch| <= kGradRelTol * (largest |torch| in its tensor).
constexpr float kGradRelTol = 1e-4f;
// After 3 AdamW steps of rate 0.001 (each weight moves at most about 0.003) [absolute].
constexpr float kAdamTol = 2e-5f;
// A first gradient this small beside its tensor's largest (and not exactly 0) is rounding noise.
constexpr float kNoiseGradRel = 1e-6f;

json load_fixture() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/" + language_model().fixture);
    REQUIRE(in.good());
    return json::parse(in);
}

// The language model names a norm's gain "ln1.weight", "ln2.weight", "ln_f.weight" (as nanoGPT).
bool is_norm_gain(const std::string& name) {
    return ends_with(name, "ln1.weight") || ends_with(name, "ln2.weight") || ends_with(name, "ln_f.weight");
}

float worst_difference(const Mat<float>& got, const std::vector<float>& want) {
    REQUIRE(static_cast<std::size_t>(got.size()) == want.size());
    float err = 0;
    for (std::size_t i = 0; i < want.size(); ++i) err = std::max(err, std::abs(got.data()[i] - want[i]));
    return err;
}

}  // namespace

TEST_CASE("lm parity: the language model agrees with PyTorch in logits, loss, attention, gradients and AdamW steps") {
    const json fx = load_fixture();
    LmShape shape;
    shape.vocab = fx["shape"]["vocab"], shape.context = fx["shape"]["context"], shape.width = fx["shape"]["width"];
    shape.heads = fx["shape"]["heads"], shape.layers = fx["shape"]["layers"];
    const int batch = fx["batch"], length = fx["length"];
    CharLm<float> net(shape);
    REQUIRE(net.params().size() == fx["parameters"].size());
    for (std::size_t k = 0; k < net.params().size(); ++k) {
        INFO("parameter " << k);
        CHECK(net.params()[k]->name == fx["parameters"][k]["name"].get<std::string>());
        CHECK(net.params()[k]->shape == fx["parameters"][k]["shape"].get<std::vector<int>>());
    }
    set_formula_weights(net.params(), is_norm_gain);
    const std::vector<int> inputs = fx["inputs"].get<std::vector<int>>();
    const std::vector<int> targets = fx["targets"].get<std::vector<int>>();
    const float count = static_cast<float>(batch * length);

    // Forward, attention and loss.
    CrossEntropy<float> ce;
    const Mat<float> logits = net.forward(inputs, batch, length);
    const float logit_err = worst_difference(logits, decode_float32(fx["logits"]));
    // torch's weights are (B, H, L, L): row (b*H + h)*L + i, as CausalSelfAttention::weights()
    const float attention_err = worst_difference(net.attention(0), decode_float32(fx["attention0"]));
    const float loss = ce.forward_sum(logits, targets, count) / count;
    const float want_loss = fx["loss"];
    CHECK(logit_err <= kLogitTol);
    CHECK(attention_err <= kAttentionTol);
    CHECK(std::abs(loss - want_loss) <= kLossRelTol * want_loss);

    // Every gradient.
    net.backward(ce.d_logits());
    float worst_grad = 0;
    std::vector<Mat<float>> first_grads;
    for (Param<float>* p : net.params()) {
        const std::vector<float> want = decode_float32(fx["grads"][p->name]);
        first_grads.push_back(p->grad);
        const float scale = std::max(fx["grad_scales"][p->name].get<float>(), 1e-12f);
        const float err = worst_difference(p->grad, want) / scale;
        worst_grad = std::max(worst_grad, err);
        INFO("gradient of " << p->name << ": largest difference " << err << " of its largest entry");
        CHECK(err <= kGradRelTol);
    }

    // Three AdamW steps on the same batch; the fixture's weights afterwards.
    set_formula_weights(net.params(), is_norm_gain);
    const json& adamw_fx = fx["adamw"];
    const double lr = adamw_fx["lr"];
    AdamW<float> adamw(net.params(), lr, adamw_fx["weight_decay"].get<double>());
    const int steps = adamw_fx["steps"];
    for (int s = 0; s < steps; ++s) {
        const float step_loss = ce.forward_sum(net.forward(inputs, batch, length), targets, count) / count;
        CHECK(std::abs(step_loss - adamw_fx["losses"][s].get<float>()) <= kLossRelTol * step_loss);
        net.backward(ce.d_logits());
        adamw.step();
    }
    CharLm<float> start(shape);
    set_formula_weights(start.params(), is_norm_gain);
    const float max_move = static_cast<float>(steps * lr) * 1.01f;  // the decay adds lr * wd * |w| per step
    float worst_adam = 0;
    int noise_entries = 0, checked_entries = 0;
    for (std::size_t k = 0; k < net.params().size(); ++k) {
        const Param<float>* p = net.params()[k];
        const std::vector<float> want = decode_float32(adamw_fx["weights"][p->name]);
        const std::vector<float> g0 = decode_float32(fx["grads"][p->name]);
        const float g_scale = fx["grad_scales"][p->name];
        REQUIRE(static_cast<std::size_t>(p->value.size()) == want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            ++checked_entries;
            const float got = p->value.data()[i], w0 = start.params()[k]->value.data()[i];
            const float mine = first_grads[k].data()[i];
            const bool rounding_noise = is_key_bias(*p, i, "qkv.bias") ||
                                        (std::abs(g0[i]) <= kNoiseGradRel * g_scale &&
                                         std::abs(mine) <= kNoiseGradRel * g_scale && (g0[i] != 0.0f || mine != 0.0f));
            if (rounding_noise) {  // Adam scales noise to a full step of either sign: held to the largest move
                ++noise_entries;
                if (std::abs(got - w0) > max_move || std::abs(want[i] - w0) > max_move)
                    FAIL(p->name << "[" << i << "] moved more than " << max_move);
                continue;
            }
            const float err = std::abs(got - want[i]);
            worst_adam = std::max(worst_adam, err);
            if (err > kAdamTol) FAIL("after AdamW, " << p->name << "[" << i << "] differs by " << err);
        }
    }
    INFO(noise_entries << " of " << checked_entries << " weights had a rounding-noise gradient");
    CHECK(noise_entries * 10 <= checked_entries);
    INFO("logits max error " << logit_err << ", attention " << attention_err << ", gradient max relative error "
                             << worst_grad << ", weights after " << steps << " AdamW steps max error " << worst_adam);
    CHECK(worst_adam <= kAdamTol);
}
